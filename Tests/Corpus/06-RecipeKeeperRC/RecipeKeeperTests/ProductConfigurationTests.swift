import StoreKit
import StoreKitTest
import XCTest
@testable import RecipeKeeper

/// The RevenueCat offering refers to these products; make sure the local StoreKit
/// configuration still sells both, so sandbox paywalls are never empty.
final class ProductConfigurationTests: XCTestCase {
    func testBothPlansAreConfigured() async throws {
        let session = try SKTestSession(configurationFileNamed: "RecipeKeeper")
        session.resetToDefaultState()
        let products = try await Product.products(for: [Identifiers.monthly, Identifiers.annual])
        XCTAssertEqual(Set(products.map(\.id)), [Identifiers.monthly, Identifiers.annual])
    }
}
