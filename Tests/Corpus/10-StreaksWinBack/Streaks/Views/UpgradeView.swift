import StoreKit
import SwiftUI

struct UpgradeView: View {
    @Environment(StreakStore.self) private var store

    var body: some View {
        SubscriptionStoreView(groupID: StreakProducts.groupID) {
            VStack {
                Image(systemName: "flame.circle.fill")
                    .font(.system(size: 64))
                    .foregroundStyle(.orange)
                Text("Streaks Premium")
                    .font(.title.bold())
                Text("Unlimited streaks, streak freezes and detailed history.")
            }
        }
        .storeButton(.visible, for: .restorePurchases)
        .subscriptionStorePolicyDestination(url: StreakProducts.terms, for: .termsOfService)
        .subscriptionStorePolicyDestination(url: StreakProducts.privacy, for: .privacyPolicy)
        .onInAppPurchaseCompletion { _, result in
            if case .success(.success(.verified(let transaction))) = result {
                await transaction.finish()
                await store.refreshStatus()
            }
        }
    }
}
