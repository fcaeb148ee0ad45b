import StoreKit
import SwiftUI

// Step 1: load one product and show its price.
struct StoreView: View {
    @State private var coffee: Product?

    var body: some View {
        VStack {
            Text("Buy me a coffee")
            if let coffee {
                Button(coffee.displayPrice) {
                    Task { _ = try? await coffee.purchase() }
                }
            } else {
                ProgressView()
            }
        }
        .task {
            coffee = try? await Product.products(for: ["com.example.tutorial.step1.coffee"]).first
        }
    }
}
