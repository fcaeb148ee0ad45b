import StoreKit
import SwiftUI

struct TipJarView: View {
    @Environment(TallyStore.self) private var store

    var body: some View {
        VStack(spacing: 16) {
            Text("Tally is made by one person. If it helps you, a tip keeps it going.")
                .multilineTextAlignment(.center)
            StoreView(ids: TallyProducts.tips)
                .productViewStyle(.compact)
                .storeButton(.visible, for: .restorePurchases)
                .onInAppPurchaseCompletion { _, result in
                    if case .success(let purchaseResult) = result {
                        await store.handle(purchaseResult)
                    }
                }
                .accessibilityIdentifier("tipJar")
            if let thanks = store.thankYou {
                Text(thanks)
                    .font(.headline)
            }
        }
        .padding()
    }
}

#Preview("Tip jar, US prices") {
    // Previews never ship; the hard-coded prices and the inline id are fine here.
    VStack {
        Text("Small tip: $0.99")
        Text("Large tip: $4.99")
        ProductView(id: "com.tally.tip.small")
        TipJarView()
    }
    .environment(TallyStore())
    .task {
        try? await AppStore.sync()
        for await update in Transaction.updates {
            print(update.unsafePayloadValue.productID)
        }
    }
}
