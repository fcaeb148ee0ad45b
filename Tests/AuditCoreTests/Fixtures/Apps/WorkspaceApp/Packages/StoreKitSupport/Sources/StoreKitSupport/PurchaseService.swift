import Observation
import StoreKit

@MainActor
@Observable
public final class PurchaseService {
    public private(set) var products: [Product] = []
    public private(set) var purchasedIDs: Set<String> = []

    private let catalog: ProductCatalog

    public init(catalog: ProductCatalog) {
        self.catalog = catalog
    }

    public func load() async {
        products = (try? await Product.products(for: catalog.productIDs)) ?? []
        await refresh()
    }

    public func buy(_ product: Product) async throws {
        if case .success(.verified(let transaction)) = try await product.purchase() {
            await transaction.finish()
            await refresh()
        }
    }

    public func restore() async {
        try? await AppStore.sync()
        await refresh()
    }

    private func refresh() async {
        var ids: Set<String> = []
        for await case .verified(let transaction) in Transaction.currentEntitlements {
            ids.insert(transaction.productID)
        }
        purchasedIDs = ids
    }
}
