import JournalKit
import SwiftUI

@main
struct JournalApp: App {
    @State private var entitlements = EntitlementStore()
    @State private var entries = EntryStore()
    @State private var showsUpgrade = false

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                List(entries.titles, id: \.self) { Text($0) }
                    .toolbar {
                        if !entitlements.isPro {
                            Button("Go Pro") { showsUpgrade = true }
                        }
                    }
            }
            .sheet(isPresented: $showsUpgrade) { ProUpgradeView() }
            .environment(entitlements)
            .task { await entitlements.refresh() }
        }
    }
}
