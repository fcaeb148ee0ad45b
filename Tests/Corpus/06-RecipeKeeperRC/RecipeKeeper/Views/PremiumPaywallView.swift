import RevenueCat
import SwiftUI

struct PremiumPaywallView: View {
    @EnvironmentObject private var subscription: SubscriptionModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 18) {
            Text("Recipe Keeper Premium")
                .font(.largeTitle.bold())
                .multilineTextAlignment(.center)
            Label("Unlimited recipes and collections", systemImage: "book")
            Label("Meal plans and shopping lists", systemImage: "cart")
            Label("Sync with your family", systemImage: "person.3")

            ForEach(subscription.packages, id: \.identifier) { package in
                Button {
                    Task { await subscription.purchase(package) }
                } label: {
                    VStack {
                        Text(package.storeProduct.localizedTitle)
                        Text("\(package.localizedPriceString) per \(package.packageType == .annual ? "year" : "month")")
                            .font(.caption)
                        if package.storeProduct.productIdentifier == Identifiers.annual {
                            Text("Just $2.50/month when billed yearly")
                                .font(.caption2.bold())
                        }
                    }
                    .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
            }
            .disabled(subscription.isWorking)

            if let message = subscription.message {
                Text(message)
                    .font(.footnote)
            }

            Button("Restore Purchases") {
                Task { await subscription.restore() }
            }

            Text("Subscriptions renew automatically until cancelled. Cancel at least 24 hours before renewal in Settings > Apple Account > Subscriptions.")
                .font(.caption2)
                .foregroundStyle(.secondary)
            Link("Privacy Policy", destination: Identifiers.privacyURL)
                .font(.caption2)
        }
        .padding()
        .onChange(of: subscription.isPremium) { _, isPremium in
            if isPremium { dismiss() }
        }
    }
}
