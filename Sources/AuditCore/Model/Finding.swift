/// One problem a rule found.
public struct Finding: Sendable, Hashable, Codable {
    public var ruleID: String
    public var severity: Severity
    /// Where the problem is. Project-level findings point at the most useful place
    /// (the paywall, the store type, the `@main` App), never nowhere.
    public var location: SourceLocation
    public var message: String
    /// What to do about it, in one or two sentences.
    public var fixHint: String?
    /// The source line(s) around the location, filled in by the engine.
    public var excerpt: Excerpt?
    /// Stable across unrelated edits: rule id + file + normalized line text (+ occurrence).
    public var fingerprint: String
    /// Where the flagged text ends (exclusive column, UTF-8 bytes), filled in by the engine: the
    /// end of the token (or whole string literal) at `location` in Swift files, the end of the
    /// line elsewhere. Machine formats (SARIF, GitHub annotations) need a full region.
    public var end: TextPosition?

    public init(
        ruleID: String, severity: Severity, location: SourceLocation, message: String,
        fixHint: String? = nil, excerpt: Excerpt? = nil, fingerprint: String = "", end: TextPosition? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.location = location
        self.message = message
        self.fixHint = fixHint
        self.excerpt = excerpt
        self.fingerprint = fingerprint
        self.end = end
    }
}

/// A few numbered source lines, with the one the finding points at marked.
public struct Excerpt: Sendable, Hashable, Codable {
    public struct Line: Sendable, Hashable, Codable {
        public var number: Int
        public var text: String
        public var isHighlighted: Bool
    }

    public var lines: [Line]

    public init(lines: [Line]) { self.lines = lines }
}

/// What a passing rule saw, so a reviewer can tell why a checklist item passed.
/// Example: "Transaction.updates listener started in MyApp.init".
public struct Evidence: Sendable, Hashable, Codable {
    public var ruleID: String
    public var location: SourceLocation?
    public var message: String

    public init(ruleID: String, location: SourceLocation?, message: String) {
        self.ruleID = ruleID
        self.location = location
        self.message = message
    }
}
