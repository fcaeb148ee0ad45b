import Foundation
import Observation
import OSLog
import StoreKit

@Observable
@MainActor
final class TallyStore {
    private(set) var hasPro = false
    private(set) var thankYou: String?
    private(set) var pending = false

    @ObservationIgnored private var updates: Task<Void, Never>?
    @ObservationIgnored private let log = Logger(subsystem: "com.tally.app", category: "Store")

    init() {
        updates = Task { [weak self] in
            for await update in Transaction.updates {
                await self?.process(update)
            }
        }
        Task {
            for await unfinished in Transaction.unfinished {
                await process(unfinished)
            }
            await refreshPro()
        }
    }

    func handle(_ result: Product.PurchaseResult) async {
        switch result {
        case .success(let verification):
            pending = false
            await process(verification)
        case .pending:
            pending = true
        case .userCancelled:
            pending = false
        @unknown default:
            pending = false
        }
    }

    func restore() async {
        do {
            try await AppStore.sync()
        } catch {
            log.error("Restore failed: \(error.localizedDescription, privacy: .public)")
        }
        await refreshPro()
    }

    private func process(_ result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            // Never use result.unsafePayloadValue here: an unverified transaction
            // unlocks nothing.
            log.error("Unverified transaction ignored")
            return
        }
        if TallyProducts.tips.contains(transaction.productID) {
            thankYou = String(localized: "Thank you for supporting Tally!")
        } else {
            await refreshPro()
        }
        await transaction.finish()
    }

    private func refreshPro() async {
        var pro = false
        for await case .verified(let transaction) in Transaction.currentEntitlements
        where transaction.productID == TallyProducts.proLifetime && transaction.revocationDate == nil {
            pro = true
        }
        hasPro = pro
    }
}
