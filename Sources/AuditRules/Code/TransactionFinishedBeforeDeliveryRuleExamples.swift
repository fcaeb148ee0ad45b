import AuditCore

/// The examples of `TransactionFinishedBeforeDeliveryRule` (its description).
extension TransactionFinishedBeforeDeliveryRule {
    static let triggeringExamples: [RuleExample] = [
        // Unwrapped with `payloadValue`, finished, then recorded (a common shape in public apps).
        RuleExample("""
            @MainActor final class ThemeStore {
                var owned: Set<String> = []
                func buy(_ product: Product) async throws {
                    switch try await product.purchase() {
                    case .success(let verification):
                        let transaction = try verification.payloadValue
                        await transaction.↓finish()
                        owned.insert(transaction.productID)
                    case .pending, .userCancelled:
                        break
                    @unknown default:
                        break
                    }
                }
            }
            """),
        // StoreKit 1: the handler a case calls finishes, then tells its delegate (on the main queue).
        RuleExample("""
            import StoreKit
            final class StoreObserver: NSObject, SKPaymentTransactionObserver {
                weak var delegate: StoreObserverDelegate?
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased: handlePurchased(transaction)
                        default: SKPaymentQueue.default().finishTransaction(transaction)
                        }
                    }
                }
                private func handlePurchased(_ transaction: SKPaymentTransaction) {
                    SKPaymentQueue.default().↓finishTransaction(transaction)
                    DispatchQueue.main.async { self.delegate?.didPurchase(productId: transaction.payment.productIdentifier) }
                }
            }
            """),
        // Objective-C.
        RuleExample(files: [("StoreObserver.m", """
            #import <StoreKit/StoreKit.h>
            @implementation StoreObserver
            - (void)complete:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                [queue ↓finishTransaction:transaction];
                [self.persistor persistTransaction:transaction];
            }
            @end
            """)]),
        // Finished, then recorded: a crash in between loses the purchase (StoreKit 1 and 2).
        RuleExample("""
            final class Donations: NSObject, SKPaymentTransactionObserver {
                func donate(_ product: SKProduct) { SKPaymentQueue.default().add(SKPayment(product: product)) }
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased:
                            queue.↓finishTransaction(transaction)
                            UserDefaults.standard.set(Date(), forKey: "lastDonation")
                        case .failed, .restored:
                            queue.finishTransaction(transaction)
                        default:
                            break
                        }
                    }
                }
            }
            """),
        RuleExample("""
            func buy(_ product: Product) async throws -> Bool {
                guard case .success(.verified(let transaction)) = try await product.purchase() else { return false }
                await transaction.↓finish()
                NSUbiquitousKeyValueStore.default.set(true, forKey: transaction.productID)
                return true
            }
            """),
        // Original StoreKit, a Keychain counter after the finish.
        RuleExample("""
            final class CoinStore: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for t in transactions where t.transactionState == .purchased || t.transactionState == .restored {
                        switch t.transactionState {
                        case .purchased:
                            SKPaymentQueue.default().↓finishTransaction(t)
                            KeychainCounter.increment(t.payment.productIdentifier, by: t.payment.quantity)
                        default:
                            SKPaymentQueue.default().finishTransaction(t)
                        }
                    }
                }
            }
            """),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Only non-consumables are sold, and the owned set is re-read from
        // Transaction.currentEntitlements: the local copy written after the finish is a cache.
        RuleExample(files: [
            ("Themes.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.theme.ocean\", \"type\" : \"NonConsumable\" } ] }"),
            ("ThemeStore.swift", """
                import StoreKit
                @MainActor final class ThemeStore {
                    var owned: Set<String> = []
                    func buy(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        await transaction.finish()
                        owned.insert(transaction.productID)
                        UserDefaults.standard.set(Array(owned), forKey: "ownedThemes")
                        await reload()
                    }
                    func reload() async {
                        var ids: Set<String> = []
                        for await result in Transaction.currentEntitlements {
                            if case .verified(let transaction) = result { ids.insert(transaction.productID) }
                        }
                        owned = ids
                    }
                }
                """),
        ]),
        // The delegate validates the receipt, which keeps the purchase; a failure is no delivery.
        RuleExample("""
            import StoreKit
            final class StoreObserver: NSObject, SKPaymentTransactionObserver {
                weak var delegate: StoreObserverDelegate?
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased:
                            SKPaymentQueue.default().finishTransaction(transaction)
                            delegate?.purchasedOrRestoredProduct(validateReceipt: true)
                        case .failed:
                            SKPaymentQueue.default().finishTransaction(transaction)
                            delegate?.purchaseFailed(error: transaction.error)
                        default: break
                        }
                    }
                }
            }
            """),
        // Objective-C.
        RuleExample(files: [("StoreObserver.m", """
            #import <StoreKit/StoreKit.h>
            @implementation StoreObserver
            - (void)complete:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                [self.persistor persistTransaction:transaction];
                [queue finishTransaction:transaction];
            }
            @end
            """)]),
        // Finished after delivery; the next case's `default:` and `.default` member are not
        // deliveries after the finish.
        RuleExample("""
            func buy(_ product: Product) async throws -> Bool {
                switch try await product.purchase() {
                case .success(.verified(let transaction)):
                    NSUbiquitousKeyValueStore.default.set(true, forKey: transaction.productID)
                    await transaction.finish()
                    return true
                default:
                    UserDefaults.standard.set(false, forKey: "lastPurchaseSucceeded")
                    return false
                }
            }
            """),
        // Finished, then the entitlements are re-read from StoreKit: a refresh, not a delivery
        // that could be lost.
        RuleExample("""
            func listen() -> Task<Void, Never> {
                Task.detached {
                    for await update in Transaction.updates {
                        guard case .verified(let transaction) = update else { continue }
                        await transaction.finish()
                        await self.updatePurchasedProducts()
                    }
                }
            }
            """),
        // Original StoreKit: recorded, then finished.
        RuleExample("""
            final class TipStore: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased:
                            UserDefaults.standard.set(Date(), forKey: "lastTip")
                            queue.finishTransaction(transaction)
                        case .failed, .restored:
                            queue.finishTransaction(transaction)
                        default:
                            break
                        }
                    }
                }
            }
            """),
        // A failed transaction delivers nothing: what is written after finishing it is not a purchase.
        RuleExample("""
            final class TipStore: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased, .restored:
                            Tips.record(transaction)
                            queue.finishTransaction(transaction)
                        case .failed:
                            queue.finishTransaction(transaction)
                            UserDefaults.standard.set(transaction.error?.localizedDescription, forKey: "lastError")
                        default:
                            break
                        }
                    }
                }
            }
            """),
        // The helper finishes and returns; the caller records nothing afterwards in that block.
        RuleExample("""
            @MainActor final class Store {
                var purchased: Set<String> = []
                func buy(_ product: Product) async throws {
                    guard case .success(let result) = try await product.purchase() else { return }
                    if case .verified(let transaction) = result {
                        purchased.insert(transaction.productID)
                        UserDefaults.standard.set(Array(purchased), forKey: "purchased")
                        await transaction.finish()
                    }
                }
            }
            """),
    ]
}
