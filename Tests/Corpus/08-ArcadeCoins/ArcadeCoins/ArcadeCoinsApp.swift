import StoreKit
import SwiftUI

@main
struct ArcadeCoinsApp: App {
    @StateObject private var coinStore = CoinStore()

    var body: some Scene {
        WindowGroup {
            ArcadeView()
                .environmentObject(coinStore)
                .task {
                    // Brings back No Ads after a reinstall.
                    try? await AppStore.sync()
                    await coinStore.loadProducts()
                    await coinStore.refreshNoAds()
                    await coinStore.checkClassicOwner()
                }
        }
    }
}
