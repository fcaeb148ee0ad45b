import Foundation
import OSLog
import StoreKit

/// All StoreKit traffic goes through this actor, so deliveries from a purchase and
/// from Transaction.updates can never interleave.
actor PurchaseService {
    enum Failure: Error {
        case unverified
    }

    private let access: AccessModel
    private let api: SubscriptionAPI
    private var updatesTask: Task<Void, Never>?
    private let log = Logger(subsystem: "com.podcastplus.app", category: "Purchases")

    init(access: AccessModel, api: SubscriptionAPI) {
        self.access = access
        self.api = api
    }

    func start() {
        guard updatesTask == nil else { return }
        updatesTask = Task {
            for await result in Transaction.updates {
                await self.process(result)
            }
        }
        Task {
            for await result in Transaction.unfinished {
                await self.process(result)
            }
            await self.refreshAccess()
        }
    }

    func products() async throws -> [Product] {
        try await Product.products(for: ProductID.all)
    }

    /// Delivers a successful purchase. Throws when the App Store's signature does not check out.
    func complete(purchase verification: VerificationResult<Transaction>) async throws {
        guard case .verified = verification else { throw Failure.unverified }
        await process(verification)
    }

    func refreshAccess() async {
        var owned: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result, transaction.revocationDate == nil else { continue }
            owned.insert(transaction.productID)
        }
        let plusIsActive = await plusStatusIsActive()
        await access.replace(owned: owned, plusIsActive: plusIsActive)
    }

    // MARK: - Private

    private func process(_ result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            // Left unfinished: StoreKit will offer it again and we look again then.
            log.error("A transaction failed verification and was not delivered")
            return
        }
        await deliver(transaction)
        await complete(transaction)
        // The server keeps listening history in sync for Plus members; it checks the
        // signed transaction itself.
        try? await api.register(signedTransaction: result.jwsRepresentation)
    }

    private func deliver(_ transaction: Transaction) async {
        if transaction.revocationDate != nil {
            await access.revoke(transaction.productID)
        } else {
            await access.grant(transaction.productID)
        }
    }

    private func complete(_ transaction: Transaction) async {
        await transaction.finish()
        log.info("Finished transaction \(transaction.id)")
    }

    private func plusStatusIsActive() async -> Bool {
        guard let statuses = try? await Product.SubscriptionInfo.status(for: SubscriptionGroup.plus) else { return false }
        return statuses.contains { status in
            guard case .verified = status.transaction else { return false }
            // A failed renewal inside the grace period keeps Plus.
            return [.subscribed, .inGracePeriod].contains(status.state)
        }
    }
}

enum SubscriptionGroup {
    static let plus = "21740192"
}
