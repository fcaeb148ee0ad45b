import StoreKit
import SwiftUI

struct AccountView: View {
    @Environment(StreakStore.self) private var store
    @State private var isManaging = false

    var body: some View {
        Form {
            Section("Premium") {
                LabeledContent("Status", value: store.isPremium ? "Premium" : "Free")
                Button("Manage Subscription") { isManaging = true }
            }
        }
        .navigationTitle("Account")
        .manageSubscriptionsSheet(isPresented: $isManaging, subscriptionGroupID: StreakProducts.groupID)
    }
}
