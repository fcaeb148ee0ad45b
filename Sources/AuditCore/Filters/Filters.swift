/// A finding the filter stage took out of the failing set, and why. Reports list suppressed
/// and accepted findings in an appendix; findings outside the changed lines are only counted.
public struct SetAsideFinding: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// An inline `iap-audit:disable` comment covers it.
        case suppressed(Suppression)
        /// Its fingerprint is in the baseline.
        case accepted
        /// `--changed-since`: not on a changed line (nor a project-level finding of a changed file).
        case unchanged
    }

    public var finding: Finding
    public var reason: Reason

    public init(finding: Finding, reason: Reason) {
        self.finding = finding
        self.reason = reason
    }
}

/// Which changes make a finding count in changed-lines mode. Most findings are about their
/// own line; project-level findings ("no code listens to Transaction.updates") and cross-file
/// ones ("product id not in the .storekit file") are about other files too.
public enum ChangeScope: Sendable, Hashable {
    /// Counts when its own line was added or changed.
    case line
    /// Also counts when any file of these kinds changed.
    case lineOrAnyFile([FileKind])
}

public struct FilterOptions: Sendable {
    /// Configured severities by rule id.
    public var severities: [String: Severity]
    /// Honour `iap-audit:disable` comments and report the notes about them.
    public var suppressions: Bool
    /// Every rule id the tool knows (built or planned): a suppression naming another id is
    /// reported as unused. Empty: do not check ids.
    public var knownRules: Set<String>
    public var baseline: Baseline?
    public var changes: ChangedLines?
    /// By rule id; `.line` when absent.
    public var changeScopes: [String: ChangeScope]
    /// `AuditOptions.fingerprintPrefix` of the audit: the notes this stage reports are
    /// fingerprinted as the rules' findings were.
    public var fingerprintPrefix = ""

    public init(
        severities: [String: Severity] = [:], suppressions: Bool = true, knownRules: Set<String> = [],
        baseline: Baseline? = nil, changes: ChangedLines? = nil, changeScopes: [String: ChangeScope] = [:]
    ) {
        self.severities = severities
        self.suppressions = suppressions
        self.knownRules = knownRules
        self.baseline = baseline
        self.changes = changes
        self.changeScopes = changeScopes
    }
}

