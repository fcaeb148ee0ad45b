import Foundation
import AuditCore

/// Schedule 2 §3.8(b): a subscription's purchase screen shows its title, length and price.
public struct SubscriptionTermsMissingRule: Rule {
    public init() {}

    static let periodWords = CopyPhrases.regex(
        #"month|year|week|annual|\bday|/mo\b|/yr\b|monat|jahr|woche|jährlich|mois|\ban\b|année|semaine|mensuel|annuel|mes\b|año|semana|mensual|anual|月|年|週"#
    )

    public static let description = RuleDescription(
        identifier: "subscription_terms_missing",
        title: "Subscription paywalls show price and period",
        severity: .error,
        scope: .copy,
        rationale: """
            Schedule 2 §3.8(b) of the Developer Program License Agreement requires the purchase \
            screen of a subscription to show its title, its length and its price. A custom paywall \
            that sells a subscription without showing `displayPrice` and the period is rejected. \
            StoreKit's `SubscriptionStoreView` shows them by itself.
            """,
        fix: """
            Show `product.displayPrice` and the period (`product.subscription?.subscriptionPeriod`) \
            next to the purchase button, for every plan offered.
            """,
        reference: "App Review Guideline 3.1.2; Developer Program License Agreement Schedule 2 §3.8(b); review checklist item 9",
        triggeringExamples: [
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ↓Paywall: View {
                    let product: Product
                    var body: some View {
                        VStack {
                            Text("Unlock every premium subscription feature")
                            Button("Subscribe") { Task { _ = try? await product.purchase() } }
                        }
                    }
                }
                """),
            // Price but no period.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ↓UpgradeScreen: View {
                    let product: Product
                    var body: some View {
                        Button("Subscribe for \\(product.displayPrice)") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
            // The app's helper shows the price only: the period is still missing.
            RuleExample(files: [
                ("PriceText.swift", """
                    import StoreKit
                    enum PriceText { static func label(for product: Product) -> String { "Only \\(product.displayPrice)" } }
                    """),
                ("PlusScreen.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ↓PlusScreen: View {
                        let product: Product
                        var body: some View {
                            Text(PriceText.label(for: product))
                            Button("Subscribe") { Task { _ = try? await product.purchase() } }
                        }
                    }
                    """),
            ]),
            // Period but no price (German copy).
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ↓AboView: View {
                    let product: Product
                    var body: some View {
                        Text("Monatliches Abo, jederzeit kündbar")
                        Button("Abonnieren") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Price and period from an app helper that formats both, shown in the text.
            RuleExample("""
                struct PlanView: View {
                    @ObservedObject var purchases: PurchasesModel
                    var body: some View {
                        Text("Basic plan subscription: \\(purchases.formattedPriceWithPeriod() ?? "")")
                        Button("Subscribe") { Task { await purchases.buyBasic() } }
                    }
                }
                final class PurchasesModel: ObservableObject {
                    func buyBasic() async { _ = try? await basic.purchase() }
                }
                """),
            // Price and period formatted by a helper of another name, in another file.
            RuleExample(files: [
                ("PlanQuote.swift", """
                    import StoreKit
                    enum PlanQuote {
                        static func subtitle(for product: Product) -> String {
                            let unit = product.subscription?.subscriptionPeriod.unit == .year ? "year" : "month"
                            return "\\(product.displayPrice)/\\(unit)"
                        }
                    }
                    """),
                ("Plans.swift", """
                    import StoreKit
                    import SwiftUI
                    struct Plans: View {
                        let products: [Product]
                        var body: some View {
                            ForEach(products) { p in
                                Button { Task { _ = try? await p.purchase() } } label: { Text(PlanQuote.subtitle(for: p)) }
                            }
                        }
                    }
                    """),
            ]),
            // UIKit: the controller's view shows an SKProduct's price with its locale and a
            // localized period word, through a control of its own.
            RuleExample(files: [
                ("BuyViewController.swift", """
                    final class BuyViewController: UIViewController {
                        private let buyView = BuyView(products: VPN.products)
                        override func loadView() { view = buyView; title = "Premium subscription" }
                        @objc func buy() { SKPaymentQueue.default().add(SKPayment(product: buyView.selected)) }
                    }
                    """),
                ("BuyView.swift", """
                    final class BuyView: UIView {
                        init(products: [SKProduct]) { super.init(frame: .zero); products.forEach { addSubview(PlanButton(product: $0)) } }
                    }
                    final class PlanButton: UIControl {
                        let label = UILabel()
                        init(product: SKProduct) {
                            super.init(frame: .zero)
                            let price = product.price.formatted(locale: product.priceLocale)
                            label.text = "\\(price) / \\(Strings.monthAbbreviation) — Monthly subscription"
                        }
                    }
                    """),
            ]),
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        Text(product.displayName)
                        Text("\\(product.displayPrice) per \\(product.subscription?.subscriptionPeriod.unit.localizedDescription ?? "")")
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
            // Period in French copy, price from the product.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        Text("Abonnement : \\(product.displayPrice) par mois")
                        Button("S'abonner") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Upgrade: View { var body: some View { SubscriptionStoreView(groupID: "1") } }
                """),
            // Plan rows in a private helper view of the same file.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let products: [Product]
                    var body: some View {
                        ForEach(products) { PlanRow(product: $0) }
                        Button("Subscribe") { Task { _ = try? await products[0].purchase() } }
                    }
                }
                private struct PlanRow: View {
                    let product: Product
                    var body: some View {
                        Text(product.displayPrice)
                        if let period = product.subscription?.subscriptionPeriod { Text(period.unit.localizedDescription) }
                    }
                }
                """),
            // StoreKit's ProductView shows the price and the period itself.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ProPlanView: View {
                    var body: some View {
                        Text("Pro subscription")
                        ProductView(id: "com.example.pro.monthly").productViewStyle(.large)
                    }
                }
                """),
            // RevenueCat: the package's localized price string, and the period in the copy.
            RuleExample("""
                import RevenueCat
                import SwiftUI
                struct SupporterView: View {
                    let package: Package
                    var body: some View {
                        Text("Monthly supporter subscription")
                        Button(package.storeProduct.localizedPriceString) {
                            Task { _ = try? await Purchases.shared.purchase(package: package) }
                        }
                    }
                }
                """),
            // The price handed to a row as a parameter, shown in a Text.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct PlanRow: View {
                    let plan: PlanOption
                    let product: Product
                    var body: some View {
                        HStack { Text(plan.title); Text(plan.price); Text("per year") }
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
            // A row component handed its name and price where the tip jar creates it.
            RuleExample(files: [
                ("SupportRow.swift", """
                    import RevenueCat
                    import SwiftUI
                    struct SupportRow: View {
                        let option: SupportOption
                        let package: Package
                        var body: some View {
                            Button { Task { _ = try? await Purchases.shared.purchase(package: package) } } label: {
                                HStack { Text(option.title); Spacer(); Text(option.price); Text("Subscribe") }
                            }
                        }
                    }
                    """),
                ("TipJarScreen.swift", """
                    import RevenueCat
                    import SwiftUI
                    struct TipJarScreen: View {
                        let yearly: Package
                        var body: some View {
                            SupportRow(option: SupportOption(title: "Yearly patron subscription", price: yearly.localizedPriceString), package: yearly)
                        }
                    }
                    """),
            ]),
            // A consumable shop sells no subscription.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct GemShop: View {
                    let gems: Product
                    var body: some View { Button("Buy gems") { Task { _ = try? await gems.purchase() } } }
                }
                """),
            // Spanish copy with the price from the product.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        Text("Suscripción: \\(product.displayPrice) al mes")
                        Button("Suscribirse") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
        ]
    )

    /// Started early: it builds the paywall copy the other copy rules read, while the other
    /// workers run slow rules (built later, those rules would wait for it).
    public static var schedulingWeight: Int { 7 }

    public func check(_ project: Project, into result: inout RuleResult) {
        let copy = PaywallCopy(project)
        // Where each localization key is, found only if a paywall's literals name no period.
        let keys = LazyKeys(project)
        var judged = 0
        for unit in copy.units where unit.kind == .view && unit.sellsSubscriptions && !unit.usesStoreKitSubscriptionView {
            judged += 1
            // With the bodies of the app's functions whose result the screen shows: what they
            // format is on the screen (`Text(PlanQuote.subtitle(for: product))`).
            let code = unit.code + Self.shownHelpers(in: unit.code, project: project)
            var (showsPrice, showsPeriod) = Self.shows(in: code, literals: unit.texts.filter { $0.literal != nil }.map(\.text), project: project, source: copy.sourceLanguage, keys: keys)
            // StoreKit's ProductView shows the product's price and a subscription's period.
            if unit.usesStoreKitProductView { (showsPrice, showsPeriod) = (true, true) }
            // A row component may be handed its price and its period where it is created.
            if !(showsPrice && showsPeriod), let screen = unit.screen {
                let arguments = screen.creationArguments(in: project)
                let literals = arguments.flatMap { file, range in
                    file.stringStarts.lazy.map { Int($0) }.filter { range.contains($0) }.map { file.stringLiteral(at: $0).text }
                }
                let handed = Self.shows(in: arguments, literals: literals, project: project, source: copy.sourceLanguage, keys: keys)
                showsPrice = showsPrice || handed.price
                showsPeriod = showsPeriod || handed.period
            }
            let missing = [showsPrice ? nil : "price", showsPeriod ? nil : "period"].compactMap { $0 }
            if missing.isEmpty {
                result.evidence(at: unit.site, "\(unit.name) shows the subscription's price and period")
            } else {
                // A price written into the copy is shown, but it is not the product's: say so
                // rather than that no price is shown (hardcoded_price reports the literal).
                let writtenPrice = !showsPrice && unit.texts.contains { !$0.throughConstant && !MoneyDetector.matches(in: $0.text).isEmpty }
                let what = writtenPrice
                    ? "shows a price written into its copy, not the product's price\(showsPeriod ? "" : ", and does not show the period of what it sells")"
                    : "does not show the \(missing.joined(separator: " or ")) of what it sells"
                result.report(at: unit.site, "The subscription paywall \(unit.name) \(what).\(unit.screen?.reachedNote ?? "")")
            }
        }
        if judged == 0 {
            result.notApplicable(SoldProducts.noAutoRenewableNote(in: project) ?? "No custom subscription paywall was found (StoreKit's SubscriptionStoreView shows price and period itself).")
        }
    }
}

