import StoreKit

extension Store {
    func loadProducts() async {
        do {
            products = try await Product.products(for: ProductID.allCases.map(\.rawValue))
                .sorted { $0.price < $1.price }
        } catch {
            log.error("Products unavailable: \(error.localizedDescription, privacy: .public)")
        }
    }

    var subscriptionPlans: [Product] {
        products.filter { $0.type == .autoRenewable }
    }

    var sepiaTheme: Product? {
        products.first { $0.id == ProductID.sepiaTheme.rawValue }
    }

    /// Readers who downloaded Bookshelf in its first year get a founding-reader badge.
    /// Purely cosmetic, so a failed verification simply means no badge.
    func checkFoundingReader() async {
        let cutoff = DateComponents(calendar: .init(identifier: .gregorian), year: 2023, month: 1, day: 1).date ?? .distantPast
        if case .verified(let appTransaction) = try? await AppTransaction.shared,
           appTransaction.originalPurchaseDate < cutoff {
            isFoundingReader = true
        }
    }
}
