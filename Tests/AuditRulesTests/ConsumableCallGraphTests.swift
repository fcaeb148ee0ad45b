import AuditCore
import Testing
@testable import AuditRules

/// `consumable_not_idempotent` follows calls by name. A large app declares the same names in
/// many files (each module's store has its `buy`, `listen`, `deliverConsumable`): the rule
/// must still judge each delivery as it would alone.
@Suite struct ConsumableCallGraphTests {
    static func coinStore(_ n: Int) -> String {
        """
        import StoreKit

        @MainActor final class CoinStore\(n): ObservableObject {
            @Published private(set) var coins = 0

            func buy(_ product: Product) async throws {
                guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                coins += 100 * transaction.purchasedQuantity
                await transaction.finish()
            }

            func listen() async {
                for await update in Transaction.updates {
                    guard case .verified(let transaction) = update else { continue }
                    coins += 100 * transaction.purchasedQuantity
                    await transaction.finish()
                }
            }
        }
        """
    }

    static func keyedStore(_ n: Int) -> String {
        """
        import StoreKit

        struct Purchases\(n) {
            func purchaseConsumable(_ product: Product, store: StoreService, ledger: Ledger) async throws {
                guard let transaction = try await store.purchase(product) else { return }
                await deliverConsumable(transaction.productID, quantity: transaction.purchasedQuantity, transactionID: transaction.id, ledger: ledger)
                await transaction.finish()
            }

            func deliverConsumable(_ productID: String, quantity: Int, transactionID: UInt64, ledger: Ledger) async {
                guard await ledger.markDelivered(transactionID) else { return }
                await ledger.credit(productID, quantity: quantity)
            }
        }
        """
    }

    static func findings(_ sources: [(String, String)]) -> [Finding] {
        let inputs = sources.map { InputFile(relativePath: $0.0, kind: .swift, contents: .success(Array($0.1.utf8))) }
        return Auditor.audit(files: inputs, rules: [ConsumableNotIdempotentRule()], options: AuditOptions(jobs: 1)).findings
    }

    @Test func everyCopyOfAnUnkeyedStoreIsReported() {
        let count = 40
        let findings = Self.findings((0..<count).map { ("Module\($0)/CoinStore.swift", Self.coinStore($0)) })
        // Two credits in each file: the purchase and the updates listener.
        #expect(findings.count == 2 * count)
        #expect(Set(findings.map(\.location.file)).count == count)
    }

    @Test func keyedStoresAmongUnkeyedOnesStayQuiet() {
        let sources = (0..<20).map { ("Module\($0)/CoinStore.swift", Self.coinStore($0)) }
            + (0..<20).map { ("Module\($0)/Purchases.swift", Self.keyedStore($0)) }
        let findings = Self.findings(sources)
        #expect(findings.count == 40)
        #expect(findings.allSatisfy { $0.location.file.hasSuffix("CoinStore.swift") })
        #expect(Self.findings((0..<20).map { ("Module\($0)/Purchases.swift", Self.keyedStore($0)) }).isEmpty)
    }
}
