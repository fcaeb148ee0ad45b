import StoreKit
import SwiftUI

struct PaywallView: View {
    @Environment(LingoStore.self) private var store
    @State private var isEligibleForTrial = false
    @State private var isShowingComparison = false

    var body: some View {
        VStack(spacing: 16) {
            Text("Lingo Leap Plus")
                .font(.largeTitle.bold())
            Text("All 40 courses, offline lessons and a personal review plan.")
                .multilineTextAlignment(.center)

            ForEach(store.plans) { plan in
                Button {
                    Task { await store.purchase(plan) }
                } label: {
                    VStack {
                        Text(plan.displayName).bold()
                        if let period = plan.subscription?.subscriptionPeriod {
                            Text("\(plan.displayPrice) per \(period.unit.localizedDescription)")
                        }
                        if isEligibleForTrial, let trial = plan.subscription?.introductoryOffer {
                            Text("\(trial.period.value)-\(trial.period.unit.localizedDescription) free trial, then \(plan.displayPrice)")
                                .font(.caption)
                        }
                    }
                    .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
            }

            if store.status == .waitingForApproval {
                Text("Waiting for a parent to approve the purchase.")
                    .font(.footnote)
            }

            Button("Compare plans") { isShowingComparison = true }

            Text("Auto-renews until cancelled. Cancel anytime in Settings at least a day before renewal.")
                .font(.caption2)
            HStack {
                Link("Terms", destination: LingoProducts.terms)
                Link("Privacy", destination: LingoProducts.privacy)
            }
            .font(.caption2)
        }
        .padding()
        .task {
            isEligibleForTrial = await Product.SubscriptionInfo.isEligibleForIntroOffer(for: LingoProducts.groupID)
        }
        .sheet(isPresented: $isShowingComparison) { PlanComparisonView() }
    }
}
