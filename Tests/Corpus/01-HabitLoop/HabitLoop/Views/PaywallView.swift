import StoreKit
import SwiftUI

/// The Plus paywall. Prices and periods always come from the products: the US
/// yearly price ($29.99 when this was written) differs in every other storefront.
struct PaywallView: View {
    @EnvironmentObject private var store: SubscriptionStore
    @Environment(\.dismiss) private var dismiss
    @State private var selectedID = ProductID.plusYearly
    @State private var isEligibleForTrial = false

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 16) {
                    Image(systemName: "flame.fill")
                        .font(.system(size: 56))
                        .foregroundStyle(.orange)
                    Text("Habit Loop Plus")
                        .font(.largeTitle.bold())
                    Text("Unlimited habits, streak history and home-screen widgets.")
                        .multilineTextAlignment(.center)

                    ForEach(store.plans) { plan in
                        PlanRow(
                            plan: plan,
                            showsTrial: isEligibleForTrial,
                            isSelected: plan.id == selectedID
                        )
                        .onTapGesture { selectedID = plan.id }
                    }

                    if let lifetime = store.lifetime {
                        Button("Lifetime: \(lifetime.displayPrice), pay once") {
                            Task { await store.purchase(lifetime) }
                        }
                        .buttonStyle(.bordered)
                    }

                    Button {
                        Task { await buySelected() }
                    } label: {
                        Text("Continue")
                            .frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.borderedProminent)
                    .disabled(store.purchaseState == .purchasing)

                    if store.purchaseState == .awaitingApproval {
                        Text("Waiting for approval. Plus unlocks as soon as your purchase is approved.")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                    }

                    Button("Restore Purchases") {
                        Task { await store.restore() }
                    }
                    .disabled(store.isRestoring)

                    LegalFooter()
                }
                .padding()
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Not Now") { dismiss() }
                }
            }
            .task { await checkTrialEligibility() }
            .onChange(of: store.isPlus) { _, isPlus in
                if isPlus { dismiss() }
            }
        }
    }

    private func buySelected() async {
        guard let plan = store.plans.first(where: { $0.id == selectedID }) else { return }
        await store.purchase(plan)
    }

    private func checkTrialEligibility() async {
        // Both plans are in one subscription group, so one answer covers both.
        guard let subscription = store.plans.first?.subscription else { return }
        isEligibleForTrial = await subscription.isEligibleForIntroOffer
    }
}

private struct PlanRow: View {
    let plan: Product
    let showsTrial: Bool
    let isSelected: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(plan.displayName)
                .font(.headline)
            if let period = plan.subscription?.subscriptionPeriod {
                Text("\(plan.displayPrice) per \(period.shortLabel)")
                if showsTrial, let trial = plan.subscription?.introductoryOffer {
                    Text("Free for \(trial.period.shortLabel), then \(plan.displayPrice) per \(period.shortLabel)")
                        .font(.subheadline)
                        .foregroundStyle(.orange)
                }
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding()
        .background(isSelected ? Color.orange.opacity(0.15) : Color.secondary.opacity(0.08), in: .rect(cornerRadius: 12))
    }
}

private struct LegalFooter: View {
    var body: some View {
        VStack(spacing: 6) {
            Text("Plus renews automatically at the price shown until you cancel. Cancel any time in Settings at least 24 hours before the period ends.")
            HStack {
                Link("Terms of Use", destination: LegalURL.terms)
                Link("Privacy Policy", destination: LegalURL.privacy)
            }
        }
        .font(.caption)
        .foregroundStyle(.secondary)
        .multilineTextAlignment(.center)
    }
}

private extension Product.SubscriptionPeriod {
    /// "month", "year", "2 weeks": the unit name StoreKit localizes, with a count when needed.
    var shortLabel: String {
        value == 1 ? unit.localizedDescription : "\(value) \(unit.localizedDescription)"
    }
}
