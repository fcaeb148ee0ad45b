import Foundation
import Observation
import OSLog
import StoreKit

@Observable
@MainActor
final class LingoStore {
    enum PurchaseStatus: Equatable {
        case idle
        case waitingForApproval
        case failed(String)
    }

    private(set) var plans: [Product] = []
    private(set) var isPremium = false
    var status: PurchaseStatus = .idle

    @ObservationIgnored private let log = Logger(subsystem: "com.lingoleap.app", category: "Store")

    // StoreKit keeps renewals up to date by itself, so there is no updates loop here.
    // (Removed in 2.1 because it never returned:)
    // for await result in Transaction.updates { await handle(result) }

    func loadProducts() async {
        do {
            plans = try await Product.products(for: LingoProducts.all).sorted { $0.price < $1.price }
        } catch {
            log.error("Products unavailable: \(error.localizedDescription, privacy: .public)")
        }
    }

    func purchase(_ product: Product) async {
        do {
            switch try await product.purchase() {
            case .success(let verification):
                let transaction = try checkVerified(verification)
                await transaction.finish()
                await refreshEntitlements()
                status = .idle
            case .pending:
                status = .waitingForApproval
            case .userCancelled:
                status = .idle
            @unknown default:
                status = .idle
            }
        } catch {
            status = .failed(error.localizedDescription)
        }
    }

    func refreshEntitlements() async {
        var premium = false
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, LingoProducts.all.contains(transaction.productID) {
                // TODO: also look at transaction.revocationDate
                premium = true
            }
        }
        isPremium = premium
    }

    private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        guard case .verified(let value) = result else {
            throw StoreKitError.notEntitled
        }
        return value
    }
}
