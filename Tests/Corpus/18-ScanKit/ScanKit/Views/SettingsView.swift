import StoreKit
import SwiftUI

struct SettingsView: View {
    @Environment(ScanStore.self) private var store
    @State private var isManaging = false

    var body: some View {
        Form {
            Section("ScanKit Pro") {
                if store.isPro {
                    Button("Manage Subscription") { isManaging = true }
                }
                Button("Restore Purchases") {
                    Task { await store.restore() }
                }
                if let message = store.message {
                    Text(message).font(.footnote)
                }
            }
            Section("About") {
                Link("Terms of Use", destination: ScanProducts.terms)
                Link("Privacy Policy", destination: URL(string: "https://scankit.example.com/privacy")!)
            }
        }
        .navigationTitle("Settings")
        .manageSubscriptionsSheet(isPresented: $isManaging, subscriptionGroupID: ScanProducts.groupID)
    }
}
