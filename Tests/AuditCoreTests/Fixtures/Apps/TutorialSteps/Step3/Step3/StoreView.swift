import StoreKit
import SwiftUI

// Step 3: an auto-renewable subscription group shown with SubscriptionStoreView.
struct StoreView: View {
    static let plans = [
        "com.example.tutorial.step3.plus.monthly",
        "com.example.tutorial.step3.plus.yearly",
    ]

    var body: some View {
        SubscriptionStoreView(productIDs: Self.plans) {
            Text("Tutorial Plus")
                .font(.largeTitle.bold())
        }
        .storeButton(.visible, for: .restorePurchases)
    }
}
