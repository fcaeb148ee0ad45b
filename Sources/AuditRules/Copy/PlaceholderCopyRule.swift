import AuditCore

/// fastlane precheck's practice: placeholder text must not ship.
public struct PlaceholderCopyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "placeholder_copy",
        title: "No placeholder text in user-visible strings",
        severity: .warning,
        scope: .copy,
        rationale: """
            "Lorem ipsum", "TODO" or "TBD" on a paywall tells App Review the app is unfinished \
            (Guideline 2.1, App Completeness) and tells customers the same.
            """,
        fix: "Replace the placeholder with the final copy in every language.",
        reference: "App Review Guideline 2.1; fastlane precheck",
        triggeringExamples: [
            RuleExample("Text(↓\"TODO: final copy\")"),
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n↓Lorem ipsum dolor sit amet.\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n↓Text folgt (TBD).\n")]),
            RuleExample(files: [("Localizable.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "paywall.title" : { "localizations" : {
                  "fr" : { "stringUnit" : { "state" : "translated", "value" : ↓"Placeholder" } } } } }, "version" : "1.0" }
                """)]),
        ],
        nonTriggeringExamples: [
            RuleExample("Text(\"Unlock every recipe\")"),
            // A to-do app's own vocabulary, and TextField prompts.
            RuleExample("Text(\"Add a todo\")\nTextField(\"New to-do\", text: $title)\nLabel(\"Todo list\", systemImage: \"checklist\")"),
            // Comments and non-visible strings.
            RuleExample("// TODO: final copy\nlet key = \"TODO\"\nlogger.debug(\"TODO remove\")"),
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\nPlanifiez vos repas de la semaine.\n")]),
            RuleExample(files: [("PaywallCopy.es.md", "# Pro\n\nTodo lo que necesitas, sin límites.\n")]),
        ]
    )

    public func prepare(_ project: Project) {
        _ = PaywallCopy.visibleLiterals(in: project)
    }

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        var texts = 0
        for (file, visible) in zip(project.swiftFiles, PaywallCopy.visibleLiterals(in: project)) {
            for i in visible.lazy.map({ Int($0) }) {
                texts += 1
                guard file.stringLiteral(at: i, mayContainFolded: CopyPhrases.placeholderWords) else { continue }
                let literal = file.stringLiteral(at: i)
                if let word = CopyPhrases.placeholderWord(in: literal.text) {
                    result.report(in: file, at: i, "Placeholder text \"\(word)\" in a user-visible string.")
                }
            }
        }
        for catalog in project.stringCatalogs {
            for entry in catalog.entries where entry.shouldTranslate {
                for localization in entry.localizations {
                    for text in localization.texts {
                        texts += 1
                        if let word = CopyPhrases.placeholderWord(in: text.value) {
                            result.report(at: text.location, "Placeholder text \"\(word)\" in the \(localization.locale) translation of \"\(entry.key)\".")
                        }
                    }
                }
            }
        }
        for table in project.stringsFiles {
            for entry in table.entries {
                texts += 1
                if let word = CopyPhrases.placeholderWord(in: entry.value) {
                    result.report(at: entry.location, "Placeholder text \"\(word)\" in \"\(entry.key)\".")
                }
            }
        }
        for document in project.copyDocuments {
            for block in document.blocks where block.kind != .codeBlock {
                texts += 1
                if let word = CopyPhrases.placeholderWord(in: block.text) {
                    result.report(at: document.location(of: block), "Placeholder text \"\(word)\" in paywall copy.")
                }
            }
        }
        if texts > 0, result.findings.isEmpty {
            result.evidence(at: nil, "No placeholder text in \(texts) user-visible strings")
        }
    }
}
