import StoreKit
import SwiftUI

struct PaywallView: View {
    @Environment(EntitlementManager.self) private var entitlements

    var body: some View {
        SubscriptionStoreView(groupID: EntitlementManager.groupID) {
            VStack(spacing: 8) {
                Text("Synced Plus")
                    .font(.largeTitle.bold())
                Text("Sync every device and keep full history.")
                    .foregroundStyle(.secondary)
            }
        }
        .subscriptionStoreButtonLabel(.multiline)
        .storeButton(.visible, for: .restorePurchases)
        .subscriptionStorePolicyDestination(url: URL(string: "https://example.com/synced/terms")!, for: .termsOfService)
        .subscriptionStorePolicyDestination(url: URL(string: "https://example.com/synced/privacy")!, for: .privacyPolicy)
    }
}
