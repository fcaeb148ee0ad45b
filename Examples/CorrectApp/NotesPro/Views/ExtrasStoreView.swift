import OSLog
import StoreKit
import SwiftUI

/// One-off purchases: the Studio theme pack and AI-credit packs.
struct ExtrasStoreView: View {
    @Environment(Store.self) private var store
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            StoreView(ids: ProductID.extras) { product in
                Image(systemName: product.type == .consumable ? "sparkles" : "paintpalette")
                    .font(.title)
                    .foregroundStyle(.tint)
            }
            .productViewStyle(.large)
            .storeButton(.visible, for: .restorePurchases)
            .onInAppPurchaseCompletion { _, result in
                do {
                    try await store.handle(result.get())
                } catch {
                    Logger.store.error("Extras purchase failed: \(error.localizedDescription, privacy: .public)")
                }
            }
            .safeAreaInset(edge: .bottom) {
                Text("\(store.creditBalance) AI credits left")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .padding(.bottom, 8)
            }
            .navigationTitle("Extras")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
    }
}
