import StoreKit
import SwiftUI

struct SettingsView: View {
    @Environment(Store.self) private var store
    @State private var isManaging = false
    @AppStorage("reader.fontScale") private var fontScale = 1.0

    var body: some View {
        Form {
            Section("Reading") {
                Slider(value: $fontScale, in: 0.8...1.6) { Text("Text size") }
            }
            Section("Purchases") {
                if store.hasPro {
                    Button("Manage Subscription") { isManaging = true }
                }
                Button("Restore Purchases") {
                    Task { await store.restore() }
                }
            }
        }
        .navigationTitle("Settings")
        .manageSubscriptionsSheet(isPresented: $isManaging, subscriptionGroupID: ProductID.subscriptionGroup)
    }
}
