import StoreKit

/// Reached only through StoreKitSupport's dependency on this target.
public enum EntitlementCheck {
    public static func isActive(_ transaction: Transaction) -> Bool {
        transaction.revocationDate == nil && (transaction.expirationDate.map { $0 > .now } ?? true)
    }
}
