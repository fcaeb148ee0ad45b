import AuditCore

// The words the purchase-screen rules share: which calls are StoreKit's store views, what a
// `storeButton(_:for:)` makes visible, which calls show their strings, which identifiers show a
// price or a period, and the code of a view with the views it shows and the views that show it.
// Rules ask these (and `PurchaseScreens`) instead of each other.

/// StoreKit's SwiftUI store views as the app writes them. A call named `StoreView(…)` is
/// StoreKit's unless the app declares a type of that name itself: then a bare `StoreView()` is
/// the app's own view, and only `StoreKit.StoreView(…)` is StoreKit's.
enum StoreKitViews {
    static let names: Set<String> = ["SubscriptionStoreView", "StoreView", "ProductView"]
    /// `names`, hashed once for the question asked of every file.
    static let identifiers = IdentifierNames(names)

    /// The StoreKit view names the app declares a struct or class for.
    static func shadowedNames(in project: Project) -> Set<String> {
        project.fact(ShadowedStoreViewNames.self) {
            // Only the files that mention a name have their declarations built.
            Set(names.filter { name in !project.declarations(named: name, { $0 == .struct || $0 == .class }).isEmpty })
        }
    }

    /// Whether the call named at `name` (a store view name) is StoreKit's view.
    static func isStoreKitView(_ name: Int, in file: SwiftFile, shadowed: Set<String>) -> Bool {
        guard let receiver = file.receiver(of: name) else { return !shadowed.contains(file.text(name)) }
        return file.isIdentifier(receiver, "StoreKit")
    }
}

/// The name of the `shadowedNames(in:)` fact.
private enum ShadowedStoreViewNames {}

/// `storeButton(_:for:)`: which of StoreKit's buttons a call makes visible.
enum StoreButtons {
    static let name = IdentifierNames(["storeButton"])

    /// Whether `call` makes the `button` button (`restorePurchases`, `policies`) visible:
    /// `.storeButton(.visible, for: .restorePurchases)`, its variadic form, or
    /// `.storeButton(flag ? .visible : .hidden, for: …)` where `flag` is a stored property the
    /// project starts true. A flag that starts false, or one the code does not say, shows
    /// nothing for sure, and is no evidence.
    static func shows(_ button: StaticString, _ call: Call, in file: SwiftFile, project: Project) -> Bool {
        guard let visibility = call.arguments.first, visibility.label == nil else { return false }
        let arguments = (call.openParen + 1)..<max(call.openParen + 1, call.closeParen)
        guard arguments.contains(where: { file.isIdentifier($0, button) && file.isImplicitMember($0) }) else { return false }
        let value = visibility.valueRange
        guard let question = value.first(where: { file.tokenIs($0, "?") }) else {
            return value.contains { file.isIdentifier($0, "visible") }
        }
        // `condition ? a : b`: which branch is `.visible`, and what the condition starts as.
        guard let colon = value.first(where: { $0 > question && file.tokenIs($0, ":") }) else { return false }
        let visibleWhenTrue = (question..<colon).contains { file.isIdentifier($0, "visible") }
        let visibleWhenFalse = (colon..<value.upperBound).contains { file.isIdentifier($0, "visible") }
        if visibleWhenTrue && visibleWhenFalse { return true }
        let condition = value.lowerBound..<question
        let negated = condition.contains { file.tokenIs($0, "!") }
        guard let flag = file.lastIdentifier(in: condition),
              var starts = StoredFlags.initialValue(of: file.identifierText(flag), in: project)
        else { return false }
        if negated { starts.toggle() }
        return starts ? visibleWhenTrue : visibleWhenFalse
    }
}

extension StoreButtons {
    /// Whether `call` hides the `button` button outright: `.storeButton(.hidden, for: .policies)`.
    static func hides(_ button: StaticString, _ call: Call, in file: SwiftFile) -> Bool {
        guard let visibility = call.arguments.first, visibility.label == nil,
              visibility.valueRange.count == 2, file.isIdentifier(visibility.valueRange.upperBound - 1, "hidden")
        else { return false }
        let arguments = (call.openParen + 1)..<max(call.openParen + 1, call.closeParen)
        return arguments.contains { file.isIdentifier($0, button) && file.isImplicitMember($0) }
    }
}

