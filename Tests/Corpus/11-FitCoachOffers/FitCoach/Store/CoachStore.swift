import Foundation
import Observation
import OSLog
import StoreKit

@Observable
@MainActor
final class CoachStore {
    static let shared = CoachStore()

    private(set) var plans: [Product] = []
    private(set) var hasPro = false
    private(set) var canStartTrial = false
    private(set) var isRestoring = false
    var note: String?

    @ObservationIgnored private let api = APIClient()
    @ObservationIgnored private let log = Logger(subsystem: "com.fitcoach.app", category: "Store")

    private init() {}

    /// Launch work: deliveries a crash interrupted, then the current state.
    func start() async {
        for await result in Transaction.unfinished {
            await handle(update: result)
        }
        await refresh()
        await loadPlans()
    }

    func loadPlans() async {
        do {
            plans = try await Product.products(for: FitProducts.all).sorted { $0.price < $1.price }
            if let subscription = plans.first?.subscription {
                canStartTrial = await subscription.isEligibleForIntroOffer
            }
        } catch {
            log.error("Could not load plans: \(error.localizedDescription, privacy: .public)")
        }
    }

    func handle(update result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            log.error("Ignored an unverified transaction")
            return
        }
        // Our server keeps workout plans for Pro members and checks the JWS itself.
        try? await api.registerTransaction(signedTransaction: result.jwsRepresentation)
        await transaction.finish()
        await refresh()
    }

    func handle(purchase result: Product.PurchaseResult) async {
        switch result {
        case .success(let verification):
            note = nil
            await handle(update: verification)
        case .pending:
            note = String(localized: "Your purchase is pending approval. FitCoach Pro unlocks as soon as it is approved.")
        case .userCancelled:
            break
        @unknown default:
            break
        }
    }

    func purchase(_ product: Product, loyaltyOffer offer: Product.SubscriptionOffer) async {
        do {
            let signed = try await OfferService(api: api).signedOffer(productID: product.id, offerID: offer.id ?? FitProducts.loyaltyOfferID)
            let result = try await product.purchase(options: [
                .promotionalOffer(
                    offerID: signed.offerID,
                    keyID: signed.keyID,
                    nonce: signed.nonce,
                    signature: signed.signature,
                    timestamp: signed.timestamp
                ),
                .appAccountToken(signed.appAccountToken),
            ])
            await handle(purchase: result)
        } catch {
            note = error.localizedDescription
        }
    }

    func restore() async {
        isRestoring = true
        defer { isRestoring = false }
        do {
            try await AppStore.sync()
            await refresh()
        } catch {
            note = error.localizedDescription
        }
    }

    func refresh() async {
        guard let statuses = try? await Product.SubscriptionInfo.status(for: FitProducts.groupID) else { return }
        hasPro = statuses.contains { status in
            guard case .verified(let transaction) = status.transaction,
                  transaction.revocationDate == nil else { return false }
            // Subscribed, in the grace period or in billing retry: Apple has not given up
            // on the payment, and neither do we.
            return status.state != .expired && status.state != .revoked
        }
    }
}
