import StoreKit
import StoreKitTest
import Testing
@testable import NotesPro

/// The purchase paths StoreTests leaves out: a renewal, Ask to Buy approved by the
/// parent, and a consumable pack credited once.
@MainActor
@Suite("Purchase paths", .serialized)
struct PurchasePathTests {
    let session: SKTestSession

    init() throws {
        session = try SKTestSession(configurationFileNamed: "Configuration")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
    }

    private func makeStore() -> Store {
        Store(ledger: CreditsLedger(suiteName: "PurchasePathTests.\(UUID().uuidString)"))
    }

    private func product(_ id: String) async throws -> Product {
        try #require(try await Product.products(for: [id]).first)
    }

    @Test func renewalKeepsProUnlocked() async throws {
        let store = makeStore()
        try await store.purchase(try await product(ProductID.proMonthly))
        let first = try #require(session.allTransactions().last)

        try session.forceRenewalOfSubscription(productIdentifier: ProductID.proMonthly)
        await store.refreshEntitlements()

        #expect(try session.allTransactions().last?.identifier != first.identifier)
        #expect(store.isPro)
    }

    @Test func approvedAskToBuyUnlocksThePack() async throws {
        session.askToBuyEnabled = true
        let store = makeStore()
        let outcome = try await store.purchase(try await product(ProductID.studioThemes))
        #expect(outcome == .pending)

        let pending = try #require(session.allTransactions().last)
        try session.approveAskToBuyTransaction(identifier: pending.identifier)
        await store.refreshEntitlements()

        #expect(store.ownsStudioThemes)
        #expect(store.pendingApprovalMessage == nil)
    }

    @Test func creditPackIsCreditedOnce() async throws {
        let store = makeStore()
        let outcome = try await store.purchase(try await product(ProductID.credits50))

        #expect(outcome == .purchased)
        #expect(store.creditBalance == 50)
    }
}
