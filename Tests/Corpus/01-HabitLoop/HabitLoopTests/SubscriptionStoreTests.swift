import StoreKit
import StoreKitTest
import Testing
@testable import HabitLoop

@MainActor
@Suite(.serialized)
struct SubscriptionStoreTests {
    let session: SKTestSession

    init() throws {
        session = try SKTestSession(configurationFileNamed: "HabitLoop")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
    }

    @Test func loadsBothPlansAndLifetime() async throws {
        let store = SubscriptionStore()
        await store.loadProducts()
        #expect(store.plans.map(\.id) == [ProductID.plusMonthly, ProductID.plusYearly])
        #expect(store.lifetime?.id == ProductID.lifetime)
    }

    @Test func askToBuyWaitsForApproval() async throws {
        session.askToBuyEnabled = true
        let store = SubscriptionStore()
        await store.loadProducts()
        let yearly = try #require(store.plans.last)
        await store.purchase(yearly)
        #expect(store.purchaseState == .awaitingApproval)
        #expect(!store.isPlus)
    }

    @Test func refundedLifetimeIsNotPlus() async throws {
        let store = SubscriptionStore()
        await store.loadProducts()
        await store.purchase(try #require(store.lifetime))
        #expect(store.isPlus)

        let transaction = try #require(session.allTransactions().last)
        try session.refundTransaction(identifier: transaction.identifier)
        await store.refreshEntitlements()
        #expect(!store.isPlus)
    }
}
