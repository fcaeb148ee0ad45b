import SwiftUI

@main
struct PlantCareApp: App {
    @StateObject private var store = PlantStore()
    @StateObject private var garden = Garden()

    var body: some Scene {
        WindowGroup {
            PlantListView()
                .environmentObject(store)
                .environmentObject(garden)
                .task { await store.load() }
        }
    }
}
