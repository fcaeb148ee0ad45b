/// A plural and variable-width strings table (`.stringsdict`), flattened: for each key, every
/// format string a user can see in one of its variants.
public struct StringsDictFile: Sendable, Hashable {
    /// Path relative to the audit root.
    public var file: String
    /// Ordered by where the key is written; keys whose position is unknown (binary property
    /// lists) come last, sorted by key.
    public var entries: [StringsDictEntry]

    public init(file: String, entries: [StringsDictEntry] = []) {
        self.file = file
        self.entries = entries
    }
}

public struct StringsDictEntry: Sendable, Hashable {
    public var key: String
    /// `NSStringLocalizedFormatKey` first, then the variants of each variable (plural categories
    /// in CLDR order: zero, one, two, few, many, other; other rules alphabetically).
    public var texts: [String]
    /// Where the key is written in an XML property list; line 1, column 1 when unknown.
    public var location: SourceLocation

    public init(key: String, texts: [String], location: SourceLocation) {
        self.key = key
        self.texts = texts
        self.location = location
    }
}
