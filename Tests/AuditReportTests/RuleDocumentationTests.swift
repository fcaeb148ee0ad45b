import AuditCore
import AuditRules
import Foundation
import Testing
@testable import AuditReport

@Suite struct RuleDocumentationTests {
    /// Docs/Rules.md is generated; it must match the rules the tool ships.
    @Test func committedRulesPageIsUpToDate() throws {
        let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
        let expected = RuleDocumentation.markdown(rules: RuleCatalogue.documented, checklists: resources.checklists)
        let url = FormatFixture.packageRoot.appendingPathComponent("Docs/Rules.md")
        let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        #expect(committed == expected, "Docs/Rules.md is stale (a rule was added or its description changed). Regenerate it with: \(RuleDocumentation.regenerateCommand)")
    }

    /// The reference is text: a binary file's example shows its NUL as a symbol, not a NUL byte.
    @Test func theReferenceHasNoControlBytes() throws {
        let bytes = try Data(contentsOf: FormatFixture.packageRoot.appendingPathComponent("Docs/Rules.md"))
        let hidden = bytes.filter { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }
        #expect(hidden.isEmpty, "Docs/Rules.md holds \(hidden.count) control bytes")
        #expect(RuleDocumentation.visibleControls("a\u{0}\u{1}\tb\n") == "a\u{2400}\u{2401}\tb\n")
    }

    @Test func everyRuleHasASectionAndAnIndexEntry() {
        let page = RuleDocumentation.markdown(rules: RuleCatalogue.documented, checklists: [])
        for rule in RuleCatalogue.documented {
            #expect(page.contains("\n## \(rule.identifier)\n"))
            #expect(page.contains("[`\(rule.identifier)`](#\(rule.identifier))"))
        }
    }
}
