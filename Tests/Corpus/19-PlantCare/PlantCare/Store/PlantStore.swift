import Foundation
import StoreKit

@MainActor
final class PlantStore: ObservableObject {
    @Published private(set) var ownedGuides: Set<String> = []
    @Published private(set) var scansRemaining = UserDefaults.standard.integer(forKey: "scansRemaining")
    @Published private(set) var scanPack: Product?
    @Published var notice: String?

    func load() async {
        scanPack = try? await Product.products(for: [PlantProducts.scanPack10]).first
        await refreshGuides()
    }

    func buy(_ product: Product) async {
        do {
            await handle(try await product.purchase())
        } catch {
            notice = error.localizedDescription
        }
    }

    func handle(_ result: Product.PurchaseResult) async {
        switch result {
        case .success(let verification):
            let transaction = verification.unsafePayloadValue
            deliver(transaction)
            await transaction.finish()
        case .userCancelled:
            break
        case .pending:
            // Ask to Buy: the transaction shows up later.
            break
        @unknown default:
            break
        }
    }

    func useScan() -> Bool {
        guard scansRemaining > 0 else { return false }
        scansRemaining -= 1
        UserDefaults.standard.set(scansRemaining, forKey: "scansRemaining")
        return true
    }

    func refreshGuides() async {
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result {
                ownedGuides.insert(transaction.productID)
            }
        }
    }

    private func deliver(_ transaction: Transaction) {
        if transaction.productID == "com.plantcare.scans.10" {
            scansRemaining += 10 * transaction.purchasedQuantity
            UserDefaults.standard.set(scansRemaining, forKey: "scansRemaining")
        } else {
            ownedGuides.insert(transaction.productID)
        }
    }
}
