import SwiftUI

@main
struct PodcastPlusApp: App {
    @State private var access: AccessModel
    @Environment(\.scenePhase) private var scenePhase
    private let purchases: PurchaseService

    init() {
        let access = AccessModel()
        let purchases = PurchaseService(access: access, api: SubscriptionAPI())
        self.purchases = purchases
        _access = State(initialValue: access)
        // Start before the first scene: renewals and Ask to Buy approvals that
        // happened while the app was not running are already waiting.
        Task { await purchases.start() }
    }

    var body: some Scene {
        WindowGroup {
            LibraryView()
                .environment(access)
                .environment(\.purchaseService, purchases)
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active {
                Task { await purchases.refreshAccess() }
            }
        }
    }
}

private struct PurchaseServiceKey: EnvironmentKey {
    static let defaultValue: PurchaseService? = nil
}

extension EnvironmentValues {
    var purchaseService: PurchaseService? {
        get { self[PurchaseServiceKey.self] }
        set { self[PurchaseServiceKey.self] = newValue }
    }
}
