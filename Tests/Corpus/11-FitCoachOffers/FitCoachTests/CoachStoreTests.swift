import StoreKit
import StoreKitTest
import Testing
@testable import FitCoach

@MainActor
@Suite(.serialized)
struct CoachStoreTests {
    @Test func gracePeriodKeepsPro() async throws {
        let session = try SKTestSession(configurationFileNamed: "FitCoach")
        session.resetToDefaultState()
        session.disableDialogs = true
        session.billingGracePeriodIsEnabled = true
        _ = try await session.buyProduct(identifier: FitProducts.proMonthly)
        await CoachStore.shared.refresh()
        #expect(CoachStore.shared.hasPro)
    }

    @Test func loyaltyOfferIsConfigured() async throws {
        let session = try SKTestSession(configurationFileNamed: "FitCoach")
        session.resetToDefaultState()
        let yearly = try #require(try await Product.products(for: [FitProducts.proYearly]).first)
        #expect(yearly.subscription?.promotionalOffers.contains { $0.id == FitProducts.loyaltyOfferID } == true)
    }
}