/// Boolean stored properties and the value they start with.
enum StoredFlags {
    /// `var showRestore = false`, `@Published var showRestore: Bool = true`, `@AppStorage("k")
    /// var showRestore = true`: the literal a property named `name` starts as, when every
    /// declaration of that name in the project says the same.
    static func initialValue(of name: String, in project: Project) -> Bool? {
        var found: Bool?
        for file in project.swiftFiles(mentioning: name) {
            for i in file.occurrences(of: name) where i >= 1 && (file.tokenIs(i - 1, "var") || file.tokenIs(i - 1, "let")) {
                // `name = literal` or `name: Bool = literal`.
                var j = i + 1
                if file.tokenIs(j, ":") { j += 2 }
                guard file.tokenIs(j, "=") else { return nil }
                let value: Bool
                if file.tokenIs(j + 1, "true") {
                    value = true
                } else if file.tokenIs(j + 1, "false") {
                    value = false
                } else {
                    return nil
                }
                if let found, found != value { return nil }
                found = value
            }
        }
        return found
    }
}

/// Calls whose string arguments people see, and the argument labels whose strings they do not.
enum VisibleText {
    static let calls: Set<String> = [
        "Text", "Button", "Label", "Link", "Toggle", "Section", "LocalizedStringKey", "LocalizedStringResource",
        "NSLocalizedString", "String", "navigationTitle", "alert", "confirmationDialog", "badge", "help",
        "accessibilityLabel", "SubscriptionStoreButton", "ContentUnavailableView", "Menu", "Picker",
        "setTitle", "UILabel", "UIButton", "UIAlertController", "UIAlertAction",
    ]
    static let hiddenLabels: Set<String> = [
        "comment", "tableName", "bundle", "systemImage", "image", "id", "identifier", "destination", "value",
        "defaultValue", "format", "url", "forKey",
    ]
}

/// What a screen's code shows about the price and the period of what it sells.
enum ShownTerms {
    /// Identifiers that are a formatted price wherever they are read: StoreKit's
    /// `displayPrice` and `priceFormatStyle`, SKProduct helpers, RevenueCat's
    /// `localizedPriceString` (on a `StoreProduct` or a `Package`), and an `SKProduct`'s
    /// `priceLocale`, which only formatting its price reads.
    static let priceIdentifiers: Set<String> = [
        "displayPrice", "priceFormatStyle", "localizedPrice", "formattedPrice", "localizedPriceString", "priceString", "priceLocale",
    ]
    /// Names that are a price when a view shows them (`Text(tip.price)`, `Text(priceText)`): a
    /// price handed to the view as a parameter or a model property.
    static let shownPriceNames: Set<String> = ["price", "priceText", "priceLabel", "priceDescription"]
    static let periodIdentifiers: Set<String> = ["subscriptionPeriod", "period", "periodUnit", "localizedPeriod", "billingPeriod"]

    /// Whether `range` reads a price: a price identifier anywhere, or a price name inside the
    /// arguments of a call that shows text or an interpolation (`Text(option.price)`,
    /// `Text("\(priceText) a year")`, `"BUY \(price)"`).
    static func showsPrice(in range: Range<Int>, of file: SwiftFile) -> Bool {
        for i in range where file.isKind(i, .identifier) {
            if file.isIdentifier(i, in: priceIdentifiers) { return true }
            // Or interpolated into a title the screen builds (`return "BUY \(price)"`).
            if file.isIdentifier(i, in: shownPriceNames), isShown(i, in: file) || file.isInsideInterpolation(i) { return true }
            // An app helper that formats it (`formattedBuildPriceWithPeriod()`), shown in text.
            if file.isCall(at: i), ASCIISearch.contains(file.text(i).lowercased(), "price"),
               file.isInsideInterpolation(i) || isShown(i, in: file) {
                return true
            }
        }
        return false
    }
}

extension ShownTerms {
    /// A localized period word shown beside the price: an identifier naming a period
    /// (`Strings.monthAbbreviation`, `L10n.perYear`) inside a string interpolation or the
    /// arguments of a call that shows text.
    static func showsPeriodName(in range: Range<Int>, of file: SwiftFile) -> Bool {
        for i in range where file.isKind(i, .identifier) && file.isAfterDot(i) {
            let word = file.text(i).lowercased()
            guard ["month", "year", "week", "annual", "period"].contains(where: { ASCIISearch.contains(word, $0) }) else { continue }
            if file.isInsideInterpolation(i) || isShown(i, in: file) { return true }
        }
        return false
    }

