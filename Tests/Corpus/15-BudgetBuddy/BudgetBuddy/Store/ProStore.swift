import Foundation
import Observation
import StoreKit

@Observable
@MainActor
final class ProStore {
    private(set) var proProduct: Product?
    private(set) var ownsPro = false
    private(set) var unlockedByPaidDownload = false
    var statusText: String?

    var hasPro: Bool { ownsPro || unlockedByPaidDownload }

    @ObservationIgnored private var updates: Task<Void, Never>?

    init() {
        updates = Task { [weak self] in
            for await update in Transaction.updates {
                guard case .verified(let transaction) = update else { continue }
                await transaction.finish()
                await self?.refresh()
            }
        }
        Task {
            proProduct = try? await Product.products(for: [ProductIDs.proLifetime]).first
            unlockedByPaidDownload = await LegacyUnlock.boughtPaidVersion()
            await refresh()
        }
    }

    func buyPro() async {
        guard let proProduct else { return }
        do {
            switch try await proProduct.purchase() {
            case .success(let verification):
                let transaction = try verification.payloadValue
                await transaction.finish()
                await refresh()
                await ReceiptSync.upload()
            case .pending:
                statusText = String(localized: "Waiting for approval from your family organizer.")
            case .userCancelled:
                statusText = nil
            @unknown default:
                statusText = nil
            }
        } catch {
            statusText = error.localizedDescription
        }
    }

    func restorePurchases() async {
        do {
            try await AppStore.sync()
            await refresh()
        } catch {
            statusText = error.localizedDescription
        }
    }

    func refresh() async {
        var owns = false
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result,
               transaction.productID == ProductIDs.proLifetime,
               transaction.revocationDate == nil {
                owns = true
            }
        }
        ownsPro = owns
    }
}
