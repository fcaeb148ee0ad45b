import SwiftUI

@main
struct DailyJournalApp: App {
    @State private var store = JournalStore()
    @State private var journal = Journal()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            JournalListView()
                .environment(store)
                .environment(journal)
                .task { await store.listenForTransactions() }
        }
        .onChange(of: scenePhase) { _, phase in
            guard phase == .active else { return }
            Task { await store.refreshEntitlements() }
        }
    }
}
