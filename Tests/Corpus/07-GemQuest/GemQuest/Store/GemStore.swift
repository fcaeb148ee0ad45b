import Foundation
import Observation
import OSLog
import StoreKit

@Observable
@MainActor
final class GemStore {
    private(set) var gems = 0
    private(set) var adsRemoved = false
    var notice: String?

    @ObservationIgnored private let ledger: GemLedger
    @ObservationIgnored private var updates: Task<Void, Never>?
    @ObservationIgnored private let log = Logger(subsystem: "com.gemquest.app", category: "Store")

    init(ledger: GemLedger) {
        self.ledger = ledger
        updates = Task { [weak self] in
            for await update in Transaction.updates {
                await self?.process(update)
            }
        }
        Task {
            for await unfinished in Transaction.unfinished {
                await process(unfinished)
            }
            gems = await ledger.balance
            await refreshRemoveAds()
        }
    }

    func handle(_ result: Product.PurchaseResult) async {
        switch result {
        case .success(let verification):
            await process(verification)
        case .pending:
            notice = String(localized: "Purchase waiting for approval. Your gems arrive as soon as it's approved.")
        case .userCancelled:
            notice = nil
        @unknown default:
            notice = nil
        }
    }

    func spend(_ amount: Int) async -> Bool {
        guard await ledger.spend(amount) else { return false }
        gems = await ledger.balance
        return true
    }

    private func process(_ result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            log.error("Skipping a transaction that failed verification")
            return
        }
        switch transaction.productType {
        case .consumable:
            if transaction.revocationDate == nil, let perPack = ProductID.gemsPerPack[transaction.productID] {
                gems = await ledger.credit(perPack * transaction.purchasedQuantity, forTransaction: transaction.id)
            }
        default:
            await refreshRemoveAds()
        }
        await transaction.finish()
    }

    private func refreshRemoveAds() async {
        guard case .verified(let transaction)? = await Transaction.currentEntitlement(for: ProductID.removeAds) else {
            adsRemoved = false
            return
        }
        adsRemoved = transaction.revocationDate == nil
    }
}