extension SubscriptionTermsMissingRule {
    /// The bodies of the app's functions called where the code shows text
    /// (`Text(product.priceLine(eligibleForIntro: e))`, `"\(PlanQuote.subtitle(for: p))"`): a
    /// price and period they format are shown. One level, each name once.
    static func shownHelpers(in code: [(SwiftFile, Range<Int>)], project: Project) -> [(SwiftFile, Range<Int>)] {
        var result: [(SwiftFile, Range<Int>)] = []
        var seen = Set<String>()
        for (file, range) in code {
            for i in range where file.isKind(i, .identifier) && !file.startsWithCapital(i) && file.isCall(at: i) {
                guard file.isInsideInterpolation(i) || ShownTerms.isShown(i, in: file) else { continue }
                let name = file.text(i)
                guard seen.insert(name).inserted else { continue }
                // Where `func name` is written, from the tokens: only a file that declares it
                // has its declarations built (`formatted()`, `uppercased()` are mentioned everywhere).
                for other in project.swiftFiles(mentioning: name) {
                    for k in other.occurrences(of: name) where k > 0 && other.isIdentifier(k - 1, "func") {
                        guard let function = other.function(keywordAt: k - 1) else { continue }
                        result.append((other, other.bodyRange(of: function)))
                    }
                }
            }
        }
        return result
    }

