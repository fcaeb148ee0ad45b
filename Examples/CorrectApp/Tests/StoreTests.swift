import StoreKit
import StoreKitTest
import Testing
@testable import NotesPro

/// Runs the real purchase paths against Configuration.storekit, with no App Store
/// and no dialogs.
@MainActor
@Suite("Store", .serialized)
struct StoreTests {
    let session: SKTestSession

    init() throws {
        session = try SKTestSession(configurationFileNamed: "Configuration")
        session.resetToDefaultState()
        session.clearTransactions()
        session.disableDialogs = true
    }

    private func makeStore() -> Store {
        Store(ledger: CreditsLedger(suiteName: "StoreTests.\(UUID().uuidString)"))
    }

    private func product(_ id: String) async throws -> Product {
        try #require(try await Product.products(for: [id]).first)
    }

    @Test func loadsEveryConfiguredProduct() async throws {
        let store = makeStore()
        await store.loadProducts()

        #expect(store.subscriptions.map(\.id) == [ProductID.proMonthly, ProductID.proYearly])
        #expect(Set(store.extras.map(\.id)) == Set(ProductID.extras))
    }

    @Test func yearlyPlanOffersAFreeTrial() async throws {
        let yearly = try await product(ProductID.proYearly)
        let offer = try #require(yearly.subscription?.introductoryOffer)

        #expect(offer.paymentMode == .freeTrial)
        #expect(await yearly.subscription?.isEligibleForIntroOffer == true)
    }

    @Test func buyingYearlyUnlocksPro() async throws {
        let store = makeStore()
        let outcome = try await store.purchase(try await product(ProductID.proYearly))

        #expect(outcome == .purchased)
        #expect(store.isPro)
    }

    @Test func askToBuyLeavesThePurchasePending() async throws {
        session.askToBuyEnabled = true
        let store = makeStore()
        let outcome = try await store.purchase(try await product(ProductID.studioThemes))

        #expect(outcome == .pending)
        #expect(store.pendingApprovalMessage != nil)
        #expect(!store.ownsStudioThemes)
    }

    @Test func refundRemovesTheThemePack() async throws {
        let store = makeStore()
        try await store.purchase(try await product(ProductID.studioThemes))
        #expect(store.ownsStudioThemes)

        let transaction = try #require(session.allTransactions().last)
        try session.refundTransaction(identifier: transaction.identifier)
        await store.refreshEntitlements()

        #expect(!store.ownsStudioThemes)
    }

    @Test func expiredSubscriptionLocksPro() async throws {
        let store = makeStore()
        try await store.purchase(try await product(ProductID.proMonthly))
        #expect(store.isPro)

        try session.expireSubscription(productIdentifier: ProductID.proMonthly)
        await store.refreshEntitlements()

        #expect(!store.isPro)
    }

    @Test func creditsArriveOncePerTransaction() async throws {
        let ledger = CreditsLedger(suiteName: "StoreTests.\(UUID().uuidString)")

        #expect(await ledger.credit(50, forTransaction: 42) == 50)
        #expect(await ledger.credit(50, forTransaction: 42) == 50)
        #expect(await ledger.credit(50, forTransaction: 43) == 100)
    }
}
