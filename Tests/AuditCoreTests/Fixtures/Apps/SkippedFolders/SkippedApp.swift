import SwiftUI

@main
struct SkippedApp: App {
    @State private var store = Store()

    var body: some Scene {
        WindowGroup {
            PaywallView()
                .environment(store)
        }
    }
}
