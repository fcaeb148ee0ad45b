/// What a rule is, why it exists and how it behaves, in one value: the CLI's `rules` command,
/// the reports and the generic example test all read it, so documentation never drifts.
public struct RuleDescription: Sendable {
    public enum Scope: String, Sendable {
        case code, configuration, copy, input
        /// The App Store listing (fastlane `deliver` metadata).
        case listing
    }

    /// snake_case, stable, never reused.
    public var identifier: String
    public var title: String
    public var severity: Severity
    public var scope: Scope
    /// Why it matters to App Review or to users.
    public var rationale: String
    /// What to do about a finding.
    public var fix: String
    /// Where the rule comes from: seed checklist item, App Review Guideline, ASC limit.
    public var reference: String
    /// Which changes make a finding count in changed-lines mode (`--changed-since`). `.line`
    /// (the default): only a change to the finding's own line. A rule that reports an absence
    /// ("no listener anywhere") or a cross-file mismatch ("id not in the .storekit file") sets
    /// `.lineOrAnyFile(kinds)`: any change to a file of those kinds may be the one that should
    /// have fixed it.
    public var changeScope: ChangeScope
    /// Each must produce findings exactly at its `↓` markers.
    public var triggeringExamples: [RuleExample]
    /// Each must produce no finding.
    public var nonTriggeringExamples: [RuleExample]

    public init(
        identifier: String, title: String, severity: Severity, scope: Scope, rationale: String,
        fix: String, reference: String, changeScope: ChangeScope = .line, triggeringExamples: [RuleExample],
        nonTriggeringExamples: [RuleExample]
    ) {
        self.identifier = identifier
        self.title = title
        self.severity = severity
        self.scope = scope
        self.rationale = rationale
        self.fix = fix
        self.reference = reference
        self.changeScope = changeScope
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    /// Whether the rule reads Objective-C sources: it has examples written in Objective-C
    /// (every check that reads them is documented and tested in both languages). A checklist
    /// item whose rules do not is not checked when the app's purchase code is partly
    /// Objective-C.
    public var readsObjectiveC: Bool {
        (triggeringExamples + nonTriggeringExamples).contains { example in
            example.files.contains { $0.path.hasSuffix(".m") || $0.path.hasSuffix(".mm") }
        }
    }
}

/// A small project for a rule's documentation and tests: one or more files, with `↓` marking
/// each place a finding must point at (the marker is removed before the audit).
public struct RuleExample: Sendable {
    public struct File: Sendable {
        public var path: String
        public var contents: String
    }

    public var files: [File]
    /// Locales to treat as shipped, as `--locales` would.
    public var locales: [String]?
    /// Where the example is written (`#fileID`, `#filePath`, `#line` of the initialiser call),
    /// so that a failing example names itself in the test output.
    public var fileID: String
    public var filePath: String
    public var line: Int

    /// A single Swift file.
    public init(_ swift: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
        files = [File(path: "Example.swift", contents: swift)]
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    public init(
        files: [(String, String)], locales: [String]? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) {
        self.files = files.map { File(path: $0.0, contents: $0.1) }
        self.locales = locales
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    public static let marker: Character = "↓"
}
