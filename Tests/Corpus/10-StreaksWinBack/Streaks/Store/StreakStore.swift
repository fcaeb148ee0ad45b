import Foundation
import Observation
import StoreKit

@Observable
@MainActor
final class StreakStore {
    private(set) var isPremium = false
    private(set) var hadPremiumBefore = false
    var winBackProduct: Product?
    var message: String?

    let accountToken: UUID = {
        if let saved = UserDefaults.standard.string(forKey: "accountToken"), let token = UUID(uuidString: saved) {
            return token
        }
        let token = UUID()
        UserDefaults.standard.set(token.uuidString, forKey: "accountToken")
        return token
    }()

    @ObservationIgnored private var listener: Task<Void, Never>?

    func startListening() {
        guard listener == nil else { return }
        listener = Task {
            for await result in Transaction.updates {
                if case .verified(let transaction) = result {
                    await transaction.finish()
                }
            }
        }
    }

    func refreshStatus() async {
        guard let statuses = try? await Product.SubscriptionInfo.status(for: StreakProducts.groupID) else { return }
        var premium = false
        var lapsed = false
        for status in statuses {
            guard case .verified = status.transaction else { continue }
            switch status.state {
            case .subscribed:
                premium = true
            case .expired:
                lapsed = true
            default:
                break
            }
        }
        isPremium = premium
        hadPremiumBefore = lapsed
        if lapsed && !premium {
            winBackProduct = try? await Product.products(for: [StreakProducts.premiumYearly]).first
        }
    }

    func redeemWinBack(_ product: Product) async {
        do {
            let offer = try WinBackOffer.purchaseOption(for: product, appAccountToken: accountToken)
            let result = try await product.purchase(options: [offer, .appAccountToken(accountToken)])
            switch result {
            case .success(let verification):
                let transaction = try checkVerified(verification)
                Analytics.log("winback_redeemed", productID: transaction.productID)
                winBackProduct = nil
                await refreshStatus()
            case .pending:
                message = String(localized: "Your purchase is waiting for approval.")
            case .userCancelled:
                message = nil
            @unknown default:
                message = nil
            }
        } catch {
            message = error.localizedDescription
        }
    }

    private func checkVerified(_ result: VerificationResult<Transaction>) throws -> Transaction {
        switch result {
        case .verified(let transaction):
            return transaction
        case .unverified(_, let error):
            throw error
        }
    }
}
