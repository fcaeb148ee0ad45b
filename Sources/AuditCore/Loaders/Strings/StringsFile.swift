/// A legacy strings table (`.strings`): `"key" = "value";` pairs in the old property list text
/// format.
public struct StringsFile: Sendable, Hashable {
    /// Path relative to the audit root.
    public var file: String
    /// The encoding the file was written in.
    public var encoding: TextEncoding
    /// In file order; a key written twice appears twice.
    public var entries: [StringsEntry]

    public init(file: String, encoding: TextEncoding = .utf8, entries: [StringsEntry] = []) {
        self.file = file
        self.encoding = encoding
        self.entries = entries
    }

    /// The value of `key`; with duplicates the last one wins, as at run time.
    public func value(forKey key: String) -> String? {
        entries.last { $0.key == key }?.value
    }
}

/// One `"key" = "value";` pair.
public struct StringsEntry: Sendable, Hashable {
    public var key: String
    public var value: String
    /// The comment right before the entry, without its `/* */` or `//` markers; consecutive
    /// `//` lines are joined with line breaks.
    public var comment: String?
    /// Where the key starts.
    public var location: SourceLocation
    /// Where the value starts (the key's location for the `"key";` shorthand).
    public var valueLocation: SourceLocation

    public init(key: String, value: String, comment: String? = nil, location: SourceLocation, valueLocation: SourceLocation) {
        self.key = key
        self.value = value
        self.comment = comment
        self.location = location
        self.valueLocation = valueLocation
    }
}
