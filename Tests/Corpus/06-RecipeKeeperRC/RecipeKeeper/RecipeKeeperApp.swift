import RevenueCat
import SwiftUI

@main
struct RecipeKeeperApp: App {
    @StateObject private var subscription: SubscriptionModel
    @StateObject private var recipes = RecipeLibrary()
    @Environment(\.scenePhase) private var scenePhase

    init() {
        Purchases.logLevel = .warn
        // RevenueCat's public app-specific SDK key: meant to ship in the app.
        Purchases.configure(withAPIKey: "appl_kFqWbTzNcRxLmVdPsHyGjUeAoBi")
        _subscription = StateObject(wrappedValue: SubscriptionModel())
    }

    var body: some Scene {
        WindowGroup {
            RecipeListView()
                .environmentObject(subscription)
                .environmentObject(recipes)
        }
        .onChange(of: scenePhase) { _, phase in
            guard phase == .active else { return }
            Purchases.shared.getCustomerInfo { customerInfo, _ in
                guard let customerInfo else { return }
                Task { @MainActor in subscription.apply(customerInfo) }
            }
        }
    }
}