    /// Whether the expression at `index` is inside the arguments of a call that shows text,
    /// possibly through helpers (`Text(applyKerning(to: "/", in: option.priceText))`).
    static func isShown(_ index: Int, in file: SwiftFile) -> Bool {
        var position = index
        for _ in 0..<4 {
            guard let (callee, open) = file.callee(ofArgument: position) else { return false }
            if VisibleText.calls.contains(file.text(callee)) { return true }
            position = open
        }
        return false
    }
}

/// The code of a view: its words, the view types it shows, and the view types that show it.
enum ViewCode {
    /// Lower-cased identifier and string-literal words in a range: what a view shows or calls.
    static func words(in range: Range<Int>, of file: SwiftFile) -> [String] {
        range.compactMap { i in
            guard file.isKind(i, .identifier) || file.isKind(i, .stringSegment) else { return nil }
            return file.text(i).lowercased()
        }
    }

    /// Whether the code's words, or the strings its keys name, say the purchase does not renew
    /// ("one-off purchases, and will not auto-renew", "non-renewing").
    /// A screen that also names a renewing period ("monthly", "per year") sells something that
    /// renews beside its one-off purchase: never taken for one that does not renew.
    static func saysItDoesNotRenew(in range: Range<Int>, of file: SwiftFile, project: Project) -> Bool {
        let phrases = ["non-renewing", "nonrenewing", "non renewing", "not auto-renew", "not renew", "n't renew", "n't auto-renew", "one-off", "one-time purchase"]
        let renewing = ["monthly", "yearly", "annual", "weekly", "per month", "per year", "per week", "/month", "/year", "a month", "a year"]
        let codeWords = words(in: range, of: file)
        if codeWords.contains(where: { word in renewing.contains { ASCIISearch.contains(word, $0) } }) { return false }
        for word in codeWords where phrases.contains(where: { ASCIISearch.contains(word, $0) }) { return true }
        // Keys of localized strings (`"preferences_general_patron_description"`): their source text.
        guard !project.stringCatalogs.isEmpty || !project.stringsFiles.isEmpty else { return false }
        let source = project.stringCatalogs.compactMap(\.sourceLanguage).first ?? "en"
        let keys = PaywallCopy.keyIndex(of: project)
        for i in range where file.isKind(i, .stringStart) {
            let key = file.stringLiteral(at: i).text
            guard !key.isEmpty, !key.contains(" ") else { continue }
            let values = PaywallCopy.sourceValues(of: key, in: project, source: source, keys: keys).map { $0.lowercased() }
            if values.contains(where: { value in renewing.contains { ASCIISearch.contains(value, $0) } }) { return false }
            if values.contains(where: { value in phrases.contains { ASCIISearch.contains(value, $0) } }) { return true }
        }
        return false
    }

    static func mentionsSubscription(in range: Range<Int>, of file: SwiftFile) -> Bool {
        words(in: range, of: file).contains { word in
            ["subscription", "subscribe", "renew", "autorenewable", "per month", "per year", "/month", "/year",
             "monthly", "yearly", "annual", "weekly", "free trial"].contains { ASCIISearch.contains(word, $0) }
        }
    }

    /// What `ranges` link to: the Terms of Use (or EULA), the Privacy Policy, and the buttons
    /// or links labelled Terms that open the privacy policy instead (`Button("Terms") { url =
    /// AppInfo.urlPrivacy }`): a second privacy link, not a Terms link.
    struct PolicyLinks {
        /// Where each was first seen: its label's text when one says it, else an identifier.
        var termsSite: CodeSite?
        var privacySite: CodeSite?
        var terms: Bool { termsSite != nil }
        var privacy: Bool { privacySite != nil }
        /// Each mislabelled control: its Terms label, and the privacy destination it opens.
        var termsOpeningPrivacy: [(label: CodeSite, destination: String)] = []
    }

