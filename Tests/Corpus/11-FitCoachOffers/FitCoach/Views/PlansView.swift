import StoreKit
import SwiftUI

struct PlansView: View {
    @Environment(CoachStore.self) private var store

    var body: some View {
        SubscriptionStoreView(groupID: FitProducts.groupID) {
            VStack(spacing: 8) {
                Image(systemName: "figure.run.circle.fill")
                    .font(.system(size: 60))
                Text("FitCoach Pro")
                    .font(.title.bold())
                Text("Adaptive plans, form feedback and unlimited workouts.")
            }
        }
        .subscriptionStoreButtonLabel(.multiline)
        .storeButton(.visible, for: .restorePurchases)
        .subscriptionStorePolicyDestination(for: .termsOfService) {
            TermsOfServiceView()
        }
        .subscriptionStorePolicyDestination(url: FitProducts.privacyURL, for: .privacyPolicy)
        .onInAppPurchaseCompletion { _, result in
            if case .success(let purchaseResult) = result {
                await store.handle(purchase: purchaseResult)
            }
        }
    }
}

struct TermsOfServiceView: View {
    var body: some View {
        ScrollView {
            Text("""
                FitCoach Pro is an auto-renewable subscription. Payment is charged to your \
                Apple Account at confirmation of purchase. The subscription renews \
                automatically unless it is cancelled at least 24 hours before the end of \
                the current period. You can manage and cancel it in your account settings.
                """)
                .padding()
        }
        .navigationTitle("Terms of Service")
    }
}
