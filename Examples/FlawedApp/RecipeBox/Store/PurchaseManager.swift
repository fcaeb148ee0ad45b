import Foundation
import StoreKit

@MainActor
final class PurchaseManager: ObservableObject {
    @Published private(set) var products: [Product] = []
    @Published private(set) var purchasedIDs: Set<String> = []
    @Published var errorMessage: String?

    var subscriptions: [Product] {
        products
            .filter { $0.type == .autoRenewable }
            .sorted { $0.price < $1.price }
    }

    var isPro: Bool {
        subscriptions.contains { purchasedIDs.contains($0.id) }
    }

    func owns(_ productID: String) -> Bool {
        isPro || purchasedIDs.contains(productID)
    }

    func loadProducts() async {
        do {
            products = try await Product.products(for: ["com.recipebox.pro.monthly", "com.recipebox.pro.yearly", "com.recipebox.cookbook.italian"])
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func purchase(_ product: Product) async {
        do {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                let transaction = try checkVerified(verification)
                UserDefaults.standard.set(transaction.purchaseDate, forKey: "proSince")
                await refreshEntitlements()
            case .userCancelled:
                break
            default:
                break
            }
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func refreshEntitlements() async {
        var ids: Set<String> = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result {
                ids.insert(transaction.productID)
            }
        }
        purchasedIDs = ids
    }

    private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified(_, let error):
            throw error
        case .verified(let value):
            return value
        }
    }
}
