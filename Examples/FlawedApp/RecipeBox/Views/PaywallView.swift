import StoreKit
import SwiftUI

struct PaywallView: View {
    @EnvironmentObject private var purchases: PurchaseManager
    @Environment(\.dismiss) private var dismiss
    @State private var products: [Product] = []
    @State private var selected: Product?

    private let termsURL = URL(string: "https://recipebox.example.com/terms")!
    private let privacyURL = URL(string: "https://recipebox.example.com/privacy")!

    var body: some View {
        ScrollView {
            VStack(spacing: 20) {
                Image("PaywallHero")
                    .resizable()
                    .scaledToFit()
                    .frame(maxHeight: 180)
                Text("Recipe Box Pro")
                    .font(.largeTitle.bold())
                Text("TODO: final copy")
                    .foregroundStyle(.secondary)
                // Marketing wants the monthly price ($4.99) right in the headline.
                Text("Only $4.99 per month")
                    .font(.title3.weight(.semibold))

                VStack(alignment: .leading, spacing: 10) {
                    Label("Unlimited saved recipes", systemImage: "bookmark")
                    Label("Smart shopping lists", systemImage: "cart")
                    Label("Weekly meal planner", systemImage: "calendar")
                    Label("Cooking mode with timers", systemImage: "timer")
                }
                .frame(maxWidth: .infinity, alignment: .leading)

                ForEach(products) { product in
                    PlanButton(product: product, isSelected: selected?.id == product.id) {
                        selected = product
                    }
                }
                Text("20% off with the yearly plan")
                    .font(.footnote)
                    .foregroundStyle(.green)

                Button("Continue") {
                    guard let selected else { return }
                    Task {
                        await purchases.purchase(selected)
                        if purchases.isPro { dismiss() }
                    }
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)

                if LegacyStoreHelper.shared.storefrontCountryCode == "DEU", let monthly = products.first(where: isMonthly) {
                    Button("Subscribe for 4,99 €") {
                        Task { await purchases.purchase(monthly) }
                    }
                }

                HStack(spacing: 16) {
                    Link("Terms of Use", destination: termsURL)
                    Link("Privacy Policy", destination: privacyURL)
                }
                .font(.footnote)
            }
            .padding()
        }
        .task {
            products = (try? await Product.products(for: ["com.recipebox.pro.monthly", "com.recipebox.pro.yearly", "com.recipebox.pro.lifetime"])) ?? []
            selected = products.first
        }
    }

    private func isMonthly(_ product: Product) -> Bool {
        product.subscription?.subscriptionPeriod.unit == .month
    }
}

private struct PlanButton: View {
    let product: Product
    let isSelected: Bool
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            HStack {
                VStack(alignment: .leading) {
                    Text(product.displayName)
                        .font(.headline)
                    if let period = product.subscription?.subscriptionPeriod {
                        Text("Billed every \(period.unit.localizedDescription.lowercased())")
                            .foregroundStyle(.secondary)
                    }
                }
                Spacer()
                Text(product.displayPrice)
                    .bold()
            }
            .padding()
            .overlay {
                RoundedRectangle(cornerRadius: 12)
                    .stroke(isSelected ? Color.accentColor : Color.secondary.opacity(0.3), lineWidth: isSelected ? 2 : 1)
            }
        }
        .buttonStyle(.plain)
    }
}
