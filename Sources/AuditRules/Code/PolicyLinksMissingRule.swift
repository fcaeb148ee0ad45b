import AuditCore

/// Seed checklist 7 / common mistake 10 / Guideline 3.1.2: subscription views must link to the
/// Terms of Use (EULA) and the Privacy Policy.
public struct PolicyLinksMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "policy_links_missing",
        title: "Terms of Use and Privacy Policy linked from subscription views",
        severity: .error,
        scope: .code,
        rationale: """
            Guideline 3.1.2 requires a subscription's purchase screen to link to the Terms of Use \
            (EULA) and the Privacy Policy. Missing links are one of the most common reasons \
            subscription apps are rejected. On a custom paywall the finding is on the one link \
            it has when the other is missing (the other belongs beside it), else on its purchase \
            button, or on a button labelled Terms that opens the privacy policy; a row that sells \
            is reported on the screen that shows it. A \
            `SubscriptionStoreView` destination that searches for the document \
            (`google.com/search?q=…`) or points at an example domain is reported too.
            """,
        fix: """
            On a `SubscriptionStoreView`, add `.subscriptionStorePolicyDestination(url:for: .termsOfService)` \
            and `.subscriptionStorePolicyDestination(url:for: .privacyPolicy)`. On a custom paywall, \
            add visible `Link`s to both documents.
            """,
        reference: "StoreKit 2 review checklist item 7; common mistake 10; App Review Guideline 3.1.2",
        triggeringExamples: Self.triggeringExamples,
        nonTriggeringExamples: Self.nonTriggeringExamples
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        let helpers = Self.policyHelperNames(in: project)
        let surface = PurchaseSurface.of(project)
        var sawSubscriptionUI = false
        var reportedPlaceholders = Set<Int>()
        for (site, _) in surface.storeViews where site.file.tokenIs(site.index, "SubscriptionStoreView") {
            sawSubscriptionUI = true
            let file = site.file
            let scope = Self.outermostTypeRange(of: site.index, in: file) ?? file.code.indices
            let missing = Self.missingDestinations(in: scope, of: file, helpers: helpers, project: project)
            if missing.isEmpty, let placeholder = Self.placeholderDestinations(in: scope, of: file).first {
                if reportedPlaceholders.insert(placeholder.literal).inserted {
                    result.report(
                        in: file, at: placeholder.literal,
                        "The \(placeholder.kind) destination of SubscriptionStoreView in \(scopeDescription(of: site.index, in: file)) is a placeholder (\(placeholder.url)): customers and App Review land on a search or example page, not the app's \(placeholder.kind).")
                }
            } else if missing.isEmpty {
                result.evidence(in: file, at: site.index, "SubscriptionStoreView in \(scopeDescription(of: site.index, in: file)) sets Terms of Service and Privacy Policy destinations")
            } else {
                let hidden = file.calls(named: StoreButtons.name).contains { scope.contains($0.name) && StoreButtons.hides("policies", $0, in: file) }
                let placeholders = file.calls(named: "subscriptionStorePolicyDestination").contains { scope.contains($0.name) && Self.isPlaceholderPage($0, in: file) }
                let why = hidden ? " (`.storeButton(.hidden, for: .policies)` hides StoreKit's Terms and Privacy links)"
                    : placeholders ? " (a destination that shows an empty view or a placeholder line is no document to read)" : ""
                result.report(in: file, at: site.index, "SubscriptionStoreView has no \(missing.joined(separator: " and ")) destination\(why).")
            }
        }
        // The app's own subscription screens (and StoreKit `ProductView`s selling a
        // subscription, which show no links): the links may be on the screen, its helper
        // views, or the views around it that show it.
        var reported = Set<SourceLocation>()
        let custom = PurchaseScreens.of(project).screens.filter { $0.sellsSubscriptions && !$0.usesSubscriptionStoreView }
        for screen in custom {
            sawSubscriptionUI = true
            // A part of another such screen (its product row) is judged with that screen, whose
            // code holds it.
            let range = screen.file.fullRange(of: screen.type)
            let isPartOfAnother = custom.contains { other in
                guard other.type != screen.type || other.file.path != screen.file.path else { return false }
                return other.code.dropFirst().contains { $0.0.path == screen.file.path && $0.1 == range }
            }
            if isPartOfAnother { continue }
            var links = ViewCode.policyLinks(in: screen.code + ViewCode.privateTypes(namedIn: screen.code, of: screen.file))
            if !(links.terms && links.privacy) {
                // The views around it, and the helper views (a legal footer) of the nearest two:
                // further out, their helpers are other screens of the app (its tabs, its settings).
                let levels = screen.containers(in: project)
                let containers = levels.flatMap { $0 }
                let near = levels.prefix(2).flatMap { $0 }
                // A container is read in its parts (its other branches left out): it is no
                // helper of the one around it.
                let helpers = near.flatMap { ViewCode.helperViewRanges(usedIn: $0.1, of: $0.0, project: project) }.filter { helper in
                    !containers.contains { $0.0.path == helper.0.path && $0.1.overlaps(helper.1) }
                        && !(helper.0.path == screen.file.path && helper.1.overlaps(screen.file.fullRange(of: screen.type)))
                }
                let around = ViewCode.policyLinks(in: containers + helpers)
                links.termsSite = links.termsSite ?? around.termsSite
                links.privacySite = links.privacySite ?? around.privacySite
                links.termsOpeningPrivacy += around.termsOpeningPrivacy
            }
            if links.terms && links.privacy {
                result.evidence(at: screen.site.location, "Subscription paywall \(screen.name) shows Terms and Privacy Policy links")
                continue
            }
            let missing = [links.terms ? nil : "Terms of Use", links.privacy ? nil : "Privacy Policy"].compactMap { $0 }.joined(separator: " or ")
            // A button labelled Terms that opens the privacy policy: the finding is on it.
            if !links.terms, let wrong = links.termsOpeningPrivacy.first {
                if reported.insert(wrong.label.location).inserted {
                    result.report(
                        in: wrong.label.file, at: wrong.label.index,
                        "This Terms button opens the privacy policy (\(wrong.destination)), so the subscription paywall \(screen.name) has no Terms of Use link.\(screen.reachedNote)")
                }
                continue
            }
            let declared = screen.site.location
            // One link of the two is there: the finding is on it, where the other belongs
            // (Blink's footer has TERMS and no privacy policy).
            if let present = links.terms ? links.termsSite : links.privacySite, links.terms != links.privacy {
                let place = present.file.path == screen.file.path ? "line \(declared.line)" : "\(declared.file):\(declared.line)"
                let has = links.terms ? "a Terms of Use link here" : "a Privacy Policy link here"
                if reported.insert(present.location).inserted {
                    result.report(
                        in: present.file, at: present.index,
                        "Custom subscription paywall \(screen.name) (\(place)) has \(has) but no \(missing) link.\(screen.reachedNote)")
                }
                continue
            }
            // A screen with its own purchase button: the finding is on the button, where the
            // links belong.
            if screen.screenSite.location == declared || screen.isPartShownOnce, let control = screen.purchaseControl(in: project) {
                let place = control.file.path == screen.file.path ? "line \(declared.line)" : "\(declared.file):\(declared.line)"
                let whose = screen.presentedUnderStoreKitName.first.map { shown in
                    ", the app's own view and not StoreKit's (presented at \(shown.location.file):\(shown.location.line)),"
                } ?? ""
                if reported.insert(control.location).inserted {
                    result.report(
                        in: control.file, at: control.index,
                        "Custom subscription paywall \(screen.name) (\(place))\(whose) shows no \(missing) link with this purchase button.\(screen.reachedNote)")
                }
                continue
            }
            if screen.presentedUnderStoreKitName.isEmpty {
                let at = screen.screenSite
                if at.location == declared {
                    result.report(at: at.location, "Custom subscription paywall \(screen.name) shows no \(missing) link.\(screen.reachedNote)")
                } else {
                    // A row or section: the finding is on the screen that shows it.
                    result.report(at: at.location, "This screen shows \(screen.name) (\(declared.file):\(declared.line)), which sells a subscription, with no \(missing) link on the screen.\(screen.reachedNote)")
                }
            } else {
                // `SubscriptionStoreView(controller:)` reads as StoreKit's view: the finding is
                // where it is presented, and says whose view it is.
                for site in screen.presentedUnderStoreKitName {
                    result.report(
                        in: site.file, at: site.index,
                        "\(screen.name) here is the app's own view (\(declared.file):\(declared.line)), not StoreKit's; it shows no \(missing) link."
                    )
                }
            }
        }
        if !sawSubscriptionUI {
            result.notApplicable(SoldProducts.noAutoRenewableNote(in: project) ?? "No subscription purchase screen was found.")
        }
    }

    /// Which of the two destinations are missing from `range` (directly or through a helper).
    static func missingDestinations(in range: Range<Int>, of file: SwiftFile, helpers: Set<String>, project: Project) -> [String] {
        // `.storeButton(.visible, for: .policies)`: StoreKit shows both, from the app's
        // App Store Connect metadata.
        if file.calls(named: StoreButtons.name).contains(where: { range.contains($0.name) && StoreButtons.shows("policies", $0, in: file, project: project) }) {
            return []
        }
        // `.storeButton(.hidden, for: .policies)` takes StoreKit's links away, whatever
        // destinations are set.
        if file.calls(named: StoreButtons.name).contains(where: { range.contains($0.name) && StoreButtons.hides("policies", $0, in: file) }) {
            return ["Terms of Service", "Privacy Policy"]
        }
        var terms = false
        var privacy = false
        for call in file.calls(named: "subscriptionStorePolicyDestination") where range.contains(call.name) {
            // A destination view with nothing to read (`{ EmptyView() }`, `{ Text("Terms of
            // service here") }`) is a link to a blank page.
            if isPlaceholderPage(call, in: file) { continue }
            let arguments = (call.openParen + 1)..<max(call.openParen + 1, call.closeParen)
            terms = terms || arguments.contains { file.isIdentifier($0, "termsOfService") }
            privacy = privacy || arguments.contains { file.isIdentifier($0, "privacyPolicy") }
        }
        if !(terms && privacy), range.contains(where: { file.isKind($0, .identifier) && helpers.contains(file.text($0)) }) {
            return []
        }
        return [terms ? nil : "Terms of Service", privacy ? nil : "Privacy Policy"].compactMap { $0 }
    }

    /// Whether the view a `subscriptionStorePolicyDestination(for:) { … }` shows is empty or a
    /// short placeholder line: `EmptyView()`, `Text("Privacy policy here")`. The full terms as
    /// text, a web view, or any other view count as the document.
    static func isPlaceholderPage(_ call: Call, in file: SwiftFile) -> Bool {
        guard let open = call.trailingClosures.first, let close = file.matchingBracket(of: open), close > open + 1 else { return false }
        let body = (open + 1)..<close
        let first = body.lowerBound
        if file.isIdentifier(first, "EmptyView"), file.isKind(first + 1, .leftParen), file.matchingBracket(of: first + 1) == close - 1 {
            return true
        }
        // `Text("…")` alone, the literal short and without interpolation.
        guard file.isIdentifier(first, "Text"), file.isKind(first + 1, .leftParen), let textClose = file.matchingBracket(of: first + 1),
              textClose == close - 1, file.isKind(first + 2, .stringStart)
        else { return false }
        let literal = file.stringLiteral(at: first + 2)
        return !literal.hasInterpolation && literal.text.count < 60
    }

    /// `subscriptionStorePolicyDestination(url:for:)` calls in `range` whose URL is a
    /// placeholder: a search for the document (`https://www.google.com/search?q=privacy+policy`),
    /// an example domain or localhost. The URL is the argument's literal or the initializer of
    /// a property `range` declares (`let termsUrl = URL(string: "…")!`).
    static func placeholderDestinations(in range: Range<Int>, of file: SwiftFile) -> [(literal: Int, url: String, kind: String)] {
        var found: [(literal: Int, url: String, kind: String)] = []
        for call in file.calls(named: "subscriptionStorePolicyDestination") where range.contains(call.name) {
            guard let url = call.arguments.first(where: { $0.label == "url" }),
                  let kind = call.arguments.first(where: { $0.label == "for" })
            else { continue }
            let document = kind.valueRange.contains { file.isIdentifier($0, "termsOfService") } ? "Terms of Service" : "Privacy Policy"
            var literal = url.valueRange.first { file.isKind($0, .stringStart) }
            if literal == nil, let name = url.valueRange.first(where: { file.isKind($0, .identifier) }), url.valueRange.count == 1 {
                // `let termsUrl = URL(string: "…")!` in the same type.
                let spelled = file.text(name)
                for i in range where file.isKind(i, .identifier) && file.text(i) == spelled && i > 0
                    && (file.tokenIs(i - 1, "let") || file.tokenIs(i - 1, "var")) {
                    var j = i + 1
                    while j < min(i + 12, range.upperBound), !file.isKind(j, .stringStart) { j += 1 }
                    if j < range.upperBound, file.isKind(j, .stringStart) { literal = j }
                    break
                }
            }
            guard let literal else { continue }
            let text = file.stringLiteral(at: literal).text
            if Self.isPlaceholderURL(text) { found.append((literal, text, document)) }
        }
        return found
    }

    /// A search engine's results for the document, an example domain, or a local address.
    static func isPlaceholderURL(_ url: String) -> Bool {
        var rest = url.lowercased()
        for scheme in ["https://", "http://"] where rest.hasPrefix(scheme) { rest.removeFirst(scheme.count) }
        let host = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != ":" })
        let path = String(rest.dropFirst(host.count))
        let bare = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        if ["example.com", "example.org", "example.net", "localhost", "127.0.0.1"].contains(bare) || bare.hasSuffix(".example.com") { return true }
        if ["google.com", "bing.com", "duckduckgo.com"].contains(bare) {
            return path.hasPrefix("/search") || path.contains("q=")
        }
        return false
    }

    /// Functions and view modifiers anywhere in the project that set both destinations.
    static func policyHelperNames(in project: Project) -> Set<String> {
        var names = Set<String>()
        // Only files that call the modifier can declare such a helper (the name filter answers
        // for the rest without building their trees).
        for index in project.swiftFileIndices(mentioning: "subscriptionStorePolicyDestination") {
            let file = project.swiftFiles[index]
            for (index, declaration) in file.declarations.enumerated()
            where declaration.kind == .function || declaration.kind == .struct || declaration.kind == .variable {
                let range = file.fullRange(of: index)
                guard range.contains(where: { file.tokenIs($0, "subscriptionStorePolicyDestination") }) else { continue }
                if missingDestinations(in: range, of: file, helpers: [], project: project).isEmpty, !declaration.name.isEmpty {
                    names.insert(declaration.name)
                }
            }
        }
        return names
    }

    static func outermostTypeRange(of index: Int, in file: SwiftFile) -> Range<Int>? {
        guard let type = file.declarationChain(of: index).last(where: { file.declarations[$0].kind.isType }) else { return nil }
        return file.fullRange(of: type)
    }
}
