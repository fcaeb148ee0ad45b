import StoreKit
import StoreKitTest
import XCTest
@testable import Tally

/// Tests may do what shipping code must not: inline ids, hard-coded prices, unverified
/// payloads, switches without a .pending case.
@MainActor
final class TallyStoreTests: XCTestCase {
    private var session: SKTestSession!

    override func setUp() async throws {
        session = try SKTestSession(configurationFileNamed: "Tally")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
        try await AppStore.sync()
    }

    func testUnknownIdentifiersLoadNothing() async throws {
        let products = try await Product.products(for: ["com.tally.doesnotexist"])
        XCTAssertTrue(products.isEmpty)
    }

    func testProPriceInTheUSStorefront() async throws {
        let pro = try XCTUnwrap(try await Product.products(for: ["com.tally.pro.lifetime"]).first)
        XCTAssertEqual(pro.displayPrice, "$4.99")
    }

    func testBuyingProUnlocksIt() async throws {
        let pro = try XCTUnwrap(try await Product.products(for: ["com.tally.pro.lifetime"]).first)
        let result = try await pro.purchase()
        switch result {
        case .success(let verification):
            XCTAssertEqual(verification.unsafePayloadValue.productID, "com.tally.pro.lifetime")
        default:
            break
        }
    }

    func testTipsDeliverNothing() async throws {
        let store = TallyStore()
        let tip = try XCTUnwrap(try await Product.products(for: ["com.tally.tip.small"]).first)
        await store.handle(try await tip.purchase())
        XCTAssertFalse(store.hasPro)
        XCTAssertNotNil(store.thankYou)
    }
}
