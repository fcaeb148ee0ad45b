import AuditCore
import Foundation

/// Guideline 3.1.2: where the App Store description of a subscription app names its
/// subscriptions, it says that they renew automatically and how to cancel.
public struct ListingRenewalTermsMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "listing_renewal_terms_missing",
        title: "The App Store description states auto-renewal and how to cancel where it names the subscriptions",
        severity: .error,
        scope: .listing,
        rationale: """
            App Review reads the description of a subscription app as part of the offer: \
            Guideline 3.1.2 and Schedule 2 §3.8(b) want the renewal terms wherever the \
            subscriptions are described, and reviewers ask for "Subscriptions renew automatically \
            unless cancelled at least 24 hours before the end of the period" in the metadata. \
            The rule judges each locale's `description.txt` that names a subscription (in the \
            languages the copy rules read: English, German, French, Spanish, Japanese) with the \
            same renewal and cancellation wording as `renewal_terms_missing`, where a charge made \
            automatically until cancelled also says that it renews. A description that \
            does not speak of subscriptions is not judged.
            """,
        fix: """
            Add the terms to the description of every locale, for example: "Subscriptions renew \
            automatically unless cancelled at least 24 hours before the end of the current period. \
            Manage or cancel them in your App Store account settings."
            """,
        reference: "App Review Guideline 3.1.2; Developer Program License Agreement Schedule 2 §3.8(b)",
        changeScope: .lineOrAnyFile([.storeListing]),
        triggeringExamples: [
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals for the week.\n\n↓Go Pro with a monthly or yearly subscription.\n"),
                ListingExamples.subscriptions,
            ]),
            // Renewal without how to cancel, in German, beside a complete English listing.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Pro subscription: every feature.\nIt renews automatically unless cancelled in your account settings.\n"),
                ("fastlane/metadata/de-DE/description.txt", "↓Pro-Abo: alle Funktionen.\nDas Abo verlängert sich automatisch.\n"),
                ListingExamples.subscriptions,
            ]),
            // A platform folder.
            RuleExample(files: [
                ("fastlane/metadata/appleTV/fr-FR/description.txt", "↓Abonnement Pro : toutes les fonctions.\n"),
                ListingExamples.subscriptions,
            ]),
        ],
        nonTriggeringExamples: [
            // "Subscriptions" that are the shows one follows, not something sold.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Sync: your subscriptions, Up Next and history are kept in the cloud.\n"),
                ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
                ListingExamples.subscriptions,
            ]),
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", """
                    Plan meals for the week.

                    SUBSCRIPTION
                    Pro is $4.99 a month or $39.99 a year (prices may vary by location). Subscriptions renew automatically unless cancelled at least 24 hours before the end of the period. Manage or cancel in your App Store account settings.
                    """),
                ListingExamples.subscriptions,
            ]),
            RuleExample(files: [
                ("fastlane/metadata/de-DE/description.txt", "Pro-Abo: alle Funktionen.\nDas Abo verlängert sich automatisch, wenn du es nicht 24 Stunden vorher in den Einstellungen kündigst.\n"),
                ListingExamples.subscriptions,
            ]),
            // A charge that recurs until cancelled says that it renews.
            RuleExample(files: [
                ("fastlane/metadata/en-GB/description.txt", "Subscribe to Pro.\nPayment will be charged automatically to your Apple Account until you cancel, which you can do in Settings.\n"),
                ListingExamples.subscriptions,
            ]),
            // A description that does not name the subscriptions.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals for the week and shop with one list.\n"),
                ListingExamples.subscriptions,
            ]),
            // A language the phrase lists do not read is not judged.
            RuleExample(files: [
                ("fastlane/metadata/it/description.txt", "Abbonamento Pro: tutte le funzioni.\n"),
                ListingExamples.subscriptions,
            ]),
            // An app that sells no subscription may say "subscribe" to a newsletter.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Subscribe to our newsletter for recipes.\n"),
                ListingExamples.oneTimePurchase,
            ]),
            // The `default` description is judged in the locales that use it; one that speaks
            // of a subscription and its terms passes.
            RuleExample(files: [
                ("fastlane/metadata/default/description.txt", "Pro subscription: auto-renews monthly; cancel anytime in Settings.\n"),
                ("fastlane/metadata/en-US/name.txt", "Meal Planner\n"),
                ListingExamples.subscriptions,
            ]),
        ]
    )

    /// Words that name a subscription itself (not "monthly" or "annual", which describe much else).
    static let namesSubscription = CopyPhrases.regex(
        #"subscri|\babo\b|\babos\b|abonnement|\w+-abo\b|suscrip|サブスクリプション|定期購[入読]|自動更新"#)

    public func check(_ project: Project, into result: inout RuleResult) {
        let listings = StoreListing.of(project)
        guard !listings.isEmpty else {
            result.needsManualCheck(StoreListing.absentReason)
            return
        }
        guard project.sellsSubscriptionsSignal != nil else {
            result.notApplicable("The app sells no auto-renewable subscriptions.")
            return
        }
        var judged = Set<String>()
        for listing in listings {
            for locale in listing.locales {
                guard let description = locale.field(.description) else { continue }
                // The language of the text: the locale's, or for a `default` description the
                // first locale's that uses it.
                guard let language = locale.language, CopyPhrases.reads(language), judged.insert(description.file).inserted else { continue }
                guard let naming = description.lines.first(where: { Self.names($0.text) && Self.isAboutBuying($0.text) }) else { continue }
                let text = description.text
                if Self.statesRenewal(text) && CopyPhrases.statesCancellation(text) {
                    let line = description.lines.first { Self.statesRenewal($0.text) } ?? naming
                    result.evidence(at: description.location(of: line), "The \(locale.name) description states the renewal terms")
                } else {
                    let renews = Self.statesRenewal(text)
                    let cancels = CopyPhrases.statesCancellation(text)
                    let missing = renews ? "how to cancel" : cancels ? "that it renews automatically" : "that it renews automatically or how to cancel"
                    result.report(
                        at: description.location(of: naming),
                        "The \(locale.name) App Store description names a subscription but never says \(missing).")
                }
            }
        }
        if judged.isEmpty {
            result.notApplicable("No App Store description in a language the renewal wording is read in (English, German, French, Spanish, Japanese).")
        } else if result.findings.isEmpty && result.evidence.isEmpty {
            result.evidence(at: nil, "No App Store description names a subscription (\(ConfigurationWording.count(judged.count, "description")) read).")
        }
    }

    /// A listing's way of saying it renews: the copy rules' wording, or a charge that recurs
    /// until cancelled ("Payment will be charged automatically to your account until you cancel").
    static let recurringCharge = CopyPhrases.regex(#"(?:charged|billed) automatically|automatically (?:charged|billed)|until (?:you )?cancel"#)

    static func statesRenewal(_ text: String) -> Bool {
        if CopyPhrases.statesRenewal(text) { return true }
        guard let recurringCharge else { return false }
        return recurringCharge.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }

    /// Words that put "subscription" in a purchase's context on the same line: a price, a
    /// period, a plan or trial. A podcast app's "Abonnements, Up Next, dein Hörverlauf" names
    /// the shows one follows, not something sold.
    static let purchaseContext = CopyPhrases.regex(
        #"[$€£¥]|\d+[.,]\d\d|price|month|year|week|annual|trial|premium|\bplus\b|\bpro\b|upgrade|unlock|purchase|in-app|preis|monat|jahr|woche|kauf|testzeitraum|prix|mois|\ban\b|essai|achat|precio|\bmes\b|año|prueba|compra|価格|月|年|無料|購入"#)

    static func isAboutBuying(_ text: String) -> Bool {
        guard let expression = purchaseContext else { return true }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }

    static func names(_ text: String) -> Bool {
        guard let expression = namesSubscription else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }
}
