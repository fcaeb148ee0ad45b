import Foundation

/// The AI-credit balance and the ids of the transactions that paid for it.
///
/// Credits are consumables: `Transaction.currentEntitlements` never lists them, so
/// the app is the only record of what was delivered.
actor CreditsLedger {
    private enum Key {
        static let balance = "credits.balance"
        static let deliveredTransactions = "credits.deliveredTransactionIDs"
    }

    private let defaults: UserDefaults

    init(suiteName: String? = nil) {
        defaults = suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    }

    var balance: Int {
        defaults.integer(forKey: Key.balance)
    }

    /// Adds `amount` credits for a transaction unless that transaction was already
    /// credited. Returns the balance either way.
    func credit(_ amount: Int, forTransaction transactionID: UInt64) -> Int {
        var delivered = Set(defaults.stringArray(forKey: Key.deliveredTransactions) ?? [])
        guard delivered.insert(String(transactionID)).inserted else { return balance }
        defaults.set(Array(delivered), forKey: Key.deliveredTransactions)
        defaults.set(balance + amount, forKey: Key.balance)
        return balance
    }

    /// Takes `amount` credits, or returns nil and leaves the balance alone.
    func spend(_ amount: Int) -> Int? {
        let current = balance
        guard current >= amount else { return nil }
        defaults.set(current - amount, forKey: Key.balance)
        return current - amount
    }
}
