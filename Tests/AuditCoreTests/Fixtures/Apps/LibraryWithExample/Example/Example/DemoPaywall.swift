import PaywallLib
import StoreKit
import SwiftUI

struct DemoPaywall: View {
    @State private var products: [Product] = []
    private let formatter = OfferFormatter()

    var body: some View {
        VStack(spacing: 12) {
            Text(PaywallCopy.headline).font(.title.bold())
            Text(PaywallCopy.trialLine(days: 7))
            ForEach(products, id: \.id) { product in
                Button(formatter.priceLine(for: product)) {
                    Task { _ = try? await product.purchase() }
                }
            }
            Text(PaywallCopy.cancelAnytime).font(.footnote)
        }
        .task {
            products = (try? await Product.products(for: ["com.example.paywalllib.demo.monthly"])) ?? []
        }
    }
}
