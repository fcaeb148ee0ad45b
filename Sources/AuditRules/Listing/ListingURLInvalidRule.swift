import AuditCore

/// The listing's URLs (privacy policy, support, marketing, and the Terms of Use link in the
/// description) must be well-formed `https` URLs: App Review follows them, and a broken one
/// is a rejection under Guideline 3.1.2 or 1.5.
public struct ListingURLInvalidRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "listing_url_invalid",
        title: "The App Store listing's URLs are well-formed https URLs",
        severity: .error,
        scope: .listing,
        rationale: """
            App Review opens the Privacy Policy URL, the Support URL and the Terms of Use link; \
            Guideline 3.1.2 asks for functional links, and App Store Connect refuses a URL field \
            that is not a URL. The rule reads `privacy_url.txt`, `support_url.txt`, \
            `marketing_url.txt` (one URL each; an empty file is left to the other rules) and the \
            Terms of Use link of each description, and reports what is not an `https://` URL with \
            a host name: `http://`, a bare domain, spaces, a second line. No request is made: the \
            rule cannot tell whether the page exists.
            """,
        fix: "Write one complete https:// URL (https://example.com/privacy) in the file, with nothing else.",
        reference: "App Review Guideline 3.1.2 and 1.5; App Store Connect Help: app information",
        triggeringExamples: [
            RuleExample(files: [("fastlane/metadata/en-US/privacy_url.txt", "↓http://example.com/privacy\n")]),
            RuleExample(files: [("fastlane/metadata/en-US/support_url.txt", "↓example.com/support\n")]),
            RuleExample(files: [("fastlane/metadata/de-DE/marketing_url.txt", "↓https://example.com/some page\n")]),
            // Two URLs where App Store Connect takes one.
            RuleExample(files: [("fastlane/metadata/en-US/support_url.txt", "https://example.com/support\n↓https://example.com/help\n")]),
            // The Terms of Use link of a description, in a platform folder.
            RuleExample(files: [("fastlane/metadata/appleTV/en-US/description.txt", "Plan meals.\n\nTerms of Use: ↓http://example.com/terms\n")]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n")]),
            RuleExample(files: [("fastlane/metadata/en-US/support_url.txt", "  https://support.example.co.uk/app?lang=en  \n\n")]),
            // An empty marketing URL: the field is optional.
            RuleExample(files: [("fastlane/metadata/en-US/marketing_url.txt", "\n")]),
            // A description's other links are not the listing's fields.
            RuleExample(files: [("fastlane/metadata/en-US/description.txt", "Follow us: http://blog.example.com\nTerms of Use: https://example.com/terms\n")]),
            RuleExample(files: [("fastlane/metadata/ja/privacy_url.txt", "https://example.jp/プライバシー\n")]),
            // Not a listing field: the review notes may hold anything.
            RuleExample(files: [("fastlane/metadata/review_information/notes.txt", "see http://internal\n")]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        let listings = StoreListing.of(project)
        guard !listings.isEmpty else {
            result.needsManualCheck(StoreListing.absentReason)
            return
        }
        var count = 0
        for field in listings.flatMap(\.fields) {
            if field.kind.isURL {
                let lines = field.lines.filter { !$0.text.allSatisfy(\.isWhitespace) }
                for (index, line) in lines.enumerated() {
                    let url = line.text.trimmingCharacters(in: .whitespaces)
                    let offset = line.text.utf8.count - line.text.drop(while: { $0 == " " || $0 == "\t" }).utf8.count
                    let location = field.location(of: line, utf8Offset: offset)
                    count += 1
                    if index > 0 {
                        result.report(at: location, "\(field.file) holds a second line: \(field.kind.rawValue) is one URL.")
                    } else if let problem = StoreListing.problem(withURL: url) {
                        result.report(at: location, "The \(field.locale) \(field.kind.rawValue) \"\(url)\" \(problem).")
                    }
                }
            } else if field.kind == .description, let link = StoreListing.termsLink(in: field) {
                count += 1
                if let problem = StoreListing.problem(withURL: link.url) {
                    result.report(at: link.location, "The \(field.locale) description's Terms of Use link \"\(link.url)\" \(problem).")
                }
            }
        }
        if count == 0 {
            result.notApplicable("The App Store listing holds no URL field and no Terms of Use link.")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "The App Store listing's \(ConfigurationWording.count(count, "URL")) are well-formed https URLs (\(listings.map(\.folder).joined(separator: ", "))).")
        }
    }
}
