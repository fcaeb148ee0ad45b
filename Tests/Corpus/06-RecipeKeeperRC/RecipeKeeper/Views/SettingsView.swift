import StoreKit
import SwiftUI

struct SettingsView: View {
    @EnvironmentObject private var subscription: SubscriptionModel
    @State private var isManaging = false

    var body: some View {
        Form {
            Section("Premium") {
                if subscription.isPremium {
                    Button("Manage Subscription") { isManaging = true }
                }
                Button("Restore Purchases") {
                    Task { await subscription.restore() }
                }
            }
            Section("Legal") {
                Link("Terms of Use", destination: Identifiers.termsURL)
                Link("Privacy Policy", destination: Identifiers.privacyURL)
            }
        }
        .navigationTitle("Settings")
        .manageSubscriptionsSheet(isPresented: $isManaging)
    }
}
