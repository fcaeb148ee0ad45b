import SwiftUI

@main
struct ScanKitApp: App {
    @State private var store = ScanStore()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            ScannerView()
                .environment(store)
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active { Task { await store.refreshEntitlements() } }
        }
    }
}
