import AuditCore
import Foundation

/// fastlane precheck's practice: placeholder text must not ship.
public struct PlaceholderCopyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "placeholder_copy",
        title: "No placeholder text in purchase copy",
        severity: .warning,
        scope: .copy,
        rationale: """
            "Lorem ipsum", "TODO" or "TBD" on a paywall tells App Review the app is unfinished \
            (Guideline 2.1, App Completeness) and tells customers the same. The rule reads \
            purchase copy: the texts of the views that sell, their translations, catalog \
            entries made for the paywall and paywall copy documents. A literal that is a key of \
            the app's string catalog or `.strings` table shows its value, which is judged \
            instead; a text shown redacted (`.redacted(reason: .placeholder)`) is a loading \
            skeleton nobody reads.
            """,
        fix: "Replace the placeholder with the final copy in every language.",
        reference: "App Review Guideline 2.1; fastlane precheck",
        triggeringExamples: [
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct UpgradeView: View {
                    let product: Product
                    var body: some View {
                        Text(↓"TODO: final copy")
                        Button("Upgrade") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n↓Lorem ipsum dolor sit amet.\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n↓Text folgt (TBD).\n")]),
            // A catalog entry written for the paywall.
            RuleExample(files: [("Localizable.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "offer.headline" : { "comment" : "Paywall headline", "localizations" : {
                  "fr" : { "stringUnit" : { "state" : "translated", "value" : ↓"Placeholder" } } } } }, "version" : "1.0" }
                """)]),
            // A key the paywall shows, whose translation is unfinished.
            RuleExample(files: [
                ("TipJarView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct TipJarView: View {
                        let tip: Product
                        var body: some View {
                            Text("tipjar.thanks")
                            Button(tip.displayPrice) { Task { _ = try? await tip.purchase() } }
                        }
                    }
                    """),
                ("de.lproj/Localizable.strings", "↓\"tipjar.thanks\" = \"TODO übersetzen\";\n"),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample("Text(\"Unlock every recipe\")"),
            // A to-do app's own vocabulary, and TextField prompts.
            RuleExample("Text(\"Add a todo\")\nTextField(\"New to-do\", text: $title)\nLabel(\"Todo list\", systemImage: \"checklist\")"),
            // Comments and non-visible strings.
            RuleExample("// TODO: final copy\nlet key = \"TODO\"\nlogger.debug(\"TODO remove\")"),
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\nPlanifiez vos repas de la semaine.\n")]),
            RuleExample(files: [("PaywallCopy.es.md", "# Pro\n\nTodo lo que necesitas, sin límites.\n")]),
            // Outside purchase copy: "placeholder" names a setting of a form, in every language.
            RuleExample(files: [
                ("en.lproj/Localizable.strings", "\"search.engine.footer\" = \"Write %@ where the search term placeholder goes.\";\n\"form.field.placeholder.title\" = \"Placeholder\";\n"),
                ("fr.lproj/Localizable.strings", "\"form.field.placeholder.title\" = \"Placeholder\";\n"),
            ]),
            // In a paywall, a key whose value is the real text, and a redacted loading skeleton.
            RuleExample(files: [
                ("SupportView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct SupportView: View {
                        let products: [Product]
                        var body: some View {
                            if products.isEmpty {
                                Text("support.placeholder.loading")
                                VStack { Text("Placeholder tier name") }.redacted(reason: .placeholder)
                                Text("Placeholder price").font(.body).redacted(reason: .placeholder)
                            }
                            ForEach(products) { product in
                                Button(product.displayPrice) { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
                ("Localizable.xcstrings", """
                    { "sourceLanguage" : "en", "strings" : { "support.placeholder.loading" : { "localizations" : {
                      "en" : { "stringUnit" : { "state" : "translated", "value" : "Loading tips…" } },
                      "de" : { "stringUnit" : { "state" : "translated", "value" : "Trinkgelder werden geladen…" } } } } }, "version" : "1.0" }
                    """),
            ]),
        ]
    )

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        let copy = PaywallCopy(project)
        guard !copy.units.isEmpty || !copy.catalogEntries.isEmpty else {
            result.notApplicable("No purchase copy was found: no view that sells, paywall catalog entry or paywall copy document.")
            return
        }
        var seen = Set<SourceLocation>()
        var usedKeys = Set<String>()
        for unit in copy.units {
            for text in unit.texts where seen.insert(text.location).inserted {
                if let (file, index) = text.literal {
                    // The key a literal with interpolations looks up writes each as `%@`.
                    usedKeys.insert(text.text.utf8.contains(0xEF) ? text.text.replacingOccurrences(of: "\u{FFFC}", with: "%@") : text.text)
                    guard let word = CopyPhrases.placeholderWord(in: text.text) else { continue }
                    if Self.isLocalizationKey(text.text, in: project) || Self.isRedacted(index, in: file) { continue }
                    result.report(in: file, at: index, "Placeholder text \"\(word)\" in purchase copy.")
                } else if let word = CopyPhrases.placeholderWord(in: text.text) {
                    result.report(at: text.location, "Placeholder text \"\(word)\" in purchase copy (\(text.locale)).")
                }
            }
        }
        for (_, entry) in copy.catalogEntries {
            for localization in entry.localizations {
                for text in localization.texts where seen.insert(text.location).inserted {
                    if let word = CopyPhrases.placeholderWord(in: text.value) {
                        result.report(at: text.location, "Placeholder text \"\(word)\" in the \(localization.locale) translation of \"\(entry.key)\".")
                    }
                }
            }
        }
        // The source language's `.strings` values of the keys the paywalls show (other
        // languages come with the views' texts).
        // The keys are looked up in the tables' key index (the paywall copy made it): looking at
        // every entry was a hash and a copy for each of damus's 14,903 (9 M instructions).
        if !usedKeys.isEmpty {
            let keys = PaywallCopy.keyIndex(of: project)
            for (tableIndex, table) in project.stringsFiles.enumerated() {
                for index in usedKeys.flatMap({ keys.tables[tableIndex][$0] }).sorted() where seen.insert(table.entries[index].location).inserted {
                    let entry = table.entries[index]
                    if let word = CopyPhrases.placeholderWord(in: entry.value) {
                        result.report(at: entry.location, "Placeholder text \"\(word)\" in \"\(entry.key)\".")
                    }
                }
            }
        }
        if seen.isEmpty {
            result.notApplicable("The purchase screens show no text of their own (StoreKit's views write theirs).")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "No placeholder text in \(ConfigurationWording.count(seen.count, "text")) of purchase copy")
        }
    }

    /// Whether a literal is a key of the app's string catalogs or `.strings` tables with a
    /// value of its own (`"paywall.placeholder.loading"` shows "Loading…"): what the key
    /// shows is judged, not the key.
    static func isLocalizationKey(_ text: String, in project: Project) -> Bool {
        project.stringCatalogs.contains { catalog in
            catalog.entries.contains { entry in
                entry.key == text && entry.localizations.contains { $0.texts.contains { $0.value != text } }
            }
        } || project.stringsFiles.contains { table in
            table.entries.contains { $0.key == text && $0.value != text }
        }
    }

    /// Whether the literal at `index` is shown redacted, a loading skeleton: its call, or a
    /// view around it, is modified by `.redacted(reason:)`.
    static func isRedacted(_ index: Int, in file: SwiftFile) -> Bool {
        var inner = index
        var steps = 0
        while steps < 6, let open = file.enclosingBracket(of: inner), let close = file.matchingBracket(of: open) {
            // After `Text("…")` or `VStack { … }` (a trailing closure of `VStack` or of `VStack(…)`).
            if file.modifierChain(after: close).contains(where: { isSkeleton($0, in: file) }) { return true }
            inner = open
            steps += 1
        }
        return false
    }

    /// `.redacted(reason: .placeholder)` (or `.privacy`): always redacted. A reason chosen at
    /// run time (`isLoading ? .placeholder : []`) shows the text once loaded.
    private static func isSkeleton(_ call: Call, in file: SwiftFile) -> Bool {
        guard file.tokenIs(call.name, "redacted"), call.arguments.count == 1, let value = call.arguments.first?.valueRange,
              value.count == 2
        else { return false }
        return file.tokenIs(value.upperBound - 1, "placeholder") || file.tokenIs(value.upperBound - 1, "privacy")
    }
}
