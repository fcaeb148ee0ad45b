import AuditCore
import Testing
@testable import AuditRules

/// `consumable_not_idempotent` follows calls by name. A large app declares the same names in
/// many files (each module's store has its `buy`, `listen`, `deliverConsumable`): the rule
/// must still judge each delivery as it would alone.
@Suite struct ConsumableCallGraphTests {
    /// The rule's own examples: coins credited from the purchase and the updates listener
    /// (two findings, where its markers are), and the seed's skeleton completed, keyed on the
    /// transaction's id. Every copy declares the same names, as modules of one app do.
    static let coinStore = example(ConsumableNotIdempotentRule.description.triggeringExamples[1])
    static let keyedStore = example(ConsumableNotIdempotentRule.description.nonTriggeringExamples[0])

    static func example(_ example: RuleExample) -> (source: String, findings: Int) {
        let contents = example.files[0].contents
        return (contents.filter { $0 != RuleExample.marker }, contents.count { $0 == RuleExample.marker })
    }

    static func findings(_ sources: [(String, String)]) -> [Finding] {
        let inputs = sources.map { InputFile(relativePath: $0.0, kind: .swift, contents: .success(Array($0.1.utf8))) }
        return Auditor.audit(files: inputs, rules: [ConsumableNotIdempotentRule()], options: AuditOptions(jobs: 1)).findings
    }

    @Test func everyCopyOfAnUnkeyedStoreIsReported() {
        let count = 40
        let findings = Self.findings((0..<count).map { ("Module\($0)/CoinStore.swift", Self.coinStore.source) })
        #expect(Self.coinStore.findings == 2)
        #expect(findings.count == Self.coinStore.findings * count)
        #expect(Set(findings.map(\.location.file)).count == count)
    }

    @Test func keyedStoresAmongUnkeyedOnesStayQuiet() {
        let sources = (0..<20).map { ("Module\($0)/CoinStore.swift", Self.coinStore.source) }
            + (0..<20).map { ("Module\($0)/Purchases.swift", Self.keyedStore.source) }
        let findings = Self.findings(sources)
        #expect(findings.count == Self.coinStore.findings * 20)
        #expect(findings.allSatisfy { $0.location.file.hasSuffix("CoinStore.swift") })
        #expect(Self.findings((0..<20).map { ("Module\($0)/Purchases.swift", Self.keyedStore.source) }).isEmpty)
    }
}
