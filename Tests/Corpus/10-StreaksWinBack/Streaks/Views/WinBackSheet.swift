import StoreKit
import SwiftUI

struct WinBackSheet: View {
    @Environment(StreakStore.self) private var store
    @Environment(\.dismiss) private var dismiss
    let product: Product

    private var offer: Product.SubscriptionOffer? {
        product.subscription?.promotionalOffers.first { $0.id == WinBackOffer.offerID }
    }

    var body: some View {
        VStack(spacing: 16) {
            Text("We miss you!")
                .font(.largeTitle.bold())
            if let offer {
                Text("Come back to Premium for \(offer.displayPrice) for your first year, then \(product.displayPrice) per year. Renews automatically; cancel anytime in Settings.")
                    .multilineTextAlignment(.center)
                Button("Claim Offer") {
                    Task { await store.redeemWinBack(product) }
                }
                .buttonStyle(.borderedProminent)
            }
            if let message = store.message {
                Text(message).font(.footnote)
            }
            Button("No Thanks") { dismiss() }
            HStack {
                Link("Terms of Use", destination: StreakProducts.terms)
                Link("Privacy Policy", destination: StreakProducts.privacy)
            }
            .font(.caption)
        }
        .padding()
    }
}
