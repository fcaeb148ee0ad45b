import StoreKit

// Left over from the StoreKit 1 version of the store. No target compiles this file.
final class LegacyStoreObserver: NSObject, SKPaymentTransactionObserver {
    static let unlockProductID = "com.example.classicapp.legacy.unlock"

    func buy() {
        let payment = SKMutablePayment()
        payment.productIdentifier = Self.unlockProductID
        SKPaymentQueue.default().add(payment)
    }

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState == .purchased {
            queue.finishTransaction(transaction)
        }
    }
}
