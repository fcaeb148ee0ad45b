import Foundation
import StoreKit

/// Owned by the app delegate and started from application(_:didFinishLaunchingWithOptions:).
@MainActor
final class TransactionObserver {
    private let entitlements: EntitlementStore
    private var updates: Task<Void, Never>?

    init(entitlements: EntitlementStore) {
        self.entitlements = entitlements
    }

    func start() {
        guard updates == nil else { return }
        updates = Task(priority: .background) { [entitlements] in
            for await result in Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                await transaction.finish()
                await entitlements.refresh()
            }
        }
        Task { [entitlements] in
            for await result in Transaction.unfinished {
                guard case .verified(let transaction) = result else { continue }
                await transaction.finish()
            }
            await entitlements.refresh()
        }
    }

    deinit {
        updates?.cancel()
    }
}
