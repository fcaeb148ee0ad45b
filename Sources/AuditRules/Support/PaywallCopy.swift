import AuditCore
import Foundation

/// One piece of user-visible copy in one locale, and where it is written.
struct CopyText: Sendable {
    var text: String
    /// Language code (`en`, `de`, `pt_BR`); the source language for Swift literals.
    var locale: String
    var location: SourceLocation
    /// The Swift literal's file and `stringStart` token, when the text is one.
    var literal: (file: SwiftFile, index: Int)?
    /// Reached through a string constant the screen uses (`L10n.plusCancelTerms`): what the
    /// screen states, but not where on it or beside what.
    var throughConstant = false
}

/// A paywall: a view that sells, or a copy document. Unit-level rules (renewal terms,
/// subscription terms) judge each one; text-level rules judge every text in it.
struct PaywallUnit: Sendable {
    enum Kind: Sendable {
        case view
        case document
    }

    var kind: Kind
    var name: String
    /// Where unit-level findings point: the view type's name, or the document's first line.
    var site: SourceLocation
    var texts: [CopyText]
    /// View code of the unit: the type and the helper views it uses.
    var code: [(SwiftFile, Range<Int>)]
    var sellsSubscriptions: Bool
    /// Uses `SubscriptionStoreView`, which shows price, period and renewal terms itself.
    var usesStoreKitSubscriptionView: Bool
    /// Uses StoreKit's `ProductView`, which shows the price and a subscription's period itself.
    var usesStoreKitProductView: Bool
    /// The purchase screen a view unit is.
    var screen: PurchaseScreen? = nil

    func texts(in locale: String) -> [CopyText] { texts.filter { LocaleMatching.serves($0.locale, locale) || LocaleMatching.serves(locale, $0.locale) } }
    var locales: [String] { Array(Set(texts.map(\.locale))).sorted() }
}

/// Collects the app's paywall copy: literals in the views that sell, their translations in
/// string catalogs and `.strings` tables, and paywall copy documents.
struct PaywallCopy: Sendable {
    var units: [PaywallUnit] = []
    /// Catalog entries that are paywall copy: used by a paywall view, in a catalog or table
    /// named for the paywall, or commented as paywall copy.
    var catalogEntries: [(catalog: StringCatalog, entry: StringCatalogEntry)] = []
    var sourceLanguage: String

    static let visibleCalls = VisibleText.calls
    /// `visibleCalls` with their name hashes, for a look at a few integers per literal.
    private static let visibleCallNames: [(hash: UInt32, name: String)] = visibleCalls.sorted().map { (IdentifierIndex.hash(of: $0), $0) }

    /// The project's paywall copy, collected once and shared by the copy rules.
    init(_ project: Project) {
        self = project.fact(PaywallCopy.self) { PaywallCopy(collecting: project) }
    }

    private init(collecting project: Project) {
        sourceLanguage = project.stringCatalogs.compactMap(\.sourceLanguage).first ?? "en"
        let keys = Self.keyIndex(of: project)
        var usedKeys = Set<String>()
        // The texts of the constants resolved so far, by name (`declaredTexts`).
        var resolvedConstants: [String: [CopyText]] = [:]
        for screen in PurchaseScreens.of(project).screens {
            var texts: [CopyText] = []
            for (codeFile, range) in screen.code {
                for i in range where codeFile.isKind(i, .stringStart) {
                    guard Self.isVisible(i, in: codeFile) else { continue }
                    let literal = codeFile.stringLiteral(at: i)
                    guard !literal.text.isEmpty else { continue }
                    texts.append(CopyText(text: Self.shownSpaces(literal.text), locale: sourceLanguage, location: codeFile.location(of: i), literal: (codeFile, i)))
                    // U+FFFC is EF BF BC in UTF-8: without that byte there is nothing to replace.
                    let key = literal.text.utf8.contains(0xEF) ? literal.text.replacingOccurrences(of: "\u{FFFC}", with: "%@") : literal.text
                    usedKeys.insert(key)
                    texts += Self.translations(of: key, in: project, source: sourceLanguage, keys: keys)
                }
                texts += Self.constantTexts(in: range, of: codeFile, project: project, source: sourceLanguage, keys: keys, resolved: &resolvedConstants)
            }
            // Its texts count only when what it sells is not known, nothing says it does not renew,
            // and the configuration does not say that nothing the app asks for renews (as
            // `PurchaseScreens` judges its code's words).
            let sellsSubscriptions = screen.sellsSubscriptions
                || screen.sold.isEmpty && !screen.saysItDoesNotRenew && project.mayHaveSubscriptions && !SoldProducts.requestsNoAutoRenewable(in: project)
                    && texts.contains { CopyPhrases.mentionsSubscription($0.text) }
            units.append(PaywallUnit(
                kind: .view, name: screen.name, site: screen.site.location, texts: texts, code: screen.code,
                sellsSubscriptions: sellsSubscriptions, usesStoreKitSubscriptionView: screen.usesSubscriptionStoreView,
                usesStoreKitProductView: screen.usesProductView, screen: screen
            ))
        }
        for document in project.copyDocuments {
            let locale = Self.locale(ofDocument: document.path) ?? sourceLanguage
            let texts = document.blocks.filter { $0.kind != .codeBlock }.map {
                CopyText(text: $0.text, locale: locale, location: document.location(of: $0), literal: nil)
            }
            let all = texts.map { $0.text.lowercased() }.joined(separator: " ")
            units.append(PaywallUnit(
                kind: .document, name: document.path, site: SourceLocation(file: document.path, line: 1, column: 1), texts: texts,
                code: [], sellsSubscriptions: project.mayHaveSubscriptions && CopyPhrases.mentionsSubscription(all), usesStoreKitSubscriptionView: false,
                usesStoreKitProductView: false
            ))
        }
        for catalog in project.stringCatalogs {
            let paywallCatalog = Self.isPaywallName(catalog.file)
            for entry in catalog.entries where entry.shouldTranslate {
                let commented = entry.comment.map { Self.isPaywallName($0) } ?? false
                if paywallCatalog || commented || usedKeys.contains(entry.key) {
                    catalogEntries.append((catalog, entry))
                }
            }
        }
    }

