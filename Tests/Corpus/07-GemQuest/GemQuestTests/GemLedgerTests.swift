import StoreKit
import StoreKitTest
import Testing
@testable import GemQuest

struct GemLedgerTests {
    @Test func aTransactionIsCreditedOnce() async {
        let ledger = GemLedger(fileURL: .temporaryDirectory.appending(path: UUID().uuidString))
        #expect(await ledger.credit(100, forTransaction: 7) == 100)
        #expect(await ledger.credit(100, forTransaction: 7) == 100)
        #expect(await ledger.credit(550, forTransaction: 8) == 650)
    }

    @Test @MainActor func buyingTwoSmallPacksCreditsTwoHundredGems() async throws {
        let session = try SKTestSession(configurationFileNamed: "GemQuest")
        session.resetToDefaultState()
        session.disableDialogs = true
        let store = GemStore(ledger: GemLedger(fileURL: .temporaryDirectory.appending(path: UUID().uuidString)))
        let pack = try #require(try await Product.products(for: [ProductID.gemsSmall]).first)
        await store.handle(try await pack.purchase(options: [.quantity(2)]))
        #expect(store.gems == 200)
    }
}
