import StoreKit
import SwiftUI

struct UpgradeView: View {
    @Environment(JournalStore.self) private var store

    var body: some View {
        SubscriptionStoreView(groupID: StoreConstants.premiumGroupID) {
            VStack(spacing: 12) {
                Image(systemName: "book.closed.fill")
                    .font(.system(size: 52))
                    .foregroundStyle(.indigo)
                Text("Daily Journal Premium")
                    .font(.title.bold())
                Text("Unlimited entries, photos and an encrypted backup.")
                    .foregroundStyle(.secondary)
            }
            .padding()
        }
        .subscriptionStoreControlStyle(.prominentPicker)
        .storeButton(.visible, for: .restorePurchases)
        .subscriptionStorePolicyDestination(url: StoreConstants.termsURL, for: .termsOfService)
        .subscriptionStorePolicyDestination(url: StoreConstants.privacyURL, for: .privacyPolicy)
        .onInAppPurchaseCompletion { _, result in
            if case .success(let purchaseResult) = result {
                await store.handle(purchaseResult)
            }
        }
        .safeAreaInset(edge: .bottom) {
            if let message = store.pendingMessage {
                Text(message)
                    .font(.footnote)
                    .padding()
            }
        }
    }
}
