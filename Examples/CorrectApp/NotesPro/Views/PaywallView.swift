import StoreKit
import SwiftUI

/// Shown when a free user reaches a Pro feature. Besides the pitch it carries what
/// App Review looks for on a subscription screen: each plan's name, length and price,
/// the trial terms, the renewal terms, Restore, and links to the Terms of Use and
/// Privacy Policy. Prices always come from the App Store; a literal like "$4.99"
/// would be wrong in every other storefront.
struct PaywallView: View {
    @Environment(Store.self) private var store
    @Environment(\.purchase) private var purchase
    @Environment(\.dismiss) private var dismiss

    @State private var selectedProductID = ProductID.proYearly
    @State private var introOffers: [Product.ID: Product.SubscriptionOffer] = [:]
    @State private var isPurchasing = false
    @State private var errorMessage: String?

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 24) {
                    header
                    featureList
                    planPicker
                    purchaseSection
                    legalSection
                }
                .padding()
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Not Now") { dismiss() }
                }
            }
            .task(id: store.subscriptions.map(\.id)) {
                await loadIntroOffers()
            }
            .onChange(of: store.isPro) { _, isPro in
                if isPro { dismiss() }
            }
            .alert("Purchase Failed", isPresented: Binding(get: { errorMessage != nil }, set: { if !$0 { errorMessage = nil } })) {
                Button("OK", role: .cancel) {}
            } message: {
                Text(errorMessage ?? "")
            }
        }
    }

    private var header: some View {
        VStack(spacing: 8) {
            Image(systemName: "note.text.badge.plus")
                .font(.system(size: 56))
                .foregroundStyle(.tint)
            Text("Notes Pro")
                .font(.largeTitle.bold())
            Text("Unlimited notebooks, sync on every device, and handwriting search.")
                .multilineTextAlignment(.center)
                .foregroundStyle(.secondary)
        }
    }

    private var featureList: some View {
        VStack(alignment: .leading, spacing: 12) {
            Label("Unlimited notebooks", systemImage: "books.vertical")
            Label("iCloud sync on iPhone, iPad and Mac", systemImage: "icloud")
            Label("Search inside handwriting and scans", systemImage: "magnifyingglass")
            Label("Studio themes included", systemImage: "paintpalette")
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    private var planPicker: some View {
        VStack(spacing: 12) {
            if store.subscriptions.isEmpty {
                ProgressView()
            }
            ForEach(store.subscriptions) { product in
                PlanRow(
                    product: product,
                    introOffer: introOffers[product.id],
                    isSelected: product.id == selectedProductID
                )
                .onTapGesture { selectedProductID = product.id }
            }
        }
    }

    private var purchaseSection: some View {
        VStack(spacing: 12) {
            Button {
                Task { await buySelectedPlan() }
            } label: {
                Text("Continue")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .disabled(selectedProduct == nil || isPurchasing)

            if let message = store.pendingApprovalMessage {
                Label(message, systemImage: "hourglass")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }

            Button("Restore Purchases") {
                Task { await store.restorePurchases() }
            }
            .disabled(store.isRestoring)

            if let message = store.restoreMessage {
                Text(message)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
    }

    private var legalSection: some View {
        VStack(spacing: 8) {
            Text("Subscription renews automatically unless cancelled at least 24 hours before the end of the period. Manage or cancel in Settings.")
            HStack(spacing: 16) {
                Link("Terms of Use", destination: AppLinks.termsOfUse)
                Link("Privacy Policy", destination: AppLinks.privacyPolicy)
            }
        }
        .font(.footnote)
        .foregroundStyle(.secondary)
        .multilineTextAlignment(.center)
    }

    private var selectedProduct: Product? {
        store.subscriptions.first { $0.id == selectedProductID }
    }

    private func buySelectedPlan() async {
        guard let product = selectedProduct else { return }
        isPurchasing = true
        defer { isPurchasing = false }
        do {
            let result = try await purchase(product, options: [.appAccountToken(store.accountToken)])
            try await store.handle(result)
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    private func loadIntroOffers() async {
        // Eligibility is decided per subscription group, so one answer covers every plan.
        guard let group = store.subscriptions.first?.subscription,
              await group.isEligibleForIntroOffer else {
            introOffers = [:]
            return
        }
        var offers: [Product.ID: Product.SubscriptionOffer] = [:]
        for product in store.subscriptions {
            if let offer = product.subscription?.introductoryOffer, offer.paymentMode == .freeTrial {
                offers[product.id] = offer
            }
        }
        introOffers = offers
    }
}

private struct PlanRow: View {
    let product: Product
    let introOffer: Product.SubscriptionOffer?
    let isSelected: Bool

    var body: some View {
        HStack(alignment: .top) {
            VStack(alignment: .leading, spacing: 4) {
                Text(product.displayName)
                    .font(.headline)
                if let period = product.subscription?.subscriptionPeriod {
                    Text("\(product.displayPrice) for \(period.localizedDuration)")
                    if let introOffer {
                        Text("Try \(introOffer.period.localizedDuration) free, then \(product.displayPrice) for \(period.localizedDuration)")
                            .font(.subheadline)
                            .foregroundStyle(.tint)
                    }
                }
            }
            Spacer()
            Image(systemName: isSelected ? "checkmark.circle.fill" : "circle")
                .foregroundStyle(isSelected ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary))
        }
        .padding()
        .background(.background.secondary, in: .rect(cornerRadius: 12))
        .overlay {
            RoundedRectangle(cornerRadius: 12)
                .strokeBorder(isSelected ? Color.accentColor : .clear, lineWidth: 2)
        }
        .contentShape(.rect)
    }
}

extension Product.SubscriptionPeriod {
    /// "1 month", "1 year", "1 week", spelled out in the user's language.
    var localizedDuration: String {
        var components = DateComponents()
        switch unit {
        case .day: components.day = value
        case .week: components.weekOfMonth = value
        case .month: components.month = value
        case .year: components.year = value
        @unknown default: components.day = value
        }
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = .full
        formatter.allowedUnits = [.day, .weekOfMonth, .month, .year]
        return formatter.string(from: components) ?? ""
    }
}
