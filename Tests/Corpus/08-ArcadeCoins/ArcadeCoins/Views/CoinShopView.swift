import StoreKit
import SwiftUI

struct CoinShopView: View {
    @EnvironmentObject private var coinStore: CoinStore

    var body: some View {
        NavigationStack {
            List {
                ForEach(coinStore.products) { product in
                    HStack {
                        VStack(alignment: .leading) {
                            Text(product.displayName)
                            Text(product.description)
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                        Spacer()
                        Button(product.displayPrice) {
                            Task { await coinStore.buy(product) }
                        }
                        .buttonStyle(.bordered)
                    }
                }
                Section {
                    Button("Restore Purchases") {
                        Task { await coinStore.restore() }
                    }
                }
                if let errorText = coinStore.errorText {
                    Text(errorText).foregroundStyle(.red)
                }
            }
            .navigationTitle("Coin Shop")
        }
    }
}
