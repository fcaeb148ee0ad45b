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
        guard !copy.catalogEntries.isEmpty else {
            result.notApplicable("No paywall strings were found in string catalogs.")
            return
        }
        let targets = project.shippedLocales.filter { !LocaleMatching.serves($0, copy.sourceLanguage) && !LocaleMatching.serves(copy.sourceLanguage, $0) }
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
}
