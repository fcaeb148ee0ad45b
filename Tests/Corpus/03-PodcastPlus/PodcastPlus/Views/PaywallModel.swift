import Foundation
import Observation
import StoreKit

@Observable
@MainActor
final class PaywallModel {
    private(set) var products: [Product] = []
    private(set) var isPurchasing = false
    private(set) var statusMessage: String?

    func load(from service: PurchaseService) async {
        products = (try? await service.products()) ?? []
    }

    func handle(_ result: Product.PurchaseResult, service: PurchaseService) async {
        defer { isPurchasing = false }
        switch result {
        case .success(let verification):
            do {
                try await service.complete(purchase: verification)
                statusMessage = nil
            } catch {
                statusMessage = String(localized: "The App Store could not confirm this purchase. You have not been charged twice; try Restore Purchases.")
            }
        case .pending, .userCancelled:
            // Nothing to deliver yet. If a parent has to approve the purchase, it
            // arrives later through Transaction.updates.
            statusMessage = String(localized: "No purchase was completed. If it needs approval, Podcast Plus unlocks as soon as it is approved.")
        @unknown default:
            statusMessage = nil
        }
    }

    func failed(_ error: any Error) {
        isPurchasing = false
        statusMessage = error.localizedDescription
    }

    func willPurchase() {
        isPurchasing = true
        statusMessage = nil
    }
}
