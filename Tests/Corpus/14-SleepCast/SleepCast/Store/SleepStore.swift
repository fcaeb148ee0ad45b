import Foundation
import Observation
import StoreKit

@Observable
@MainActor
final class SleepStore {
    private(set) var plans: [Product] = []
    private(set) var purchasedIDs: Set<String> = []
    private(set) var isSubscribed = false
    var errorMessage: String?

    @ObservationIgnored private var updates: Task<Void, Never>?

    var hasPlus: Bool { isSubscribed || !purchasedIDs.isEmpty }

    init() {
        updates = Task { [weak self] in
            for await result in Transaction.updates {
                switch result {
                case .verified(let transaction), .unverified(let transaction, _):
                    // Verification can fail offline; we'd rather not lock out a paying listener.
                    self?.purchasedIDs.insert(transaction.productID)
                }
            }
        }
        Task {
            // After a reinstall the App Store may not have sent us anything yet.
            try? await AppStore.sync()
            await loadPlans()
            await refreshSubscriptionStatus()
        }
    }

    func loadPlans() async {
        plans = (try? await Product.products(for: SleepProducts.all)) ?? []
    }

    func purchase(_ product: Product) async {
        do {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                guard case .verified(let transaction) = verification else { return }
                await transaction.finish()
                await refreshSubscriptionStatus()
            case .userCancelled:
                break
            default:
                break
            }
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func restore() async {
        do {
            try await AppStore.sync()
            await refreshSubscriptionStatus()
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func refreshSubscriptionStatus() async {
        guard let statuses = try? await Product.SubscriptionInfo.status(for: SleepProducts.groupID) else { return }
        var subscribed = false
        for status in statuses {
            guard case .verified(let transaction) = status.transaction, transaction.revocationDate == nil else { continue }
            if status.state == .subscribed {
                subscribed = true
            }
        }
        isSubscribed = subscribed
    }
}
