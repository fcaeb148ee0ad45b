import StoreKit
import SwiftUI

struct SettingsView: View {
    @Environment(CoachStore.self) private var store
    @State private var isManaging = false
    @State private var loyaltyProduct: Product?

    var body: some View {
        Form {
            Section("FitCoach Pro") {
                if store.hasPro {
                    Button("Manage Subscription") { isManaging = true }
                    if let yearly = store.plans.last {
                        Button("Member offer") { loyaltyProduct = yearly }
                    }
                }
                Button("Restore Purchases") {
                    Task { await store.restore() }
                }
                .disabled(store.isRestoring)
            }
            Section("Legal") {
                NavigationLink("Terms of Service") { TermsOfServiceView() }
                Link("Privacy Policy", destination: FitProducts.privacyURL)
            }
        }
        .navigationTitle("Settings")
        .manageSubscriptionsSheet(isPresented: $isManaging, subscriptionGroupID: FitProducts.groupID)
        .sheet(item: $loyaltyProduct) { product in
            NavigationStack { LoyaltyOfferView(product: product) }
        }
    }
}
