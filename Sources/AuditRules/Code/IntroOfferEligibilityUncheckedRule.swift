import AuditCore

/// Monetisation seed: "Intro offers are Apple ID-scoped — once consumed, the user is
/// ineligible forever. Check before displaying."
public struct IntroOfferEligibilityUncheckedRule: Rule {
    public init() {}

    static let checkNames: Set<String> = ["isEligibleForIntroOffer", "eligibleForIntroOffer"]

    public static let description = RuleDescription(
        identifier: "intro_offer_eligibility_unchecked",
        title: "Introductory offers are shown only to eligible customers",
        severity: .warning,
        scope: .code,
        rationale: """
            `introductoryOffer` describes the offer a subscription *has*, not one the customer \
            can get: anyone who already used a trial in the subscription group is charged the \
            full price at once. A paywall that promises "1 week free" to them misleads, draws \
            complaints and refund requests, and App Review rejects screens whose terms do not \
            match what is charged (Guideline 3.1.2).
            """,
        fix: """
            Check `await product.subscription?.isEligibleForIntroOffer` (or \
            `Product.SubscriptionInfo.isEligibleForIntroOffer(for: groupID)`) before showing the \
            offer, and show the regular price when it is false. StoreKit's own views do this \
            for you.
            """,
        reference: "Monetisation seed: introductory offer eligibility verified before displaying offer UI",
        triggeringExamples: [
            // The trial promised to everyone.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct PlanRow: View {
                    let product: Product
                    var body: some View {
                        VStack {
                            Text(product.displayName)
                            if let offer = product.subscription?.↓introductoryOffer, offer.paymentMode == .freeTrial {
                                Text("Try \\(offer.period.value) \\(offer.period.unit.localizedDescription) free")
                            }
                        }
                    }
                }
                """),
            // The seed's view model with the eligibility helper inlined and the check dropped.
            RuleExample("""
                import StoreKit

                @MainActor
                final class PaywallViewModel: ObservableObject {
                    @Published var selectedProduct: Product?
                    @Published var introOffer: Product.SubscriptionOffer?

                    func load(products: [Product]) async {
                        selectedProduct = products.first(where: { $0.type == .autoRenewable })
                        if let selected = selectedProduct {
                            introOffer = selected.subscription?.↓introductoryOffer
                        }
                    }
                }
                """),
            // UIKit: a cell configured from the product; the check is only a comment.
            RuleExample("""
                import StoreKit
                import UIKit

                final class PlanCell: UITableViewCell {
                    func configure(with product: Product) {
                        textLabel?.text = product.displayName
                        // TODO: isEligibleForIntroOffer
                        if let trial = product.subscription?.↓introductoryOffer {
                            detailTextLabel?.text = "\\(trial.displayPrice) for \\(trial.periodCount) periods, then \\(product.displayPrice)"
                        }
                    }
                }
                """),
            // Read in the store, shown by the paywall; nothing checks eligibility anywhere.
            RuleExample(files: [
                ("Store.swift", """
                    import StoreKit
                    @MainActor @Observable final class Store {
                        var plans: [Product] = []
                        var trialText: [Product.ID: String] = [:]
                        func load() async throws {
                            plans = try await Product.products(for: ProductID.plans)
                            for plan in plans {
                                if let offer = plan.subscription?.↓introductoryOffer { trialText[plan.id] = offer.period.unit.localizedDescription }
                            }
                        }
                    }
                    """),
                ("Paywall.swift", """
                    import SwiftUI
                    struct Paywall: View {
                        @Environment(Store.self) private var store
                        var body: some View {
                            ForEach(store.plans) { plan in Text(store.trialText[plan.id] ?? plan.displayPrice) }
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The monetisation seed's helper.
            RuleExample("""
                import StoreKit

                func introOfferDetails(for product: Product) async -> Product.SubscriptionOffer? {
                    guard let subscription = product.subscription,
                          await subscription.isEligibleForIntroOffer == true else { return nil }
                    return subscription.introductoryOffer
                }
                """),
            // Checked once per group before any offer is read (a paywall's task).
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct PaywallView: View {
                    let plans: [Product]
                    @State private var introOffers: [Product.ID: Product.SubscriptionOffer] = [:]

                    var body: some View {
                        List(plans) { plan in PlanRow(product: plan, introOffer: introOffers[plan.id]) }
                            .task { await loadIntroOffers() }
                    }

                    private func loadIntroOffers() async {
                        guard let group = plans.first?.subscription, await group.isEligibleForIntroOffer else {
                            introOffers = [:]
                            return
                        }
                        for plan in plans {
                            if let offer = plan.subscription?.introductoryOffer { introOffers[plan.id] = offer }
                        }
                    }
                }
                """),
            // Eligibility kept by the store in another file, read where the offer is shown.
            RuleExample(files: [
                ("Store.swift", """
                    import StoreKit
                    @MainActor final class Store: ObservableObject {
                        @Published private(set) var isEligibleForTrial = false
                        func refreshEligibility(groupID: String) async {
                            isEligibleForTrial = await Product.SubscriptionInfo.isEligibleForIntroOffer(for: groupID)
                        }
                    }
                    """),
                ("TrialBadge.swift", """
                    import StoreKit
                    import SwiftUI
                    struct TrialBadge: View {
                        @EnvironmentObject private var store: Store
                        let product: Product
                        var body: some View {
                            if store.isEligibleForTrial, let offer = product.subscription?.introductoryOffer {
                                Text("\\(offer.period.value)-\\(offer.period.unit.localizedDescription) free trial")
                            }
                        }
                    }
                    """),
            ]),
            // The check's result stored under a name of the app's own, used by the view.
            RuleExample(files: [
                ("Offers.swift", """
                    import StoreKit
                    actor Offers {
                        func showsTrial(for product: Product) async -> Bool {
                            await product.subscription?.isEligibleForIntroOffer ?? false
                        }
                    }
                    """),
                ("PlanView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct PlanView: View {
                        let product: Product
                        let offers: Offers
                        @State private var trialVisible = false
                        var body: some View {
                            VStack {
                                if trialVisible, let trial = product.subscription?.introductoryOffer {
                                    Text(trial.displayPrice)
                                }
                            }
                            .task { trialVisible = await offers.showsTrial(for: product) }
                        }
                    }
                    """),
            ]),
            // An extension of the same type in another file checks eligibility.
            RuleExample(files: [
                ("PaywallModel.swift", """
                    import StoreKit
                    @Observable final class PaywallModel {
                        var product: Product?
                        var eligible = false
                        var trial: Product.SubscriptionOffer? { eligible ? product?.subscription?.introductoryOffer : nil }
                    }
                    """),
                ("PaywallModel+Eligibility.swift", """
                    import StoreKit
                    extension PaywallModel {
                        func refresh() async {
                            eligible = await product?.subscription?.isEligibleForIntroOffer ?? false
                        }
                    }
                    """),
            ]),
            // The offer a past transaction used, completed from the product for a receipt screen.
            RuleExample("""
                import StoreKit

                struct PurchaseHistoryRow {
                    func offerDescription(for transaction: Transaction, product: Product) -> String? {
                        guard transaction.offer?.type == .introductory,
                              let offer = product.subscription?.introductoryOffer else { return nil }
                        return "Started with \\(offer.displayPrice) for \\(offer.periodCount) periods"
                    }
                }
                """),
            // StoreKit's view checks eligibility itself.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct UpgradeView: View {
                    var body: some View {
                        SubscriptionStoreView(groupID: "21482736")
                            .subscriptionStoreControlStyle(.prominentPicker)
                    }
                }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        let aliases = Self.eligibilityNames(in: project)
        var sawOffer = false
        for file in project.swiftFiles {
            var reportedScopes = Set<Int>()
            for i in file.occurrences(of: "introductoryOffer") where file.receiver(of: i) != nil {
                sawOffer = true
                if Self.describesRedeemedOffer(around: i, in: file) { continue }
                if let check = Self.eligibilityCheck(near: i, in: file, project: project, aliases: aliases) {
                    result.evidence(at: check.location, "Intro-offer eligibility is checked through \(check.file.text(check.index)) where introductoryOffer is read in \(scopeDescription(of: i, in: file))")
                    continue
                }
                let scope = file.enclosingFunction(of: i) ?? file.enclosingDeclaration(of: i) ?? -1
                guard reportedScopes.insert(scope).inserted else { continue }
                result.report(
                    in: file, at: i,
                    "introductoryOffer is read without checking isEligibleForIntroOffer: customers who already used the offer are shown a trial or discount they will not get."
                )
            }
        }
        if !sawOffer {
            result.notApplicable("No code reads introductoryOffer (StoreKit's views check eligibility themselves).")
        }
    }

    /// Code that reads the product's offer to describe one a transaction already used
    /// (`transaction.offer`, `appliedOffer`), not to show it to a customer.
    static func describesRedeemedOffer(around index: Int, in file: SwiftFile) -> Bool {
        guard let function = file.enclosingFunction(of: index) else { return false }
        return file.fullRange(of: function).contains { k in
            file.isCaseReference(k, "appliedOffer") || file.isCaseReference(k, "offerType")
                || file.isCaseReference(k, "offer") && file.receiver(of: k).map { file.text($0).lowercased().contains("transaction") } == true
        }
    }

    /// Names that carry the answer of an eligibility check: functions and properties whose
    /// body asks StoreKit, and variables assigned from it.
    static func eligibilityNames(in project: Project) -> Set<String> {
        var names = Set<String>()
        for file in project.swiftFiles {
            let checks = file.occurrences(ofAny: checkNames.sorted())
            for check in checks {
                if let function = file.enclosingFunction(of: check) {
                    let name = file.declarations[function].name
                    if !name.isEmpty, name != "init", name != "body" { names.insert(name) }
                }
                // `let eligible = await …`, `isEligibleForTrial = await …`; not the bindings of
                // an `if`/`guard` condition, which end with the statement.
                let start = file.statementStart(of: check)
                if file.isIdentifier(start, "let") || file.isIdentifier(start, "var") {
                    if let name = file.variableName(declaredAt: start) { names.insert(file.text(name)) }
                } else if !file.isIdentifier(start, in: ["if", "guard", "while", "return", "for", "switch"]),
                          let equals = file.firstOperator("=", from: start, before: check), file.token(equals, offsetBy: -1, is: .identifier) {
                    names.insert(file.text(equals - 1))
                }
            }
        }
        return names
    }

    /// Where eligibility is checked for the offer read at `index`: in the same file, or in
    /// the type (and its extensions) around it.
    static func eligibilityCheck(near index: Int, in file: SwiftFile, project: Project, aliases: Set<String>) -> CodeSite? {
        // The StoreKit call itself is the best evidence, then an eligibility flag, then an alias.
        func check(in range: Range<Int>, of other: SwiftFile) -> Int? {
            func first(of names: some Sequence<String>) -> Int? {
                names.compactMap { other.occurrences(of: $0, in: range).first }.min()
            }
            return first(of: checkNames)
                ?? range.first { other.isKind($0, .identifier) && other.token($0, containsFolded: "eligib") }
                ?? first(of: aliases)
        }
        if let k = check(in: file.code.indices, of: file) { return CodeSite(file: file, index: k) }
        guard let type = file.declarationChain(of: index).last(where: { file.declarations[$0].kind.isType }) else { return nil }
        for (other, declaration) in project.typeDeclarations(named: file.declarations[type].name) {
            if let k = check(in: other.fullRange(of: declaration), of: other) { return CodeSite(file: other, index: k) }
        }
        return nil
    }
}
