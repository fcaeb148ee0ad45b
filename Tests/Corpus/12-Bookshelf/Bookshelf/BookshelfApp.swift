import SwiftUI

@main
struct BookshelfApp: App {
    @State private var store = Store(themes: ThemeInstaller())
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            LibraryView()
                .environment(store)
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active {
                Task { await store.updateEntitlements() }
            }
        }
    }
}
