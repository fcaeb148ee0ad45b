import Foundation
import StoreKit

final class CoinStore: ObservableObject {
    @Published var coins: Int = UserDefaults.standard.integer(forKey: "coins")
    @Published var products: [Product] = []
    @Published var noAds = false
    @Published var errorText: String?

    private let noAdsID = "com.arcadecoins.noads"
    private let coinAmounts: [String: Int] = ["com.arcadecoins.coins.250": 250, "com.arcadecoins.coins.1000": 1_000]
    private var listener: Task<Void, Error>?

    init() {
        listener = Task.detached {
            for await result in Transaction.updates {
                if case .verified(let transaction) = result {
                    await self.deliver(transaction)
                    await transaction.finish()
                }
            }
        }
    }

    deinit {
        listener?.cancel()
    }

    @MainActor
    func loadProducts() async {
        do {
            products = try await Product.products(for: ["com.arcadecoins.coins.250", "com.arcadecoins.coins.1000", "com.arcadecoins.noads"])
            products.sort { $0.price < $1.price }
        } catch {
            errorText = error.localizedDescription
        }
    }

    @MainActor
    func buy(_ product: Product) async {
        do {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                if case .verified(let transaction) = verification {
                    deliver(transaction)
                    await transaction.finish()
                }
            case .pending:
                break
            case .userCancelled:
                break
            @unknown default:
                break
            }
        } catch {
            errorText = error.localizedDescription
        }
    }

    @MainActor
    func restore() async {
        do {
            try await AppStore.sync()
            await refreshNoAds()
        } catch {
            errorText = error.localizedDescription
        }
    }

    @MainActor
    func refreshNoAds() async {
        var owned = false
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.productID == noAdsID, transaction.revocationDate == nil {
                owned = true
            }
        }
        noAds = owned || noAds
    }

    @MainActor
    private func deliver(_ transaction: Transaction) {
        if transaction.productID == noAdsID {
            noAds = transaction.revocationDate == nil
        } else if let amount = coinAmounts[transaction.productID] {
            coins += amount * transaction.purchasedQuantity
            UserDefaults.standard.set(coins, forKey: "coins")
        }
    }
}
