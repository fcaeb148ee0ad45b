import OSLog
import StoreKit
import SwiftUI

/// The plan switcher reached from Settings. StoreKit draws the plans, prices and
/// purchase button; we add the header, Restore, Redeem Code and the policy links.
struct PlansView: View {
    @Environment(Store.self) private var store

    var body: some View {
        SubscriptionStoreView(groupID: SubscriptionGroup.notesPro) {
            VStack(spacing: 8) {
                Image(systemName: "note.text")
                    .font(.system(size: 48))
                    .foregroundStyle(.tint)
                Text("Notes Pro")
                    .font(.title.bold())
                Text("Unlimited notebooks, sync on every device, and handwriting search.")
                    .multilineTextAlignment(.center)
                    .foregroundStyle(.secondary)
                Text("Subscription renews automatically unless cancelled at least 24 hours before the end of the period. Manage or cancel in Settings.")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            .padding()
        }
        .subscriptionStoreControlStyle(.picker)
        .subscriptionStoreButtonLabel(.multiline)
        .storeButton(.visible, for: .restorePurchases)
        .storeButton(.visible, for: .redeemCode)
        .subscriptionStorePolicyDestination(url: AppLinks.termsOfUse, for: .termsOfService)
        .subscriptionStorePolicyDestination(url: AppLinks.privacyPolicy, for: .privacyPolicy)
        .onInAppPurchaseCompletion { _, result in
            do {
                let purchaseResult = try result.get()
                try await store.handle(purchaseResult)
            } catch {
                Logger.store.error("Plan change failed: \(error.localizedDescription, privacy: .public)")
            }
        }
        .navigationTitle("Change Plan")
        .navigationBarTitleDisplayMode(.inline)
    }
}
