import AuditCore

/// Seed: localisations complete. A paywall string left untranslated or unreviewed shows
/// source-language (or wrong) terms to customers in that locale.
public struct CopyTranslationMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "copy_translation_missing",
        title: "Paywall strings are translated and reviewed for every shipped locale",
        severity: .warning,
        scope: .copy,
        rationale: """
            A paywall shown half in English to German customers, or with a machine translation \
            still marked for review, misstates the terms people agree to. Subscription terms must \
            be clear in the customer's language (Guideline 3.1.2).
            """,
        fix: "Translate the string for the locale and mark it translated once reviewed.",
        reference: "Monetisation seed: all localisations complete; App Review Guideline 3.1.2",
        changeScope: .lineOrAnyFile([.stringCatalog, .strings, .stringsDictionary]),
        triggeringExamples: [
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : {
                  "Unlock Pro" : { "localizations" : {
                    "de" : { "stringUnit" : { "state" : ↓"needs_review", "value" : "Pro freischalten" } } } } },
                  "version" : "1.0" }
                """)], locales: ["en", "de"]),
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : {
                  ↓"Renews automatically" : { "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Verlängert sich automatisch" } } } } },
                  "version" : "1.0" }
                """)], locales: ["en", "de", "fr"]),
            RuleExample(files: [("Store.xcstrings", """
                { "sourceLanguage" : "en", "strings" : {
                  "Cancel anytime" : { "localizations" : {
                    "es" : { "stringUnit" : { "state" : ↓"new", "value" : "" } },
                    "ja" : { "stringUnit" : { "state" : "translated", "value" : "いつでもキャンセル" } } } } },
                  "version" : "1.0" }
                """)], locales: ["en", "es", "ja"]),
            // A paywall sentence in no table, in an app translated into German.
            RuleExample(files: [
                ("SubscriptionDisclaimer.swift", """
                    struct PremiumView: View {
                        let product: Product
                        var body: some View {
                            VStack {
                                Text(↓"Payment is charged to your Apple Account at confirmation.")
                                Text("premium.subscribe")
                                Button("Subscribe") { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"premium.subscribe\" = \"Renews monthly until cancelled\";\n\"Subscribe\" = \"Subscribe\";\n"),
                ("de.lproj/Localizable.strings", "\"premium.subscribe\" = \"Verlängert sich monatlich bis zur Kündigung\";\n\"Subscribe\" = \"Abonnieren\";\n"),
            ], locales: ["en", "de"]),
            // A stale translation (its source string changed since) or a state Xcode does not
            // write is not a reviewed translation.
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : {
                  "Unlock Pro" : { "localizations" : {
                    "de" : { "stringUnit" : { "state" : ↓"stale", "value" : "Pro freischalten" } },
                    "fr" : { "stringUnit" : { "state" : ↓"draft", "value" : "Débloquer Pro" } } } } },
                  "version" : "1.0" }
                """)], locales: ["en", "de", "fr"]),
        ],
        nonTriggeringExamples: [
            // Every sentence is a key of the tables (a multi-line literal too); an interpolated
            // one is left alone (its key spells the value's format).
            RuleExample(files: [
                ("PremiumView.swift", """
                    struct PremiumView: View {
                        let product: Product
                        var body: some View {
                            VStack {
                                Text(\"""
                                    Payment is charged to your Apple Account \\
                                    at confirmation.
                                    \""")
                                Text("Only \\(product.displayPrice) a month")
                                Button("Subscribe now") { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"Payment is charged to your Apple Account at confirmation.\" = \"Payment is charged to your Apple Account at confirmation.\";\n\"Subscribe now\" = \"Subscribe now\";\n"),
                ("de.lproj/Localizable.strings", "\"Payment is charged to your Apple Account at confirmation.\" = \"Die Zahlung wird bei Bestätigung belastet.\";\n\"Subscribe now\" = \"Jetzt abonnieren\";\n"),
            ], locales: ["en", "de"]),
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : {
                  "Unlock Pro" : { "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Pro freischalten" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "Débloquer Pro" } } } } },
                  "version" : "1.0" }
                """)], locales: ["en", "de", "fr"]),
            // Strings marked not to translate.
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "Notes Pro" : { "shouldTranslate" : false } }, "version" : "1.0" }
                """)], locales: ["en", "de"]),
            // A catalog that is not paywall copy.
            RuleExample(files: [("Settings.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "Dark mode" : { "localizations" : { } } }, "version" : "1.0" }
                """)], locales: ["en", "de"]),
            // Only the source language ships.
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "Unlock Pro" : { } }, "version" : "1.0" }
                """)], locales: ["en"]),
            // Keys written in Chinese need no zh-Hans translation: the key is what is shown.
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "购买" : { }, "已购买" : { } }, "version" : "1.0" }
                """)], locales: ["en", "zh-Hans"]),
            // Regional variants serve their language.
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "Unlock Pro" : { "localizations" : {
                  "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Desbloquear Pro" } } } } }, "version" : "1.0" }
                """)], locales: ["en", "pt"]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        let copy = PaywallCopy(project)
        let targets = project.shippedLocales.filter { !LocaleMatching.serves($0, copy.sourceLanguage) && !LocaleMatching.serves(copy.sourceLanguage, $0) }
        let untranslatedScreens = reportLiteralsInNoTable(copy, targets: targets, project: project, into: &result)
        guard !copy.catalogEntries.isEmpty else {
            if untranslatedScreens == 0 { result.notApplicable("No paywall strings were found in string catalogs.") }
            return
        }
        for (_, entry) in copy.catalogEntries {
            for locale in targets {
                guard let localization = entry.localizations.first(where: { LocaleMatching.serves($0.locale, locale) }) else {
                    // The key already reads in that language ("已购买" for zh-Hans): shown as is.
                    if LocaleMatching.textIsWritten(entry.key, inScriptOf: locale) { continue }
                    result.report(at: entry.keyLocation, "Paywall string \"\(entry.key)\" has no \(locale) translation.")
                    continue
                }
                for text in localization.texts {
                    // Only a translated (or unmarked) string counts: new, needs_review, stale and a
                    // state Xcode does not write all show customers an unreviewed text.
                    guard let state = text.state, state != .translated else { continue }
                    result.report(at: text.stateLocation ?? text.location, "The \(localization.locale) translation of paywall string \"\(entry.key)\" is in state \(state.rawValue).")
                }
            }
        }
        if result.findings.isEmpty {
            result.evidence(at: nil, "\(copy.catalogEntries.count) paywall strings are translated for \(targets.isEmpty ? "the source language only" : targets.joined(separator: ", "))")
        }
    }

    /// The sentences a purchase screen shows from Swift literals that no string table or catalog
    /// holds, in an app translated into other languages: customers there read them in the
    /// source language (Habitica's English subscription disclaimer in a 20-language app). One
    /// finding per screen, listing them. Returns the number of screens reported.
    private func reportLiteralsInNoTable(_ copy: PaywallCopy, targets: [String], project: Project, into result: inout RuleResult) -> Int {
        guard !targets.isEmpty, !project.stringCatalogs.isEmpty || !project.stringsFiles.isEmpty else { return 0 }
        // Every key of every catalog and table, its white space collapsed (a multi-line literal
        // with `\` continuations is one line in the catalog).
        // Gathered at the first sentence to look up: most apps' purchase screens have none.
        var gathered: Set<String>?
        func isKnown(_ text: String) -> Bool {
            if gathered == nil {
                var known = Set<String>()
                for catalog in project.stringCatalogs { for entry in catalog.entries { known.insert(Self.collapsed(entry.key)) } }
                for table in project.stringsFiles { for entry in table.entries { known.insert(Self.collapsed(entry.key)) } }
                gathered = known
            }
            return gathered?.contains(Self.collapsed(text)) ?? false
        }
        var reported = 0
        for unit in copy.units where unit.kind == .view {
            var missing: [CopyText] = []
            // Literals with interpolation are left out: their keys spell each value's format
            // (`%lld`, `%@`), which the literal does not say.
            for text in unit.texts where text.literal != nil && !text.text.contains("\u{FFFC}") && Self.isSentence(text.text) {
                if isKnown(text.text) { continue }
                if !missing.contains(where: { $0.text == text.text }) { missing.append(text) }
            }
            guard let first = missing.first else { continue }
            reported += 1
            let shown = missing.prefix(3).map { "\"\(Self.collapsed($0.text))\"" }.joined(separator: ", ")
            let more = missing.count > 3 ? " and \(missing.count - 3) more" : ""
            let locales = targets.prefix(6).joined(separator: ", ") + (targets.count > 6 ? " and \(targets.count - 6) more" : "")
            result.report(
                at: first.location,
                "\(missing.count == 1 ? "A text" : "\(missing.count) texts") on \(unit.name) \(missing.count == 1 ? "is" : "are") in no string table or catalog (\(shown)\(more)): customers using the app in \(locales) read \(missing.count == 1 ? "it" : "them") in \(copy.sourceLanguage)."
            )
        }
        return reported
    }

    /// A literal's text as a catalog key spells it, white space collapsed: a multi-line
    /// literal's `\` line continuations and indentation go, `\"` is a quote.
    static func collapsed(_ text: String) -> String {
        // Most keys have nothing to collapse: no backslash, tab or line break, no space at
        // either end or next to another. Those are returned as they are, without splitting.
        var previous: UInt8 = 0x20
        var plain = true
        for byte in text.utf8 {
            if byte == 0x5C || byte == 0x0A || byte == 0x09 || byte == 0x20 && previous == 0x20 {
                plain = false
                break
            }
            previous = byte
        }
        if plain, previous != 0x20 { return text }
        var joined = text
        if joined.contains("\\") {
            joined = joined.replacingOccurrences(of: "\\\n", with: " ").replacingOccurrences(of: "\\\"", with: "\"")
        }
        return joined.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// Words a person reads: at least two words with letters (not an identifier, a symbol name,
    /// a format or a URL).
    static func isSentence(_ text: String) -> Bool {
        guard !text.contains("://"), !text.hasPrefix("%") else { return false }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.contains(where: \.isLetter) }
        return words.count >= 2
    }
}
