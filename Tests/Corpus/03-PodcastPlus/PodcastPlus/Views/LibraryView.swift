import StoreKit
import SwiftUI

struct LibraryView: View {
    @Environment(AccessModel.self) private var access
    @State private var isShowingPaywall = false
    @State private var isManagingPlus = false

    private let shows = ["Daily Tech", "History Hour", "Cooking Live"]

    var body: some View {
        NavigationStack {
            List {
                if !access.isAdFree {
                    Section {
                        Button("Remove ads with Podcast Plus") { isShowingPaywall = true }
                    }
                }
                Section("Subscribed Shows") {
                    ForEach(shows, id: \.self) { Text($0) }
                }
                if access.hasPlus {
                    Section("Podcast Plus") {
                        Button("Manage Subscription") { isManagingPlus = true }
                    }
                }
            }
            .navigationTitle("Library")
            .sheet(isPresented: $isShowingPaywall) { PlusPaywallView() }
            .manageSubscriptionsSheet(isPresented: $isManagingPlus, subscriptionGroupID: SubscriptionGroup.plus)
        }
    }
}
