import Observation
import StoreKit

@MainActor
@Observable
final class Store {
    static let monthlyID = "com.example.skipped.premium.monthly"
    static let yearlyID = "com.example.skipped.premium.yearly"

    private(set) var products: [Product] = []

    func load() async {
        products = (try? await Product.products(for: [Self.monthlyID, Self.yearlyID])) ?? []
    }

    func buy(_ product: Product) async {
        if case .success(.verified(let transaction)) = try? await product.purchase() {
            await transaction.finish()
        }
    }
}
