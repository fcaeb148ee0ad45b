import StoreKit
import StoreKitTest
import Testing
@testable import Bookshelf

@MainActor
@Suite(.serialized)
struct StoreTests {
    let session: SKTestSession

    init() throws {
        session = try SKTestSession(configurationFileNamed: "Bookshelf")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
    }

    @Test func refundedThemeIsRemoved() async throws {
        let store = Store(themes: ThemeInstaller())
        await store.loadProducts()
        await store.purchase(try #require(store.sepiaTheme))
        let transaction = try #require(session.allTransactions().last)
        try session.refundTransaction(identifier: transaction.identifier)
        await store.updateEntitlements()
        #expect(!store.hasSepiaTheme)
    }
}
