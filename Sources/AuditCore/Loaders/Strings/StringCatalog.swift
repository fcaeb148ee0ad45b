/// An Xcode string catalog (`.xcstrings`): every localizable key of a table with its
/// translations, flattened so that rules can ask for "every text of this key in German".
public struct StringCatalog: Sendable, Hashable {
    /// Path relative to the audit root.
    public var file: String
    /// The development language, e.g. "en".
    public var sourceLanguage: String?
    /// The catalog format version, e.g. "1.0".
    public var version: String?
    /// In file order (Xcode sorts keys).
    public var entries: [StringCatalogEntry]

    public init(file: String, sourceLanguage: String? = nil, version: String? = nil, entries: [StringCatalogEntry] = []) {
        self.file = file
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
    }

    public func entry(forKey key: String) -> StringCatalogEntry? {
        entries.first { $0.key == key }
    }

    /// Every locale that has at least one translation in the catalog, plus the source language.
    public var locales: [String] {
        // A catalog has a handful of locales and thousands of localizations: a short list
        // compared by value finds each faster than a set hashes it.
        var locales: [String] = sourceLanguage.map { [$0] } ?? []
        for entry in entries {
            for localization in entry.localizations where !locales.contains(localization.locale) {
                locales.append(localization.locale)
            }
        }
        return locales.sorted()
    }

    /// What users of `locale` see for `entry`: its texts in that locale, or, in the source
    /// language, the key itself when the catalog has no explicit source text (Xcode shows the
    /// key then). Empty when the entry is not translated to `locale`.
    public func userVisibleTexts(of entry: StringCatalogEntry, in locale: String) -> [StringCatalogText] {
        let texts = entry.texts(in: locale)
        if texts.isEmpty, locale == sourceLanguage {
            return [StringCatalogText(value: entry.key, state: nil, location: entry.keyLocation, variation: nil)]
        }
        return texts
    }
}

/// One key of a string catalog.
public struct StringCatalogEntry: Sendable, Hashable {
    public var key: String
    /// Where the key is written in the catalog.
    public var keyLocation: SourceLocation
    /// The comment for translators.
    public var comment: String?
    /// "manual", "stale", "extracted_with_value", ... as written; nil when absent.
    public var extractionState: String?
    /// False for keys marked "Don't translate".
    public var shouldTranslate: Bool
    /// In file order.
    public var localizations: [StringCatalogLocalization]

    public init(
        key: String, keyLocation: SourceLocation, comment: String? = nil, extractionState: String? = nil,
        shouldTranslate: Bool = true, localizations: [StringCatalogLocalization] = []
    ) {
        self.key = key
        self.keyLocation = keyLocation
        self.comment = comment
        self.extractionState = extractionState
        self.shouldTranslate = shouldTranslate
        self.localizations = localizations
    }

    public func localization(for locale: String) -> StringCatalogLocalization? {
        localizations.first { $0.locale == locale }
    }

    /// Every text of this key in `locale`: the plain string unit and every variation leaf.
    public func texts(in locale: String) -> [StringCatalogText] {
        localization(for: locale)?.texts ?? []
    }
}

/// The translation of one key into one locale.
public struct StringCatalogLocalization: Sendable, Hashable {
    public var locale: String
    /// Where the locale's key is written.
    public var location: SourceLocation
    /// The plain string unit first (when present), then variation and substitution leaves in
    /// file order.
    public var texts: [StringCatalogText]

    public init(locale: String, location: SourceLocation, texts: [StringCatalogText] = []) {
        self.locale = locale
        self.location = location
        self.texts = texts
    }

    /// The states of all texts, e.g. to find `new` or `needs_review` ones.
    public var states: [StringCatalogState] { texts.compactMap(\.state) }
}

/// One user-visible text: a string unit's value.
public struct StringCatalogText: Sendable, Hashable {
    public var value: String
    public var state: StringCatalogState?
    /// Where the value is written (or the key, for the implicit source text).
    public var location: SourceLocation
    /// Where the translation state is written, when it is; findings about the state point here.
    public var stateLocation: SourceLocation?
    /// Which variation the text belongs to, as a dotted path: nil for the plain string unit,
    /// "plural.one", "device.iphone.plural.other", "substitutions.count.plural.few".
    public var variation: String?

    public init(value: String, state: StringCatalogState?, location: SourceLocation, variation: String?) {
        self.value = value
        self.state = state
        self.location = location
        self.variation = variation
    }
}

/// The translation state of a string unit, by the names Xcode writes.
public enum StringCatalogState: Sendable, Hashable {
    case new
    case translated
    /// Written `needs_review`.
    case needsReview
    case stale
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "new": self = .new
        case "translated": self = .translated
        case "needs_review": self = .needsReview
        case "stale": self = .stale
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .new: "new"
        case .translated: "translated"
        case .needsReview: "needs_review"
        case .stale: "stale"
        case .unknown(let raw): raw
        }
    }
}
