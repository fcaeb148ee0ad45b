import StoreKit
import SwiftUI

struct ProUpgradeView: View {
    @Environment(ScanStore.self) private var store

    var body: some View {
        SubscriptionStoreView(productIDs: ScanProducts.all) {
            VStack(spacing: 8) {
                Image(systemName: "doc.viewfinder")
                    .font(.system(size: 56))
                Text("ScanKit Pro")
                    .font(.title.bold())
                Text("Unlimited scans, text recognition and PDF export.")
            }
        }
        .subscriptionStoreButtonLabel(.action)
        .subscriptionStorePolicyDestination(url: ScanProducts.terms, for: .termsOfService)
        .onInAppPurchaseCompletion { _, result in
            if case .success(let purchaseResult) = result {
                await store.handle(purchaseResult)
            }
        }
    }
}
