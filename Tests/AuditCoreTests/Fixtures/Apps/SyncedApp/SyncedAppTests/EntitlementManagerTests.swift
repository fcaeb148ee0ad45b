import Testing
@testable import SyncedApp

@MainActor
struct EntitlementManagerTests {
    @Test func knowsBothPlans() {
        #expect(EntitlementManager.productIDs.count == 2)
    }

    @Test func startsWithoutPlus() {
        #expect(EntitlementManager().hasPlus == false)
    }
}
