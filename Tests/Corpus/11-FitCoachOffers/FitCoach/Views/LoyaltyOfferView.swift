import StoreKit
import SwiftUI

/// Shown to members in their second year: three months at a lower price, through a
/// promotional offer the server signs.
struct LoyaltyOfferView: View {
    @Environment(CoachStore.self) private var store
    let product: Product

    private var offer: Product.SubscriptionOffer? {
        product.subscription?.promotionalOffers.first { $0.id == FitProducts.loyaltyOfferID }
    }

    var body: some View {
        VStack(spacing: 16) {
            Text("Thanks for a year of training!")
                .font(.title2.bold())
            if let offer, let period = product.subscription?.subscriptionPeriod {
                Text("Your next \(offer.periodCount) months for \(offer.displayPrice) each, then \(product.displayPrice) per \(period.unit.localizedDescription). Renews automatically until you cancel in Settings.")
                    .multilineTextAlignment(.center)
                Button("Redeem") {
                    Task { await store.purchase(product, loyaltyOffer: offer) }
                }
                .buttonStyle(.borderedProminent)
            }
            if let note = store.note {
                Text(note).font(.footnote)
            }
            HStack {
                NavigationLink("Terms of Service") { TermsOfServiceView() }
                Link("Privacy Policy", destination: FitProducts.privacyURL)
            }
            .font(.caption)
        }
        .padding()
    }
}
