import StoreKitTest
import XCTest
@testable import DailyJournal

@MainActor
final class JournalStoreTests: XCTestCase {
    private var session: SKTestSession!

    override func setUp() async throws {
        session = try SKTestSession(configurationFileNamed: "DailyJournal")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
    }

    func testBuyingAPlanUnlocksPremium() async throws {
        let store = JournalStore()
        _ = try await session.buyProduct(identifier: "com.dailyjournal.premium.yearly")
        await store.refreshEntitlements()
        XCTAssertTrue(store.isPremium)
    }

    func testExpiredPlanLocksPremium() async throws {
        let store = JournalStore()
        _ = try await session.buyProduct(identifier: "com.dailyjournal.premium.monthly")
        try session.expireSubscription(productIdentifier: "com.dailyjournal.premium.monthly")
        await store.refreshEntitlements()
        XCTAssertFalse(store.isPremium)
    }
}
