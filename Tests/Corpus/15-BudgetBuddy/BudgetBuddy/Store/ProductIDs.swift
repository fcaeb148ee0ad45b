enum ProductIDs {
    /// Budget Buddy Pro: a one-time purchase, no subscription.
    static let proLifetime = "com.budgetbuddy.pro.lifetime"
}