    /// Copy shown through a string constant (`Text(L10n.plusCancelTerms)`,
    /// `"\(offer.renewalPrompt)\n\(L10n.plusCancelTerms)"`, `Strings.VPN.yearlySubDisclaimer`):
    /// the texts of the keys the constant's declaration names (SwiftGen's
    /// `L10n.tr("Localizable", "plus_cancel_terms")`, `NSLocalizedString("vpn.disclaimer", value: "…")`),
    /// in every language, or the sentence it spells. Found where the screen uses it.
    private static func constantTexts(in range: Range<Int>, of file: SwiftFile, project: Project, source sourceLanguage: String,
                                      keys: KeyIndex, resolved resolvedConstants: inout [String: [CopyText]]) -> [CopyText] {
        var result: [CopyText] = []
        // A constant's texts, shown where the screen names it at `i`.
        func add(_ found: [CopyText], at i: Int) {
            let at = file.location(of: i)
            // Where the screen shows it: the source text points at the use, translations at their table.
            result += found.map { text in
                var copy = text
                copy.throughConstant = true
                if copy.locale == sourceLanguage { copy.location = at }
                return copy
            }
        }
        for i in range where file.isKind(i, .identifier) && file.isAfterDot(i) && !file.token(i, offsetBy: 1, is: .leftParen) {
            guard let receiver = file.receiver(of: i) else { continue }
            // `SubscriptionText().body`: a stored property of a value made on the spot, read
            // from that type's declaration.
            var owner: String?
            if file.isKind(receiver, .rightParen), let open = file.matchingBracket(of: receiver), open > 0,
               file.isKind(open - 1, .identifier), file.startsWithCapital(open - 1),
               file.receiver(of: open - 1) == nil {
                owner = file.text(open - 1)
            } else if !file.isKind(receiver, .identifier) {
                continue
            }
            // Shown, interpolated into shown text, or assigned (`disclaimer = Strings.VPN.yearlySubDisclaimer`,
            // `label.text = L10n.renews`, as UIKit screens set their labels).
            var head = receiver
            while let outer = file.receiver(of: head), file.isKind(outer, .identifier) { head = outer }
            guard file.isInsideInterpolation(i) || ShownTerms.isShown(i, in: file) || (head > 0 && file.tokenIs(head - 1, "="))
            else { continue }
            let name = file.text(i)
            let key = owner.map { "\($0).\(name)" } ?? name
            let found = resolvedConstants[key] ?? declaredTexts(of: name, in: project, source: sourceLanguage, keys: keys, owner: owner)
            resolvedConstants[key] = found
            add(found, at: i)
        }
        // `Text(legal)` beside `private let legal = "Renews automatically…"`: a property of
        // the screen's own type, shown by its bare name.
        for i in range where file.isKind(i, .identifier) && !file.isAfterDot(i) && !file.startsWithCapital(i)
            && !file.token(i, offsetBy: 1, is: .leftParen) && !file.token(i, offsetBy: 1, is: .dot) {
            guard !(i > 0 && (file.isIdentifier(i - 1, "let") || file.isIdentifier(i - 1, "var"))),
                  file.isInsideInterpolation(i) || ShownTerms.isShown(i, in: file),
                  let type = file.enclosingType(of: i) else { continue }
            let key = "\(file.declarations[type].name).\(file.text(i))"
            let found = resolvedConstants[key] ?? propertyTexts(of: file.text(i), type: type, in: file, project: project, source: sourceLanguage, keys: keys)
            resolvedConstants[key] = found
            add(found, at: i)
        }
        return result
    }

