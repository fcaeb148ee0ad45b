import Foundation
import Observation
import OSLog
import StoreKit

@Observable
@MainActor
final class JournalStore {
    private(set) var isPremium = false
    private(set) var willRenew = true
    var pendingMessage: String?

    @ObservationIgnored private let log = Logger(subsystem: "com.dailyjournal.app", category: "Store")

    init() {
        Task {
            await finishUnfinishedTransactions()
            await refreshEntitlements()
        }
    }

    /// Runs for as long as the caller's task does.
    func listenForTransactions() async {
        for await update in Transaction.updates {
            guard case .verified(let transaction) = update else {
                log.error("Ignoring an update that failed verification")
                continue
            }
            await transaction.finish()
            await refreshEntitlements()
        }
    }

    func handle(_ result: Product.PurchaseResult) async {
        switch result {
        case .success(.verified(let transaction)):
            pendingMessage = nil
            await transaction.finish()
            await refreshEntitlements()
        case .success(.unverified(_, let error)):
            log.error("Purchase failed verification: \(error.localizedDescription, privacy: .public)")
        case .pending:
            pendingMessage = String(localized: "Your purchase needs approval. Premium unlocks as soon as it is approved.")
        case .userCancelled:
            break
        @unknown default:
            break
        }
    }

    func refreshEntitlements() async {
        var premium = false
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else { continue }
            if transaction.subscriptionGroupID == StoreConstants.premiumGroupID,
               transaction.revocationDate == nil {
                premium = true
            }
        }
        isPremium = premium
    }

    private func finishUnfinishedTransactions() async {
        for await result in Transaction.unfinished {
            if case .verified(let transaction) = result {
                await transaction.finish()
            }
        }
    }
}
