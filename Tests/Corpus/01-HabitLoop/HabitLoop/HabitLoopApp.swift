import SwiftUI

@main
struct HabitLoopApp: App {
    // SubscriptionStore starts listening to Transaction.updates in its initializer,
    // and SwiftUI creates it once, when the app's scene is first built.
    @StateObject private var store = SubscriptionStore()
    @StateObject private var habits = HabitList()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(store)
                .environmentObject(habits)
                .task { await store.loadProducts() }
        }
        .onChange(of: scenePhase) { _, phase in
            // A renewal or a refund may have happened while we were in the background.
            if phase == .active {
                Task { await store.refreshEntitlements() }
            }
        }
    }
}
