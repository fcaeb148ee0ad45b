import StoreKit
import StoreKitTest
import XCTest
@testable import Streaks

@MainActor
final class StreakStoreTests: XCTestCase {
    func testLapsedSubscriberIsOfferedWinBack() async throws {
        let session = try SKTestSession(configurationFileNamed: "Streaks")
        session.resetToDefaultState()
        session.disableDialogs = true
        _ = try await session.buyProduct(identifier: StreakProducts.premiumYearly)
        try session.expireSubscription(productIdentifier: StreakProducts.premiumYearly)

        let store = StreakStore()
        await store.refreshStatus()
        XCTAssertFalse(store.isPremium)
        XCTAssertEqual(store.winBackProduct?.id, StreakProducts.premiumYearly)
    }
}
