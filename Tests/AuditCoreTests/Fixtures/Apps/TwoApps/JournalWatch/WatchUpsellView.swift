import StoreKit
import SwiftUI

struct WatchUpsellView: View {
    var body: some View {
        ScrollView {
            Text("Journal Pro")
                .font(.headline)
            ProductView(id: ProductIDs.monthly)
                .productViewStyle(.compact)
        }
    }
}
