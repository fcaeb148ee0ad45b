import StoreKit
import StoreKitTest
import XCTest
@testable import CalmSounds

@MainActor
final class StoreServiceTests: XCTestCase {
    private var session: SKTestSession!

    override func setUpWithError() throws {
        session = try SKTestSession(configurationFileNamed: "CalmSounds")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
    }

    func testGracePeriodKeepsPremium() async throws {
        session.billingGracePeriodIsEnabled = true
        let store = StoreService()
        _ = try await session.buyProduct(identifier: Catalog.premiumMonthly)
        await store.refreshAccess()
        XCTAssertEqual(store.access, .premium)
    }

    func testRefundEndsPremium() async throws {
        let store = StoreService()
        _ = try await session.buyProduct(identifier: Catalog.premiumYearly)
        let transaction = try XCTUnwrap(session.allTransactions().last)
        try session.refundTransaction(identifier: transaction.identifier)
        await store.refreshAccess()
        XCTAssertEqual(store.access, .free)
    }
}
