import StoreKitSupport
import SwiftUI

@main
struct AppMain: App {
    @State private var purchases = PurchaseService(catalog: .standard)

    var body: some Scene {
        WindowGroup {
            StoreScreen()
                .environment(purchases)
        }
    }
}
