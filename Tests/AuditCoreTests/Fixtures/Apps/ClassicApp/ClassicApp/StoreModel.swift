import StoreKit

@MainActor
final class StoreModel: ObservableObject {
    @Published private(set) var products: [Product] = []
    @Published private(set) var isPro = false

    private var updates: Task<Void, Never>?

    init() {
        updates = Task { [weak self] in
            for await result in Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                await transaction.finish()
                await self?.refreshEntitlements()
            }
        }
    }

    deinit { updates?.cancel() }

    func loadProducts() async {
        do {
            products = try await Product.products(for: StoreKitKeys.allProductIDs)
                .sorted { $0.price < $1.price }
        } catch {
            products = []
        }
        await refreshEntitlements()
    }

    func purchase(_ product: Product) async throws {
        let result = try await product.purchase()
        if case .success(.verified(let transaction)) = result {
            await transaction.finish()
            await refreshEntitlements()
        }
    }

    func restore() async {
        try? await AppStore.sync()
        await refreshEntitlements()
    }

    private func refreshEntitlements() async {
        var active = false
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.revocationDate == nil {
                active = true
            }
        }
        isPro = active
    }
}
