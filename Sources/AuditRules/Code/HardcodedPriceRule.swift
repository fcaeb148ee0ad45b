import AuditCore
import Foundation

/// Seed checklist 8 / common mistake 6: prices must come from the product, localised for the
/// storefront, not be written into the UI.
public struct HardcodedPriceRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "hardcoded_price",
        title: "Prices come from the product, not from literals",
        severity: .warning,
        scope: .code,
        rationale: """
            A price written into the UI is wrong in every other currency and region, and wrong \
            in your own storefront as soon as you change the price in App Store Connect. App \
            Review rejects paywalls whose shown price differs from the price charged.
            """,
        fix: """
            Show `product.displayPrice` (or format `product.price` with `product.priceFormatStyle`), \
            and the period from `product.subscription?.subscriptionPeriod`.
            """,
        reference: "StoreKit 2 review checklist item 8; common mistake 6",
        triggeringExamples: [
            // Prices handed to the app's own plan card, and chosen inside an interpolation
            // (OptimizeApp's paywall writes both).
            RuleExample("""
                import SwiftUI
                struct PaywallView: View {
                    @State private var yearly = true
                    var body: some View {
                        VStack {
                            PlanCard(title: "Yearly", price: ↓"$39.99")
                            Text("Then \\(yearly ? ↓"$39.99/year" : ↓"$4.99/month")")
                            Text("Billed " + (yearly ? ↓"$39.99" : ↓"$4.99"))
                        }
                    }
                }
                struct PlanCard: View {
                    let title: String
                    let price: String
                    var body: some View { Text(title + " " + price) }
                }
                """),
            // A UIKit label's text.
            RuleExample("""
                import UIKit
                final class UpgradeViewController: UIViewController {
                    let priceLabel = UILabel()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        priceLabel.text = ↓"Unlock everything for $4.99"
                    }
                }
                """),
            // A constant shown in an interpolation.
            RuleExample("""
                import SwiftUI
                enum Pricing { static let monthly = ↓"$4.99" }
                struct UpgradeView: View {
                    var body: some View { Text("Go Pro for just \\(Pricing.monthly) a month") }
                }
                """),
            // A legacy strings table whose patron plan titles carry prices (one finding for the table).
            RuleExample(files: [
                ("en.lproj/Localizable.strings", "\"patron_three_months\" = ↓\"3 months – 2.99 USD\";\n\"patron_six_months\" = \"6 months – 5.99 USD\";\n"),
                ("de.lproj/Localizable.strings", "\"patron_three_months\" = \"3 Monate – 2,99 USD\";\n\"patron_six_months\" = \"6 Monate – 5,99 USD\";\n"),
            ]),
            // Objective-C: a price written into a button's title.
            RuleExample(files: [("StoreViewController.m", """
                #import <StoreKit/StoreKit.h>
                @implementation StoreViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self.buyButton setTitle:↓@"Unlock Pro for $4.99" forState:UIControlStateNormal];
                }
                @end
                """)]),
            // The seed's WRONG example.
            RuleExample("""
                Text(↓"Buy Premium for $4.99")
                """),
            RuleExample("""
                import SwiftUI
                struct PaywallView: View {
                    var body: some View {
                        VStack {
                            Button(↓"Subscribe for 4,99 €") { }
                            Label(↓"£3 per month", systemImage: "star")
                            Text(verbatim: ↓"¥600")
                        }
                        .navigationTitle(↓"Pro — USD 9.99")
                    }
                }
                """),
            RuleExample("""
                let title = NSLocalizedString(↓"Only 9.99/month", comment: "Price is $9.99 in the US")
                let subtitle = String(localized: ↓"Then $59.99 a year")
                """),
            RuleExample("""
                Text(isYearly ? ↓"$39.99/year" : ↓"$4.99/month")
                """),
            // Paywall copy documents and translations, in three languages.
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n↓7 days free, then $59.99/year.\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n↓Nur 4,99 € im Monat.\n")]),
            RuleExample(files: [("Paywall.xcstrings", """
                { "sourceLanguage" : "en", "strings" : { "price.line" : { "localizations" : {
                  "fr" : { "stringUnit" : { "state" : "translated", "value" : ↓"Seulement 4,99 € par mois" } },
                  "ja" : { "stringUnit" : { "state" : "translated", "value" : ↓"月額¥600" } } } } }, "version" : "1.0" }
                """)]),
            // UIKit: amounts formatted in the code while the products load.
            RuleExample("""
                import StoreKit
                import UIKit
                final class TipJarViewController: UITableViewController {
                    let formatter = NumberFormatter()
                    var products: [SKProduct] = []
                    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        let cell = tableView.dequeueReusableCell(withIdentifier: "tip", for: indexPath)
                        cell.textLabel?.text = products.isEmpty ? formatter.string(from: ↓1.99) : formatter.string(from: products[indexPath.row].price)
                        return cell
                    }
                    func tip(_ product: SKProduct) { SKPaymentQueue.default().add(SKPayment(product: product)) }
                }
                """),
            // A struck-through "was" price made up from the real one.
            RuleExample("""
                enum Plan {
                    case yearly, monthly
                    func crossedOutPrice(for product: Product) -> String? {
                        switch self {
                        case .yearly: return (product.↓price * 1.1984569224).formatted(product.priceFormatStyle)
                        case .monthly: return nil
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The plan card shows the product's price; an amount kept for analytics is not shown.
            RuleExample("""
                import StoreKit
                import SwiftUI
                enum Analytics { static let sampleRevenue = "$4.99" }
                struct PaywallView: View {
                    let product: Product
                    var body: some View {
                        PlanCard(title: product.displayName, price: product.displayPrice)
                            .onAppear { log(event: "paywall", value: Analytics.sampleRevenue) }
                    }
                }
                struct PlanCard: View {
                    let title: String
                    let price: String
                    var body: some View { Text(title + " " + price) }
                }
                """),
            // Amounts in a strings table that are not about what the app sells.
            RuleExample(files: [
                ("en.lproj/Localizable.strings", "\"expense_total\" = \"Total spent: $120.00\";\n\"support_title\" = \"Contact support\";\n"),
            ]),
            // Objective-C: the product's price formatted with its locale; an amount only logged.
            RuleExample(files: [("StoreViewController.m", """
                #import <StoreKit/StoreKit.h>
                @implementation StoreViewController
                - (void)showProduct:(SKProduct *)product {
                    NSNumberFormatter *formatter = [[NSNumberFormatter alloc] init];
                    formatter.numberStyle = NSNumberFormatterCurrencyStyle;
                    formatter.locale = product.priceLocale;
                    [self.buyButton setTitle:[formatter stringFromNumber:product.price] forState:UIControlStateNormal];
                    NSLog(@"Loaded a product that costs about $4.99 in the US");
                }
                @end
                """)]),
            // The seed's CORRECT example.
            RuleExample("""
                Text("Buy \\(product.displayName) for \\(product.displayPrice)")
                """),
            RuleExample("""
                // Launch price was $4.99
                Text("Version v4.99 — 20% off — starts at 10:30")
                Text("Free plan")
                Text("Save 50%")
                """),
            RuleExample("""
                let analyticsEvent = "paywall_shown_$4.99"
                log("price test $4.99")
                Text(product.price.formatted(product.priceFormatStyle))
                """),
            RuleExample("""
                let title = NSLocalizedString("paywall.title", comment: "Shows the price, e.g. $4.99")
                Image(systemName: "dollarsign.circle")
                Text("Join 4,000,000 readers")
                """),
            RuleExample("""
                Text("\\(offer.displayPrice)/\\(offer.period.unit)")
                Text("Chapter 3.2 of 12")
                Text("iOS 17.4 required")
                """),
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\nStart your 7-day free trial, then {price} per year. Version 4.99 adds 20% more recipes at 10:30.\n")]),
            RuleExample(files: [("PaywallCopy.fr.md", "# Pro\n\nEssai gratuit de 7 jours, puis %@ par an.\n")]),
            // A wallet's balance placeholder in an app that also sells: not a price of what it sells.
            RuleExample(files: [("Wallet/AccountsView.swift", """
                import SwiftUI
                struct AccountsView: View {
                    let balance: Decimal?
                    var body: some View {
                        Text(balance.map { $0.formatted(.currency(code: "USD")) } ?? "$0.00")
                    }
                }
                """)]),
            // A monthly equivalent of a yearly price is the real price, divided.
            RuleExample("""
                Text((yearly.price / 12).formatted(yearly.priceFormatStyle) + " per month, billed yearly")
                Text((product.price * 12).formatted(product.priceFormatStyle))
                let discount = (product.price * 0.5).formatted(product.priceFormatStyle)
                """),
        ]
    )

    public func prepare(_ project: Project) {
        _ = PaywallCopy.visibleLiterals(in: project)
    }

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 6 }

    public func check(_ project: Project, into result: inout RuleResult) {
        var shownPrices = 0
        var appViews: [String: Bool] = [:]
        // User-visible literals: arguments of Text, Button, … (not hidden labels such as
        // `accessibilityIdentifier:`, `String(…)` only in its `localized:` form).
        for (file, visible) in zip(project.swiftFiles, PaywallCopy.visibleLiterals(in: project)) {
            // A literal without an ASCII digit in its text holds no amount (see MoneyDetector).
            for i in visible.lazy.map({ Int($0) }) where file.stringLiteral(at: i, hasByte: { $0 >= 0x30 && $0 <= 0x39 }) {
                let literal = file.stringLiteral(at: i)
                guard let match = MoneyDetector.matches(in: literal.text).first, Self.isAboutPurchases(i, literal: literal.text, in: file) else { continue }
                result.report(in: file, at: i, "Hard-coded price \"\(match.text)\" in user-visible text.")
            }
            // Literals shown less directly: whether its bytes may hold money and what the
            // brackets around it say come first (no String made, no declarations built), then
            // whether it is money, then the rest.
            var next = visible.startIndex
            for start in file.stringStarts {
                while next < visible.endIndex, visible[next] < start { next += 1 }
                if next < visible.endIndex, visible[next] == start { continue }
                let i = Int(start)
                guard file.stringLiteral(at: i, mayHaveText: MoneyDetector.mayMatch, interpolated: MoneyDetector.mayMatch),
                      let candidate = Self.shownCandidate(ofLiteral: i, in: file, project: project)
                else { continue }
                let literal = file.stringLiteral(at: i)
                guard let match = MoneyDetector.matches(in: literal.text).first,
                      let shown = Self.confirm(candidate, in: file, project: project, views: &appViews),
                      Self.isAboutPurchases(i, literal: literal.text, in: file)
                else { continue }
                result.report(in: file, at: i, "Hard-coded price \"\(match.text)\" in user-visible text (\(shown)).")
            }
            shownPrices += file.occurrences(of: "displayPrice").count + file.occurrences(of: "priceFormatStyle").count
        }
        // Paywall copy documents, catalogs and tables (translations; source texts are the
        // Swift literals checked above).
        for document in project.copyDocuments {
            for block in document.blocks where block.kind != .codeBlock {
                if let match = MoneyDetector.matches(in: block.text).first {
                    result.report(at: document.location(of: block), "Hard-coded price \"\(match.text)\" in paywall copy.")
                }
            }
        }
        let source = project.stringCatalogs.compactMap(\.sourceLanguage).first ?? "en"
        for catalog in project.stringCatalogs {
            for entry in catalog.entries where entry.shouldTranslate {
                for localization in entry.localizations {
                    for text in localization.texts where !(LocaleMatching.serves(localization.locale, source) && text.value == entry.key) {
                        if let match = MoneyDetector.matches(in: text.value).first {
                            result.report(at: text.location, "Hard-coded price \"\(match.text)\" in the \(localization.locale) text of \"\(entry.key)\".")
                        }
                    }
                }
            }
        }
        reportStringsTables(project, into: &result)
        reportMadeUpPrices(project, into: &result)
        reportFormattedLiterals(project, into: &result)
        let localized = ObjectiveCChecks.hardcodedPrices(project, into: &result)
        if localized > 0 {
            result.evidence(at: nil, "Objective-C code formats product prices with their priceLocale in \(localized) place\(localized == 1 ? "" : "s")")
        }
        if shownPrices > 0 {
            result.evidence(at: nil, "Prices are read from products (displayPrice / priceFormatStyle) in \(shownPrices) places")
        }
    }

    /// Where a literal that is no direct argument of `Text`/`Button` may be shown, from the
    /// brackets around it alone: inside an interpolation or parenthesised expression of one
    /// (`Text("Then \\(yearly ? "$39.99" : "$4.99")")`, `Text("Then " + (yearly ? … : …))`),
    /// an argument of a call that may be one of the app's views (`PlanCard(price: "$39.99")`),
    /// or a constant named for copy (`enum Pricing { static let monthly = "$4.99" }`).
    enum ShownCandidate {
        case inside(String)
        case viewArgument(callee: Int)
        case constant(name: Int)
    }

    static func shownCandidate(ofLiteral index: Int, in file: SwiftFile, project: Project) -> ShownCandidate? {
        if let candidate = expressionCandidate(index, in: file) {
            // A type the app may declare (`NSLocalizedString(…, comment:)` and `URL(string:)`
            // are not), from the declared names' hashes: no declarations built.
            if case .viewArgument(let callee) = candidate, !project.mayDeclareStruct(named: file.text(callee)) { return nil }
            return candidate
        }
        // `let name = "…"` (or `static let`), named for shown copy (`monthlyPrice`, `body`,
        // `termsText`): a fixture's `json` with an amount in it is not followed.
        guard index >= 2, file.isOperator(index - 1, "="), file.isKind(index - 2, .identifier),
              let keyword = file.previousCodeIndex(before: index - 2), file.isIdentifier(keyword, "let") || file.isIdentifier(keyword, "var"),
              file.bytes.withUnsafeBufferPointer({ all in
                  copyNameWords.occur(in: UnsafeBufferPointer(rebasing: all[Int(file.code[index - 2].start)..<Int(file.code[index - 2].end)]))
              })
        else { return nil }
        return .constant(name: index - 2)
    }

    /// `shownCandidate`'s walk out of interpolations and parentheses, for an expression.
    private static func expressionCandidate(_ index: Int, in file: SwiftFile) -> ShownCandidate? {
        var position = index
        for _ in 0..<6 {
            if position != index, PaywallCopy.isVisible(position, in: file) {
                return .inside("within \(file.text(file.callee(ofArgument: position)?.name ?? position))(…)")
            }
            // A capitalised callee (a type's initializer), read from its first byte.
            if let (callee, open) = file.callee(ofArgument: position), file.isKind(callee, .identifier),
               file.startsWithCapital(callee),
               file.argumentLabel(of: position, callee: callee, open: open).isArgument {
                return .viewArgument(callee: callee)
            }
            guard let open = file.enclosingBracket(of: position) else { return nil }
            if file.isKind(open, .interpolationStart) || file.isKind(open, .stringStart) {
                position = open
                continue
            }
            // Grouping parentheses, not a call's.
            if file.isKind(open, .leftParen), let before = file.previousCodeIndex(before: open),
               !file.isName(before), !file.isKind(before, .rightParen), !file.isKind(before, .rightBracket), !file.isKind(before, .operator) || !file.text(before).hasSuffix(">") {
                position = open
                continue
            }
            return nil
        }
        return nil
    }

    /// Whether a candidate is shown, and how, for the finding: the call is one of the app's
    /// views, or the constant is used (itself, not another of its name) where it is shown.
    static func confirm(_ candidate: ShownCandidate, in file: SwiftFile, project: Project, views: inout [String: Bool]) -> String? {
        switch candidate {
        case .inside(let place):
            return place
        case .viewArgument(let callee):
            let name = file.text(callee)
            return isAppView(name, in: project, known: &views) ? "an argument of the view \(name)" : nil
        case .constant(let nameIndex):
            let name = file.text(nameIndex)
            let owner = file.enclosingType(of: nameIndex).map { file.declarations[$0].name }
            for other in project.swiftFiles(mentioning: name) {
                for use in other.occurrences(of: name) where !(other.path == file.path && use == nameIndex) {
                    // `Pricing.monthly`, `SubscriptionText().body`, or a bare use in its own
                    // type (or anywhere, for a global).
                    if let receiver = other.receiver(of: use) {
                        guard let owner else { continue }
                        let base = other.isKind(receiver, .rightParen) ? other.matchingBracket(of: receiver).flatMap { other.previousCodeIndex(before: $0) } : receiver
                        guard let base, other.tokenIs(base, spelled: owner) else { continue }
                    } else if let owner, other.enclosingType(of: use).map({ other.declarations[$0].name }) != owner {
                        continue
                    }
                    // (An expression's candidate is never a constant: no recursion past one step.)
                    let place = PaywallCopy.isVisible(use, in: other) ? ""
                        : expressionCandidate(use, in: other).flatMap { confirm($0, in: other, project: project, views: &views) }
                    if let place {
                        let at = other.location(of: use)
                        return "\(name), shown at \(at.file):\(at.line)\(place.isEmpty ? "" : ", \(place)")"
                    }
                }
            }
            return nil
        }
    }

    /// Words of a constant's name that say it holds shown copy or a price.
    private static let copyNameWords: ASCIINeedles = [
        "price", "cost", "amount", "monthly", "yearly", "weekly", "annual", "lifetime", "plan", "offer", "promo",
        "text", "label", "title", "body", "message", "copy", "terms", "caption", "footer", "description", "disclaimer",
    ]

    /// Whether the app declares a view named `name` (`struct PlanCard: View`), asked once a name.
    private static func isAppView(_ name: String, in project: Project, known: inout [String: Bool]) -> Bool {
        if let answer = known[name] { return answer }
        let answer = project.declarations(named: name, { $0.isType }).contains { place in
            PurchaseSurface.isViewType(project.swiftFiles[place.file].declarations[place.declaration])
        }
        known[name] = answer
        return answer
    }

    /// Words in a type or file name that say it sells (`PaywallView`, `TipJar`, `ProUpgrade`).
    private static let purchaseNameWords = ["paywall", "premium", "subscri", "purchase", "store", "shop", "upgrade", "plan", "pricing",
                                            "price", "tip", "donat", "unlock", "membership", "supporter", "patron", "iap", "pro"]
    private static let periodWords = ["month", "year", "week", "annual", "/mo", "/yr", "/wk", "day"]
    private static let textWords = ["buy", "purchase", "premium", "subscri", "unlock", "upgrade", "pro ", "pro—", "pro -", "plus", "tip", "donat", "support", "only", "just", "save"]

    /// Whether an amount shown at `index` is about what the app sells: the file imports StoreKit
    /// or a purchase SDK, its type or file is named for selling, or the text names a billing
    /// period ("$4.99/month"). A wallet's "$0.00" balance or a budget's sums are not prices.
    static func isAboutPurchases(_ index: Int, literal: String, in file: SwiftFile) -> Bool {
        if file.importsStoreKit || PurchaseSDK.modules.keys.contains(where: { file.mentions($0) }) { return true }
        let lower = literal.lowercased()
        if periodWords.contains(where: { ASCIISearch.contains(lower, $0) }) { return true }
        if textWords.contains(where: { ASCIISearch.contains(lower, $0) }) { return true }
        var names = [((file.path as NSString).lastPathComponent as String).lowercased()]
        names += file.declarationChain(of: index).filter { file.declarations[$0].kind.isType }.map { file.declarations[$0].name.lowercased() }
        return names.contains { name in purchaseNameWords.contains { ASCIISearch.contains(name, $0) } }
    }

    /// An amount written in the code and formatted for a purchase screen, in place of the
    /// product's price (`numberFormatter.string(from: 4.99)` while products load).
    private func reportFormattedLiterals(_ project: Project, into result: inout RuleResult) {
        for screen in PurchaseScreens.of(project).screens {
            for (file, range) in screen.code where file.mentions("string") {
                for i in file.occurrences(of: "string", in: range) where file.isAfterDot(i) {
                    guard let receiver = file.receiver(of: i), file.isKind(receiver, .identifier),
                          file.text(receiver).lowercased().hasSuffix("formatter"),
                          let call = file.call(at: i), call.arguments.count == 1, call.arguments[0].label == "from",
                          call.arguments[0].valueRange.count == 1, let number = call.arguments[0].valueRange.first,
                          file.isKind(number, .floatLiteral)
                    else { continue }
                    result.report(in: file, at: number, "Hard-coded price \(file.text(number)) formatted for display on \(screen.name): show the product's displayPrice (SKProduct's price with its priceLocale) instead.")
                }
            }
        }
    }

    /// A product's price times a made-up factor, formatted for display: a "was" price that no
    /// product has (`(product.price * 1.1984).formatted(product.priceFormatStyle)`). Whole
    /// numbers (`price / 12`, a monthly equivalent) and factors below 1 are left alone.
    private func reportMadeUpPrices(_ project: Project, into result: inout RuleResult) {
        for file in project.swiftFiles where file.mentions("price") && file.mentions("formatted") {
            for i in file.occurrences(of: "price") where file.isAfterDot(i) {
                let factor: Int?
                if let op = file.nextCodeIndex(after: i), file.isOperator(op, "*"), let number = file.nextCodeIndex(after: op), file.isKind(number, .floatLiteral) {
                    factor = number
                } else if let op = file.previousCodeIndex(before: i - 1), file.isOperator(op, "*"), let number = file.previousCodeIndex(before: op), file.isKind(number, .floatLiteral) {
                    factor = number
                } else {
                    factor = nil
                }
                guard let factor, let value = Double(file.text(factor).replacingOccurrences(of: "_", with: "")), value > 1, value.rounded() != value else { continue }
                let start = file.statementStart(of: i)
                let end = file.statementEnd(from: start)
                guard !file.occurrences(of: "formatted", in: start..<(end + 1)).isEmpty else { continue }
                result.report(in: file, at: i, "A price computed as the product's price × \(file.text(factor)) is shown: no product has that price (a made-up \"was\" price). Show only prices the App Store returns, or a configured offer.")
            }
        }
    }

    /// The name of the first `.lproj` folder on the path ("" when none): `de` for
    /// `App/de.lproj/Localizable.strings`. Read from the bytes once a table (splitting the
    /// path into Characters three times a table was 5 M instructions on the real benchmark
    /// corpus); `/` and `.lproj` are ASCII, which no byte of another character is in UTF-8.
    static func lprojName(of path: String) -> String {
        let suffix = Array(".lproj".utf8)
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                if end - start >= suffix.count, bytes[(end - suffix.count)..<end].elementsEqual(suffix) {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(end - suffix.count)]), as: UTF8.self)
                }
                start = end + 1
            }
            return ""
        }
    }

    /// Legacy `.strings` tables: an amount in a value whose key or text is about what the app
    /// sells (`"patron_three_months" = "3 months – 2.99 USD"`). One finding per table of the
    /// source language, listing the keys; the other languages' tables repeat the same amounts.
    private func reportStringsTables(_ project: Project, into result: inout RuleResult) {
        guard !project.stringsFiles.isEmpty else { return }
        let tableLocales = project.stringsFiles.map { Self.lprojName(of: $0.file) }
        let locales = Set(tableLocales)
        let source = locales.contains("en") ? "en" : locales.contains("Base") ? "Base" : (locales.sorted().first ?? "")
        let others = Set(tableLocales.filter { $0 != source }).count
        for (table, locale) in zip(project.stringsFiles, tableLocales) where locale == source {
            var priced: [(entry: StringsEntry, amount: String)] = []
            for entry in table.entries {
                guard let match = MoneyDetector.matches(in: entry.value).first else { continue }
                let words = (entry.key + " " + entry.value).lowercased()
                guard Self.purchaseNameWords.contains(where: { ASCIISearch.contains(words, $0) })
                        || Self.periodWords.contains(where: { ASCIISearch.contains(words, $0) }) else { continue }
                priced.append((entry, match.text))
            }
            guard let first = priced.first else { continue }
            let listed = priced.prefix(3).map { "\"\($0.amount)\" (\($0.entry.key))" }.joined(separator: ", ")
            let more = priced.count > 3 ? " and \(priced.count - 3) more" : ""
            let repeated = others > 0 ? "; the tables of \(others) other language\(others == 1 ? "" : "s") are translated from it" : ""
            result.report(at: first.entry.valueLocation, "Hard-coded price\(priced.count == 1 ? "" : "s") \(listed)\(more) in the strings table\(repeated): prices must come from the product, in the customer's currency.")
        }
    }
}
