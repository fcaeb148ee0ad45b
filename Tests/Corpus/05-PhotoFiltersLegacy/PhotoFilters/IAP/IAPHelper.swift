import Foundation
import StoreKit

/// In-app purchases for Photo Filters, written for iOS 12 and still in use.
final class IAPHelper: NSObject, SKProductsRequestDelegate, SKPaymentTransactionObserver {
    static let shared = IAPHelper()

    private(set) var products: [SKProduct] = []
    private(set) var purchasedIdentifiers: Set<String>
    private var productsRequest: SKProductsRequest?

    private override init() {
        purchasedIdentifiers = Set(UserDefaults.standard.stringArray(forKey: "purchasedIdentifiers") ?? [])
        super.init()
    }

    var isClubMember: Bool {
        purchasedIdentifiers.contains(ProductIdentifiers.clubMonthly)
    }

    func isPurchased(_ identifier: String) -> Bool {
        isClubMember || purchasedIdentifiers.contains(identifier)
    }

    // MARK: - Products

    func requestProducts() {
        productsRequest?.cancel()
        let request = SKProductsRequest(productIdentifiers: ProductIdentifiers.all)
        request.delegate = self
        request.start()
        productsRequest = request
    }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        products = response.products
        productsRequest = nil
        NotificationCenter.default.post(name: .iapProductsLoaded, object: self)
    }

    // MARK: - Buying and restoring

    func buy(_ product: SKProduct) {
        let payment = SKPayment(product: product)
        SKPaymentQueue.default().add(payment)
    }

    func restorePurchases() {
        SKPaymentQueue.default().restoreCompletedTransactions()
    }

    // MARK: - SKPaymentTransactionObserver

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions {
            switch transaction.transactionState {
            case .purchased, .restored:
                let identifier = transaction.payment.productIdentifier
                markPurchased(identifier)
                queue.finishTransaction(transaction)
                Task {
                    // The club is a subscription: ask the receipt whether it is still active.
                    await self.refreshClubStatus()
                }
            case .failed:
                NotificationCenter.default.post(name: .iapPurchaseFailed, object: transaction.error)
                queue.finishTransaction(transaction)
            case .deferred:
                NotificationCenter.default.post(name: .iapPurchaseDeferred, object: nil)
            case .purchasing:
                break
            @unknown default:
                break
            }
        }
    }

    func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {
        NotificationCenter.default.post(name: .iapPurchasesChanged, object: self)
    }

    // MARK: - Receipt

    func refreshClubStatus() async {
        do {
            let status = try await ReceiptValidator().validate()
            if status.clubIsActive {
                markPurchased(ProductIdentifiers.clubMonthly)
            } else {
                purchasedIdentifiers.remove(ProductIdentifiers.clubMonthly)
                save()
            }
        } catch {
            print("Receipt validation failed: \(error)")
        }
    }

    private func markPurchased(_ identifier: String) {
        purchasedIdentifiers.insert(identifier)
        save()
    }

    private func save() {
        UserDefaults.standard.set(Array(purchasedIdentifiers), forKey: "purchasedIdentifiers")
        NotificationCenter.default.post(name: .iapPurchasesChanged, object: self)
    }
}
