import SwiftUI

@main
struct ClassicAppApp: App {
    @StateObject private var store = StoreModel()

    var body: some Scene {
        WindowGroup {
            PaywallView()
                .environmentObject(store)
                .task { await store.loadProducts() }
        }
    }
}
