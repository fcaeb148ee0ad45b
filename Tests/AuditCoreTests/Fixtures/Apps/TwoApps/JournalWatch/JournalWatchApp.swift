import SwiftUI

@main
struct JournalWatchApp: App {
    @State private var entitlements = EntitlementStore()

    var body: some Scene {
        WindowGroup {
            Group {
                if entitlements.isPro {
                    Text("Today's prompt is ready")
                } else {
                    WatchUpsellView()
                }
            }
            .environment(entitlements)
            .task { await entitlements.refresh() }
        }
    }
}
