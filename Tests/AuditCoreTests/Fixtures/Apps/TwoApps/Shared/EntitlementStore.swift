import Observation
import StoreKit

@MainActor
@Observable
final class EntitlementStore {
    private(set) var isPro = false

    func refresh() async {
        var active = false
        for await case .verified(let transaction) in Transaction.currentEntitlements
        where ProductIDs.subscriptions.contains(transaction.productID) {
            active = transaction.revocationDate == nil
        }
        isPro = active
    }
}
