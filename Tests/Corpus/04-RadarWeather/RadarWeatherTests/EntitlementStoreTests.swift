import StoreKitTest
import XCTest
@testable import RadarWeather

@MainActor
final class EntitlementStoreTests: XCTestCase {
    private var session: SKTestSession!

    override func setUpWithError() throws {
        session = try SKTestSession(configurationFileNamed: "RadarWeather")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
    }

    func testYearlyPlanUnlocksPro() async throws {
        let store = EntitlementStore()
        _ = try await session.buyProduct(identifier: ProductIdentifier.proYearly)
        await store.refresh()
        XCTAssertTrue(store.hasPro)
    }

    func testRenewalKeepsPro() async throws {
        let store = EntitlementStore()
        _ = try await session.buyProduct(identifier: ProductIdentifier.proMonthly)
        try session.forceRenewalOfSubscription(productIdentifier: ProductIdentifier.proMonthly)
        await store.refresh()
        XCTAssertTrue(store.hasPro)
    }
}
