import StoreKit
import SwiftUI

/// Shown from "Add to Meal Plan" when the user is not Pro.
struct UpgradeSheet: View {
    @EnvironmentObject private var purchases: PurchaseManager
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        SubscriptionStoreView(groupID: "21483911") {
            VStack(spacing: 12) {
                Image(systemName: "calendar.badge.plus")
                    .font(.system(size: 54))
                    .foregroundStyle(.orange)
                Text("Plan your week")
                    .font(.title.bold())
                Text("The meal planner is part of Recipe Box Pro.")
                    .foregroundStyle(.secondary)
            }
            .padding()
        }
        .subscriptionStoreControlStyle(.buttons)
        .onChange(of: purchases.isPro) { _, isPro in
            if isPro { dismiss() }
        }
    }
}
