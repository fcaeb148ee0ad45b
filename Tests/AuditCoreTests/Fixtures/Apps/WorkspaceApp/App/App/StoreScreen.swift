import StoreKit
import StoreKitSupport
import SwiftUI

struct StoreScreen: View {
    @Environment(PurchaseService.self) private var purchases

    var body: some View {
        NavigationStack {
            List {
                Section("Remove the limits") {
                    ForEach(purchases.products, id: \.id) { product in
                        ProductView(id: product.id)
                    }
                }
                Section {
                    Button("Restore Purchases") {
                        Task { await purchases.restore() }
                    }
                }
            }
            .navigationTitle("Upgrade")
            .task { await purchases.load() }
        }
    }
}
