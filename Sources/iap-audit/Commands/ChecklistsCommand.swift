import AuditReport
import AuditRules

/// `iap-audit checklists`: the built-in checklists and their items, each with its rules.
enum ChecklistsCommand {
    static let spec = CommandSpec(
        name: "checklists", usages: [("iap-audit checklists", "list the built-in checklists and their items")],
        argumentsMessage: "'checklists' takes no arguments", run: { _, _ in run() })

    static func run() -> Int32 {
        do {
            let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
            let built = Set(BuiltInRules.all.map { $0.description.identifier })
            for checklist in resources.checklists {
                print("\(checklist.name): \(checklist.title)")
                for item in checklist.items {
                    let automated = item.ruleIDs.filter { built.contains($0) }
                    let how = automated.isEmpty ? "manual" : automated.joined(separator: ", ")
                    print("  - \(item.text)  [\(how)]")
                }
                print("")
            }
            return 0
        } catch {
            return CommandLineTool.fail(error.description)
        }
    }
}
