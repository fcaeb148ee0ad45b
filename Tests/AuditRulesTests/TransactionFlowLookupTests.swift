import AuditCore
import Testing
@testable import AuditRules

/// `TransactionFlow.source(ofTransactionNamed:usedAt:in:)` answers with the nearest binding of
/// the name before the use whose scope holds the use, among many bindings of one name in a
/// file (a generated app binds `transaction` thousands of times; real stores a few times).
@Suite struct TransactionFlowLookupTests {
    @Test func theNearestBindingInScopeAnswers() {
        let source = """
            import StoreKit
            final class Store {
                func listen() async {
                    for await update in Transaction.updates {
                        guard case .verified(let transaction) = update else { continue }
                        await transaction.finish()
                    }
                }
                func buy(_ product: Product) async throws {
                    if case .success(.verified(let transaction)) = try await product.purchase() {
                        await transaction.finish()
                    }
                    for await entitlement in Transaction.currentEntitlements {
                        if case .verified(let transaction) = entitlement { print(transaction.productID) }
                    }
                }
                func later(_ transaction: Transaction) async { await transaction.finish() }
            }
            """
        let file = SwiftFile(path: "Store.swift", bytes: Array(source.utf8))
        let project = Project(swiftFiles: [file])
        let flow = TransactionFlow(project)
        // The uses: `transaction.finish()`, `transaction.productID`.
        let uses = file.occurrences(of: "transaction").filter { file.tokenIs($0 + 1, ".") }
        #expect(uses.count == 4)
        let sources = uses.map { flow.source(ofTransactionNamed: "transaction", usedAt: $0, in: file) }
        // The listener's, the purchase's (the entitlement binding comes after it), the
        // entitlement's (the purchase's scope has ended), and a parameter no binding holds.
        #expect(sources == [.updates, .purchase, .currentEntitlements, .unknown])
    }
}
