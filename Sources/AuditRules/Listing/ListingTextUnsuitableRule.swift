import AuditCore
import Foundation

/// What fastlane's `precheck` looks for in the listing: placeholder text, other platforms, and
/// wording that sends people to buy outside the app.
public struct ListingTextUnsuitableRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "listing_text_unsuitable",
        title: "No placeholder text, other platforms or buying outside the app in the App Store listing",
        severity: .warning,
        scope: .listing,
        rationale: """
            App Review rejects metadata with placeholder text (Guideline 2.1 and 2.3.3), with \
            names of other mobile platforms (2.3.10: "Android", "Google Play") and with \
            instructions to buy the app's digital content elsewhere (3.1.1, 3.1.3); fastlane's \
            `precheck` exists for these. The rule reads every text field of the listing (name, \
            subtitle, description, keywords, promotional text, release notes) line by line, with \
            the copy rules' phrase lists and their context: "todo" and "tbd" count only when \
            shouted (`TODO`), and not at all in the keywords (a to-do app's keywords); \
            "placeholder" only on a line of at most three words (a widget's placeholder text in \
            a real sentence is a feature); a checkout link of a code or documentation host is \
            not a shop.
            """,
        fix: "Replace placeholder text with the final copy, leave other platforms out of the listing, and sell digital content with in-app purchase only.",
        reference: "App Review Guidelines 2.1, 2.3.3, 2.3.10, 3.1.1; fastlane precheck",
        triggeringExamples: [
            RuleExample(files: [("fastlane/metadata/en-US/subtitle.txt", "↓Lorem ipsum dolor\n")]),
            RuleExample(files: [("fastlane/metadata/en-US/description.txt", "Plan meals.\n\n↓TODO: describe the Pro features\n")]),
            RuleExample(files: [("fastlane/metadata/en-US/promotional_text.txt", "↓Placeholder\n")]),
            RuleExample(files: [("fastlane/metadata/de-DE/description.txt", "Mahlzeiten planen.\n↓Auch für Android verfügbar.\n")]),
            RuleExample(files: [("fastlane/metadata/en-US/release_notes.txt", "↓Now on Google Play too!\n")]),
            RuleExample(files: [("fastlane/metadata/en-US/description.txt", "Plan meals.\n↓Save 30% when you subscribe on our website.\n")]),
            RuleExample(files: [("fastlane/metadata/appleTV/en-US/description.txt", "Plan meals.\nGet Pro: ↓https://example.com/checkout?plan=pro\n")]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [("fastlane/metadata/en-US/description.txt", "Plan meals for the week.\nWorks on iPhone, iPad and Mac.\n")]),
            // A to-do app: its name, subtitle and keywords say todo.
            RuleExample(files: [
                ("fastlane/metadata/en-US/name.txt", "Todo Planner\n"),
                ("fastlane/metadata/en-US/keywords.txt", "todo,TODO,tasks,gtd,checklist\n"),
                ("fastlane/metadata/es-ES/description.txt", "Todo lo que necesitas para planificar.\n"),
            ]),
            // "placeholder" in a real sentence.
            RuleExample(files: [("fastlane/metadata/en-US/description.txt", "Customize the placeholder text your widgets show before they load.\n")]),
            // Links to the terms and the support site, and a repository.
            RuleExample(files: [("fastlane/metadata/en-US/description.txt", "Terms of Use: https://example.com/terms\nSource code: https://github.com/example/checkout-kit\nVisit our website for recipes.\n")]),
            // The review notes may speak of Android and TODO: App Review reads them, customers do not.
            RuleExample(files: [("fastlane/metadata/review_information/notes.txt", "TODO: the Android build is separate.\n")]),
            // URL fields hold URLs.
            RuleExample(files: [("fastlane/metadata/en-US/marketing_url.txt", "https://example.com/android-and-ios\n")]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        let listings = StoreListing.of(project)
        guard !listings.isEmpty else {
            result.needsManualCheck(StoreListing.absentReason)
            return
        }
        var read = 0
        for field in listings.flatMap(\.fields) where !field.kind.isURL {
            read += 1
            for line in field.lines where !line.text.allSatisfy(\.isWhitespace) {
                guard let (problem, offset) = Self.problem(in: line.text, field: field.kind) else { continue }
                result.report(at: field.location(of: line, utf8Offset: offset), "The \(field.locale) \(field.kind.rawValue.replacingOccurrences(of: "_", with: " ")) \(problem).")
            }
        }
        if read == 0 {
            result.notApplicable("The App Store listing holds no text field.")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "No placeholder text, other platform or purchase outside the app in the App Store listing's \(ConfigurationWording.count(read, "text field")) (\(listings.map(\.folder).joined(separator: ", "))).")
        }
    }

    /// What is wrong with one line of a field, and the UTF-8 offset where the finding points
    /// (0: the line's start).
    static func problem(in text: String, field: StoreListingField.Kind) -> (String, Int)? {
        if let word = placeholder(in: text, field: field) {
            return ("holds placeholder text \"\(word)\"", leadingSpace(text))
        }
        if let platform = CopyPhrases.otherPlatformName(in: text) {
            return ("mentions \(platform), another platform", leadingSpace(text))
        }
        if let phrase = CopyPhrases.externalPurchasePhrase(in: text) {
            if phrase.hasPrefix("http"), let range = text.range(of: phrase) {
                return ("links to \(phrase), which sells outside the app", text[..<range.lowerBound].utf8.count)
            }
            return ("says \"\(phrase)\": it sends people to buy outside the app", leadingSpace(text))
        }
        return nil
    }

    static func placeholder(in text: String, field: StoreListingField.Kind) -> String? {
        if field == .keywords {
            // A keyword list: only unmistakable filler counts.
            let lower = text.lowercased()
            return lower.contains("lorem ipsum") ? "lorem ipsum" : nil
        }
        guard let word = CopyPhrases.placeholderWord(in: text) else { return nil }
        if word.lowercased() == "placeholder" {
            let words = text.split { !$0.isLetter && !$0.isNumber }
            return words.count <= 3 ? word : nil
        }
        return word
    }

    private static func leadingSpace(_ text: String) -> Int {
        text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
    }
}