/// The stage between the rules and the report: severity overrides, inline suppressions (and
/// the notes about them), the baseline, and changed-lines mode, in that order. Nothing is
/// dropped silently: every finding taken out lands in `AuditResult.setAside` with its reason.
public enum Filters {
    public static func apply(_ input: AuditResult, options: FilterOptions) -> AuditResult {
        var result = input
        var setAside: [SetAsideFinding] = result.setAside
        var results = result.results

        // 1. Severity overrides: the rule's default and every finding it made.
        for index in results.indices {
            guard let severity = options.severities[results[index].rule.identifier] else { continue }
            results[index].overrideSeverity(severity)
        }

        // 2. Inline suppressions, and notes about the suppressions themselves.
        if options.suppressions {
            let ran = Set(results.map(\.rule.identifier))
            var directives: [Suppression.Parsed] = []
            for fileDirectives in parallelMap(result.project.swiftFiles, jobs: result.project.jobs, Suppression.all(in:)) {
                directives += fileDirectives
            }
            let suppressions = directives.compactMap(\.suppression)
            var used = Set<Int>()
            for index in results.indices {
                var kept: [Finding] = []
                for finding in results[index].findings {
                    if let match = suppressions.indices.first(where: { suppressions[$0].covers(ruleID: finding.ruleID, at: finding.location) }) {
                        used.insert(match)
                        setAside.append(SetAsideFinding(finding: finding, reason: .suppressed(suppressions[match])))
                    } else {
                        kept.append(finding)
                    }
                }
                results[index].setFindings(kept)
            }
            var unused = RuleResult(rule: SuppressionRules.unused)
            var withoutReason = RuleResult(rule: SuppressionRules.withoutReason)
            if let severity = options.severities[SuppressionRules.unused.identifier] { unused.overrideSeverity(severity) }
            if let severity = options.severities[SuppressionRules.withoutReason.identifier] { withoutReason.overrideSeverity(severity) }
            for directive in directives {
                guard let suppression = directive.suppression else {
                    if let problem = directive.problem {
                        unused.report(at: directive.location, "This suppression comment has no effect: \(problem).")
                    }
                    continue
                }
                if suppression.reason == nil {
                    withoutReason.report(at: suppression.location, "The suppression of \(suppression.ruleIDs.joined(separator: ", ")) gives no reason: add one after '—' so reviewers know why.")
                }
                let unknown = suppression.ruleIDs.filter { $0 != "all" && !options.knownRules.isEmpty && !options.knownRules.contains($0) }
                if !unknown.isEmpty {
                    let hints = unknown.map { id in
                        "'\(id)'" + (Spelling.closest(to: id, among: options.knownRules.sorted()).map { " (did you mean \($0)?)" } ?? "")
                    }
                    unused.report(at: suppression.location, "This suppression names unknown rule id\(unknown.count == 1 ? "" : "s") \(hints.joined(separator: ", ")): it suppresses nothing.")
                    continue
                }
                let index = suppressions.firstIndex(of: suppression)
                let isUsed = index.map { used.contains($0) } ?? false
                // Suppressions of rules that did not run (disabled, or not built yet) are left alone.
                let relevant = suppression.ruleIDs.contains("all") || suppression.ruleIDs.contains { ran.contains($0) }
                if !isUsed, relevant {
                    unused.report(at: suppression.location, "iap-audit:\(suppression.scope.rawValue) \(suppression.ruleIDs.joined(separator: " ")) suppresses nothing: no such finding \(placeDescription(suppression)).")
                }
            }
            // Only notes need the texts (most audits have none).
            let sources = unused.findings.isEmpty && withoutReason.findings.isEmpty
                ? nil : SourceTexts(inputs: [], swiftFiles: result.project.swiftFiles)
            for var notes in [unused, withoutReason] {
                if let sources { notes.setFindings(Auditor.decorate(notes.findings, in: sources, pathPrefix: options.fingerprintPrefix)) }
                results.append(notes)
            }
        }

        // 3. The baseline: accepted findings.
        if let baseline = options.baseline {
            for index in results.indices {
                var kept: [Finding] = []
                for finding in results[index].findings {
                    if baseline.contains(finding) {
                        setAside.append(SetAsideFinding(finding: finding, reason: .accepted))
                    } else {
                        kept.append(finding)
                    }
                }
                results[index].setFindings(kept)
            }
        }

        // 4. Changed lines.
        if let changes = options.changes {
            let changedKinds = Set(changes.files.compactMap { FileKind.classify($0) })
            for index in results.indices {
                let scope = options.changeScopes[results[index].rule.identifier] ?? .line
                var kept: [Finding] = []
                for finding in results[index].findings {
                    var counts = changes.contains(line: finding.location.line, in: finding.location.file)
                    if !counts, case .lineOrAnyFile(let kinds) = scope {
                        counts = kinds.contains { changedKinds.contains($0) }
                    }
                    if counts {
                        kept.append(finding)
                    } else {
                        setAside.append(SetAsideFinding(finding: finding, reason: .unchanged))
                    }
                }
                results[index].setFindings(kept)
            }
        }

        result.results = results
        result.findings = results.flatMap(\.findings).sorted(by: Finding.reportOrder)
        result.setAside = setAside.sorted { Finding.reportOrder($0.finding, $1.finding) }
        return result
    }

    private static func placeDescription(_ suppression: Suppression) -> String {
        switch suppression.scope {
        case .nextLine: "on line \(suppression.endLine + 1), the line after the comment"
        case .thisLine: "on line \(suppression.location.line)"
        case .file: "in this file"
        }
    }
}
