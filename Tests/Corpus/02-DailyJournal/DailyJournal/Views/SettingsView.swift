import StoreKit
import SwiftUI

struct SettingsView: View {
    @Environment(JournalStore.self) private var store
    @State private var isManaging = false
    @AppStorage("journal.faceIDLock") private var usesFaceID = false

    var body: some View {
        NavigationStack {
            Form {
                Section("Premium") {
                    LabeledContent("Status", value: store.isPremium ? "Active" : "Free")
                    if store.isPremium {
                        Button("Manage Subscription") { isManaging = true }
                    }
                }
                Section("Privacy") {
                    Toggle("Lock with Face ID", isOn: $usesFaceID)
                    Link("Privacy Policy", destination: StoreConstants.privacyURL)
                }
            }
            .navigationTitle("Settings")
            .manageSubscriptionsSheet(isPresented: $isManaging, subscriptionGroupID: StoreConstants.premiumGroupID)
        }
    }
}
