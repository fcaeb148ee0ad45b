import AuditCore
import Foundation

/// The App Store listing as the listing rules read it: one listing per folder of locale folders
/// (`fastlane/metadata`, or a platform folder such as `fastlane/metadata/appleTV`), each locale
/// with its own fields and, for the fields it lacks, those of the listing's `default` folder.
struct StoreListing: Sendable {
    struct Locale: Sendable {
        /// The locale folder's name (`en-US`), or `default` when the listing has no other.
        var name: String
        var own: [StoreListingField.Kind: StoreListingField]
        var fallback: [StoreListingField.Kind: StoreListingField]

        /// The locale's field, else the `default` folder's.
        func field(_ kind: StoreListingField.Kind) -> StoreListingField? { own[kind] ?? fallback[kind] }

        /// The language the locale's text is in (`en` for `en-US`); nil for `default`.
        var language: String? { name == "default" ? nil : LocaleMatching.language(of: name) }

        /// Where a finding about the whole locale points: its description, else its first file.
        var site: SourceLocation {
            if let description = field(.description) { return description.start }
            return own.values.map(\.file).min().map { SourceLocation(file: $0, line: 1, column: 1) } ?? SourceLocation(file: name, line: 1, column: 1)
        }
    }

    /// The folder holding the locale folders.
    var folder: String
    /// Its locales in name order, `default` only when there is no other.
    var locales: [Locale]
    /// Every field of the listing, `default` included, in path order.
    var fields: [StoreListingField]

    static func of(_ project: Project) -> [StoreListing] {
        project.fact(StoreListing.self) {
            let byFolder = Dictionary(grouping: project.storeListing, by: \.listing)
            return byFolder.keys.sorted().map { folder in
                let fields = byFolder[folder, default: []].sorted { $0.file < $1.file }
                var byLocale: [String: [StoreListingField.Kind: StoreListingField]] = [:]
                for field in fields { byLocale[field.locale, default: [:]][field.kind] = field }
                let defaults = byLocale["default"] ?? [:]
                var names = byLocale.keys.filter { $0 != "default" }.sorted()
                if names.isEmpty { names = ["default"] }
                let locales = names.map { name in
                    Locale(name: name, own: byLocale[name] ?? [:], fallback: name == "default" ? [:] : defaults)
                }
                return StoreListing(folder: folder, locales: locales, fields: fields)
            }
        }
    }

    /// Why the listing items are checked by hand when the repository keeps no listing.
    static let absentReason = """
        The repository keeps no App Store listing (no fastlane/metadata folder, and no folder named \
        in the configuration's metadata.paths): check it in App Store Connect (App Information and the version's metadata).
        """

    // MARK: Links

    /// A URL written in a field, and where.
    struct Link: Sendable {
        var url: String
        var location: SourceLocation
        /// The line it is on.
        var line: StoreListingField.Line
    }

    /// Every `http://` or `https://` URL in the field's text (trailing punctuation left out).
    static func links(in field: StoreListingField) -> [Link] {
        var result: [Link] = []
        for line in field.lines where line.text.contains("http") {
            let text = line.text as NSString
            guard let expression = urlExpression else { break }
            for match in expression.matches(in: line.text, range: NSRange(location: 0, length: text.length)) {
                var url = text.substring(with: match.range)
                while let last = url.last, ".,;:!?)]}>\"'”’»".contains(last) { url.removeLast() }
                let offset = text.substring(to: match.range.location).utf8.count
                result.append(Link(url: url, location: field.location(of: line, utf8Offset: offset), line: line))
            }
        }
        return result
    }

