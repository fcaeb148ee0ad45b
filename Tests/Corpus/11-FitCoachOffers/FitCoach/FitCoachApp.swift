import StoreKit
import SwiftUI

@main
struct FitCoachApp: App {
    private var transactionListener: Task<Void, Never>?
    @Environment(\.scenePhase) private var scenePhase

    init() {
        transactionListener = Self.listenForTransactions()
        Task { await CoachStore.shared.start() }
    }

    var body: some Scene {
        WindowGroup {
            WorkoutsView()
                .environment(CoachStore.shared)
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active {
                Task { await CoachStore.shared.refresh() }
            }
        }
    }

    private static func listenForTransactions() -> Task<Void, Never> {
        Task.detached(priority: .background) {
            for await update in Transaction.updates {
                await CoachStore.shared.handle(update: update)
            }
        }
    }
}