    static func policyLinks(in ranges: [(SwiftFile, Range<Int>)]) -> PolicyLinks {
        var links = PolicyLinks()
        for (file, range) in ranges {
            for i in range {
                guard file.isKind(i, .identifier) || file.isKind(i, .stringSegment) else { continue }
                let word = file.text(i).lowercased()
                // The first site seen, or the first label text after identifiers.
                func better(than kept: CodeSite?) -> Bool {
                    guard let kept else { return true }
                    return file.isKind(i, .stringSegment) && !kept.file.isKind(kept.index, .stringSegment)
                }
                if ASCIISearch.contains(word, "privacy"), better(than: links.privacySite) {
                    links.privacySite = CodeSite(file: file, index: i)
                }
                guard ASCIISearch.contains(word, "terms") || ASCIISearch.contains(word, "eula") else { continue }
                if let destination = privacyDestination(ofTermsLabel: i, in: file) {
                    if !links.termsOpeningPrivacy.contains(where: { $0.label.file.path == file.path && $0.label.index == i }) {
                        links.termsOpeningPrivacy.append((CodeSite(file: file, index: i), destination))
                    }
                } else if better(than: links.termsSite) {
                    links.termsSite = CodeSite(file: file, index: i)
                }
            }
        }
        return links
    }

    /// When the Terms label at `index` is the title of a `Button` or `Link` whose action or
    /// destination names only the privacy policy: that destination (`AppInfo.urlPrivacy`).
    private static func privacyDestination(ofTermsLabel index: Int, in file: SwiftFile) -> String? {
        // The literal's start, for a word of a string.
        var start = index
        while start > 0, file.isKind(start, .stringSegment) { start -= 1 }
        guard let (callee, _) = file.callee(ofArgument: start), file.tokenIs(callee, "Button") || file.tokenIs(callee, "Link"),
              let call = file.call(at: callee)
        else { return nil }
        let range = call.name..<(call.end + 1)
        let termsWords = ViewCode.words(in: range, of: file).filter { ASCIISearch.contains($0, "terms") || ASCIISearch.contains($0, "eula") }
        guard termsWords.count == 1,
              let privacy = range.first(where: { (file.isKind($0, .identifier) || file.isKind($0, .stringSegment)) && ASCIISearch.contains(file.text($0).lowercased(), "privacy") })
        else { return nil }
        // `AppInfo.urlPrivacy`: the name with its receiver, as the code spells it.
        if file.isKind(privacy, .identifier), let receiver = file.receiver(of: privacy), file.isKind(receiver, .identifier) {
            return file.text(receiver) + "." + file.text(privacy)
        }
        return file.text(privacy)
    }

    /// Private helper views declared in the same file, and view types the paywall creates.
    static func helperViews(of type: Int, in file: SwiftFile, project: Project) -> [(SwiftFile, Range<Int>)] {
        var result: [(SwiftFile, Range<Int>)] = []
        for (index, declaration) in file.declarations.enumerated() where index != type && declaration.kind == .struct && declaration.parent == -1 {
            if PurchaseSurface.isViewType(declaration), declaration.modifiers.contains("private") || declaration.modifiers.contains("fileprivate") {
                result.append((file, file.fullRange(of: index)))
            }
        }
        // The views it creates, and the views those create (a screen, its option list, each option).
        var level = [(file, file.fullRange(of: type))]
        for _ in 0..<2 {
            var next: [(SwiftFile, Range<Int>)] = []
            for (levelFile, levelRange) in level {
                for helper in helperViewRanges(usedIn: levelRange, of: levelFile, project: project)
                where !result.contains(where: { $0.0.path == helper.0.path && $0.1 == helper.1 }) && !(helper.0.path == file.path && helper.1 == file.fullRange(of: type)) {
                    result.append(helper)
                    next.append(helper)
                }
            }
            level = next
        }
        return result
    }

    /// Private types of `file` (and their extensions there) that the code `ranges` of it names:
    /// `private enum LegalURL { case terms = "…" }` behind `Text(LegalURL.markdown)`.
    static func privateTypes(namedIn ranges: [(SwiftFile, Range<Int>)], of file: SwiftFile) -> [(SwiftFile, Range<Int>)] {
        var result: [(SwiftFile, Range<Int>)] = []
        let own = ranges.filter { $0.0.path == file.path }.map(\.1)
        let privateNames = Set(file.declarations.filter { declaration in
            declaration.parent == -1 && declaration.kind.isType && declaration.kind != .extension
                && (declaration.modifiers.contains("private") || declaration.modifiers.contains("fileprivate"))
        }.map(\.name))
        for name in privateNames where own.contains(where: { range in file.occurrences(of: name).contains { range.contains($0) } }) {
            for (index, declaration) in file.declarations.enumerated() where declaration.parent == -1 && declaration.kind.isType && declaration.name == name {
                let range = file.fullRange(of: index)
                if !own.contains(where: { $0.overlaps(range) }) { result.append((file, range)) }
            }
        }
        return result
    }