    private static let urlExpression = try? NSRegularExpression(pattern: #"https?://[^\s<>"]+"#, options: [.caseInsensitive])

    /// Words that name the Terms of Use or the license agreement, in the listing languages the
    /// copy rules read and a few more.
    private static let termsWords = try? NSRegularExpression(pattern:
        #"terms(?: of (?:use|service)| (?:and|&) conditions)?\b|\beula\b|licen[cs]e agreement|\btos\b"#
            + #"|nutzungsbedingungen|\bagb\b|lizenzvereinbarung|conditions (?:g[ée]n[ée]rales|d['’]utilisation)|contrat de licence"#
            + #"|t[ée]rminos|condiciones de (?:uso|servicio)|termini (?:di|d['’])|condizioni d['’]uso|termos de (?:uso|serviço)"#
            + #"|gebruiksvoorwaarden|voorwaarden|warunki|villkor|vilkår|利用規約|使用条款|服務條款|服务条款|이용약관"#,
        options: [.caseInsensitive])

    /// Path words of a terms page (`/terms`, `/eula`, `/legal/tos`) and Apple's standard EULA.
    private static let termsPathWords = ["terms", "eula", "tos", "legal", "agb", "conditions", "nutzungsbedingungen", "stdeula"]

    static func namesTerms(_ text: String) -> Bool {
        guard let termsWords else { return false }
        return termsWords.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }

    /// The description's link to the Terms of Use or EULA: a URL on a line that names them (or
    /// below a line that does), or a URL whose path does.
    static func termsLink(in description: StoreListingField) -> Link? {
        let lines = description.lines
        for link in links(in: description) {
            if namesTerms(link.line.text.replacingOccurrences(of: link.url, with: " ")) { return link }
            // "Terms of Use:" on the line before a bare URL (a blank line between allowed).
            if let index = lines.firstIndex(where: { $0.number == link.line.number }) {
                var above = index - 1
                while above >= 0, above >= index - 2, lines[above].text.allSatisfy(\.isWhitespace) { above -= 1 }
                if above >= 0, above >= index - 2, !lines[above].text.contains("http"), namesTerms(lines[above].text) { return link }
            }
            let path = URLComponents(string: link.url)?.path.lowercased() ?? ""
            if path.split(whereSeparator: { !$0.isLetter }).contains(where: { termsPathWords.contains(String($0)) }) { return link }
        }
        return nil
    }

    /// Why a link is not a well-formed `https` URL, nil when it is.
    static func problem(withURL url: String) -> String? {
        let lower = url.lowercased()
        if lower.hasPrefix("http://") { return "uses http, not https" }
        guard lower.hasPrefix("https://") else { return "is not an https:// URL" }
        guard !url.contains(where: { $0 == " " || $0 == "\t" }) else { return "has spaces in it" }
        // Letters beyond ASCII are fine in a path (browsers encode them); URLComponents is not told of them.
        let ascii = String(url.unicodeScalars.map { $0.isASCII ? Character($0) : "x" })
        guard let components = URLComponents(string: ascii), let host = components.host, !host.isEmpty else { return "is not a well-formed URL" }
        guard host.contains("."), !host.hasPrefix("."), !host.hasSuffix("."), !host.contains("..") else { return "has no valid host name (\(host))" }
        return nil
    }

    // MARK: What the app sells

    /// The custom license agreement App Store Connect holds, when something says so: the
    /// configuration's `metadata.customEULA`, or a StoreKit configuration synced from App Store
    /// Connect with a custom EULA.
    static func customEULA(in project: Project) -> (description: String, location: SourceLocation?)? {
        if project.declaresCustomEULA { return ("The configuration declares a custom license agreement in App Store Connect (metadata.customEULA)", nil) }
        for configuration in project.storeKitConfigurations {
            if let policies = configuration.appPolicies, let eula = policies.eula, !eula.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return ("\(configuration.file) holds a custom license agreement (appPolicies.eula)", policies.location)
            }
        }
        return nil
    }
}

extension Project {
    /// Where the app shows that it sells auto-renewable subscriptions: the StoreKit
    /// configuration or code only subscription apps write, else a purchase screen that sells one.
    var sellsSubscriptionsSignal: ProductKindSignal? {
        if let signal = autoRenewableSubscriptionSignal { return signal }
        if let screen = PurchaseScreens.of(self).screens.first(where: { $0.sellsSubscriptions }) {
            return ProductKindSignal(description: "\(screen.name) sells a subscription", location: screen.site.location)
        }
        return nil
    }
}
