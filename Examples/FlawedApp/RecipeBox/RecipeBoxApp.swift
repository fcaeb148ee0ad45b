import SwiftUI

@main
struct RecipeBoxApp: App {
    @StateObject private var purchases = PurchaseManager()
    @StateObject private var recipes = RecipeStore()
    @AppStorage("launchCount") private var launchCount = 0

    var body: some Scene {
        WindowGroup {
            RecipeListView()
                .environmentObject(purchases)
                .environmentObject(recipes)
                .task {
                    await purchases.loadProducts()
                    await purchases.refreshEntitlements()
                }
                .onAppear {
                    launchCount += 1
                    LegacyStoreHelper.shared.requestReviewIfAppropriate(launchCount: launchCount)
                }
        }
    }
}