    /// The texts a `static let NAME = …`, `static var NAME: String { … }` or computed
    /// `var NAME: String { … }` declaration names: keys found in the catalogs and tables (every
    /// language), sentences it spells, and the constants it returns (`return L10n.renewsYearly`).
    /// With `owner`, a stored property of that type too (`struct SubscriptionText { let body = "…" }`).
    private static func declaredTexts(of name: String, in project: Project, source: String, keys: KeyIndex, depth: Int = 2, owner: String? = nil) -> [CopyText] {
        for file in project.swiftFiles(mentioning: name) {
            for i in file.occurrences(of: name) where i > 1 && (file.tokenIs(i - 1, "let") || file.tokenIs(i - 1, "var")) {
                let isStatic = file.tokenIs(i - 2, "static")
                let computedString = file.tokenIs(i - 1, "var") && file.token(i, offsetBy: 1, is: .colon) && file.tokenIs(i + 2, "String") && file.token(i, offsetBy: 3, is: .leftBrace)
                let ownedProperty = owner.map { owner in
                    file.enclosingFunction(of: i) == nil && file.enclosingType(of: i).map { file.declarations[$0].name == owner } == true
                } ?? false
                guard isStatic || computedString || ownedProperty else { continue }
                let texts = valueTexts(ofDeclarationAt: i, in: file, project: project, source: source, keys: keys, depth: depth)
                if !texts.isEmpty { return texts }
            }
        }
        return []
    }

    /// The texts a property of `type` in `file` declares (`private let terms = "…"` in the
    /// paywall's own body), looked up in that file alone: a bare name is the screen's own.
    private static func propertyTexts(of name: String, type: Int, in file: SwiftFile, project: Project, source: String, keys: KeyIndex) -> [CopyText] {
        let body = file.bodyRange(of: type)
        for i in file.occurrences(of: name, in: body) where i > 1 && (file.tokenIs(i - 1, "let") || file.tokenIs(i - 1, "var")) {
            guard file.enclosingFunction(of: i) == nil, file.enclosingType(of: i) == type else { continue }
            let texts = valueTexts(ofDeclarationAt: i, in: file, project: project, source: source, keys: keys, depth: 2)
            if !texts.isEmpty { return texts }
        }
        return []
    }

    /// The texts of the value declared for the name at `i` (after its `=` or its body's `{`).
    private static func valueTexts(ofDeclarationAt i: Int, in file: SwiftFile, project: Project, source: String, keys: KeyIndex, depth: Int) -> [CopyText] {
        // Its value: the declaration's statement, up to the next one at its level.
        let level = file.enclosingBracket(of: i)
        let end = min(i + 80, file.code.count)
        // The value starts after `=` or the body's `{` (on the next line too: `static let
        // name =` and `NSLocalizedString(…)` below it).
        guard let start = (i + 1..<min(i + 8, end)).first(where: { file.tokenIs($0, "=") || file.isKind($0, .leftBrace) }),
              // On the declaration's line: not the next declaration's (`let title: String`).
              !(i + 1...start).contains(where: { file.startsLine[$0] })
        else { return [] }
        var texts: [CopyText] = []
        var j = start + 1
        while j < end {
            if j > start + 1, file.startsLine[j], file.enclosingBracket(of: j) == level { break }
            if file.isKind(j, .stringStart),
               !(j > 1 && file.token(j, offsetBy: -1, is: .colon) && (file.tokenIs(j - 2, "comment") || file.tokenIs(j - 2, "tableName"))) {
                let literal = file.stringLiteral(at: j).text
                let translated = translations(of: literal, in: project, source: source, keys: keys)
                if !translated.isEmpty {
                    texts += translated
                } else if literal.contains(" ") {
                    texts.append(CopyText(text: shownSpaces(literal), locale: source, location: file.location(of: j), literal: nil))
                }
            } else if depth > 0, file.isKind(j, .identifier), file.isAfterDot(j), !file.token(j, offsetBy: 1, is: .leftParen),
                      let receiver = file.receiver(of: j), file.isKind(receiver, .identifier), file.text(receiver).first?.isUppercase == true {
                texts += declaredTexts(of: file.text(j), in: project, source: source, keys: keys, depth: depth - 1)
            }
            j += 1
        }
        return texts
    }

