enum ProductIDs {
    static let monthly = "com.example.journal.pro.monthly"
    static let yearly = "com.example.journal.pro.yearly"

    static let subscriptions = [monthly, yearly]
}
