import AuditCore
import AuditReport
import AuditRules
import Foundation

/// `iap-audit rules [ID]`, `iap-audit rules --markdown`.
enum RulesCommand {
    static let markdown = Option<Bool>.flag("markdown", help: "Print the rule reference (Docs/Rules.md) as Markdown.")

    static let spec = CommandSpec(
        name: "rules",
        usages: [
            ("iap-audit rules [ID]", "list the rules, or explain one with its examples"),
            ("iap-audit rules --markdown", "print the rule reference (Docs/Rules.md) as Markdown"),
        ],
        options: [markdown.spec], argumentName: "ID", argument: .ruleID, argumentCount: 0...1,
        argumentsMessage: "'rules' takes a rule id or --markdown",
        check: { values throws(UsageError) in
            if values[markdown], !values.arguments.isEmpty { throw UsageError(message: "'rules' takes a rule id or --markdown, not both") }
        },
        run: { values, _ in values[markdown] ? printMarkdown() : printRules(values.arguments.first) })

    static func printRules(_ id: String?) -> Int32 {
        let documented = RuleCatalogue.documented
        guard let id else {
            let width = documented.map(\.identifier.count).max() ?? 0
            for d in documented {
                print(d.identifier + String(repeating: " ", count: width - d.identifier.count + 2) + d.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + d.title)
            }
            return 0
        }
        guard let d = RuleCatalogue.description(of: id) else {
            let ids = documented.map(\.identifier)
            return CommandLineTool.fail("unknown rule '\(id)'\(UsageError.suggestion(for: id, among: ids)); run 'iap-audit rules' for the list")
        }
        print("\(d.identifier): \(d.title)")
        print("Severity: \(d.severity.rawValue)   Reference: \(d.reference)\n")
        print("Why: \(d.rationale)\n")
        print("Fix: \(d.fix)\n")
        for (title, examples) in [("Triggering examples (↓ marks the finding)", d.triggeringExamples), ("Non-triggering examples", d.nonTriggeringExamples)] {
            print("\(title):")
            for example in examples {
                for file in example.files {
                    print("  --- \(file.path)")
                    for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) { print("  \(line)") }
                }
                print("")
            }
        }
        return 0
    }

    /// Docs/Rules.md: `iap-audit rules --markdown > Docs/Rules.md`.
    static func printMarkdown() -> Int32 {
        do {
            let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
            return CommandLineTool.writeStandardOutput(RuleDocumentation.markdown(rules: RuleCatalogue.documented, checklists: resources.checklists))
        } catch {
            return CommandLineTool.fail(error.description)
        }
    }
}
