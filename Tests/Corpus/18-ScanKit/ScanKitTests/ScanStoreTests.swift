import StoreKit
import StoreKitTest
import Testing
@testable import ScanKit

@MainActor
struct ScanStoreTests {
    @Test func monthlyPlanUnlocksPro() async throws {
        let session = try SKTestSession(configurationFileNamed: "ScanKit")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
        let store = ScanStore()
        _ = try await session.buyProduct(identifier: ScanProducts.proMonthly)
        await store.refreshEntitlements()
        #expect(store.isPro)
    }
}
