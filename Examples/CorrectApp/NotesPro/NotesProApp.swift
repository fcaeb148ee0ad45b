import StoreKit
import SwiftUI

@main
struct NotesProApp: App {
    @State private var store: Store
    @State private var library = NotesLibrary()
    @Environment(\.scenePhase) private var scenePhase

    init() {
        // Store.init starts listening to Transaction.updates, so renewals, refunds and
        // Ask to Buy approvals that happened while the app was closed are handled
        // before the first view appears.
        _store = State(initialValue: Store())
    }

    var body: some Scene {
        WindowGroup {
            NotesListView()
                .environment(store)
                .environment(library)
                .task { await library.load() }
        }
        .onChange(of: scenePhase) { _, newPhase in
            guard newPhase == .active else { return }
            // A subscription can lapse, renew or be refunded while we sit in the background.
            Task { await store.refreshEntitlements() }
        }
    }
}
