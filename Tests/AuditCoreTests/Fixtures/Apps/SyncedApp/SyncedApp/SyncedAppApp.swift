import SwiftUI

@main
struct SyncedAppApp: App {
    @State private var entitlements = EntitlementManager()

    var body: some Scene {
        WindowGroup {
            PaywallView()
                .environment(entitlements)
                .task { await entitlements.listenForTransactions() }
        }
    }
}
