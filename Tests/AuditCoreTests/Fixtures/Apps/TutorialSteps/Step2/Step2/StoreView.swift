import StoreKit
import SwiftUI

// Step 2: a one-time purchase that removes ads, checked through current entitlements.
struct StoreView: View {
    static let removeAdsID = "com.example.tutorial.step2.removeads"

    @State private var adsRemoved = false

    var body: some View {
        VStack(spacing: 12) {
            if adsRemoved {
                Text("Thanks! Ads are gone.")
            } else {
                ProductView(id: Self.removeAdsID)
                Button("Restore Purchases") {
                    Task {
                        try? await AppStore.sync()
                        await checkEntitlement()
                    }
                }
            }
        }
        .task { await checkEntitlement() }
    }

    private func checkEntitlement() async {
        if case .verified = await Transaction.currentEntitlement(for: Self.removeAdsID) {
            adsRemoved = true
        }
    }
}
