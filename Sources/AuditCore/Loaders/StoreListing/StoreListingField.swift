import Foundation

/// One field of the App Store listing in one language, as fastlane's `deliver` keeps it: a
/// text file named for the field in a folder named for the locale,
/// `fastlane/metadata/en-US/description.txt` (or under a platform folder,
/// `fastlane/metadata/appleTV/en-US/description.txt`). A `default` folder holds the values of
/// every locale that has none of its own.
public struct StoreListingField: Sendable, Hashable {
    /// The localized fields `deliver` uploads, by file name.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case name, subtitle, description, keywords
        case promotionalText = "promotional_text"
        case releaseNotes = "release_notes"
        case privacyURL = "privacy_url"
        case supportURL = "support_url"
        case marketingURL = "marketing_url"
        case appleTVPrivacyPolicy = "apple_tv_privacy_policy"

        /// A field whose value is one URL.
        public var isURL: Bool { self == .privacyURL || self == .supportURL || self == .marketingURL }

        public static func < (a: Kind, b: Kind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One line of the field's text: its number (from 1) and the UTF-8 column it starts at
    /// (4 on a first line after a byte order mark, else 1).
    public struct Line: Sendable, Hashable {
        public var number: Int
        public var column: Int
        public var text: String
    }

    /// Path relative to the audit root.
    public var file: String
    /// The folder that holds the locale folders (`fastlane/metadata`, `fastlane/metadata/appleTV`):
    /// one listing.
    public var listing: String
    /// The locale folder's name: `en-US`, `de-DE`, `ja`, or `default`.
    public var locale: String
    public var kind: Kind
    public var lines: [Line]

    public init(file: String, listing: String, locale: String, kind: Kind, lines: [Line]) {
        self.file = file
        self.listing = listing
        self.locale = locale
        self.kind = kind
        self.lines = lines
    }

    /// The whole text, lines joined with `\n`.
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// The text without surrounding white space and newlines.
    public var trimmedText: String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value's first line that is not blank, with its location: where a one-line field's
    /// findings point.
    public var firstNonBlankLine: Line? {
        lines.first { !$0.text.allSatisfy(\.isWhitespace) }
    }

    /// The place `utf8Offset` bytes into `line`.
    public func location(of line: Line, utf8Offset: Int = 0) -> SourceLocation {
        SourceLocation(file: file, line: line.number, column: line.column + utf8Offset)
    }

    /// Line 1, column 1: where a finding about the whole field points.
    public var start: SourceLocation { SourceLocation(file: file, line: 1, column: 1) }

    public var isDefault: Bool { locale == "default" }
}

/// Where a listing file sits: the listing folder, the locale and the field, read from its path.
public struct StoreListingPath: Sendable, Hashable {
    public var listing: String
    public var locale: String
    public var kind: StoreListingField.Kind

    /// The parts of `path` when it is a field file in a locale folder (`…/<locale>/<field>.txt`).
    /// With `underFastlane`, the locale folder must sit in a `fastlane/metadata` folder or one
    /// platform folder below it; otherwise anywhere (a folder the configuration names).
    public static func parse(_ path: String, underFastlane: Bool = true) -> StoreListingPath? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, let name = parts.last, name.hasSuffix(".txt"),
              let kind = StoreListingField.Kind(rawValue: String(name.dropLast(4)))
        else { return nil }
        let locale = String(parts[parts.count - 2])
        guard isLocaleFolder(locale) else { return nil }
        let listing = parts[..<(parts.count - 2)]
        if underFastlane {
            guard let metadata = fastlaneMetadataIndex(in: Array(listing)), listing.count - metadata <= 2 else { return nil }
        }
        return StoreListingPath(listing: listing.joined(separator: "/"), locale: locale, kind: kind)
    }

    /// Whether `path` lies in a `fastlane/metadata` folder (any file: the listing's own fields,
    /// the review information, the categories).
    public static func isInFastlaneMetadata(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return fastlaneMetadataIndex(in: Array(parts)) != nil
    }

    /// The index of the last `metadata` folder whose parent is `fastlane` (any case), nil when none.
    private static func fastlaneMetadataIndex(in folders: [Substring]) -> Int? {
        var index = folders.count - 1
        while index >= 1 {
            if folders[index].lowercased() == "metadata", folders[index - 1].lowercased() == "fastlane" { return index }
            index -= 1
        }
        return nil
    }

    /// `en-US`, `de-DE`, `ja`, `zh-Hans`, `es-MX`, `default`: not `review_information` or `appleTV`.
    static func isLocaleFolder(_ name: String) -> Bool {
        if name == "default" { return true }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...4).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
