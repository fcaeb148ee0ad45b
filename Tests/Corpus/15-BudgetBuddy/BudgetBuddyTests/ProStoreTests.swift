import StoreKit
import StoreKitTest
import Testing
@testable import BudgetBuddy

@MainActor
@Suite(.serialized)
struct ProStoreTests {
    @Test func buyingProUnlocksIt() async throws {
        let session = try SKTestSession(configurationFileNamed: "BudgetBuddy")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
        let store = ProStore()
        _ = try await session.buyProduct(identifier: ProductIDs.proLifetime)
        await store.refresh()
        #expect(store.hasPro)
    }
}
