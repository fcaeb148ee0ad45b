import StoreKit
import SwiftUI

struct ShopView: View {
    @Environment(GemStore.self) private var store

    var body: some View {
        NavigationStack {
            StoreView(ids: ProductID.all) { product in
                Image(product.id == ProductID.removeAds ? "shop-no-ads" : "shop-gems")
                    .resizable()
                    .scaledToFit()
            }
            .productViewStyle(.compact)
            .storeButton(.visible, for: .restorePurchases, .redeemCode)
            .onInAppPurchaseCompletion { _, result in
                if case .success(let purchaseResult) = result {
                    await store.handle(purchaseResult)
                }
            }
            .navigationTitle("Shop")
            .safeAreaInset(edge: .top) {
                HStack {
                    Image(systemName: "diamond.fill")
                    Text("\(store.gems)")
                        .monospacedDigit()
                    Spacer()
                    Text("Bonus +10% on the large pack")
                        .font(.caption)
                }
                .padding()
            }
            .alert("Shop", isPresented: Binding(get: { store.notice != nil }, set: { if !$0 { store.notice = nil } })) {
                Button("OK") { store.notice = nil }
            } message: {
                Text(store.notice ?? "")
            }
        }
    }
}
