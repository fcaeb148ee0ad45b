import AuditCore

/// Guideline 3.1.1: digital content sold in the app must be bought with in-app purchase; the
/// app may not send people to buy it elsewhere (outside the storefront entitlements that allow it).
public struct ExternalPurchaseLinkRule: Rule {
    public init() {}

    static let linkCalls: Set<String> = ["Link", "openURL", "open", "SFSafariViewController", "SafariView", "ASWebAuthenticationSession"]

    public static let description = RuleDescription(
        identifier: "external_purchase_link",
        title: "No links or calls to buy digital content outside the app",
        severity: .warning,
        scope: .copy,
        rationale: """
            Guideline 3.1.1 requires in-app purchase for digital content and features. Copy that \
            says "subscribe on our website" or a button that opens a web checkout gets the app \
            rejected, unless the app holds an External Purchase Link entitlement for the storefront.
            """,
        fix: "Sell the content with in-app purchase and remove the external purchase wording and links (or apply for the External Purchase Link entitlement where it exists).",
        reference: "App Review Guideline 3.1.1 and 3.1.3",
        triggeringExamples: [
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n↓Save 30% when you subscribe on our website.\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n↓Günstiger: Abonnieren Sie auf unserer Website.\n")]),
            RuleExample(files: [("PaywallCopy.es.md", "# Pro\n\n↓Suscríbete en nuestra web y ahorra.\n")]),
            RuleExample("""
                import SwiftUI
                struct Upsell: View {
                    var body: some View {
                        Link("Get Pro", destination: URL(string: ↓"https://example.com/checkout?plan=pro")!)
                    }
                }
                """),
            RuleExample("""
                Text(↓"Buy Pro on our website for less")
                """),
            // Interpolations: the phrase, or the scheme and the checkout word, around them.
            RuleExample("""
                Text(↓"Save \\(discount)% when you subscribe on our website")
                """),
            RuleExample("""
                Link("Get Pro", destination: URL(string: ↓"https://example.com/\\(plan)/checkout")!)
                """),
            // The pricing page of the app's own service, in a translated string.
            RuleExample(files: [("Localizable.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "upgrade.footer" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "translated", "value" : ↓"Plans: [see prices](https://notes.example.com/pricing)" } } } } }, "version" : "1.0" }
                """)]),
            // A repository link beside a checkout link: the checkout one is reported.
            RuleExample("""
                Text(↓"Built with [Kit](https://github.com/example/kit). Go Pro: [buy](https://example.com/buy?plan=pro)")
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n[Terms of Use](https://example.com/terms) · [Privacy Policy](https://example.com/privacy)\n")]),
            RuleExample(files: [("PaywallCopy.fr.md", "# Pro\n\nRetrouvez nos recettes sur notre blog.\n")]),
            RuleExample("Link(\"Help center\", destination: URL(string: \"https://example.com/help\")!)"),
            // An API endpoint the user never sees.
            RuleExample("let endpoint = URL(string: \"https://api.example.com/v1/checkout/session\")!"),
            RuleExample("Text(\"Visit our website for recipes and tips\")"),
            RuleExample("Text(\"Saved \\(count) recipes from the website\")"),
            RuleExample("Link(\"Help\", destination: URL(string: \"https://example.com/\\(path)/help\")!)"),
            RuleExample(files: [("PaywallCopy.ja.md", "# プロ\n\nウェブサイトでレシピを見る\n")]),
            // Acknowledgements: repositories of purchase SDKs and a documentation page are not
            // places to buy the app's content.
            RuleExample("""
                Text(\"""
                • [Purchases SDK](https://github.com/example-payments/purchases-ios)
                • [Checkout UI](https://gitlab.com/someone/checkout-ui)
                • [Guide](https://docs.example.com/purchase)
                \""")
                """),
            RuleExample(files: [("Localizable.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "about.credits" : { "localizations" : {
                  "de" : { "stringUnit" : { "state" : "translated", "value" : "Danke an [Purchases](https://github.com/example-payments/purchases-ios)" } } } } }, "version" : "1.0" }
                """)]),
            // A path word that is part of a longer word is not a checkout page.
            RuleExample("Link(\"Our subscribers\", destination: URL(string: \"https://example.com/subscribers\")!)"),
        ]
    )

    public func prepare(_ project: Project) {
        _ = PaywallCopy.visibleLiterals(in: project)
    }

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 10 }

    public func check(_ project: Project, into result: inout RuleResult) {
        for (file, visible) in zip(project.swiftFiles, PaywallCopy.visibleLiterals(in: project)) {
            // Each report needs one of the words in a segment of the literal (what
            // `mayFindExternalPurchase` looks for first): one search of the file's literals
            // finds the few that have one.
            for i in file.literalTexts.literals(containingAnyOf: CopyPhrases.externalPurchaseCandidates) {
                // Both reports need a phrase: most literals are ruled out on their bytes.
                guard file.stringLiteral(
                    at: i, mayHaveText: CopyPhrases.mayFindExternalPurchase(inUTF8:),
                    interpolated: CopyPhrases.mayFindExternalPurchase(inInterpolatedSegment:))
                else { continue }
                let literal = file.stringLiteral(at: i)
                guard let phrase = CopyPhrases.externalPurchasePhrase(in: literal.text) else { continue }
                if Self.contains(visible, i) {
                    result.report(in: file, at: i, "\"\(phrase)\" sends people to buy outside the app.")
                    continue
                }
                // `URL(string: "…/checkout")` handed to Link, openURL or a Safari view.
                guard let (urlCall, _) = file.enclosingCallArguments(ofArgument: i), file.tokenIs(urlCall.name, "URL"),
                      Self.isOpenedForTheUser(urlCall.name, in: file)
                else { continue }
                // An ellipsis for each interpolation, instead of the text's invisible stand-in.
                let link = literal.text.replacingOccurrences(of: "\u{FFFC}", with: "…")
                result.report(in: file, at: i, "A link to \(link) sends people to buy outside the app.")
            }
        }
        for document in project.copyDocuments {
            for block in document.blocks where block.kind != .codeBlock {
                let linkTargets = block.links.map(\.destination).joined(separator: " ")
                if let phrase = CopyPhrases.externalPurchasePhrase(in: block.text) ?? CopyPhrases.externalPurchasePhrase(in: linkTargets) {
                    result.report(at: document.location(of: block), "\"\(phrase)\" sends people to buy outside the app.")
                }
            }
        }
        for catalog in project.stringCatalogs {
            for entry in catalog.entries {
                for localization in entry.localizations {
                    for text in localization.texts {
                        if let phrase = CopyPhrases.externalPurchasePhrase(in: text.value) {
                            result.report(at: text.location, "\"\(phrase)\" sends people to buy outside the app (\(localization.locale)).")
                        }
                    }
                }
            }
        }
        // Passing is the absence of such wording: say what was read, so the item passes on
        // evidence (nothing read leaves it unchecked).
        if result.findings.isEmpty {
            let texts = project.swiftFiles.count + project.copyDocuments.count + project.stringCatalogs.count
            if texts > 0 {
                result.evidence(at: nil, "No wording or link to buy outside the app in the app's user-visible literals (\(project.swiftFiles.count) Swift files), \(project.copyDocuments.count) copy documents and \(project.stringCatalogs.count) string catalogs.")
            }
        }
    }

    /// Whether the ascending `indices` hold `index`.
    static func contains(_ indices: [Int32], _ index: Int) -> Bool {
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if Int(indices[middle]) < index { low = middle + 1 } else { high = middle }
        }
        return low < indices.count && Int(indices[low]) == index
    }

    /// Whether the URL made at `index` is opened for the user: an argument, directly or through
    /// a force unwrap, of `Link`, `openURL`, `UIApplication.open`, a Safari view.
    static func isOpenedForTheUser(_ index: Int, in file: SwiftFile) -> Bool {
        var open = file.enclosingBracket(of: index)
        var steps = 0
        while let bracket = open, bracket > 0, steps < 3 {
            if file.isKind(bracket, .leftParen), file.token(bracket, offsetBy: -1, is: .identifier), linkCalls.contains(file.text(bracket - 1)) {
                return true
            }
            open = file.enclosingBracket(of: bracket)
            steps += 1
        }
        return false
    }
}