    /// Whether code and its literals show a price and a period: price and period identifiers,
    /// money in a literal, period words in a literal or in what a localization key shows in
    /// the source language.
    static func shows(
        in code: [(SwiftFile, Range<Int>)], literals: [String], project: Project, source: String, keys: LazyKeys
    ) -> (price: Bool, period: Bool) {
        let identifiers = Set(code.flatMap { file, range in range.filter { file.isKind($0, .identifier) }.map { file.text($0) } })
        let price = code.contains { ShownTerms.showsPrice(in: $0.1, of: $0.0) } || literals.contains(where: MoneyDetector.containsMoney)
        let namesPeriod = { (text: String) in periodWords.map { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil } ?? false }
        // The literals, then what those that are localization keys show in the source language.
        let period = !identifiers.isDisjoint(with: ShownTerms.periodIdentifiers)
            || literals.contains(where: namesPeriod)
            || code.contains { file, range in ShownTerms.showsPeriodName(in: range, of: file) }
            || literals.contains { key in PaywallCopy.sourceValues(of: key, in: project, source: source, keys: keys.value).contains(where: namesPeriod) }
        return (price, period)
    }
}

/// `PaywallCopy.KeyIndex`, built on first use: most paywalls name their period in a literal.
final class LazyKeys {
    let project: Project
    lazy var value = PaywallCopy.keyIndex(of: project)
    init(_ project: Project) { self.project = project }
}
