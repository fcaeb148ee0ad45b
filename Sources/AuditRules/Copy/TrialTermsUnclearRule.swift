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
            // The copy promises a week; the configuration's trial is a month.
            RuleExample(files: [
                ("Store.storekit", """
                    { "subscriptionGroups" : [ { "id" : "G1", "name" : "Pro", "subscriptions" : [
                      { "productID" : "pro.monthly", "type" : "RecurringSubscription", "recurringSubscriptionPeriod" : "P1M", "groupNumber" : 1,
                        "introductoryOffer" : { "paymentMode" : "free", "subscriptionPeriod" : "P1M", "internalID" : "1" } } ] } ] }
                    """),
                ("PaywallCopy.md", "# Pro\n\n↓Start your 7-day free trial, then {price} per month. Renews automatically; cancel anytime in Settings.\n"),
            ]),
        ],
        nonTriggeringExamples: [
            // The copy's week is the configuration's week.
            RuleExample(files: [
                ("Store.storekit", """
                    { "subscriptionGroups" : [ { "id" : "G1", "name" : "Pro", "subscriptions" : [
                      { "productID" : "pro.yearly", "type" : "RecurringSubscription", "recurringSubscriptionPeriod" : "P1Y", "groupNumber" : 1,
                        "introductoryOffer" : { "paymentMode" : "free", "subscriptionPeriod" : "P1W", "internalID" : "1" } } ] } ] }
                    """),
                ("PaywallCopy.md", "# Pro\n\nStart your 1-week free trial, then {price} per year. Renews automatically; cancel anytime in Settings.\n"),
            ]),
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
                // A text reached through a constant: where it stands, and whether the price is
                // beside it, is not known.
                if text.throughConstant { continue }
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
        reportUnbackedTrialLengths(copy, project: project, into: &result)
        if promises == 0 {
            result.notApplicable("No free-trial promise was found in paywall copy.")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "All \(promises) free-trial promises state the price that follows")
        }
    }

    /// A trial length the copy promises ("7-day free trial", "free for 1 week") that no
    /// subscription's free introductory offer in the StoreKit configuration has: the copy and
    /// the offer customers get disagree (checked when the configuration declares subscriptions).
    private func reportUnbackedTrialLengths(_ copy: PaywallCopy, project: Project, into result: inout RuleResult) {
        let subscriptions = project.storeKitConfigurations.flatMap(\.subscriptions)
        guard !subscriptions.isEmpty else { return }
        let trials = subscriptions.flatMap { $0.subscription?.introductoryOffers ?? [] }.filter { $0.paymentMode == StoreKitPaymentMode.freeTrial }
        let offered = Set(trials.compactMap { offer in offer.period.flatMap { Self.days(ofPeriod: $0) }.map { $0 * (offer.periodCount ?? 1) } })
        let files = project.storeKitConfigurations.map(\.file).joined(separator: ", ")
        var seen = Set<SourceLocation>()
        for unit in copy.units {
            for text in unit.texts where seen.insert(text.location).inserted && CopyPhrases.reads(text.locale) {
                guard CopyPhrases.trialPromise(in: text.text) != nil, let promised = Self.promisedTrialDays(in: text.text) else { continue }
                // One finding a text: a promise already reported for its missing price is not
                // reported again.
                if result.findings.contains(where: { $0.location.file == text.location.file && $0.location.line == text.location.line }) { continue }
                if offered.contains(where: { abs($0 - promised.days) <= 3 }) { continue }
                let configured = offered.isEmpty ? "no subscription there has a free-trial introductory offer" : "its free trials last \(offered.sorted().map { "\($0) days" }.joined(separator: ", "))"
                result.report(
                    at: text.location,
                    "\"\(promised.phrase)\" promises a trial \(files) does not configure: \(configured). Make the copy and the offer agree (and check App Store Connect).",
                    severity: .warning
                )
            }
        }
    }

    /// Days in an ISO 8601 period (`P1W`, `P3D`, `P1M`, `P1Y`).
    static func days(ofPeriod period: String) -> Int? {
        guard period.hasPrefix("P"), let unit = period.last, let count = Int(period.dropFirst().dropLast()) else { return nil }
        switch unit {
        case "D": return count
        case "W": return count * 7
        case "M": return count * 30
        case "Y": return count * 365
        default: return nil
        }
    }

    /// "7-day", "7 days", "1 week", "one month", "14-day" next to a trial: its length in days.
    static func promisedTrialDays(in text: String) -> (days: Int, phrase: String)? {
        let words = ["one": 1, "two": 2, "three": 3, "seven": 7, "fourteen": 14, "thirty": 30, "a": 1]
        let pattern = #"(\d+|one|two|three|seven|fourteen|thirty|a)[- ]?(day|week|month|year)s?"#
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let numberRange = Range(match.range(at: 1), in: text), let unitRange = Range(match.range(at: 2), in: text),
              let whole = Range(match.range, in: text)
        else { return nil }
        let number = String(text[numberRange]).lowercased()
        guard let count = Int(number) ?? words[number] else { return nil }
        let unit = String(text[unitRange]).lowercased()
        let days = unit == "day" ? count : unit == "week" ? count * 7 : unit == "month" ? count * 30 : count * 365
        return (days, String(text[whole]))
    }
}
