import AuditCore

/// Seed checklist 9 / Guideline 3.1.2: a subscription paywall must say that the subscription
/// renews automatically and how to cancel.
public struct RenewalTermsMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "renewal_terms_missing",
        title: "Subscription paywalls state auto-renewal and how to cancel",
        severity: .error,
        scope: .copy,
        rationale: """
            Guideline 3.1.2 and the Developer Program License Agreement (Schedule 2 §3.8(b)) require \
            the purchase screen of an auto-renewable subscription to tell people that it renews \
            automatically and how to cancel. Paywalls without it are rejected. StoreKit's \
            `SubscriptionStoreView` shows this text itself; custom paywalls and marketing copy must.
            """,
        fix: """
            Add a sentence such as "Subscription renews automatically unless cancelled at least 24 \
            hours before the end of the period. Manage or cancel in Settings." to the paywall, in \
            every shipped language.
            """,
        reference: "StoreKit 2 review checklist item 9; App Review Guideline 3.1.2; Schedule 2 §3.8(b)",
        triggeringExamples: [
            // The same screen when the app also asks for its auto-renewable plan (an array
            // written over several lines): it may sell a subscription that renews.
            RuleExample(files: TimePlanExamples.files(alsoAsksForAutoRenewable: true)),
            // A property of the paywall, shown by its bare name, that states no renewal terms.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ↓ProPaywall: View {
                    let product: Product
                    private let tagline = "Unlock every feature with a Pro subscription"
                    var body: some View {
                        Text(tagline)
                        Text("\\(product.displayPrice) per month")
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
            // Only the cancellation is stated, through a generated string constant.
            RuleExample(files: [
                ("Strings+Generated.swift", """
                    import Foundation
                    enum L10n {
                        static var planCancelTerms: String { return L10n.tr("Localizable", "plan_cancel_terms") }
                        static func tr(_ table: String, _ key: String) -> String { NSLocalizedString(key, tableName: table, comment: "") }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"plan_cancel_terms\" = \"Can be canceled at any time\";\n"),
                ("PlusPaywall.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ↓PlusPaywall: View {
                        let product: Product
                        var body: some View {
                            VStack {
                                Text("\\(product.displayPrice) per month")
                                Text(L10n.planCancelTerms)
                                Button("Subscribe") { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
            ]),
            RuleExample(files: [("PaywallCopy.md", "↓# Go Pro\n\nUnlock everything for {price} per month.\n\n[Terms](https://x.example/terms)\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "↓# Pro\n\nAlle Funktionen für {price} im Monat, monatliches Abo.\n")]),
            RuleExample(files: [("PaywallCopy.fr.md", "↓# Pro\n\nAbonnement mensuel : {price} par mois.\n")]),
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ↓ProPaywall: View {
                    let product: Product
                    var body: some View {
                        VStack {
                            Text("Monthly subscription: \\(product.displayPrice) per month")
                            Button("Subscribe") { Task { _ = try? await product.purchase() } }
                        }
                    }
                }
                """),
            // The app's own view named SubscriptionStoreView is a custom paywall: StoreKit states nothing for it.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ↓SubscriptionStoreView: View {
                    let plan: Product
                    var body: some View {
                        Text("Feed+ subscription: \\(plan.displayPrice) a month")
                        Button("Subscribe") { Task { _ = try? await plan.purchase() } }
                    }
                }
                """),
            // StoreKit's ProductView selling an auto-renewable subscription shows its price,
            // but the app must still say it renews and how to cancel.
            RuleExample(files: [
                ("SupportView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ↓SupportView: View {
                        var body: some View {
                            Text("Keep the project going")
                            ProductView(id: "org.example.support.yearly")
                        }
                    }
                    """),
                ("Support.storekit", """
                    {
                      "subscriptionGroups" : [
                        { "id" : "G1", "name" : "Support", "subscriptions" : [
                          { "displayPrice" : "9.99", "productID" : "org.example.support.yearly", "recurringSubscriptionPeriod" : "P1Y", "referenceName" : "Yearly", "type" : "RecurringSubscription" }
                        ] }
                      ],
                      "version" : { "major" : 3, "minor" : 0 }
                    }
                    """),
            ]),
            // The paywall buys through a closure its parent hands it (`subscribe`), which calls
            // the account's purchase method, which calls StoreKit: it is still the paywall.
            RuleExample(files: [
                ("MembershipView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct MembershipView: View {
                        let account: Account
                        let plans: [Product]
                        var body: some View {
                            PlanPicker(plans: plans, subscribe: subscribe)
                        }
                        func subscribe(_ plan: Product) async throws {
                            try await account.startMembership(plan: plan)
                        }
                    }
                    """),
                ("PlanPicker.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ↓PlanPicker: View {
                        let plans: [Product]
                        let subscribe: (Product) async throws -> Void
                        var body: some View {
                            ForEach(plans) { plan in
                                Button("\\(plan.displayName): \\(plan.displayPrice) a month") { Task { try? await subscribe(plan) } }
                            }
                        }
                    }
                    """),
                ("Account.swift", """
                    import StoreKit
                    final class Account {
                        let store = MembershipStore()
                        func startMembership(plan: Product) async throws {
                            _ = try await store.buy(plan)
                        }
                    }
                    final class MembershipStore {
                        func buy(_ product: Product) async throws -> Product.PurchaseResult {
                            try await product.purchase()
                        }
                    }
                    """),
            ]),
            // A lifetime "one-time purchase" beside a monthly plan: the monthly one still renews.
            RuleExample("""
                struct ↓PlansView: View {
                    let store: Store
                    var body: some View {
                        VStack {
                            Button("Monthly — \\(store.monthly.displayPrice)") { Task { try? await store.buy(store.monthly) } }
                            Button("Lifetime — one-time purchase of \\(store.lifetime.displayPrice)") { Task { try? await store.buy(store.lifetime) } }
                        }
                    }
                }
                final class Store {
                    var monthly: Product!
                    var lifetime: Product!
                    func buy(_ product: Product) async throws { _ = try await product.purchase() }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The terms in a property of the paywall itself, shown by its bare name.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct FocusPaywall: View {
                    let product: Product
                    private let terms = "Renews automatically each month unless cancelled at least 24 hours before the period ends. Cancel anytime in Settings."
                    var body: some View {
                        Text("\\(product.displayPrice) per month")
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                        Text(terms).font(.footnote)
                    }
                }
                """),
            // The terms kept in a stored property of a small type, shown through a value of it
            // (Hello-Advocate's SubscriptionText).
            RuleExample(files: [
                ("SubscriptionText.swift", """
                    struct SubscriptionText {
                        let body = \"\"\"
                            Your subscription renews automatically unless auto-renew is turned off at least 24 hours before the end of the current period.
                            You can cancel anytime in your Account Settings after purchase.
                            \"\"\"
                    }
                    """),
                ("PaywallView.swift", """
                    struct PaywallView: View {
                        let yearly: Product
                        var body: some View {
                            Text(SubscriptionText().body)
                            Text("\\(yearly.displayPrice) per year")
                            Button("Subscribe") { Task { _ = try? await yearly.purchase() } }
                        }
                    }
                    """),
            ]),
            // A UIKit paywall sets its labels' text (the Dudes app's plans screen does so).
            RuleExample("""
                import StoreKit
                import UIKit

                final class PlansViewController: UIViewController {
                    private let priceLabel = UILabel()
                    private let termsLabel = UILabel()
                    var yearly: Product!

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        priceLabel.text = "\\(yearly.displayPrice) per year"
                        termsLabel.text = "Your subscription renews automatically unless cancelled at least 24 hours before the end of the period. Cancel anytime in Settings."
                    }

                    @objc private func subscribe() {
                        Task { _ = try? await yearly.purchase() }
                    }
                }
                """),
            // Time plans sold as non-renewing subscriptions: the configuration says so for every
            // product the app asks for, and the auto-renewable group it also holds is not sold.
            RuleExample(files: TimePlanExamples.files(alsoAsksForAutoRenewable: false)),
            RuleExample(files: [("PaywallCopy.md", """
                # Go Pro

                Start your 7-day free trial, then {price} per year.

                Subscription renews automatically unless cancelled at least 24 hours before the end of the period. Manage or cancel in Settings.
                """)]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n{price} pro Monat. Das Abo verlängert sich automatisch, wenn du es nicht mindestens 24 Stunden vor Ablauf kündigst.\n")]),
            RuleExample(files: [("PaywallCopy.es.md", "# Pro\n\n{price} al mes. La suscripción se renueva automáticamente; cancela cuando quieras en Ajustes.\n")]),
            RuleExample(files: [("PaywallCopy.ja.md", "# プロ\n\n月額 {price}。サブスクリプションは自動更新されます。設定からいつでもキャンセルできます。\n")]),
            // The statement behind generated string constants (SwiftGen's `L10n`), one read
            // through the plan's computed property, in a UIKit label and a SwiftUI Text.
            RuleExample(files: [
                ("Strings+Generated.swift", """
                    import Foundation
                    enum L10n {
                        static var planRenewsMonthly: String { return L10n.tr("Localizable", "plan_renews_monthly") }
                        static var planCancelTerms: String { return L10n.tr("Localizable", "plan_cancel_terms") }
                        static let legalFooter =
                            NSLocalizedString("legal.footer", tableName: "Legal", value: "Payment is charged to your Apple Account at confirmation.", comment: "Footer under the plans")
                        static func tr(_ table: String, _ key: String) -> String { NSLocalizedString(key, tableName: table, comment: "") }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"plan_renews_monthly\" = \"Renews automatically every month\";\n\"plan_cancel_terms\" = \"Can be canceled at any time\";\n"),
                ("Plan.swift", """
                    enum Plan {
                        case monthly
                        var renewalPrompt: String {
                            switch self { case .monthly: return L10n.planRenewsMonthly }
                        }
                    }
                    """),
                ("PlusPaywall.swift", """
                    import StoreKit
                    import SwiftUI
                    struct PlusPaywall: View {
                        let product: Product
                        let plan: Plan
                        var body: some View {
                            VStack {
                                Text("\\(product.displayPrice) per month")
                                Text("\\(plan.renewalPrompt)\\n\\(L10n.planCancelTerms)")
                                Text(L10n.legalFooter)
                                Button("Subscribe") { Task { _ = try? await product.purchase() } }
                            }
                        }
                    }
                    """),
            ]),
            // StoreKit's own view shows the terms.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Upgrade: View {
                    var body: some View { SubscriptionStoreView(groupID: "1").storeButton(.visible, for: .restorePurchases) }
                }
                """),
            // A custom paywall whose footer view carries the terms.
            RuleExample(files: [
                ("Paywall.swift", """
                    import StoreKit
                    import SwiftUI
                    struct Paywall: View {
                        let product: Product
                        var body: some View {
                            VStack {
                                Text("\\(product.displayPrice) per month")
                                Button("Subscribe") { Task { _ = try? await product.purchase() } }
                                TermsFooter()
                            }
                        }
                    }
                    """),
                ("TermsFooter.swift", """
                    import SwiftUI
                    struct TermsFooter: View {
                        var body: some View {
                            Text("Subscription renews automatically unless cancelled. Cancel anytime in Settings.")
                        }
                    }
                    """),
            ]),
            // A "my purchases" list that opens the app's own StoreView sells nothing itself.
            RuleExample(files: [
                ("OwnedItemsView.swift", """
                    import SwiftUI
                    struct OwnedItemsView: View {
                        @EnvironmentObject var library: Library
                        var body: some View {
                            List(library.ownedSubscriptions) { item in Text(item.name) }
                            NavigationLink("Get more") { StoreView() }
                        }
                    }
                    """),
                ("StoreView.swift", """
                    import SwiftUI
                    struct StoreView: View {
                        var body: some View { Text("Catalogue") }
                    }
                    """),
            ]),
            // A store of the extras (a theme pack and credits), whose ids sit beside the
            // subscription's in one constants type: it sells no subscription.
            RuleExample(files: [
                ("ExtrasShop.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ExtrasShop: View {
                        var body: some View {
                            StoreView(ids: ShopIDs.extras).storeButton(.visible, for: .restorePurchases)
                        }
                    }
                    """),
                ("ShopIDs.swift", """
                    enum ShopIDs {
                        static let monthly = "app.example.plus.monthly"
                        static let themes = "app.example.themes"
                        static let credits = "app.example.credits.20"
                        static let extras: [String] = [themes, credits]
                    }
                    """),
                ("Shop.storekit", """
                    {
                      "products" : [
                        { "displayPrice" : "2.99", "productID" : "app.example.themes", "referenceName" : "Themes", "type" : "NonConsumable" },
                        { "displayPrice" : "0.99", "productID" : "app.example.credits.20", "referenceName" : "Credits", "type" : "Consumable" }
                      ],
                      "subscriptionGroups" : [
                        { "id" : "G7", "name" : "Plus", "subscriptions" : [
                          { "displayPrice" : "3.99", "productID" : "app.example.plus.monthly", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Plus", "type" : "RecurringSubscription" }
                        ] }
                      ],
                      "version" : { "major" : 3, "minor" : 0 }
                    }
                    """),
            ]),
            // Consumables sell no subscription.
            RuleExample(files: [("PaywallCopy.md", "# Gems\n\nBuy 100 gems for {price}.\n")]),
            // One-off purchases of months of support, whose copy (behind a key) says they do not renew.
            RuleExample(files: [
                ("PatronSection.swift", """
                    struct PatronSection: View {
                        @ObservedObject var store: PatronStore
                        var body: some View {
                            Section {
                                Text("patron_description".localized)
                                Button("3 months of support") { Task { await store.purchase(PatronProducts.threeMonths) } }
                                Button("12 months of support") { Task { await store.purchase(PatronProducts.twelveMonths) } }
                            }
                        }
                    }
                    final class PatronStore: ObservableObject {
                        func purchase(_ id: String) async {
                            guard let product = try? await Product.products(for: [id]).first else { return }
                            _ = try? await product.purchase()
                        }
                    }
                    """),
                ("en.lproj/Localizable.strings", "\"patron_description\" = \"These are one-off purchases of a subscription-free patronage, and will not auto-renew.\";\n"),
            ]),
            // Italian copy is not read (the audit knows English, German, French, Spanish and
            // Japanese wording), so it is not called incomplete; the English copy states both.
            RuleExample(files: [
                ("PaywallCopy.en.md", "# Pro\n\n{price} per month. Renews automatically unless you cancel at least 24 hours before the end of the period in your account settings.\n"),
                ("PaywallCopy.it.md", "# Pro\n\n{price} al mese. L'abbonamento si rinnova in automatico a meno che tu non lo disdica almeno un giorno prima del rinnovo.\n"),
            ]),
        ]
    )

    /// Its expressions run on every trial text of every locale (ICU, tens of thousands of
    /// instructions a text on a large app): started early, it no longer ends the rules alone.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        let copy = PaywallCopy(project)
        var judged = 0
        for unit in copy.units where unit.sellsSubscriptions && !unit.usesStoreKitSubscriptionView {
            judged += 1
            var missing: [String] = []
            let unread = unit.locales.filter { !CopyPhrases.reads($0) }
            for locale in unit.locales where CopyPhrases.reads(locale) {
                let texts = unit.texts(in: locale).map(\.text)
                let renewal = texts.contains(where: CopyPhrases.statesRenewal)
                let cancellation = texts.contains(where: CopyPhrases.statesCancellation)
                if !(renewal && cancellation) {
                    missing.append("\(locale) (\([renewal ? nil : "auto-renewal", cancellation ? nil : "how to cancel"].compactMap { $0 }.joined(separator: ", ")))")
                }
            }
            if unit.locales.isEmpty { missing.append("\(copy.sourceLanguage) (no copy at all)") }
            let notRead = unread.isEmpty ? "" : " (\(unread.joined(separator: ", ")) not read: the audit knows the wording of \(CopyPhrases.readLanguages.sorted().joined(separator: ", ")) only)"
            if missing.isEmpty {
                let read = unit.locales.filter(CopyPhrases.reads)
                if !read.isEmpty {
                    result.evidence(at: unit.site, "\(unit.name) states auto-renewal and cancellation in \(read.joined(separator: ", "))\(notRead)")
                }
            } else {
                result.report(at: unit.site, "\(unit.kind == .document ? "The paywall copy" : "The subscription paywall") \(unit.name) does not state auto-renewal and how to cancel in: \(missing.joined(separator: "; ")).\(unit.screen?.reachedNote ?? "")")
            }
        }
        if judged == 0 {
            result.notApplicable(SoldProducts.noAutoRenewableNote(in: project) ?? "No custom subscription paywall or subscription copy was found (StoreKit's SubscriptionStoreView states the terms itself).")
        }
    }
}
