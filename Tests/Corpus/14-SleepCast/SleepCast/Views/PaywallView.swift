import StoreKit
import SwiftUI

struct PaywallView: View {
    @Environment(SleepStore.self) private var store

    var body: some View {
        VStack(spacing: 16) {
            Text("SleepCast Plus")
                .font(.largeTitle.bold())
            Text("Every story, new ones each week, and offline downloads.")
            ForEach(store.plans) { plan in
                VStack(spacing: 4) {
                    if let trial = plan.subscription?.introductoryOffer, trial.paymentMode == .freeTrial {
                        Text("\(trial.period.value)-\(trial.period.unit.localizedDescription) free trial")
                            .font(.caption.bold())
                            .foregroundStyle(.purple)
                    }
                    Button {
                        Task { await store.purchase(plan) }
                    } label: {
                        if let period = plan.subscription?.subscriptionPeriod {
                            Text("\(plan.displayName): \(plan.displayPrice) / \(period.unit.localizedDescription)")
                                .frame(maxWidth: .infinity)
                        }
                    }
                    .buttonStyle(.borderedProminent)
                }
            }
            Text("Renews automatically. Cancel anytime in Settings, at least 24 hours before the end of the period.")
                .font(.caption2)
                .foregroundStyle(.secondary)
            HStack {
                Link("Terms of Use", destination: SleepProducts.terms)
                Link("Privacy Policy", destination: SleepProducts.privacy)
            }
            .font(.caption)
        }
        .padding()
    }
}