    static func isPaywallName(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["paywall", "subscription", "purchase", "upgrade", "pricing", "store"].contains { ASCIISearch.contains(lower, $0) }
    }

    /// `PaywallCopy.de.md`, `de.lproj/Paywall.md`, `copy/de/paywall.md`: the document's locale.
    static func locale(ofDocument path: String) -> String? {
        if let folder = LocalizationFolder.locale(ofFile: path) { return folder }
        let name = (path as NSString).lastPathComponent
        let parts = name.split(separator: ".")
        if parts.count >= 3, let candidate = parts.dropLast().last, candidate.count == 2 || candidate.count == 5 || candidate.contains("-") || candidate.contains("_"),
           candidate.first?.isLowercase == true {
            return String(candidate)
        }
        let folders = path.split(separator: "/").dropLast()
        if let last = folders.last, last.count == 2, last.allSatisfy(\.isLowercase) { return String(last) }
        return nil
    }

    /// Whether a string literal is shown to users: an argument of Text, Button, Label, … or a
    /// string in a view builder (a literal standing alone as a view is rare; the calls cover it).
    static func isVisible(_ index: Int, in file: SwiftFile) -> Bool {
        // Most literals are in calls nobody sees (`print`, loggers, keys): the callee's name is
        // tested by hash, then spelled, before anything else is asked of the call.
        guard let (callee, open) = file.callee(ofArgument: index) else { return isAssignedToShownProperty(index, in: file) }
        let hash = file.identifierHash(callee)
        guard let name = visibleCallNames.first(where: { $0.hash == hash && file.tokenIs(callee, spelled: $0.name) })?.name else {
            return false
        }
        if name == "String" {
            // `String(localized:)` only: the call's first argument is asked for.
            guard let (call, argument) = file.enclosingCallArguments(ofArgument: index) else { return false }
            if let label = argument.label, VisibleText.hiddenLabels.contains(label) { return false }
            return call.arguments.first?.label == "localized"
        }
        let argument = file.argumentLabel(of: index, callee: callee, open: open)
        guard argument.isArgument else { return false }
        if let label = argument.label, VisibleText.hiddenLabels.contains(file.identifierText(label)) { return false }
        return true
    }

    /// `termsLabel.text = "Renews automatically…"`, `button.title = …`,
    /// `field.placeholder = …`: the text a UIKit or AppKit screen sets on a label, a control
    /// or an alert (`alert.message = …`), the literal alone on the right of the `=`.
    static func isAssignedToShownProperty(_ index: Int, in file: SwiftFile) -> Bool {
        guard index >= 3, file.isOperator(index - 1, "="), file.isKind(index - 3, .dot),
              file.tokenIs(index - 2, "text") || file.tokenIs(index - 2, "title") || file.tokenIs(index - 2, "message")
                || file.tokenIs(index - 2, "placeholder") || file.tokenIs(index - 2, "stringValue")
        else { return false }
        return file.receiver(of: index - 2) != nil
    }

    /// The user-visible literals of every Swift file (`isVisible`), found once for the rules
    /// that read them all (placeholder text, hard-coded prices, external purchase links):
    /// per file, the `stringStart` indices, ascending.
    static func visibleLiterals(in project: Project) -> [[Int32]] {
        project.fact(VisibleLiterals.self) {
            project.mapSwiftFiles { file in
                // A large file's literals in slices on the workers.
                slicedMap(file.stringStarts, jobs: project.jobs) { starts in starts.filter { isVisible(Int($0), in: file) } }
            }
        }
    }

    /// Translations of a catalog key or `.strings` key in every locale but the source.
    static func translations(of key: String, in project: Project, source: String) -> [CopyText] {
        translations(of: key, in: project, source: source, keys: keyIndex(of: project))
    }

    /// What a catalog or `.strings` key shows in the source language, when its value there
    /// differs from the key (`"settings.support.subscription-info"` shows a sentence).
    static func sourceValues(of key: String, in project: Project, source: String, keys: KeyIndex) -> [String] {
        var result: [String] = []
        for (catalogIndex, catalog) in project.stringCatalogs.enumerated() {
            guard let entryIndex = keys.catalogs[catalogIndex][key] else { continue }
            for localization in catalog.entries[entryIndex].localizations where LocaleMatching.serves(localization.locale, source) {
                result += localization.texts.map(\.value).filter { $0 != key }
            }
        }
        for (tableIndex, table) in project.stringsFiles.enumerated() {
            guard let locale = LocalizationFolder.locale(ofFile: table.file), LocaleMatching.serves(locale, source) else { continue }
            result += keys.tables[tableIndex][key].map { table.entries[$0].value }.filter { $0 != key }
        }
        return result
    }

