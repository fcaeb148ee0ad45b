import AuditCore
import AuditRules
import Testing

/// One test for every rule: each triggering example yields findings exactly at its `↓`
/// markers, each non-triggering example yields none. Adding a rule needs no new harness. A
/// failing example is reported at its own `RuleExample(` line (its `sourceLocation`).
@Suite struct RuleExamplesTests {
    static let ruleIDs = BuiltInRules.all.map { $0.description.identifier }

    @Test(arguments: ruleIDs)
    func triggeringExamplesFireExactlyAtTheirMarkers(_ id: String) throws {
        let rule = try #require(BuiltInRules.rule(identifier: id))
        for (n, example) in rule.description.triggeringExamples.enumerated() {
            let outcome = run(rule, on: example)
            #expect(!outcome.expected.isEmpty, "triggering example \(n + 1) of \(id) has no ↓ marker",
                    sourceLocation: example.sourceLocation)
            #expect(outcome.actual == outcome.expected,
                    "triggering example \(n + 1) of \(id): findings \(outcome.findings.map { "\($0.location) \($0.message)" })",
                    sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: ruleIDs)
    func nonTriggeringExamplesStaySilent(_ id: String) throws {
        let rule = try #require(BuiltInRules.rule(identifier: id))
        for (n, example) in rule.description.nonTriggeringExamples.enumerated() {
            let outcome = run(rule, on: example)
            #expect(outcome.actual.isEmpty,
                    "non-triggering example \(n + 1) of \(id): findings \(outcome.findings.map { "\($0.location) \($0.message)" })",
                    sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: ruleIDs)
    func everyRuleIsDocumentedWithEnoughExamples(_ id: String) throws {
        let description = try #require(BuiltInRules.rule(identifier: id)).description
        #expect(description.triggeringExamples.count >= 3)
        #expect(description.nonTriggeringExamples.count >= 5)
        #expect(!description.rationale.isEmpty && !description.fix.isEmpty && !description.reference.isEmpty)
        #expect(description.identifier.allSatisfy { $0.isLowercase || $0 == "_" })
    }

    @Test func ruleIdentifiersAreUnique() {
        #expect(Set(Self.ruleIDs).count == Self.ruleIDs.count)
    }
}
