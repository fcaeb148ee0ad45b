import Foundation
import RevenueCat

/// RevenueCat verifies, finishes and tracks every App Store transaction for us; the app
/// only reads CustomerInfo and asks for purchases and restores.
@MainActor
final class SubscriptionModel: ObservableObject {
    @Published private(set) var isPremium = false
    @Published private(set) var packages: [Package] = []
    @Published private(set) var isWorking = false
    @Published var message: String?

    private var updates: Task<Void, Never>?

    init() {
        updates = Task { [weak self] in
            for await customerInfo in Purchases.shared.customerInfoStream {
                self?.apply(customerInfo)
            }
        }
        Task { await loadOfferings() }
    }

    deinit {
        updates?.cancel()
    }

    func apply(_ customerInfo: CustomerInfo) {
        isPremium = customerInfo.entitlements[Identifiers.premiumEntitlement]?.isActive == true
    }

    func loadOfferings() async {
        do {
            let offerings = try await Purchases.shared.offerings()
            packages = offerings.current?.availablePackages ?? []
        } catch {
            message = error.localizedDescription
        }
    }

    func purchase(_ package: Package) async {
        isWorking = true
        defer { isWorking = false }
        do {
            let result = try await Purchases.shared.purchase(package: package)
            if !result.userCancelled {
                apply(result.customerInfo)
            }
        } catch ErrorCode.paymentPendingError {
            message = String(localized: "Your purchase is waiting for approval. Premium unlocks once it's approved.")
        } catch {
            message = error.localizedDescription
        }
    }

    func restore() async {
        isWorking = true
        defer { isWorking = false }
        do {
            let customerInfo = try await Purchases.shared.restorePurchases()
            apply(customerInfo)
            if !isPremium {
                message = String(localized: "No active subscription was found for this Apple Account.")
            }
        } catch {
            message = error.localizedDescription
        }
    }
}
