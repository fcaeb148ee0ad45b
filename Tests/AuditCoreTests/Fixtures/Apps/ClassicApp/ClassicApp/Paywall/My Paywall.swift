import StoreKit
import SwiftUI

struct PaywallView: View {
    @EnvironmentObject private var store: StoreModel

    var body: some View {
        VStack(spacing: 16) {
            Text("paywall.title")
                .font(.largeTitle.bold())
            Text("paywall.subtitle")
                .foregroundStyle(.secondary)

            ForEach(store.products, id: \.id) { product in
                Button {
                    Task { try? await store.purchase(product) }
                } label: {
                    HStack {
                        Text(product.displayName)
                        Spacer()
                        if product.id == StoreKitKeys.yearly {
                            PriceBadge()
                        }
                        Text(product.displayPrice)
                    }
                }
                .buttonStyle(.bordered)
            }

            Button("paywall.restore") {
                Task { await store.restore() }
            }

            HStack {
                Link("paywall.terms", destination: AppConfig.termsURL)
                Link("paywall.privacy", destination: AppConfig.privacyURL)
            }
            .font(.footnote)
        }
        .padding()
    }
}
