import Foundation
import Observation
import OSLog
import StoreKit

/// Everything the app knows about purchases: the products on sale, what the user is
/// entitled to, the AI-credit balance and the subscription's renewal state.
///
/// Created once in `NotesProApp.init` and kept for the life of the process. Notes Pro
/// 1.x used SKPaymentQueue with an observer in the app delegate; this type replaced
/// both in 2.0.
@MainActor
@Observable
final class Store {
    enum PurchaseOutcome: Equatable, Sendable {
        case purchased
        case pending
        case cancelled
    }

    struct SubscriptionSummary: Equatable, Sendable {
        var productID: String
        var expirationDate: Date?
        var willAutoRenew: Bool
        var isInGracePeriod: Bool
        var isInBillingRetry: Bool
    }

    enum StoreError: LocalizedError {
        case failedVerification(any Error)

        var errorDescription: String? {
            String(localized: "The App Store could not verify this purchase.")
        }
    }

    private(set) var subscriptions: [Product] = []
    private(set) var extras: [Product] = []
    private(set) var purchasedProductIDs: Set<String> = []
    private(set) var subscriptionSummary: SubscriptionSummary?
    private(set) var creditBalance = 0
    private(set) var paidForAppUpfront = false
    private(set) var isRestoring = false
    var pendingApprovalMessage: String?
    var restoreMessage: String?

    /// Ties App Store transactions to the Notes Pro account on our server.
    let accountToken: UUID

    private let ledger: CreditsLedger
    @ObservationIgnored private var updatesTask: Task<Void, Never>?

    var isPro: Bool {
        paidForAppUpfront || !purchasedProductIDs.isDisjoint(with: ProductID.subscriptions)
    }

    var ownsStudioThemes: Bool {
        isPro || purchasedProductIDs.contains(ProductID.studioThemes)
    }

    init(ledger: CreditsLedger = CreditsLedger()) {
        self.ledger = ledger
        self.accountToken = Self.loadAccountToken()

        updatesTask = Task { [weak self] in
            // Renewals, refunds, Family Sharing changes, Ask to Buy approvals and
            // purchases made on another device all arrive here, for as long as we run.
            for await update in Transaction.updates {
                await self?.process(update)
            }
        }

        Task {
            await processUnfinishedTransactions()
            await refreshEntitlements()
            await refreshCreditBalance()
            await loadProducts()
            await checkUpfrontPurchase()
        }
    }

    // MARK: - Products

