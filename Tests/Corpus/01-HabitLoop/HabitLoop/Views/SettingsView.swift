import StoreKit
import SwiftUI

struct SettingsView: View {
    @EnvironmentObject private var store: SubscriptionStore
    @State private var isManagingSubscription = false
    @AppStorage("reminders.enabled") private var remindersEnabled = true

    var body: some View {
        NavigationStack {
            Form {
                Section("Habit Loop Plus") {
                    if store.isPlus {
                        Label("Plus is active", systemImage: "checkmark.seal.fill")
                        if store.isInGracePeriod {
                            Text("We couldn't renew your subscription. Update your payment method to keep Plus.")
                                .font(.footnote)
                                .foregroundStyle(.orange)
                        }
                        Button("Manage Subscription") { isManagingSubscription = true }
                    }
                    Button("Restore Purchases") {
                        Task { await store.restore() }
                    }
                }
                Section("Reminders") {
                    Toggle("Daily reminder", isOn: $remindersEnabled)
                }
                Section("About") {
                    Link("Terms of Use", destination: LegalURL.terms)
                    Link("Privacy Policy", destination: LegalURL.privacy)
                }
            }
            .navigationTitle("Settings")
            .manageSubscriptionsSheet(isPresented: $isManagingSubscription)
        }
    }
}
