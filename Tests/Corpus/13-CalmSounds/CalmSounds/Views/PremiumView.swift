import StoreKit
import SwiftUI

struct PremiumView: View {
    @EnvironmentObject private var store: StoreService

    var body: some View {
        SubscriptionStoreView(productIDs: Catalog.productIDs) {
            VStack(spacing: 10) {
                Image(systemName: "leaf.circle.fill")
                    .font(.system(size: 64))
                    .foregroundStyle(.green)
                Text("Calm Sounds Premium")
                    .font(.title.bold())
                Text("Every soundscape, sleep timers and offline listening.")
                    .foregroundStyle(.secondary)
            }
        }
        .calmStoreChrome()
        .onInAppPurchaseCompletion { _, result in
            if case .success(let purchaseResult) = result {
                await store.handle(purchaseResult)
            }
        }
    }
}
