/// A review-checklist rule: a pure function of the loaded project. It never reads the file
/// system; it reports findings where the item fails and evidence where it passes.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ project: Project, into result: inout RuleResult)
    /// Builds the shared facts `check` will read, before any rule runs. The rules run side by
    /// side, one per worker: a fact first built inside `check` keeps one worker busy while the
    /// rules that need it wait; built here, one at a time, its per-file work (through
    /// `Project.mapSwiftFiles`) has every worker. The default builds nothing.
    func prepare(_ project: Project)
    /// How long the rule's `check` takes on a large app relative to the others (1 by default):
    /// the rules start heaviest first, so that no worker is left with a long one at the end.
    /// Measured with `iap-audit-bench rules`; it orders the work, never changes a result.
    static var schedulingWeight: Int { get }
}

extension Rule {
    public var description: RuleDescription { Self.description }
    public func prepare(_ project: Project) {}
    public static var schedulingWeight: Int { 1 }
}

/// What one rule reported.
public struct RuleResult: Sendable {
    /// The rule's description; the filter stage may change its severity (configuration).
    public internal(set) var rule: RuleDescription
    public private(set) var findings: [Finding] = []
    public private(set) var evidence: [Evidence] = []
    /// Evidence lines beyond `evidenceLimit`, counted until `closeEvidence()`.
    private var omittedEvidence = 0
    /// Set when the checklist item does not apply (no subscriptions, no StoreKit code); says why.
    public private(set) var notApplicableReason: String?
    /// Set when the item applies but what would answer it is not in the repository (the App
    /// Store listing lives in App Store Connect unless the repository keeps it): a person
    /// checks it, and this says why.
    public private(set) var manualCheckReason: String?
    /// Set when the item applies and the rule found what it concerns but could not decide it
    /// (a listener whose start it cannot trace): the item is not checked, even where another of
    /// its rules has evidence, unless a finding fails it. Says what a person should check.
    public private(set) var undecidedReason: String?

    public init(rule: RuleDescription) { self.rule = rule }

    /// `message` is plain text and may quote the input (reports escape it); `fix` is trusted
    /// Markdown written by the rule and must not contain input text.
    public mutating func report(
        at location: SourceLocation, _ message: String, severity: Severity? = nil, fix: String? = nil
    ) {
        findings.append(Finding(
            ruleID: rule.identifier, severity: severity ?? rule.severity, location: location,
            message: message, fixHint: fix ?? rule.fix
        ))
    }

    /// A finding at code token `index` of a Swift file.
    public mutating func report(
        in file: SwiftFile, at index: Int, _ message: String, severity: Severity? = nil, fix: String? = nil
    ) {
        report(at: file.location(of: index), message, severity: severity, fix: fix)
    }

    /// The evidence lines a rule keeps. Real apps give a rule at most a few dozen (27 on the 46
    /// evaluation apps); a generated 50 MB file gave three rules 19,000 each ("finish() is
    /// called in StoreN.buy" for every store), 10 MB of memory and a 24 MB JSON report. The
    /// rest are counted, and `closeEvidence()` says how many in one last line.
    public static let evidenceLimit = 1000

    /// The location and message are evaluated only for the lines kept: past the limit, a
    /// rule's evidence is a count, and the 50 MB file's 17,000 listeners each had their
    /// location and scope worked out for nothing.
    public mutating func evidence(at location: @autoclosure () -> SourceLocation?, _ message: @autoclosure () -> String) {
        guard evidence.count < Self.evidenceLimit else {
            omittedEvidence += 1
            return
        }
        evidence.append(Evidence(ruleID: rule.identifier, location: location(), message: message()))
    }

    /// Adds the line counting the evidence not kept (see `evidenceLimit`), once the rule has run.
    public mutating func closeEvidence() {
        guard omittedEvidence > 0 else { return }
        evidence.append(Evidence(
            ruleID: rule.identifier, location: nil,
            message: "… and \(omittedEvidence) more like these, not listed (a rule lists at most \(Self.evidenceLimit))"
        ))
        omittedEvidence = 0
    }

    public mutating func evidence(in file: SwiftFile, at index: Int, _ message: @autoclosure () -> String) {
        evidence(at: file.location(of: index), message())
    }

    public mutating func notApplicable(_ reason: String) {
        notApplicableReason = reason
    }

    public mutating func needsManualCheck(_ reason: String) {
        manualCheckReason = reason
    }

    public mutating func undecided(_ reason: String) {
        undecidedReason = reason
    }

    mutating func setFindings(_ new: [Finding]) { findings = new }

    /// The configuration's severity for this rule: its default and every finding it made.
    mutating func overrideSeverity(_ severity: Severity) {
        rule.severity = severity
        for index in findings.indices { findings[index].severity = severity }
    }
}