    func loadProducts() async {
        do {
            let products = try await Product.products(for: ProductID.all)
            subscriptions = products
                .filter { $0.type == .autoRenewable }
                .sorted { $0.price < $1.price }
            extras = products.filter { $0.type != .autoRenewable }
        } catch {
            Logger.store.error("Product request failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    // MARK: - Purchasing

    @discardableResult
    func purchase(_ product: Product) async throws -> PurchaseOutcome {
        let result = try await product.purchase(options: [.appAccountToken(accountToken)])
        return try await handle(result)
    }

    /// Handles a purchase result from `product.purchase`, the `purchase` environment
    /// action or a StoreKit view's completion handler.
    @discardableResult
    func handle(_ result: Product.PurchaseResult) async throws -> PurchaseOutcome {
        switch result {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            pendingApprovalMessage = nil
            await fulfill(transaction)
            return .purchased
        case .pending:
            // Ask to Buy, or the bank wants one more confirmation. Nothing is unlocked
            // yet; the approved transaction arrives later through Transaction.updates.
            pendingApprovalMessage = String(localized: "Your purchase is waiting for approval. Notes Pro unlocks as soon as it goes through.")
            return .pending
        case .userCancelled:
            return .cancelled
        @unknown default:
            return .cancelled
        }
    }

    // MARK: - Restore

    /// Runs only from a Restore button: `AppStore.sync()` can ask the user to sign in.
    func restorePurchases() async {
        isRestoring = true
        defer { isRestoring = false }
        do {
            try await AppStore.sync()
            await refreshEntitlements()
            restoreMessage = purchasedProductIDs.isEmpty
                ? String(localized: "No previous purchases were found for this Apple Account.")
                : nil
        } catch {
            restoreMessage = error.localizedDescription
        }
    }

    // MARK: - Entitlements

    func refreshEntitlements() async {
        var owned: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else { continue }
            // Refunded, or removed from a Family Sharing group: no longer ours.
            guard transaction.revocationDate == nil else { continue }
            owned.insert(transaction.productID)
        }
        purchasedProductIDs = owned
        await refreshSubscriptionStatus()
    }

    private func refreshSubscriptionStatus() async {
        let statuses: [Product.SubscriptionInfo.Status]
        do {
            statuses = try await Product.SubscriptionInfo.status(for: SubscriptionGroup.notesPro)
        } catch {
            Logger.store.error("Subscription status unavailable: \(error.localizedDescription, privacy: .public)")
            return
        }

        var summary: SubscriptionSummary?
        for status in statuses {
            guard case .verified(let renewalInfo) = status.renewalInfo,
                  case .verified(let transaction) = status.transaction else { continue }
            switch status.state {
            case .subscribed, .inGracePeriod:
                // In the grace period Apple is retrying a failed payment and the user
                // keeps full access; we only add a gentle payment reminder.
                summary = SubscriptionSummary(
                    productID: transaction.productID,
                    expirationDate: transaction.expirationDate,
                    willAutoRenew: renewalInfo.willAutoRenew,
                    isInGracePeriod: status.state == .inGracePeriod,
                    isInBillingRetry: false
                )
            case .inBillingRetryPeriod:
                // Access follows currentEntitlements; this only drives the banner.
                summary = summary ?? SubscriptionSummary(
                    productID: transaction.productID,
                    expirationDate: transaction.expirationDate,
                    willAutoRenew: renewalInfo.willAutoRenew,
                    isInGracePeriod: false,
                    isInBillingRetry: true
                )
            default:
                continue
            }
        }
        subscriptionSummary = summary
    }

    private func checkUpfrontPurchase() async {
        paidForAppUpfront = await UpfrontPurchase.isOriginalPaidDownload()
    }

    // MARK: - AI credits

    /// Spends one AI credit. Returns false when the balance is empty.
    func spendCredit() async -> Bool {
        guard let balance = await ledger.spend(1) else { return false }
        creditBalance = balance
        return true
    }

    private func refreshCreditBalance() async {
        creditBalance = await ledger.balance
    }

    private func creditConsumable(_ transaction: Transaction) async {
        guard let perPack = ProductID.creditsPerPack[transaction.productID] else { return }
        // Keyed by the transaction id: a transaction seen twice (after a crash, or by
        // both the purchase call and Transaction.updates) is credited once.
        creditBalance = await ledger.credit(perPack * transaction.purchasedQuantity, forTransaction: transaction.id)
    }

    // MARK: - Transactions

    private func process(_ update: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = update else {
            // Not acted on and left unfinished, so StoreKit offers it again later.
            Logger.store.error("Ignoring a transaction update that failed verification")
            return
        }
        await fulfill(transaction)
    }

    /// Delivers what a verified transaction paid for, then finishes it.
    private func fulfill(_ transaction: Transaction) async {
        if transaction.productType == .consumable, transaction.revocationDate == nil {
            await creditConsumable(transaction)
        }
        // Subscriptions and the theme pack are not delivered here: they are read back
        // from currentEntitlements, which leaves out anything revoked.
        await transaction.finish()
        await refreshEntitlements()
    }

    /// Deliveries interrupted by a crash or a force quit are still waiting here.
    private func processUnfinishedTransactions() async {
        for await result in Transaction.unfinished {
            guard case .verified(let transaction) = result else { continue }
            if transaction.productType == .consumable, transaction.revocationDate == nil {
                await creditConsumable(transaction)
            }
            await transaction.finish()
        }
    }

    private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .verified(let value):
            return value
        case .unverified(_, let error):
            throw StoreError.failedVerification(error)
        }
    }

    private static func loadAccountToken() -> UUID {
        let key = "store.accountToken"
        if let stored = UserDefaults.standard.string(forKey: key), let token = UUID(uuidString: stored) {
            return token
        }
        let token = UUID()
        UserDefaults.standard.set(token.uuidString, forKey: key)
        return token
    }
}

extension Logger {
    static let store = Logger(subsystem: "com.notespro.app", category: "Store")
}