    /// Bodies of view types from the project that `range` instantiates (`LegalFooter()`), one level deep.
    static func helperViewRanges(usedIn range: Range<Int>, of file: SwiftFile, project: Project) -> [(SwiftFile, Range<Int>)] {
        var names = Set<String>()
        for i in range where file.isKind(i, .identifier) && file.token(i, offsetBy: 1, is: .leftParen) {
            let name = file.text(i)
            if name.first?.isUppercase == true { names.insert(name) }
        }
        // A struct is declared only after `struct`, in a file that mentions its name: those
        // files' trees are the only ones looked at, and `Text(` or `VStack(` none at all.
        // SwiftUI views are structs; a UIKit screen's views (`final class BuyView: UIView`) are
        // classes named or typed as views, but not view controllers, which are screens of their own.
        var places = names.filter { project.mayDeclareStruct(named: $0) }.flatMap { name in
            project.declarations(named: name) { $0 == .struct || $0 == .class }.filter { place in
                let declaration = project.swiftFiles[place.file].declarations[place.declaration]
                guard declaration.kind != .struct else { return true }
                // `class BuyView: UIView`, `class SubscriptionButton: UIControl`, a cell.
                let uikit = declaration.inheritedTypes.contains { ($0.hasPrefix("UI") || $0.hasPrefix("NS")) && !$0.hasSuffix("Controller") && !$0.hasSuffix("Delegate") && !$0.hasSuffix("DataSource") }
                return (uikit || PurchaseSurface.isViewType(declaration)) && !PurchaseSurface.isViewController(declaration)
            }
        }
        // In project order, as a walk over every file's declarations would give them.
        places.sort { ($0.file, $0.declaration) < ($1.file, $1.declaration) }
        return places.map { place in
            let other = project.swiftFiles[place.file]
            return (other, other.fullRange(of: place.declaration))
        }
    }

    /// Whether `index` is inside a preview (`PreviewProvider`, `#Preview { }`): not where
    /// people meet a screen.
    static func isInPreview(_ index: Int, in file: SwiftFile) -> Bool {
        file.declarationChain(of: index).contains { d in
            file.declarations[d].inheritedTypes.contains("PreviewProvider") || file.declarations[d].kind == .closure && file.declarations[d].name == "Preview"
        }
    }

    /// Labels of closures that hold the screen a component navigates to.
    static let destinationLabels: Set<String> = ["destination", "details", "detail"]

    /// Calls that show their content as another screen.
    static let presentingCalls: Set<String> = ["NavigationLink", "sheet", "fullScreenCover", "popover", "navigationDestination", "UIHostingController", "NSHostingController"]

    /// Whether the view created at `index` is shown as a screen of its own: in a
    /// `NavigationLink`, a sheet, a full-screen cover, a popover, a navigation destination, or
    /// a hosting controller a view pushes or presents (`UIHostingController(rootView: PlansView())`).
    static func isPresented(_ index: Int, in file: SwiftFile) -> Bool {
        presentingCall(of: index, in: file, calls: presentingCalls) != nil
    }

    /// The innermost call among `calls` whose argument or trailing closure holds `index`
    /// (`sheet` for `.sheet { Paywall() }`, `NavigationLink` for `NavigationLink(destination: Paywall())`),
    /// up to the enclosing type.
    static func presentingCall(of index: Int, in file: SwiftFile, calls: Set<String>) -> Int? {
        presentingCall(of: index, in: file) { calls.contains($0) }
    }

    /// `presentingCall(of:in:calls:)` for the calls whose names `isCall` accepts.
    static func presentingCall(of index: Int, in file: SwiftFile, where isCall: (String) -> Bool) -> Int? {
        var open = file.enclosingBracket(of: index)
        while let bracket = open {
            if file.isKind(bracket, .leftParen), let (callee, _) = file.callee(ofArgument: bracket + 1) ?? (bracket > 0 ? (bracket - 1, bracket) : nil),
               file.isKind(callee, .identifier), isCall(file.text(callee)) {
                return callee
            }
            if file.isKind(bracket, .leftBrace), let declaration = file.declaration(openedBy: bracket) {
                let kind = file.declarations[declaration].kind
                if kind.isType { return nil }
                // A component's `destination:` / `details:` closure (`Row { … } details: { BuildView() }`)
                // is the screen it navigates to.
                if kind == .closure, let colon = file.previousCodeIndex(before: bracket), file.isKind(colon, .colon),
                   let label = file.previousCodeIndex(before: colon), file.isIdentifier(label, in: destinationLabels),
                   isCall("navigationDestination") {
                    return label
                }
                if kind == .closure, isCall(file.declarations[declaration].name), !isNavigationLinkLabel(bracket, in: file) {
                    let callee = file.declarations[declaration].calleeIndex
                    return callee >= 0 ? callee : file.declarations[declaration].keyword
                }
            }
            open = file.enclosingBracket(of: bracket)
        }
        return nil
    }

