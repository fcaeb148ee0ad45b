import StoreKit
import StoreKitTest
import Testing
@testable import PodcastPlus

@Suite(.serialized)
struct PurchaseServiceTests {
    @Test @MainActor func adFreePurchaseIsDeliveredOnce() async throws {
        let session = try SKTestSession(configurationFileNamed: "PodcastPlus")
        session.resetToDefaultState()
        session.disableDialogs = true

        let access = AccessModel()
        let service = PurchaseService(access: access, api: SubscriptionAPI())
        await service.start()
        let adFree = try #require(try await Product.products(for: [ProductID.adFree]).first)
        let result = try await adFree.purchase()
        guard case .success(let verification) = result else {
            Issue.record("expected a successful purchase")
            return
        }
        try await service.complete(purchase: verification)
        #expect(access.isAdFree)
    }
}
