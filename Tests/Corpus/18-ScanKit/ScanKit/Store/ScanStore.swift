import Foundation
import Observation
import OSLog
import StoreKit

@Observable
@MainActor
final class ScanStore {
    private(set) var isPro = false
    var message: String?

    @ObservationIgnored private var updates: Task<Void, Never>?
    @ObservationIgnored private let log = Logger(subsystem: "com.scankit.app", category: "Store")

    init() {
        updates = Task { [weak self] in
            for await result in Transaction.updates {
                await self?.process(result)
            }
        }
        Task {
            for await result in Transaction.unfinished {
                await process(result)
            }
            await refreshEntitlements()
        }
    }

    func handle(_ result: Product.PurchaseResult) async {
        switch result {
        case .success(let verification):
            await process(verification)
        case .pending:
            message = String(localized: "Your purchase is awaiting approval.")
        case .userCancelled:
            break
        @unknown default:
            break
        }
    }

    func restore() async {
        do {
            try await AppStore.sync()
            await refreshEntitlements()
        } catch {
            message = error.localizedDescription
        }
    }

    func refreshEntitlements() async {
        var pro = false
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result, transaction.revocationDate == nil else { continue }
            if ScanProducts.all.contains(transaction.productID) { pro = true }
        }
        isPro = pro
    }

    private func process(_ result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            log.error("Unverified transaction left unfinished")
            return
        }
        await transaction.finish()
        await refreshEntitlements()
    }
}