    /// The bodies of the other branches of every `if … else if … else` statement around code
    /// token `index` (up to its type): views there are shown instead of the one at `index`.
    static func otherBranches(around index: Int, in file: SwiftFile) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var position = index
        while let brace = file.enclosingBracket(of: position, where: { file.isKind($0, .leftBrace) }) {
            if let declaration = file.declaration(openedBy: brace), file.declarations[declaration].kind.isType { break }
            defer { position = brace }
            // A `switch` body: the other cases.
            if let first = file.nextCodeIndex(after: brace), file.tokenIs(first, "case") || file.tokenIs(first, "default"),
               let close = file.matchingBracket(of: brace) {
                let labels = (brace + 1..<close).filter { k in
                    (file.tokenIs(k, "case") || file.tokenIs(k, "default")) && file.enclosingBracket(of: k) == brace && file.startsLine[k]
                }
                for (n, label) in labels.enumerated() {
                    let caseRange = label..<(n + 1 < labels.count ? labels[n + 1] : close)
                    if !caseRange.contains(position) { result.append(caseRange) }
                }
                continue
            }
            guard let bodies = ifChainBodies(containing: brace, in: file) else { continue }
            result += bodies.filter { !$0.contains(brace) }
        }
        return result
    }

    /// The branch bodies (`{` to `}`) of the `if`/`else` chain one of whose bodies opens at
    /// `brace`, or nil when `brace` opens no branch of one.
    private static func ifChainBodies(containing brace: Int, in file: SwiftFile) -> [Range<Int>]? {
        // The keyword that opens the branch: `else` right before the brace, or the `if` of its
        // condition (which may hold calls, closures in parentheses and `,`-joined clauses).
        func opener(of brace: Int) -> Int? {
            guard let before = file.previousCodeIndex(before: brace) else { return nil }
            if file.tokenIs(before, "else") { return before }
            let level = file.enclosingBracket(of: brace)
            var k = before
            for _ in 0..<120 {
                if file.isKind(k, .rightBrace) { return nil }
                if file.isKind(k, .stringEnd) {
                    // A literal in the condition (`stage == "subscribe"`): passed over whole.
                    while k > 0, !file.isKind(k, .stringStart) { k -= 1 }
                    guard let previous = file.previousCodeIndex(before: k) else { return nil }
                    k = previous
                    continue
                }
                if file.isKind(k, .rightParen) || file.isKind(k, .rightBracket), let open = file.matchingBracket(of: k) {
                    guard let previous = file.previousCodeIndex(before: open) else { return nil }
                    k = previous
                    continue
                }
                guard file.enclosingBracket(of: k) == level else { return nil }
                if file.tokenIs(k, "if") { return k }
                if file.tokenIs(k, "for") || file.tokenIs(k, "while") || file.tokenIs(k, "guard") || file.tokenIs(k, "switch") || file.tokenIs(k, "func") { return nil }
                // A line that starts a statement of its own, not a continued condition.
                if file.startsLine[k], let previous = file.previousCodeIndex(before: k),
                   !(file.isKind(previous, .comma) || file.isOperator(previous, "&&") || file.isOperator(previous, "||") || file.tokenIs(previous, "if")) {
                    return nil
                }
                guard let previous = file.previousCodeIndex(before: k) else { return nil }
                k = previous
            }
            return nil
        }
        guard let first = opener(of: brace) else { return nil }
        // Each branch from its keyword, so its condition (`if let params = … as? TermsParams`)
        // goes with it.
        var bodies: [Range<Int>] = []
        // Back to the chain's first branch: `} else` before an opener.
        var opening = first
        var body = brace
        while true {
            guard let close = file.matchingBracket(of: body) else { return nil }
            bodies.append(opening..<(close + 1))
            let keyword = file.tokenIs(opening, "if") ? file.previousCodeIndex(before: opening).flatMap { file.tokenIs($0, "else") ? $0 : nil } : opening
            guard let elseToken = keyword, let end = file.previousCodeIndex(before: elseToken), file.isKind(end, .rightBrace),
                  let start = file.matchingBracket(of: end), let previousOpener = opener(of: start)
            else { break }
            opening = previousOpener
            body = start
        }
        // On to the last: `} else {` or `} else if … {` after a body.
        var last = brace
        while let close = file.matchingBracket(of: last), let next = file.nextCodeIndex(after: close), file.tokenIs(next, "else"),
              let after = file.nextCodeIndex(after: next) {
            var nextBody: Int?
            if file.isKind(after, .leftBrace) {
                nextBody = after
            } else if file.tokenIs(after, "if") {
                let level = file.enclosingBracket(of: after)
                var k = after
                for _ in 0..<200 {
                    guard let n = file.nextCodeIndex(after: k) else { break }
                    k = n
                    if file.isKind(k, .leftParen) || file.isKind(k, .leftBracket), let partner = file.matchingBracket(of: k) { k = partner; continue }
                    if file.isKind(k, .leftBrace), file.enclosingBracket(of: k) == level { nextBody = k; break }
                }
            }
            guard let found = nextBody, let end = file.matchingBracket(of: found) else { break }
            bodies.append(next..<(end + 1))
            last = found
        }
        return bodies.count > 1 ? bodies : nil
    }

    /// Whether the closure opened by `brace` is a `NavigationLink`'s label, which is on the
    /// screen that links, not the destination: `NavigationLink(destination: D()) { Label() }`,
    /// `NavigationLink { D() } label: { Label() }`.
    private static func isNavigationLinkLabel(_ brace: Int, in file: SwiftFile) -> Bool {
        guard let before = file.previousCodeIndex(before: brace) else { return false }
        if file.isKind(before, .colon), let label = file.previousCodeIndex(before: before), file.isIdentifier(label, "label") { return true }
        guard file.isKind(before, .rightParen), let open = file.matchingBracket(of: before),
              let callee = file.previousCodeIndex(before: open), file.isIdentifier(callee, "NavigationLink")
        else { return false }
        return file.call(at: callee)?.arguments.contains { $0.label == "destination" } ?? false
    }

    /// The view types that show the view type `type` of `file` (`StoreScreen { ProductList() }`
    /// shows `ProductList`), and the ones that show those, up to `depth` levels: what is on the
    /// screen around a subview. Level by level: the views that show it first.
    static func containers(of type: Int, in file: SwiftFile, project: Project, depth: Int = 5) -> [[(SwiftFile, Range<Int>)]] {
        var levels: [[(SwiftFile, Range<Int>)]] = []
        var seen: Set<String> = ["\(file.path)#\(type)"]
        var level: [String] = [file.declarations[type].name]
        for _ in 0..<depth where !level.isEmpty {
            var next: [String] = []
            var result: [(SwiftFile, Range<Int>)] = []
            for name in level where !name.isEmpty {
                for other in project.swiftFiles(mentioning: name) {
                    for i in other.occurrences(of: name) where other.receiver(of: i) == nil && (other.tokenIs(i + 1, "(") || other.tokenIs(i + 1, "{"))
                    && !isPresented(i, in: other) {
                        guard let outer = other.declarationChain(of: i).last(where: { other.declarations[$0].kind.isType }),
                              PurchaseSurface.isViewType(other.declarations[outer]) || other.declarations[outer].kind == .extension,
                              seen.insert("\(other.path)#\(outer)").inserted
                        else { continue }
                        // What the container shows in another branch of an `if … else` around
                        // this view (a sign-up flow's terms step beside its subscription step)
                        // is never on screen with it.
                        var parts = [other.fullRange(of: outer)]
                        for branch in otherBranches(around: i, in: other) {
                            parts = parts.flatMap { part -> [Range<Int>] in
                                guard part.overlaps(branch) else { return [part] }
                                return [part.lowerBound..<max(part.lowerBound, branch.lowerBound), min(part.upperBound, branch.upperBound)..<part.upperBound].filter { !$0.isEmpty }
                            }
                        }
                        result += parts.map { (other, $0) }
                        next.append(other.declarations[outer].name)
                    }
                }
            }
            if !result.isEmpty { levels.append(result) }
            level = next
        }
        return levels
    }
}
