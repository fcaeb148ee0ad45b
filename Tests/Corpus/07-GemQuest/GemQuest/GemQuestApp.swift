import SwiftUI

@main
struct GemQuestApp: App {
    @State private var store: GemStore

    init() {
        // GemStore listens to Transaction.updates from its initializer: gems bought
        // on another device or approved by a parent arrive even before the map loads.
        _store = State(initialValue: GemStore(ledger: GemLedger()))
    }

    var body: some Scene {
        WindowGroup {
            GameView()
                .environment(store)
        }
    }
}
