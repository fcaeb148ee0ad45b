import AuditCore

/// The examples of `ConsumableNotIdempotentRule` (its description), kept beside the rule for length.
extension ConsumableNotIdempotentRule {
    static let triggeringExamples: [RuleExample] = [
        // The monetisation seed's skeleton: the deduplication lives only in a comment, and
        // the delivery function never receives the transaction's id.
        RuleExample("""
            import StoreKit

            func purchaseConsumable(_ product: Product, store: StoreService) async throws {
                guard let transaction = try await store.purchase(product) else { return }
                await deliverConsumable(transaction.productID, quantity: transaction.↓purchasedQuantity)
                await transaction.finish()
            }

            // Idempotency: store transaction.id in your DB — re-delivery must not double-grant
            func deliverConsumable(_ productID: String, quantity: Int) async {
                // Check if transaction.id already processed before crediting
            }
            """),
        // Coins credited from both the purchase and the updates listener.
        RuleExample("""
            import StoreKit

            @MainActor final class CoinStore: ObservableObject {
                @Published private(set) var coins = 0

                func buy(_ product: Product) async throws {
                    guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                    ↓coins += 100 * transaction.purchasedQuantity
                    await transaction.finish()
                }

                func listen() async {
                    for await update in Transaction.updates {
                        guard case .verified(let transaction) = update else { continue }
                        ↓coins += 100 * transaction.purchasedQuantity
                        await transaction.finish()
                    }
                }
            }
            """),
        // A product-type switch that credits a ledger keyed by product, not by transaction.
        RuleExample(files: [
            ("Store.swift", """
                import StoreKit
                actor Store {
                    let wallet: Wallet
                    init(wallet: Wallet) { self.wallet = wallet }
                    func fulfill(_ transaction: Transaction) async {
                        switch transaction.productType {
                        case .↓consumable:
                            await wallet.add(pack: transaction.productID)
                        default:
                            break
                        }
                        await transaction.finish()
                    }
                }
                """),
            ("Wallet.swift", """
                import Foundation
                actor Wallet {
                    private var gems = 0
                    func add(pack productID: String) { gems += productID.hasSuffix("500") ? 500 : 100 }
                }
                """),
        ]),
        // Keyed on the product's id, which every purchase of the pack shares.
        RuleExample("""
            import StoreKit

            final class Delivery {
                var delivered: Set<String> = []
                var credits = 0

                func deliver(_ transaction: Transaction, product: Product) {
                    guard transaction.productType == .↓consumable, !delivered.contains(product.id) else { return }
                    credits += 50
                    delivered.insert(product.id)
                    print("delivered \\(transaction.id)")
                }
            }
            """),
        // The transaction id appears only in a log call and on the failed-verification path;
        // the credit itself is a per-product counter.
        RuleExample("""
            import StoreKit

            func buy(_ product: Product) async throws {
                guard case .success(let verification) = try await product.purchase() else { return }
                let checked = checkVerificationResult(result: verification)
                if !checked.verified {
                    PurchaseLog.failure(productId: checked.transaction.productID, transactionId: String(checked.transaction.id))
                    throw StoreError.failedVerification
                }
                let transaction = checked.transaction
                await transaction.finish()
                if transaction.productType == .↓consumable {
                    ConsumableCounter.increment(transaction.productID)
                }
                notify?(.purchased, String(transaction.id))
            }
            """),
        // The configuration sells consumables; an amount looked up by product id is added to a
        // counter from both the purchase and the updates loop, with no transaction id kept.
        RuleExample(files: [
            ("Gems.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.gems.small\", \"type\" : \"Consumable\" }, { \"productID\" : \"com.app.gems.large\", \"type\" : \"Consumable\" } ] }"),
            ("Wallet.swift", """
                import StoreKit
                @MainActor final class Wallet {
                    static let amounts = ["com.app.gems.small": 50, "com.app.gems.large": 500]
                    var stones = 0
                    func deposit(_ amount: Int) { stones += amount }
                    func buy(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        ↓deposit(Self.amounts[transaction.productID] ?? 0)
                        await transaction.finish()
                    }
                }
                """),
        ]),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The seed's skeleton completed as its comment says.
        RuleExample("""
            import StoreKit

            func purchaseConsumable(_ product: Product, store: StoreService, ledger: Ledger) async throws {
                guard let transaction = try await store.purchase(product) else { return }
                await deliverConsumable(transaction.productID, quantity: transaction.purchasedQuantity, transactionID: transaction.id, ledger: ledger)
                await transaction.finish()
            }

            func deliverConsumable(_ productID: String, quantity: Int, transactionID: UInt64, ledger: Ledger) async {
                guard await ledger.markDelivered(transactionID) else { return }
                await ledger.credit(productID, quantity: quantity)
            }
            """),
        // A ledger actor keyed by transaction id, reached through a helper (Notes Pro's shape).
        RuleExample(files: [
            ("Store.swift", """
                import StoreKit
                @MainActor @Observable final class Store {
                    private let ledger = CreditsLedger()
                    private(set) var creditBalance = 0

                    private func fulfill(_ transaction: Transaction) async {
                        if transaction.productType == .consumable, transaction.revocationDate == nil {
                            await creditConsumable(transaction)
                        }
                        await transaction.finish()
                    }

                    private func creditConsumable(_ transaction: Transaction) async {
                        guard let perPack = ProductID.creditsPerPack[transaction.productID] else { return }
                        creditBalance = await ledger.credit(perPack * transaction.purchasedQuantity, forTransaction: transaction.id)
                    }
                }
                """),
            ("CreditsLedger.swift", """
                import Foundation
                actor CreditsLedger {
                    private var delivered: Set<UInt64> = []
                    private(set) var balance = 0
                    func credit(_ amount: Int, forTransaction transactionID: UInt64) -> Int {
                        guard delivered.insert(transactionID).inserted else { return balance }
                        balance += amount
                        return balance
                    }
                }
                """),
        ]),
        // The caller deduplicates before handing the transaction to the delivery helper.
        RuleExample("""
            import StoreKit

            @MainActor final class GemStore {
                private var processed: Set<UInt64> = []
                private(set) var gems = 0

                func handle(_ result: VerificationResult<Transaction>) async {
                    guard case .verified(let transaction) = result else { return }
                    if processed.insert(transaction.id).inserted {
                        deliver(transaction)
                    }
                    await transaction.finish()
                }

                private func deliver(_ transaction: Transaction) {
                    gems += 100 * transaction.purchasedQuantity
                }
            }
            """),
        // Keyed on originalID in a database record.
        RuleExample("""
            import StoreKit
            import SwiftData

            @Model final class Delivery {
                @Attribute(.unique) var transactionID: UInt64
                var quantity: Int
                init(transactionID: UInt64, quantity: Int) { self.transactionID = transactionID; self.quantity = quantity }
            }

            @MainActor func record(_ transaction: Transaction, in context: ModelContext) throws {
                guard transaction.productType == .consumable else { return }
                context.insert(Delivery(transactionID: transaction.originalID, quantity: transaction.purchasedQuantity))
                try context.save()
            }
            """),
        // The server credits coins from the signed transaction (it keys on the transaction id).
        RuleExample("""
            import StoreKit

            actor CoinService {
                let api: CoinAPI
                init(api: CoinAPI) { self.api = api }
                func redeem(_ verification: VerificationResult<Transaction>) async throws -> Int {
                    guard case .verified(let transaction) = verification, transaction.productType == .consumable else { return 0 }
                    let balance = try await api.credit(signedTransaction: verification.jwsRepresentation)
                    await transaction.finish()
                    return balance
                }
            }
            """),
        // No consumables: a non-consumable unlock with `coins` only in a string.
        RuleExample("""
            import StoreKit

            @MainActor final class Unlocks {
                var owned: Set<String> = []
                func buy(_ product: Product) async throws {
                    guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                    owned.insert(transaction.productID)
                    print("no coins += here")
                    await transaction.finish()
                }
            }
            """),
        // A purchase-history export and an analytics event read the quantity without delivering.
        RuleExample("""
            import StoreKit

            struct HistoryExporter {
                func export() async -> [[String: Any]] {
                    var rows: [[String: Any]] = []
                    for await result in Transaction.all {
                        guard case .verified(let transaction) = result else { continue }
                        rows.append(["product": transaction.productID, "quantity": transaction.purchasedQuantity])
                    }
                    return rows
                }
                func report(_ transaction: Transaction, analytics: Analytics) {
                    analytics.track("purchase", properties: ["quantity": transaction.purchasedQuantity])
                }
            }
            """),
        // A budget's balance is not a consumable, even next to a tip jar that sells one.
        RuleExample(files: [
            ("Ledger.swift", """
                import Foundation
                struct BankTransaction { var amount: Decimal }
                final class Budget {
                    var balance: Decimal = 0
                    func apply(_ transaction: BankTransaction) { balance += transaction.amount }
                }
                """),
            ("TipJar.swift", """
                import StoreKit
                import SwiftUI
                struct TipJar: View {
                    var body: some View {
                        StoreView(ids: ["com.app.tip.small"]) { product in
                            Image(systemName: product.type == .consumable ? "cup.and.saucer" : "star")
                        }
                    }
                }
                """),
        ]),
        // Product type shown in a store view: not delivery.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct ExtrasView: View {
                var body: some View {
                    StoreView(ids: ["com.app.gems100"]) { product in
                        Image(systemName: product.type == .consumable ? "sparkles" : "paintpalette")
                    }
                }
            }
            """),
        // The same wallet, keyed on the transaction's id before the amount is added.
        RuleExample(files: [
            ("Gems.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.gems.small\", \"type\" : \"Consumable\" }, { \"productID\" : \"com.app.gems.large\", \"type\" : \"Consumable\" } ] }"),
            ("Wallet.swift", """
                import StoreKit
                @MainActor final class Wallet {
                    static let amounts = ["com.app.gems.small": 50, "com.app.gems.large": 500]
                    var stones = 0
                    var delivered: Set<UInt64> = []
                    func deposit(_ amount: Int) { stones += amount }
                    func buy(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        if delivered.insert(transaction.id).inserted {
                            deposit(Self.amounts[transaction.productID] ?? 0)
                        }
                        await transaction.finish()
                    }
                }
                """),
        ]),
    ]
}
