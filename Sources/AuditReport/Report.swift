import AuditCore

/// The audit joined to the checklists: what every renderer reads. Renderers never look at
/// files or rules; everything they print is here.
public struct Report: Sendable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case passed, failed, manual, notApplicable = "not_applicable"

        public var label: String {
            switch self {
            case .passed: "passed"
            case .failed: "failed"
            case .manual: "manual check"
            case .notApplicable: "not applicable"
            }
        }
    }

    public struct Item: Sendable {
        public var text: String
        public var ruleIDs: [String]
        public var status: Status
        public var findings: [Finding]
        public var evidence: [Evidence]
        /// Why the item does not apply, or what a person must check.
        public var notes: [String]
        /// Stable anchor for links: "storekit-review-3".
        public var anchor: String
    }

    public struct FilledChecklist: Sendable {
        public var name: String
        public var title: String
        public var introduction: String
        public var items: [Item]

        public func count(_ status: Status) -> Int { items.filter { $0.status == status }.count }
    }

    public var toolVersion: String
    /// Display name of what was audited (the root folder's name or the given path).
    public var subject: String
    public var checklists: [FilledChecklist]
    /// Every finding, in report order.
    public var findings: [Finding]
    /// Rule descriptions by id, for titles, rationale and references.
    public var rules: [String: RuleDescription]
    public var fileCounts: [FileKind: Int]
    /// Swift files of test targets, and app files whose previews were left out.
    public var catalogue: ProductCatalogue
    public var testFileCount: Int
    public var filesWithPreviews: [String]
    public var locales: [String]
    public var localeSource: String
    /// Prefix that turns a finding's relative path into a link from the report's folder.
    public var sourceLinkPrefix: String

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Ready when no error or warning remains.
    public var isReady: Bool { count(.error) == 0 && count(.warning) == 0 }

    public init(
        result: AuditResult, checklists: [Checklist], toolVersion: String, subject: String, sourceLinkPrefix: String = ""
    ) {
        self.toolVersion = toolVersion
        self.subject = subject
        self.sourceLinkPrefix = sourceLinkPrefix
        findings = result.findings
        fileCounts = result.fileCounts
        catalogue = ProductCatalogue(project: result.project)
        testFileCount = result.project.testFiles.count
        filesWithPreviews = result.project.filesWithPreviews
        locales = result.project.shippedLocales
        localeSource = result.project.localeSource
        var rules: [String: RuleDescription] = [:]
        var byRule: [String: RuleResult] = [:]
        for ruleResult in result.results {
            rules[ruleResult.rule.identifier] = ruleResult.rule
            byRule[ruleResult.rule.identifier] = ruleResult
        }
        self.rules = rules
        self.checklists = checklists.map { checklist in
            FilledChecklist(
                name: checklist.name, title: checklist.title, introduction: checklist.introduction,
                items: checklist.items.enumerated().map { index, item in
                    Self.fill(item, anchor: "\(checklist.name)-\(index + 1)", results: byRule)
                }
            )
        }
    }

    private static func fill(_ item: Checklist.Item, anchor: String, results: [String: RuleResult]) -> Item {
        let ran = item.ruleIDs.compactMap { results[$0] }
        let findings = ran.flatMap(\.findings).sorted(by: Finding.reportOrder)
        let evidence = ran.flatMap(\.evidence)
        var notes: [String] = []
        let status: Status
        if ran.isEmpty {
            status = .manual
        } else if findings.contains(where: { $0.severity >= .warning }) {
            status = .failed
        } else if ran.allSatisfy({ $0.notApplicableReason != nil }) {
            status = .notApplicable
            notes += ran.compactMap(\.notApplicableReason)
        } else {
            status = .passed
        }
        if let manual = item.manualReason {
            let sentence = manual.prefix(1).uppercased() + manual.dropFirst()
            notes.append(ran.isEmpty ? sentence : "Also check by hand: \(manual)")
        }
        var uniqueNotes: [String] = []
        for note in notes where !uniqueNotes.contains(note) { uniqueNotes.append(note) }
        return Item(text: item.text, ruleIDs: item.ruleIDs, status: status, findings: findings, evidence: evidence, notes: uniqueNotes, anchor: anchor)
    }

    /// Findings of rules no checklist item names (input errors, for example).
    public var unlistedFindings: [Finding] {
        let listed = Set(checklists.flatMap { $0.items.flatMap(\.ruleIDs) })
        return findings.filter { !listed.contains($0.ruleID) }
    }
}
