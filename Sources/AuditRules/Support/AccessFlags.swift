import AuditCore

/// The names that say a value grants access: the flags an app sets when a purchase arrives
/// (`isPremium`, `hasActiveSubscription`, `isMeetupPictureCustomer`), their setters
/// (`setPremium(true)`) and the keys they are stored under (`"hasLifetimeAccess"`), as
/// public apps' `Transaction.updates` loops write them.
enum AccessFlags {
    static let words = [
        "premium", "pro", "subscribed", "subscription", "unlock", "entitled", "purchased", "paid", "plus", "vip",
        "lifetime", "customer", "member", "supporter", "access",
    ]

    /// Whether a flag's, setter's or key's name says it grants access.
    static func isFlagName(_ name: some StringProtocol) -> Bool {
        let lower = name.lowercased()
        return words.contains(where: { ASCIISearch.contains(lower, $0) })
    }
}
