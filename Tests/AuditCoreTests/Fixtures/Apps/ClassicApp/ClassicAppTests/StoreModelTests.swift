import StoreKitTest
import XCTest
@testable import ClassicApp

@MainActor
final class StoreModelTests: XCTestCase {
    private var session: SKTestSession!

    override func setUp() async throws {
        session = try SKTestSession(configurationFileNamed: "TestOnly")
        session.resetToDefaultState()
        session.disableDialogs = true
    }

    func testConsumablePurchaseFinishes() async throws {
        let products = try await Product.products(for: ["com.example.classicapp.test.coins"])
        XCTAssertEqual(products.count, 1)
        let result = try await products[0].purchase()
        guard case .success = result else { return XCTFail("purchase did not succeed") }
    }
}
