import AuditCore

/// The audit joined to the checklists: what every renderer reads. Renderers never look at
/// files or rules; everything they print is here.
public struct Report: Sendable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case passed, failed
        /// The rules ran, found nothing wrong, and found nothing to show it right either: the
        /// item is not passed on the absence of evidence.
        case notChecked = "not_checked"
        case manual, notApplicable = "not_applicable"

        public var label: String {
            switch self {
            case .passed: "passed"
            case .failed: "failed"
            case .notChecked: "not checked"
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

    /// How the run was set up, for machine formats and the appendix. Renderers read it; the
    /// command line fills it.
    public struct Settings: Sendable {
        /// Absolute path of the audit root, no trailing `/`: Xcode wants absolute paths.
        public var rootPath: String
        /// The audit root's folder inside its git repository (`App/`), or empty: SARIF and
        /// GitHub annotations name files relative to the repository.
        public var repositoryPrefix: String
        /// Where Docs/Rules.md is published; a rule's help link is this plus `#rule_id`.
        public var rulesDocumentationURL: String?
        /// Where the full (HTML) report can be read, for the compact Markdown's pointer.
        public var fullReportURL: String?
        public var failLevel: FailLevel
        /// `--fail-on …,withheld`: a path whose launch approval is withheld fails the run.
        public var failOnWithheld: Bool
        /// Rules the configuration turned off.
        public var disabledRules: [String]
        /// `--changed-since` revision.
        public var changedSince: String?
        /// Baseline file as given.
        public var baseline: String?
        /// How many entries the baseline holds (to say when none, or only some, still match).
        public var baselineEntries = 0
        /// Configuration file as given.
        public var configuration: String?
        /// `--write-baseline`: the run records its findings and exits 0 whatever they are.
        public var writesBaseline = false

        public init(
            rootPath: String = "", repositoryPrefix: String = "", rulesDocumentationURL: String? = nil,
            fullReportURL: String? = nil, failLevel: FailLevel = .error, failOnWithheld: Bool = false, disabledRules: [String] = [],
            changedSince: String? = nil, baseline: String? = nil, configuration: String? = nil
        ) {
            self.rootPath = rootPath
            self.repositoryPrefix = repositoryPrefix
            self.rulesDocumentationURL = rulesDocumentationURL
            self.fullReportURL = fullReportURL
            self.failLevel = failLevel
            self.failOnWithheld = failOnWithheld
            self.disabledRules = disabledRules
            self.changedSince = changedSince
            self.baseline = baseline
            self.configuration = configuration
        }
    }

    /// A finding an inline comment suppressed, with the comment.
    public struct SuppressedFinding: Sendable, Hashable {
        public var finding: Finding
        public var suppression: Suppression
    }

    public var toolVersion: String
    /// Display name of what was audited (the root folder's name or the given path).
    public var subject: String
    public var checklists: [FilledChecklist]
    /// Every finding, in report order.
    public var findings: [Finding]
    /// Rule descriptions by id, for titles, rationale and references.
    public var rules: [String: RuleDescription]
    /// The ids of the rules that ran, in run order (built-in rules, then the suppression notes).
    public var ruleIDs: [String]
    public var settings: Settings
    /// Appendix: findings inline comments suppressed, and findings the baseline accepted.
    public var suppressed: [SuppressedFinding]
    public var accepted: [Finding]
    /// Changed-lines mode: how many findings were left out because their lines did not change.
    public var unchangedCount: Int
    public var fileCounts: [FileKind: Int]
    /// Swift files of test targets, and app files whose previews were left out.
    public var catalogue: ProductCatalogue
    public var disclosure: DisclosureTable
    /// The purchase-path matrix (computed with the result, or here without capabilities).
    public var purchasePaths: PurchasePathMatrix
    public var testFileCount: Int
    public var filesWithPreviews: [String]
    public var locales: [String]
    public var localeSource: String
    /// Prefix that turns a finding's relative path into a link from the report's folder.
    public var sourceLinkPrefix: String
    /// Which app this report is for, and what of the folder was not audited and why.
    public var scope: AuditScope

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Ready when no error or warning remains.
    /// Ready when no error or warning remains and the app's purchase code was read: an app
    /// whose purchase code is in a language iap-audit does not read is never called ready.
    public var isReady: Bool { count(.error) == 0 && count(.warning) == 0 && scope.unreadPurchaseCode == nil }

    /// The verdict the exit code follows, at the `--fail-on` level the run was judged at:
    /// "Passes at --fail-on error: 0 errors; 15 warnings to review." The findings at or above
    /// the level are counted (they are what fails); those below are to review.
    public var verdict: String { "\(verdictJudgement): \(verdictCounts)." }

    /// "Passes at --fail-on error", "Fails at --fail-on warning,withheld".
    public var verdictJudgement: String {
        let gate = settings.failLevel.rawValue + (settings.failOnWithheld ? ",withheld" : "")
        if settings.writesBaseline { return "Passes while writing the baseline (judged at --fail-on \(gate))" }
        return "\(fails ? "Fails" : "Passes") at --fail-on \(gate)"
    }

    /// "0 errors; 15 warnings to review": the counts at or above the level, then the others.
    public var verdictCounts: String {
        let severities = Severity.allCases.sorted(by: >)
        let threshold = settings.failLevel.threshold
        let failing = severities.filter { severity in threshold.map { severity >= $0 } ?? false }
        let review = severities.filter { !failing.contains($0) && count($0) > 0 }
        var parts: [String] = []
        if !failing.isEmpty { parts.append(failing.map { plural(count($0), $0.rawValue) }.joined(separator: ", ")) }
        if !review.isEmpty { parts.append(review.map { plural(count($0), $0.rawValue) }.joined(separator: ", ") + " to review") }
        return parts.isEmpty ? "no findings" : parts.joined(separator: "; ")
    }

    private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    /// What the baseline says about this run, when that is worth saying: that none of its
    /// entries matches (written for another folder, or long ago), or how many no longer occur.
    /// Nil without a baseline, or when every entry matched.
    public var baselineNote: String? {
        guard let file = settings.baseline, settings.baselineEntries > 0 else { return nil }
        let matched = Set(accepted.map(\.fingerprint)).count
        if matched == 0 {
            return "None of the \(settings.baselineEntries) entries of the baseline \(file) matches a finding of this audit: was it written for another repository or app, or have all its findings been fixed?"
        }
        let gone = settings.baselineEntries - matched
        guard gone > 0 else { return nil }
        return "\(gone) baseline entr\(gone == 1 ? "y no longer occurs" : "ies no longer occur"): run --write-baseline \(file) to prune \(gone == 1 ? "it" : "them")."
    }

    /// `--fail-on …,withheld` and a path whose launch approval is withheld.
    public var failsOnWithheld: Bool { settings.failOnWithheld && !purchasePaths.withheld.isEmpty }

    /// Whether the run exits 1: a finding at or above the fail level, or a withheld path with `withheld`.
    public var fails: Bool { !settings.writesBaseline && (!failingFindings.isEmpty || failsOnWithheld) }

    /// What the verdict adds about the purchase paths: "Launch approval withheld for 2 purchase
    /// paths: restore; refund and revocation." Nil when none is withheld.
    public var withheldNote: String? {
        let withheld = purchasePaths.withheld
        guard !withheld.isEmpty else { return nil }
        let titles = withheld.map { $0.title.prefix(1).lowercased() + $0.title.dropFirst() }
        return "Launch approval withheld for \(withheld.count) purchase path\(withheld.count == 1 ? "" : "s"): \(titles.joined(separator: "; "))."
    }

    /// Findings at or above the fail level: the ones that make the run exit 1.
    public var failingFindings: [Finding] {
        guard let threshold = settings.failLevel.threshold else { return [] }
        return findings.filter { $0.severity >= threshold }
    }

    public init(
        result: AuditResult, checklists: [Checklist], toolVersion: String, subject: String, sourceLinkPrefix: String = "",
        settings: Settings = Settings()
    ) {
        self.settings = settings
        var suppressed: [SuppressedFinding] = []
        var accepted: [Finding] = []
        var unchanged = 0
        for item in result.setAside {
            switch item.reason {
            case .suppressed(let suppression): suppressed.append(SuppressedFinding(finding: item.finding, suppression: suppression))
            case .accepted: accepted.append(item.finding)
            case .unchanged: unchanged += 1
            }
        }
        self.suppressed = suppressed
        self.accepted = accepted
        unchangedCount = unchanged
        ruleIDs = result.results.map(\.rule.identifier)
        self.toolVersion = toolVersion
        self.subject = subject
        self.sourceLinkPrefix = sourceLinkPrefix
        findings = result.findings
        fileCounts = result.fileCounts
        catalogue = ProductCatalogue(project: result.project)
        disclosure = DisclosureTable(results: result.results)
        purchasePaths = result.purchasePaths ?? PurchasePathMatrix(result: result, capabilities: Capabilities())
        testFileCount = result.project.testFiles.count
        filesWithPreviews = result.project.filesWithPreviews
        scope = result.scope
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
                    Self.fill(item, anchor: "\(checklist.name)-\(index + 1)", results: byRule, disabled: Set(settings.disabledRules),
                              unreadCode: result.scope.unreadPurchaseCode, objectiveCFiles: result.scope.objectiveCStoreKitFiles)
                }
            )
        }
    }

    /// `unreadCode`: the languages of the app's purchase code when it is not Swift (its code
    /// items are then not checked, whatever the Swift rules found).
    private static func fill(_ item: Checklist.Item, anchor: String, results: [String: RuleResult], disabled: Set<String>, unreadCode: String? = nil, objectiveCFiles: Int = 0) -> Item {
        let ran = item.ruleIDs.compactMap { results[$0] }
        let findings = ran.flatMap(\.findings).sorted(by: Finding.reportOrder)
        // One line per place: two rules of the item that saw the same call (restore's
        // AppStore.sync() in a button) give it once, in the words that say more.
        var evidence: [Evidence] = []
        var byPlace: [SourceLocation: Int] = [:]
        for item in ran.flatMap(\.evidence) {
            guard let place = item.location else {
                evidence.append(item)
                continue
            }
            if let kept = byPlace[place] {
                if item.message.count > evidence[kept].message.count { evidence[kept] = item }
                continue
            }
            byPlace[place] = evidence.count
            evidence.append(item)
        }
        var notes: [String] = []
        let status: Status
        if ran.isEmpty {
            status = .manual
        } else if findings.contains(where: { $0.severity >= .warning }) {
            status = .failed
        } else if let unreadCode, ran.allSatisfy({ $0.rule.scope == .code }) {
            status = .notChecked
            notes.append("The app's purchase code looks like \(unreadCode), which iap-audit does not read: check this by hand.")
        } else if objectiveCFiles > 0, let unread = ran.first(where: { $0.rule.scope == .code && !$0.rule.readsObjectiveC }) {
            // Passed or not applicable on the Swift code alone says nothing of the Objective-C.
            status = .notChecked
            notes.append("Part of the app's StoreKit code is Objective-C (\(objectiveCFiles) file\(objectiveCFiles == 1 ? "" : "s")), which \(unread.rule.identifier) does not read: check this by hand.")
        } else if objectiveCFiles > 0, ran.allSatisfy({ $0.notApplicableReason != nil }),
                  let unread = ran.first(where: { $0.rule.scope == .copy && !$0.rule.readsObjectiveC }) {
            // "No paywall was found" is said of the Swift views: an Objective-C screen is not read.
            status = .notChecked
            notes.append("Part of the app's StoreKit code is Objective-C (\(objectiveCFiles) file\(objectiveCFiles == 1 ? "" : "s")), whose screens \(unread.rule.identifier) does not read: check this by hand.")
        } else if let undecided = ran.lazy.compactMap(\.undecidedReason).first {
            // Evidence of part of the item (a listener exists) does not pass the part a rule
            // could not decide (that it starts at launch).
            status = .notChecked
            notes.append(undecided)
        } else if ran.allSatisfy({ $0.notApplicableReason != nil || $0.manualCheckReason != nil }),
                  ran.contains(where: { $0.manualCheckReason != nil }) {
            // What would answer the item is not in the repository: a person checks it.
            status = .manual
            notes += ran.compactMap(\.manualCheckReason)
        } else if ran.allSatisfy({ $0.notApplicableReason != nil }) {
            status = .notApplicable
            notes += ran.compactMap(\.notApplicableReason)
        } else if evidence.isEmpty {
            status = .notChecked
            notes.append("The audit found nothing to confirm this item (no code or configuration it concerns was recognised): check it by hand.")
        } else {
            status = .passed
        }
        let turnedOff = item.ruleIDs.filter { disabled.contains($0) }
        if !turnedOff.isEmpty {
            notes.append("Disabled in the configuration: \(turnedOff.joined(separator: ", ")).")
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
