import StoreKit
import SwiftUI

struct GuideStoreView: View {
    @EnvironmentObject private var store: PlantStore

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    Text("Featured")
                        .font(.headline)
                    ProductView(id: "com.plantcare.guides.orchids")
                        .productViewStyle(.large)
                    Text("All Guides")
                        .font(.headline)
                    StoreView(ids: PlantProducts.guides)
                        .storeButton(.hidden, for: .restorePurchases)
                        .frame(minHeight: 400)
                }
                .padding()
            }
            .onInAppPurchaseCompletion { _, result in
                if case .success(let purchaseResult) = result {
                    await store.handle(purchaseResult)
                }
            }
            .navigationTitle("Care Guides")
        }
    }
}
