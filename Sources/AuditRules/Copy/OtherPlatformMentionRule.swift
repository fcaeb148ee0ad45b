import AuditCore

/// fastlane precheck's practice: purchase copy should not mention other platforms.
public struct OtherPlatformMentionRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "other_platform_mention",
        title: "Purchase copy does not mention other platforms",
        severity: .note,
        scope: .copy,
        rationale: """
            Mentioning Android or Google Play in an iOS app's purchase copy draws App Review's \
            attention (Guideline 2.3.10) and confuses customers about where they are buying.
            """,
        fix: "Remove other platforms from the paywall copy, or say \"on all your devices\".",
        reference: "App Review Guideline 2.3.10; fastlane precheck",
        triggeringExamples: [
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\n↓Also available on Android and the web.\n")]),
            RuleExample(files: [("PaywallCopy.de.md", "# Pro\n\n↓Dein Abo gilt auch im Google Play Store.\n")]),
            RuleExample(files: [("PaywallCopy.fr.md", "# Pro\n\n↓Fonctionne aussi sur Android.\n")]),
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        Text(↓"Your Pro plan also works in our Android app")
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [("PaywallCopy.md", "# Pro\n\nWorks on iPhone, iPad and Mac.\n")]),
            RuleExample(files: [("PaywallCopy.es.md", "# Pro\n\nEn todos tus dispositivos.\n")]),
            RuleExample(files: [("PaywallCopy.ja.md", "# プロ\n\nすべてのデバイスで使えます。\n")]),
            // Outside purchase copy it is not this rule's business.
            RuleExample("Text(\"Import your notes from Android\")"),
            RuleExample("let userAgent = \"Android\""),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        let copy = PaywallCopy(project)
        var seen = Set<SourceLocation>()
        for unit in copy.units {
            for text in unit.texts where seen.insert(text.location).inserted {
                if let name = CopyPhrases.otherPlatformName(in: text.text) {
                    result.report(at: text.location, "Purchase copy mentions \(name) (\(text.locale)).")
                }
            }
        }
        for (_, entry) in copy.catalogEntries {
            for localization in entry.localizations {
                for text in localization.texts where seen.insert(text.location).inserted {
                    if let name = CopyPhrases.otherPlatformName(in: text.value) {
                        result.report(at: text.location, "Purchase copy mentions \(name) (\(localization.locale)).")
                    }
                }
            }
        }
        if copy.units.isEmpty { result.notApplicable("No paywall copy was found.") }
    }
}
