import Foundation
import StoreKit

extension Notification.Name {
    static let entitlementsDidChange = Notification.Name("RadarWeather.entitlementsDidChange")
}

@MainActor
final class EntitlementStore {
    private(set) var hasPro = false
    private(set) var paymentNeedsAttention = false
    private(set) var ownsOriginalPurchase = false

    func refresh() async {
        var pro = false
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result,
               transaction.revocationDate == nil,
               ProductIdentifier.all.contains(transaction.productID) {
                pro = true
            }
        }
        ownsOriginalPurchase = await PaidAppMigration.ownsOriginalPurchase()
        await refreshRenewalStatus()
        hasPro = pro || ownsOriginalPurchase || paymentNeedsAttention
        NotificationCenter.default.post(name: .entitlementsDidChange, object: self)
    }

    private func refreshRenewalStatus() async {
        guard let statuses = try? await Product.SubscriptionInfo.status(for: ProductIdentifier.subscriptionGroup) else { return }
        // In the billing grace period the subscription stays active while Apple
        // retries the payment; keep Pro and show a reminder.
        paymentNeedsAttention = statuses.contains { $0.state == .inGracePeriod }
    }
}
