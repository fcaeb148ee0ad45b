import SwiftUI

@main
struct StreaksApp: App {
    @State private var store = StreakStore()
    @State private var tracker = StreakTracker()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(store)
                .environment(tracker)
        }
    }
}
