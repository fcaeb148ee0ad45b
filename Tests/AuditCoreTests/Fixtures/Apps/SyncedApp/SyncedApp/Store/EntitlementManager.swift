import Observation
import StoreKit

@MainActor
@Observable
final class EntitlementManager {
    static let groupID = "3F1B2C40"
    static let productIDs = ["com.example.synced.plus.monthly", "com.example.synced.plus.yearly"]

    private(set) var hasPlus = false

    func listenForTransactions() async {
        await refresh()
        for await result in Transaction.updates {
            if case .verified(let transaction) = result {
                await transaction.finish()
                await refresh()
            }
        }
    }

    func refresh() async {
        var active = false
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result,
               Self.productIDs.contains(transaction.productID),
               transaction.revocationDate == nil {
                active = true
            }
        }
        hasPlus = active
    }
}
