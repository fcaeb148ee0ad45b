import StoreKit
import SwiftUI

struct PaywallView: View {
    @Environment(Store.self) private var store

    var body: some View {
        VStack(spacing: 16) {
            Text("Premium")
                .font(.largeTitle.bold())
            ForEach(store.products, id: \.id) { product in
                Button("\(product.displayName) – \(product.displayPrice)") {
                    Task { await store.buy(product) }
                }
            }
            Button("Restore Purchases") {
                Task { try? await AppStore.sync() }
            }
        }
        .task { await store.load() }
    }
}
