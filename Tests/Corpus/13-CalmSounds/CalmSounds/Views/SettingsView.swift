import StoreKit
import SwiftUI

struct SettingsView: View {
    @EnvironmentObject private var store: StoreService
    @State private var isManaging = false
    @State private var isRestoring = false

    var body: some View {
        Form {
            Section("Premium") {
                Button("Manage Subscription") { isManaging = true }
                Button("Restore Purchases") {
                    Task {
                        isRestoring = true
                        defer { isRestoring = false }
                        try? await AppStore.sync()
                        await store.refreshAccess()
                    }
                }
                .disabled(isRestoring)
            }
            Section("About") {
                NavigationLink("Sound Credits") {
                    List(SoundCredits.names, id: \.self) { Text($0) }
                        .navigationTitle("Credits")
                }
                Link("Terms of Use", destination: Catalog.termsURL)
                Link("Privacy Policy", destination: Catalog.privacyURL)
            }
        }
        .navigationTitle("Settings")
        .manageSubscriptionsSheet(isPresented: $isManaging, subscriptionGroupID: Catalog.groupID)
    }
}
