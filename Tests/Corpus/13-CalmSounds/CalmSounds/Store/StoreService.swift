import Foundation
import OSLog
import StoreKit

@MainActor
final class StoreService: ObservableObject {
    enum Access: Equatable {
        case free
        case premium
    }

    @Published private(set) var access: Access = .free
    @Published private(set) var showsBillingIssue = false
    @Published private(set) var isEarlySupporter = false
    @Published var alert: String?

    private var transactionObserver: Task<Void, Never>?
    private let log = Logger(subsystem: "com.calmsounds.app", category: "Store")

    init() {
        transactionObserver = Task { await observeTransactions() }
        Task {
            await finishUnfinished()
            await refreshAccess()
            isEarlySupporter = await EarlySupporter.check()
        }
    }

    deinit {
        transactionObserver?.cancel()
    }

    /// Runs for the life of the app. ContentView's .task calls it as well; a second
    /// loop is harmless because finishing a transaction twice is a no-op.
    func observeTransactions() async {
        for await result in Transaction.updates {
            guard case .verified(let transaction) = result else { continue }
            await transaction.finish()
            await refreshAccess()
        }
    }

    func handle(_ result: Product.PurchaseResult) async {
        switch result {
        case .success(.verified(let transaction)):
            await transaction.finish()
            await refreshAccess()
        case .success(.unverified(_, let error)):
            alert = error.localizedDescription
        case .pending:
            alert = String(localized: "Your purchase is waiting for approval.")
        case .userCancelled:
            break
        @unknown default:
            break
        }
    }

    func refreshAccess() async {
        let statuses: [Product.SubscriptionInfo.Status]
        do {
            statuses = try await Product.SubscriptionInfo.status(for: Catalog.groupID)
        } catch {
            log.error("No subscription status: \(error.localizedDescription, privacy: .public)")
            return
        }
        var newAccess = Access.free
        var billingIssue = false
        for status in statuses {
            guard case .verified(let transaction) = status.transaction,
                  transaction.revocationDate == nil else { continue }
            switch status.state {
            case .subscribed, .inGracePeriod:
                newAccess = .premium
                billingIssue = billingIssue || status.state == .inGracePeriod
            case .inBillingRetryPeriod:
                // The grace period is over and Apple is still retrying: like Apple, we
                // stop access until the payment goes through, and say why.
                billingIssue = true
            case .expired, .revoked:
                continue
            default:
                continue
            }
        }
        access = newAccess
        showsBillingIssue = billingIssue
    }

    private func finishUnfinished() async {
        for await result in Transaction.unfinished {
            guard case .verified(let transaction) = result else { continue }
            await transaction.finish()
        }
    }
}
