import AuditCore
import Foundation

/// Seed checklist 10 / Guideline 3.1.2: a free-trial offer must say what it costs afterwards.
public struct TrialTermsUnclearRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "trial_terms_unclear",
        title: "Free trials state the price that follows",
        severity: .error,
        scope: .copy,
        rationale: """
            "Try free for 7 days" without "then $59.99/year" hides what the customer agrees to pay. \
            App Review rejects trial offers whose post-trial price is not shown clearly next to the \
            promise (Guideline 3.1.2).
            """,
        fix: """
            Follow the trial promise with the price and period that apply after it, from the \
            product: "7 days free, then \\(product.displayPrice) per year".
            """,
        reference: "StoreKit 2 review checklist item 10; App Review Guideline 3.1.2",
        triggeringExamples: [
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n↓**Try free for 7 days!**\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n↓Jetzt 7 Tage kostenlos testen!\n")]),
            RuleExample(files: [("PaywallCopy.fr.md", "# Pro\n\n↓Profitez de 14 jours gratuits.\n")]),
            RuleExample(files: [("PaywallCopy.es.md", "# Pro\n\n↓Empieza tu prueba gratuita hoy.\n")]),
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        Text(↓"Start your free trial")
                        Button("Continue") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The screen states the trial with its price; its button says only "Try it Free".
            RuleExample("""
                struct BuildIntroView: View {
                    @ObservedObject var purchases: PurchasesModel
                    var body: some View {
                        VStack {
                            Text("Basic plan: 1\\u{00a0}month\\u{00a0}free, then \\(purchases.formattedPriceWithPeriod() ?? "").")
                            Button { Task { await purchases.buyBasic() } } label: { Text("Try it Free") }
                        }
                    }
                }
                final class PurchasesModel: ObservableObject {
                    func buyBasic() async { _ = try? await Purchases.shared.purchase(package: basic) }
                }
                """),
            // "2 Months Free" on a yearly plan is its saving, not a trial.
            RuleExample(files: [("PaywallCopy.md", "# Annual\n\n{price} per year. 2 Months Free compared with paying monthly. Renews automatically; cancel anytime in Settings.\n")]),
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\nStart your 7-day free trial, then {price} per year.\n")]),
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n7 days free, then $59.99/year.\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n7 Tage kostenlos testen, danach %@ pro Jahr.\n")]),
            RuleExample(files: [("PaywallCopy.fr.md", "# Pro\n\nEssai gratuit de 7 jours, puis {price} par an.\n")]),
            RuleExample(files: [("PaywallCopy.ja.md", "# プロ\n\n7日間無料、その後は年額 {price}。\n")]),
            // "Free" as a tier name or an ordinary word is not a trial.
            RuleExample(files: [("PaywallCopy.md", "# Plans\n\n- Free plan: 3 notebooks\n- Pro: unlimited, {price} per month\n\nSugar-free recipes and free shipping on merch.\n")]),
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        Text("Try it free for a week, then \\(product.displayPrice) per month")
                        Text("Free plan")
                        Button("Continue") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
        ]
    )

    /// Its expressions run on every trial text of every locale (ICU, tens of thousands of
    /// instructions a text on a large app): started early, it no longer ends the rules alone.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        let copy = PaywallCopy(project)
        var seen = Set<SourceLocation>()
        var promises = 0
        for unit in copy.units {
            // A screen that states its trial with the price that follows ("1 month free, then
            // $4.99/month") covers its short "Try it Free" button in that language too.
            let statedIn = Set(unit.texts.compactMap { text in
                CopyPhrases.trialPromise(in: text.text).flatMap { CopyPhrases.priceFollows(in: text.text, after: $0) ? text.locale : nil }
            })
            for (position, text) in unit.texts.enumerated() {
                guard seen.insert(text.location).inserted, let promise = CopyPhrases.trialPromise(in: text.text) else { continue }
                promises += 1
                if CopyPhrases.priceFollows(in: text.text, after: promise) || unit.kind == .view && statedIn.contains(text.locale) { continue }
                // A view may put "then $X/year" in the next text of the same language.
                if unit.kind == .view, let next = unit.texts[(position + 1)...].first(where: { $0.locale == text.locale && $0.literal != nil }),
                   CopyPhrases.hasPriceOrPlaceholder(next.text) {
                    continue
                }
                let phrase = (text.text as NSString).substring(with: promise)
                result.report(at: text.location, "\"\(phrase)\" promises a free trial without the price that applies after it (\(text.locale)).")
            }
        }
        for (_, entry) in copy.catalogEntries {
            for localization in entry.localizations {
                for text in localization.texts where seen.insert(text.location).inserted {
                    guard let promise = CopyPhrases.trialPromise(in: text.value) else { continue }
                    promises += 1
                    if !CopyPhrases.priceFollows(in: text.value, after: promise) {
                        let phrase = (text.value as NSString).substring(with: promise)
                        result.report(at: text.location, "\"\(phrase)\" promises a free trial without the price that applies after it (\(localization.locale)).")
                    }
                }
            }
        }
        if promises == 0 {
            result.notApplicable("No free-trial promise was found in paywall copy.")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "All \(promises) free-trial promises state the price that follows")
        }
    }
}
