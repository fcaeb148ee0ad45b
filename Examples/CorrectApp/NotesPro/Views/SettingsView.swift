import StoreKit
import SwiftUI

struct SettingsView: View {
    @Environment(Store.self) private var store
    @Environment(NotesLibrary.self) private var library
    @AppStorage("sync.iCloudEnabled") private var iCloudSyncEnabled = true
    @AppStorage("editor.fontSize") private var fontSize = 17.0
    @State private var isManagingSubscription = false
    @State private var isShowingPaywall = false
    @State private var isShowingExtras = false

    var body: some View {
        Form {
            Section("Notes Pro") {
                subscriptionStatus
                if store.subscriptionSummary != nil {
                    Button("Manage Subscription") { isManagingSubscription = true }
                    NavigationLink("Change Plan") { PlansView() }
                } else if !store.isPro {
                    Button("Upgrade to Notes Pro") { isShowingPaywall = true }
                }
                Button("Extras") { isShowingExtras = true }
                Button("Restore Purchases") {
                    // AppStore.sync() replaced restoreCompletedTransactions() from the 1.x
                    // SKPaymentQueue code. It may ask the user to sign in, so it runs
                    // only when someone taps this button.
                    Task { await store.restorePurchases() }
                }
                .disabled(store.isRestoring)
                if let message = store.restoreMessage {
                    Text(message)
                        .foregroundStyle(.secondary)
                }
            }

            Section("Editor") {
                Stepper(value: $fontSize, in: 12...28) {
                    Text("Text size \(Int(fontSize))")
                }
                Toggle("iCloud Sync", isOn: $iCloudSyncEnabled)
            }

            Section("About") {
                LabeledContent("Version", value: appVersion)
                LabeledContent("Notes", value: library.notes.count.formatted())
                Link("Terms of Use", destination: AppLinks.termsOfUse)
                Link("Privacy Policy", destination: AppLinks.privacyPolicy)
                Link("Contact Support", destination: AppLinks.support)
            }
        }
        .navigationTitle("Settings")
        .manageSubscriptionsSheet(isPresented: $isManagingSubscription, subscriptionGroupID: SubscriptionGroup.notesPro)
        .sheet(isPresented: $isShowingPaywall) {
            PaywallView()
        }
        .sheet(isPresented: $isShowingExtras) {
            ExtrasStoreView()
        }
    }

    @ViewBuilder
    private var subscriptionStatus: some View {
        if let summary = store.subscriptionSummary {
            if summary.isInBillingRetry {
                Text("Notes Pro is paused until your payment method is updated in Settings.")
                    .foregroundStyle(.orange)
            } else {
                VStack(alignment: .leading, spacing: 4) {
                    Text("Notes Pro is active")
                    if summary.isInGracePeriod {
                        Text("There's a problem with your payment method. Update it in Settings to keep Notes Pro.")
                            .font(.footnote)
                            .foregroundStyle(.orange)
                    } else if let date = summary.expirationDate {
                        if summary.willAutoRenew {
                            Text("Renews on \(date.formatted(date: .abbreviated, time: .omitted))")
                                .font(.footnote)
                        } else {
                            Text("Ends on \(date.formatted(date: .abbreviated, time: .omitted))")
                                .font(.footnote)
                        }
                    }
                }
            }
        } else if store.paidForAppUpfront {
            Text("Pro features included with your original purchase")
        } else {
            Text("Free plan")
        }
    }

    private var appVersion: String {
        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String ?? "?"
        let build = info?["CFBundleVersion"] as? String ?? "?"
        return "\(version) (\(build))"
    }
}
