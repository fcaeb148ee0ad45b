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
            // A String property shown through Text: SwiftUI shows it as it is, whatever the tables hold.
            RuleExample(files: [
                ("PlanRow.swift", """
                    struct PlanRow: View {
                        let product: Product
                        let percent: Int
                        private var savingsText: String { ↓"\\(product.displayPrice) (Save \\(percent)%)" }
                        var body: some View {
                            VStack {
                                Text(savingsText)
                                Button("Subscribe") { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"Subscribe\" = \"Subscribe\";\n\"%@ (Save %lld%%)\" = \"%@ (Save %lld%%)\";\n"),
                ("ar.lproj/Localizable.strings", "\"Subscribe\" = \"اشترك\";\n\"%@ (Save %lld%%)\" = \"%@ (وفّر %lld%%)\";\n"),
            ], locales: ["en", "ar"]),
            // An interpolated price sentence whose key (`%@ per month, cancel anytime`) no table holds.
            RuleExample(files: [
                ("PriceLine.swift", """
                    struct PriceLine: View {
                        let product: Product
                        var body: some View {
                            VStack {
                                Text(↓"\\(product.displayPrice) per month, cancel anytime")
                                Button("Subscribe") { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"Subscribe\" = \"Subscribe\";\n"),
                ("fr.lproj/Localizable.strings", "\"Subscribe\" = \"S'abonner\";\n"),
            ], locales: ["en", "fr"]),
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
            // one is found under its key with the value's format (`Only %@ a month`).
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
                ("en.lproj/Localizable.strings", "\"Payment is charged to your Apple Account at confirmation.\" = \"Payment is charged to your Apple Account at confirmation.\";\n\"Subscribe now\" = \"Subscribe now\";\n\"Only %@ a month\" = \"Only %@ a month\";\n"),
                ("de.lproj/Localizable.strings", "\"Payment is charged to your Apple Account at confirmation.\" = \"Die Zahlung wird bei Bestätigung belastet.\";\n\"Subscribe now\" = \"Jetzt abonnieren\";\n\"Only %1$@ a month\" = \"Nur %1$@ im Monat\";\n"),
            ], locales: ["en", "de"]),
            // The same String built with String(localized:) is looked up in the tables.
            RuleExample(files: [
                ("PlanRow.swift", """
                    struct PlanRow: View {
                        let product: Product
                        let percent: Int
                        private var savingsText: String { String(localized: "\\(product.displayPrice) (Save \\(percent)%)") }
                        var body: some View {
                            VStack {
                                Text(savingsText)
                                Button("Subscribe") { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"Subscribe\" = \"Subscribe\";\n\"%@ (Save %lld%%)\" = \"%@ (Save %lld%%)\";\n"),
                ("ar.lproj/Localizable.strings", "\"Subscribe\" = \"اشترك\";\n\"%@ (Save %lld%%)\" = \"%@ (وفّر %lld%%)\";\n"),
            ], locales: ["en", "ar"]),
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
        var gathered: (keys: Set<String>, formats: Set<String>)?
        func knownKeys() -> (keys: Set<String>, formats: Set<String>) {
            if let gathered { return gathered }
            // Each key collapsed once: the tables of an app's languages repeat the same keys
            // (damus: 14,903 entries in 63 tables), and collapsing each entry's key and hashing
            // it again was 26 M instructions.
            var known = Set<String>()
            var seen = Set<String>()
            for catalog in project.stringCatalogs { for entry in catalog.entries where seen.insert(entry.key).inserted { known.insert(Self.collapsed(entry.key)) } }
            for table in project.stringsFiles { for entry in table.entries where seen.insert(entry.key).inserted { known.insert(Self.collapsed(entry.key)) } }
            // Keys with their formats spelled one way (`%lld`, `%1$@` → `%@`): an interpolated
            // literal's key, whose value types the literal does not say, is looked up among these.
            // A key without the byte cannot hold a `%` (Foundation's `contains`, asked of each
            // of damus's 14,903 keys, was 8 M instructions); one with it is asked as before.
            let result = (known, Set(known.filter { $0.utf8.contains(UInt8(ascii: "%")) && $0.contains("%") }.map(Self.formatsUnified)))
            gathered = result
            return result
        }
        func isKnown(_ text: String) -> Bool { knownKeys().keys.contains(Self.collapsed(text)) }
        var reported = 0
        for unit in copy.units where unit.kind == .view {
            var missing: [CopyText] = []
            // Literals with interpolation are left out: their keys spell each value's format
            // (`%lld`, `%@`), which the literal does not say.
            for text in unit.texts where text.literal != nil && !text.text.contains("\u{FFFC}") && Self.isSentence(text.text) {
                if isKnown(text.text) { continue }
                if !missing.contains(where: { $0.text == text.text }) { missing.append(text) }
            }
            // An interpolated literal with words of its own (`"\(price) (Save \(percent))"`):
            // its key spells each value as a format; in no table under any format, its words
            // stay in the source language.
            for text in unit.texts where text.literal != nil && text.text.contains("\u{FFFC}") && Self.hasWords(text.text) {
                // A percent sign the literal writes is `%%` in its key.
                let key = Self.formatsUnified(Self.collapsed(text.text.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "\u{FFFC}", with: "%@")))
                let known = knownKeys()
                if known.formats.contains(key) || known.keys.contains(key) { continue }
                if !missing.contains(where: { $0.text == text.text }) { missing.append(text) }
            }
            let locales = targets.prefix(6).joined(separator: ", ") + (targets.count > 6 ? " and \(targets.count - 6) more" : "")
            let verbatim = Self.verbatimStrings(in: unit)
            if let first = verbatim.first {
                reported += 1
                let shown = Self.quoted(verbatim.prefix(3))
                result.report(
                    at: first.location,
                    "\(unit.name) shows \(verbatim.count == 1 ? "a String" : "Strings") built from \(shown) through Text: SwiftUI shows a String as it is, without looking it up in the string tables, so customers using the app in \(locales) read it in \(copy.sourceLanguage). Build it with String(localized:) or pass Text a LocalizedStringKey."
                )
            }
            guard let first = missing.first else { continue }
            reported += 1
            let shown = Self.quoted(missing.prefix(3))
            let more = missing.count > 3 ? " and \(missing.count - 3) more" : ""
            result.report(
                at: first.location,
                "\(missing.count == 1 ? "A text" : "\(missing.count) texts") on \(unit.name) \(missing.count == 1 ? "is" : "are") in no string table or catalog (\(shown)\(more)): customers using the app in \(locales) read \(missing.count == 1 ? "it" : "them") in \(copy.sourceLanguage)."
            )
        }
        return reported
    }

    /// `"… per month", "Subscribe"`: texts as a message quotes them, each value written `…`.
    static func quoted(_ texts: ArraySlice<CopyText>) -> String {
        texts.map { "\"\(collapsed($0.text.replacingOccurrences(of: "\u{FFFC}", with: "…")))\"" }.joined(separator: ", ")
    }

    /// A literal's text as a catalog key spells it, white space collapsed: a multi-line
    /// literal's `\` line continuations and indentation go, `\"` is a quote.
    static func collapsed(_ text: String) -> String {
        // Most keys have nothing to collapse: no backslash, tab or line break, no space at
        // either end or next to another. Those are returned as they are, without splitting.
        // Read through the string's own bytes: its UTF-8 view one byte at a time cost about
        // 1,500 instructions a key.
        let plain = text.utf8.withContiguousStorageIfAvailable(Self.isPlain) ?? Self.isPlain(Array(text.utf8))
        if plain { return text }
        // Collapsed byte by byte when that is what the Character path below does: no carriage
        // return (a carriage return and line feed are one Character, not a separator), no
        // separator, backslash or quote followed by a non-ASCII character (which could join
        // it into one Character), and none of the scripts whose "prepend" characters join the
        // character after them (Arabic, Syriac, Malayalam, scripts above U+FFFF). The
        // Character path cost 2,700 instructions a key (damus's 14,903 table keys: 40 M, a
        // fiftieth of the real benchmark corpus's audit).
        return bytesAreCharacters(text) ? collapsedBytes(text) : collapsedCharacters(text)
    }

    /// Whether a key's bytes have nothing to collapse.
    private static func isPlain<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0x20
        for byte in bytes {
            if byte == 0x5C || byte == 0x0A || byte == 0x09 || byte == 0x20 && previous == 0x20 { return false }
            previous = byte
        }
        return previous != 0x20
    }

    /// Whether `collapsedBytes` gives what `collapsedCharacters` gives for `text`.
    static func bytesAreCharacters(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            // A carriage return; the lead bytes of U+0600 to U+0FFF and of everything above
            // U+FFFF.
            if byte == 0x0D || 0xD8...0xE0 ~= byte || byte >= 0xF0 { return false }
            if byte >= 0x80, previous == 0x20 || previous == 0x0A || previous == 0x09 || previous == 0x5C || previous == 0x22 { return false }
            previous = byte
        }
        return true
    }

    /// `collapsed` by characters: what `collapsedBytes` does byte by byte, for any text.
    static func collapsedCharacters(_ text: String) -> String {
        var joined = text
        if joined.contains("\\") {
            joined = joined.replacingOccurrences(of: "\\\n", with: " ").replacingOccurrences(of: "\\\"", with: "\"")
        }
        return joined.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// `collapsed` of a text for which `bytesAreCharacters`: `\` and a line break become a
    /// space, then `\"` a quote (each replaced left to right, as `replacingOccurrences` does),
    /// then runs of spaces, line breaks and tabs one space, none at either end.
    static func collapsedBytes(_ text: String) -> String {
        var bytes = Array(text.utf8)
        func replacing(_ second: UInt8, with replacement: UInt8) {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x5C, i + 1 < bytes.count, bytes[i + 1] == second {
                    out.append(replacement)
                    i += 2
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            bytes = out
        }
        if bytes.contains(0x5C) {
            replacing(0x0A, with: 0x20)
            replacing(0x22, with: 0x22)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var separated = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 {
                separated = !out.isEmpty
            } else {
                if separated { out.append(0x20) }
                separated = false
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Calls that localize the literal they are given.
    private static let localizingCalls: Set<String> = ["NSLocalizedString", "LocalizedStringKey", "LocalizedStringResource", "localized", "localizedString", "L10n", "tr"]

    /// Words a view shows through a `String` property: `Text(savingsText)` with
    /// `var savingsText: String? { "\(price) (Save \(percent))" }`. SwiftUI shows a `String`
    /// verbatim, so no table can translate it, whatever its keys.
    static func verbatimStrings(in unit: PaywallUnit) -> [CopyText] {
        var result: [CopyText] = []
        for (file, range) in unit.code {
            for call in file.calls(named: "Text") where range.contains(call.name) && call.arguments.count == 1 && call.arguments[0].label == nil {
                let value = call.arguments[0].valueRange
                // `Text(savingsText)`, `Text(savingsText ?? "")`, `Text(applyKerning(to: "/()", in: savingsText))`:
                // a name in the argument, which no localizing call wraps.
                guard !value.contains(where: { file.isKind($0, .identifier) && localizingCalls.contains(file.text($0)) }),
                      !file.isKind(value.first ?? -1, .stringStart) else { continue }
                let names = Set(value.filter { file.isKind($0, .identifier) && !file.isAfterDot($0) && !file.isCall(at: $0) }.map { file.text($0) })
                for declaration in names.sorted().flatMap({ file.declarationIndices(named: $0) }) where file.declarations[declaration].kind == .variable {
                    let full = file.fullRange(of: declaration)
                    guard range.contains(full.lowerBound) else { continue }
                    // Declared `String` or `String?` (a `LocalizedStringKey` or `Text` is localized).
                    let head = file.declarations[declaration].keyword..<min(full.upperBound, max(file.declarations[declaration].keyword, file.declarations[declaration].bodyStart))
                    guard let colon = head.first(where: { file.isKind($0, .colon) }), let type = file.nextCodeIndex(after: colon), file.isIdentifier(type, "String") else { continue }
                    for start in file.stringStarts.lazy.map({ Int($0) }) where full.contains(start) {
                        let literal = file.stringLiteral(at: start)
                        guard hasWords(literal.text), !literal.text.contains("://") else { continue }
                        if let (outer, argument) = file.enclosingCall(ofArgument: start),
                           localizingCalls.contains(file.text(outer.name)) || argument.label == "localized" { continue }
                        if let next = file.nextCodeIndex(after: literal.end), file.isKind(next, .dot), let member = file.nextCodeIndex(after: next),
                           localizingCalls.contains(file.text(member)) { continue }
                        result.append(CopyText(text: literal.text, locale: "", location: file.location(of: start), literal: (file, start)))
                    }
                }
            }
        }
        return result
    }

    /// `%lld`, `%1$@`, `%.2f` written as `%@`: formats compared whatever the value's type.
    static func formatsUnified(_ key: String) -> String {
        // ASCII keys (nearly all: damus's tables have a thousand with a format) from their
        // bytes; the regular expression was 10,000 instructions a key.
        if key.utf8.allSatisfy({ $0 < 0x80 }) { return formatsUnifiedASCII(key) }
        return formatsUnifiedByExpression(key)
    }

    /// `formatsUnified` with regular expressions, for any text (`\d` is any decimal digit there).
    static func formatsUnifiedByExpression(_ key: String) -> String {
        // `%%` is a written percent sign: kept apart from the formats, then written as `%`.
        key.replacingOccurrences(of: "%%", with: "\u{1}")
            .replacingOccurrences(of: #"%(\d+\$)?[-+ #0]*\d*(\.\d+)?(hh|h|ll|l|q|z|t|j)?[@dDuUxXoOfeEgGcCsSaAp]"#, with: "%@", options: .regularExpression)
            .replacingOccurrences(of: "\u{1}", with: "%")
    }

    /// `formatsUnifiedByExpression` for ASCII text, in one pass over its bytes. Every part of
    /// the format before its conversion letter reads characters no other part and no conversion
    /// letter reads, so the expression's match from a `%` is the one greedy reading below, or none.
    static func formatsUnifiedASCII(_ key: String) -> String {
        let bytes = Array(key.utf8)
        guard bytes.contains(UInt8(ascii: "%")) || bytes.contains(0x01) else { return key }
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        func isByte(_ index: Int, _ ascii: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: ascii) }
        /// Where the format whose `%` is just before `start` ends, nil when none starts there.
        func formatEnd(from start: Int) -> Int? {
            var i = start
            // Argument position: digits and a `$`.
            var j = i
            while isDigit(j) { j += 1 }
            if j > i, isByte(j, "$") { i = j + 1 }
            while i < bytes.count, "-+ #0".utf8.contains(bytes[i]) { i += 1 }
            while isDigit(i) { i += 1 }
            if isByte(i, "."), isDigit(i + 1) {
                i += 1
                while isDigit(i) { i += 1 }
            }
            // Length: `hh` and `ll` taken whole (when no conversion follows them, neither one
            // letter nor none can be followed by one either: the next is `h` or `l`).
            if isByte(i, "h") || isByte(i, "l") {
                i += i + 1 < bytes.count && bytes[i + 1] == bytes[i] ? 2 : 1
            } else if i < bytes.count, "qztj".utf8.contains(bytes[i]) {
                i += 1
            }
            guard i < bytes.count, "@dDuUxXoOfeEgGcCsSaAp".utf8.contains(bytes[i]) else { return nil }
            return i + 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x01 {
                out.append(UInt8(ascii: "%"))
                i += 1
            } else if byte == UInt8(ascii: "%"), isByte(i + 1, "%") {
                out.append(UInt8(ascii: "%"))
                i += 2
            } else if byte == UInt8(ascii: "%"), let end = formatEnd(from: i + 1) {
                out.append(contentsOf: "%@".utf8)
                i = end
            } else {
                out.append(byte)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether an interpolated literal has words of its own besides the values: a word of
    /// three or more letters outside the interpolations (`(Save …)`, `… per month`).
    static func hasWords(_ text: String) -> Bool {
        guard !text.contains("://") else { return false }
        return text.split(whereSeparator: { !$0.isLetter }).contains { $0.count >= 3 }
    }

    /// Words a person reads: at least two words with letters (not an identifier, a symbol name,
    /// a format or a URL).
    static func isSentence(_ text: String) -> Bool {
        guard !text.contains("://"), !text.hasPrefix("%") else { return false }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.contains(where: \.isLetter) }
        return words.count >= 2
    }
}
