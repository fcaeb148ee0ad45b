import AuditCore
import AuditRules
import Testing

/// The suppression notes are reported by the filter stage, not by a Rule, so their examples
/// run through the whole pipeline: every built-in rule, then the filters.
@Suite struct SuppressionRuleExamplesTests {
    static let ids = SuppressionRules.all.map(\.identifier)

    func outcome(_ id: String, _ example: RuleExample) -> (expected: [AuditCore.SourceLocation], actual: [AuditCore.SourceLocation], findings: [Finding]) {
        var expected: [AuditCore.SourceLocation] = []
        var inputs: [InputFile] = []
        for file in example.files {
            var clean: [UInt8] = []
            var line = 1
            var column = 1
            for character in file.contents {
                if character == RuleExample.marker {
                    expected.append(AuditCore.SourceLocation(file: file.path, line: line, column: column))
                    continue
                }
                let bytes = Array(String(character).utf8)
                clean += bytes
                if character == "\n" { line += 1; column = 1 } else { column += bytes.count }
            }
            inputs.append(InputFile(relativePath: file.path, kind: FileKind.classify(file.path) ?? .swift, contents: .success(clean)))
        }
        let audit = Auditor.audit(files: inputs, rules: BuiltInRules.all, options: AuditOptions(locales: example.locales, jobs: 1))
        let filtered = Filters.apply(audit, options: FilterOptions(knownRules: RuleCatalogue.identifiers))
        let findings = filtered.findings.filter { $0.ruleID == id }
        return (expected.sorted(), findings.map(\.location).sorted(), findings)
    }

    @Test(arguments: ids)
    func triggeringExamplesFireExactlyAtTheirMarkers(_ id: String) throws {
        let description = try #require(RuleCatalogue.description(of: id))
        #expect(description.triggeringExamples.count >= 3 && description.nonTriggeringExamples.count >= 5)
        for (n, example) in description.triggeringExamples.enumerated() {
            let result = outcome(id, example)
            #expect(!result.expected.isEmpty, sourceLocation: example.sourceLocation)
            #expect(result.actual == result.expected, "triggering example \(n + 1) of \(id): \(result.findings.map { "\($0.location) \($0.message)" })",
                    sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: ids)
    func nonTriggeringExamplesStaySilent(_ id: String) throws {
        let description = try #require(RuleCatalogue.description(of: id))
        for (n, example) in description.nonTriggeringExamples.enumerated() {
            let result = outcome(id, example)
            #expect(result.actual.isEmpty, "non-triggering example \(n + 1) of \(id): \(result.findings.map { "\($0.location) \($0.message)" })",
                    sourceLocation: example.sourceLocation)
        }
    }

    @Test func everyDocumentedRuleIsInTheCatalogue() {
        let documented = RuleCatalogue.documented.map(\.identifier)
        #expect(Set(documented).count == documented.count)
        #expect(documented.allSatisfy { RuleCatalogue.identifiers.contains($0) })
        #expect(RuleCatalogue.changeScopes.keys.allSatisfy { RuleCatalogue.identifiers.contains($0) })
    }
}
