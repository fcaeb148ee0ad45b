import Foundation
import OSLog
import StoreKit

/// Sells Habit Loop Plus (monthly or yearly) and the one-time Lifetime unlock, and
/// answers "is this person a Plus member?" for the rest of the app.
@MainActor
final class SubscriptionStore: ObservableObject {
    enum PurchaseState: Equatable {
        case idle
        case purchasing
        case awaitingApproval
        case failed(String)
    }

    @Published private(set) var plans: [Product] = []
    @Published private(set) var lifetime: Product?
    @Published private(set) var activeProductIDs: Set<String> = []
    @Published private(set) var isInGracePeriod = false
    @Published private(set) var isRestoring = false
    @Published var purchaseState: PurchaseState = .idle

    private var updates: Task<Void, Never>?
    private let log = Logger(subsystem: "com.habitloop.app", category: "Store")

    var isPlus: Bool { !activeProductIDs.isEmpty }

    init() {
        updates = Task { [weak self] in
            for await result in Transaction.updates {
                await self?.handle(update: result)
            }
        }
        Task { [weak self] in
            await self?.finishInterruptedTransactions()
            await self?.refreshEntitlements()
        }
    }

    deinit {
        updates?.cancel()
    }

    // MARK: - Products

    func loadProducts() async {
        do {
            let products = try await Product.products(for: ProductID.all)
            plans = products
                .filter { $0.type == .autoRenewable }
                .sorted { $0.price < $1.price }
            lifetime = products.first { $0.id == ProductID.lifetime }
        } catch {
            log.error("Could not load products: \(error.localizedDescription, privacy: .public)")
        }
    }

    // MARK: - Purchasing

    func purchase(_ product: Product) async {
        purchaseState = .purchasing
        do {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                let transaction = try checkVerified(verification)
                await transaction.finish()
                await refreshEntitlements()
                purchaseState = .idle
            case .pending:
                // Ask to Buy: a parent has to approve first. The approved transaction
                // arrives later through Transaction.updates.
                purchaseState = .awaitingApproval
            case .userCancelled:
                purchaseState = .idle
            @unknown default:
                purchaseState = .idle
            }
        } catch {
            purchaseState = .failed(error.localizedDescription)
        }
    }

    /// Called from the Restore Purchases buttons only: AppStore.sync() may ask the
    /// user to sign in to their Apple Account.
    func restore() async {
        isRestoring = true
        defer { isRestoring = false }
        do {
            try await AppStore.sync()
            await refreshEntitlements()
        } catch {
            purchaseState = .failed(error.localizedDescription)
        }
    }

    // MARK: - Entitlements

    func refreshEntitlements() async {
        var active: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result,
                  transaction.revocationDate == nil else { continue }
            active.insert(transaction.productID)
        }
        activeProductIDs = active
        await refreshRenewalState()
    }

    private func refreshRenewalState() async {
        guard let subscription = plans.first?.subscription,
              let statuses = try? await subscription.status else {
            isInGracePeriod = false
            return
        }
        var inGrace = false
        for status in statuses {
            guard case .verified = status.transaction else { continue }
            switch status.state {
            case .subscribed, .inGracePeriod:
                // Both keep Plus; the grace period only adds a payment reminder.
                inGrace = inGrace || status.state == .inGracePeriod
            default:
                continue
            }
        }
        isInGracePeriod = inGrace
    }

    // MARK: - Transactions

    private func handle(update result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            log.warning("Skipped a transaction update that failed verification")
            return
        }
        await transaction.finish()
        await refreshEntitlements()
    }

    /// Purchases interrupted by a crash or a force quit wait here until someone asks.
    private func finishInterruptedTransactions() async {
        for await result in Transaction.unfinished {
            guard case .verified(let transaction) = result else { continue }
            await transaction.finish()
        }
    }

    private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .verified(let value):
            return value
        case .unverified(_, let error):
            throw error
        }
    }
}