    /// Where each key is in every catalog and table, found once for all the paywall's texts:
    /// looking each text up by scanning every catalog grew with texts x keys.
    /// A literal's text with its no-break spaces read as spaces (`1\u{00a0}month\u{00a0}free`
    /// shows "1 month free").
    static func shownSpaces(_ text: String) -> String {
        guard text.contains("\\u{") || text.unicodeScalars.contains("\u{00A0}") else { return text }
        return text.replacingOccurrences(of: "\\u{00a0}", with: " ").replacingOccurrences(of: "\\u{00A0}", with: " ")
            .replacingOccurrences(of: "\u{00A0}", with: " ")
    }

    /// The project's key index, made once and shared.
    static func keyIndex(of project: Project) -> KeyIndex {
        project.fact(KeyIndex.self) { KeyIndex(project) }
    }

    struct KeyIndex: Sendable {
        /// Per catalog, the index of the first entry with each key.
        var catalogs: [[String: Int]]
        /// Per table, the entries with each key, in file order.
        var tables: [TableKeys]

        init(_ project: Project) {
            catalogs = project.stringCatalogs.map { catalog in
                var first: [String: Int] = [:]
                first.reserveCapacity(catalog.entries.count)
                for (index, entry) in catalog.entries.enumerated() where first[entry.key] == nil { first[entry.key] = index }
                return first
            }
            tables = project.stringsFiles.map(TableKeys.init)
        }
    }

    /// A table's entries by key: the first entry of each key, and from each entry the next
    /// one with its key. (An array of indices a key, one allocation an entry, cost 2,000
    /// instructions an entry: damus's 65 tables, 15,000 entries, a fiftieth of the real
    /// benchmark corpus's audit.)
    struct TableKeys: Sendable {
        private var first: [String: Int] = [:]
        private var next: [Int]

        init(_ table: StringsFile) {
            next = [Int](repeating: -1, count: table.entries.count)
            first.reserveCapacity(table.entries.count)
            // From the last entry back: each key's chain comes out in file order.
            for index in table.entries.indices.reversed() {
                if let following = first.updateValue(index, forKey: table.entries[index].key) { next[index] = following }
            }
        }

        /// The indices of the entries with `key`, in file order.
        subscript(key: String) -> [Int] {
            var indices: [Int] = []
            var index = first[key] ?? -1
            while index >= 0 {
                indices.append(index)
                index = next[index]
            }
            return indices
        }
    }

    static func translations(of key: String, in project: Project, source: String, keys: KeyIndex) -> [CopyText] {
        var result: [CopyText] = []
        for (catalogIndex, catalog) in project.stringCatalogs.enumerated() {
            guard let entryIndex = keys.catalogs[catalogIndex][key] else { continue }
            let entry = catalog.entries[entryIndex]
            for localization in entry.localizations {
                // In the source language the key is the text, unless the catalog gives another
                // (`"settings.support.subscription-info"` shows a sentence in English too).
                let isSource = LocaleMatching.serves(localization.locale, source)
                for text in localization.texts where !isSource || text.value != key {
                    result.append(CopyText(text: text.value, locale: isSource ? source : localization.locale, location: text.location, literal: nil))
                }
            }
        }
        for (tableIndex, table) in project.stringsFiles.enumerated() {
            guard let locale = LocalizationFolder.locale(ofFile: table.file) else { continue }
            let isSource = LocaleMatching.serves(locale, source)
            for entry in keys.tables[tableIndex][key].map({ table.entries[$0] }) where !isSource || entry.value != key {
                result.append(CopyText(text: entry.value, locale: isSource ? source : locale, location: entry.location, literal: nil))
            }
        }
        return result
    }
}

/// The name of the `visibleLiterals(in:)` fact.
private enum VisibleLiterals {}

extension Project {
    /// False when StoreKit configurations exist and none declares a subscription: then no
    /// paywall sells one, whatever its words say ("No subscription, pay once").
    var mayHaveSubscriptions: Bool {
        storeKitConfigurations.isEmpty || storeKitConfigurations.contains { !$0.subscriptions.isEmpty || !$0.nonRenewingSubscriptions.isEmpty }
    }
}
