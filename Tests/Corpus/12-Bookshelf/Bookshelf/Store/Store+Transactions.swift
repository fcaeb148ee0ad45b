import StoreKit

extension Store {
    /// Every transaction, whether from a purchase, Transaction.updates or the unfinished
    /// queue, ends up here.
    func handle(_ result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            log.error("Dropped a transaction that failed verification")
            return
        }
        if transaction.revocationDate != nil {
            // Refunded or removed from Family Sharing.
            ownedProductIDs.remove(transaction.productID)
            await transaction.finish()
            return
        }
        if transaction.productID == ProductID.sepiaTheme.rawValue {
            // Finishes the transaction once the theme's fonts and textures are on disk,
            // so an interrupted download is retried on the next launch.
            await themes.install(transaction)
            ownedProductIDs.insert(transaction.productID)
            return
        }
        ownedProductIDs.insert(transaction.productID)
        await transaction.finish()
    }

    func processUnfinished() async {
        for await result in Transaction.unfinished {
            await handle(result)
        }
    }

    func updateEntitlements() async {
        var owned: Set<String> = []
        for await case .verified(let transaction) in Transaction.currentEntitlements where transaction.revocationDate == nil {
            owned.insert(transaction.productID)
        }
        ownedProductIDs = owned
    }
}
