import StoreKit
import SwiftUI

struct ProUpgradeView: View {
    @Environment(EntitlementStore.self) private var entitlements

    var body: some View {
        SubscriptionStoreView(productIDs: ProductIDs.subscriptions) {
            VStack {
                Image(systemName: "book.closed.fill")
                    .font(.system(size: 48))
                Text("Journal Pro")
                    .font(.title.bold())
                Text("Unlimited journals, photo entries and a Watch complication.")
                    .multilineTextAlignment(.center)
            }
        }
        .storeButton(.visible, for: .restorePurchases)
        .onInAppPurchaseCompletion { _, _ in
            await entitlements.refresh()
        }
    }
}
