import AuditCore

/// The summary printed at the end of an audit in a terminal or a CI log: the checklist as
/// one line per item with its status, the top findings as `path:line: severity: message
/// [rule_id]`, the verdict with the counts by severity, and where the reports are. It is for
/// people reading a terminal; the files are the record, so nothing here has to be parsed.
///
/// ANSI colour and symbols only when `style` asks for them (the command line decides: a
/// terminal, `NO_COLOR`, `--color`). Text from the audited repository is shown with its
/// control characters made visible, so a string literal cannot move the cursor, change the
/// colours or retitle the terminal of whoever runs the audit.
public struct TerminalRenderer: Sendable {
    public struct Style: Sendable, Hashable {
        public var color: Bool
        public var symbols: Bool

        public init(color: Bool, symbols: Bool) {
            self.color = color
            self.symbols = symbols
        }

        public static let plain = Style(color: false, symbols: false)
        public static let terminal = Style(color: true, symbols: true)
    }

    /// How long one stage of the run took, for `--verbose`.
    public struct StageTiming: Sendable, Hashable {
        public var stage: String
        public var seconds: Double

        public init(stage: String, seconds: Double) {
            self.stage = stage
            self.seconds = seconds
        }
    }

    public var style: Style
    /// Evidence and notes under each item, every finding, the inputs and the timings.
    public var verbose: Bool
    /// Findings listed without `verbose`; the rest are counted.
    public var findingLimit: Int
    /// Turns a finding's path (relative to the audit root) into one the reader can open from
    /// where they ran the tool: `Examples/FlawedApp/`, or empty.
    public var pathPrefix: String

    public init(style: Style, verbose: Bool = false, findingLimit: Int = 10, pathPrefix: String = "") {
        self.style = style
        self.verbose = verbose
        self.findingLimit = findingLimit
        self.pathPrefix = pathPrefix
    }

    /// `notes` are extra lines from the run (a written baseline); `reports` the paths of the
    /// written files; `timings` are printed only when `verbose`.
    public func render(_ report: Report, notes: [String] = [], reports: [String] = [], timings: [StageTiming] = []) -> String {
        var lines: [String] = []
        if verbose { lines += inputLines(report) + [""] }
        for checklist in report.checklists {
            lines += checklistLines(checklist)
            lines.append("")
        }
        lines += findingLines(report)
        lines += verdictLines(report)
        lines += notes.map(Self.visible)
        lines += reports.map { paint("Report: ", .bold) + Self.visible($0) }
        if verbose, !timings.isEmpty { lines += [""] + timingLines(timings) }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    private func inputLines(_ report: Report) -> [String] {
        let kinds: [(FileKind, String, String)] = [
            (.swift, "Swift file", "Swift files"), (.objectiveC, "Objective-C file", "Objective-C files"), (.storeKitConfiguration, "StoreKit configuration", "StoreKit configurations"),
            (.stringCatalog, "string catalog", "string catalogs"), (.strings, "strings file", "strings files"),
            (.stringsDictionary, "strings dictionary", "strings dictionaries"), (.copyDocument, "paywall copy document", "paywall copy documents"),
            (.storeListing, "App Store listing file", "App Store listing files"),
        ]
        let counts = kinds.compactMap { kind, one, many -> String? in
            let n = report.fileCounts[kind] ?? 0
            return n == 0 ? nil : "\(n) \(n == 1 ? one : many)"
        }
        var lines = [paint("Audited \(Self.visible(report.subject)): ", .bold) + (counts.isEmpty ? "no files the audit reads" : counts.joined(separator: ", ")) + "."]
        if report.testFileCount > 0 {
            lines.append("Test code, not audited as app code: \(Self.plural(report.testFileCount, "Swift file")).")
        }
        let locales = report.locales.isEmpty ? "none" : report.locales.map(Self.visible).joined(separator: ", ")
        lines.append("Shipped locales: \(locales) (from \(Self.visible(report.localeSource))).")
        if let configuration = report.settings.configuration { lines.append("Configuration: \(Self.visible(configuration))") }
        if let baseline = report.settings.baseline { lines.append("Baseline: \(Self.visible(baseline))") }
        let scope = report.scope
        if scope.app.kind != .folder {
            lines.append("App: \(Self.visible(scope.app.summary)).")
        } else if !scope.buildFiles.isEmpty || !scope.notes.isEmpty {
            lines.append("App: every file under the folder.")
        }
        if !scope.buildFiles.isEmpty { lines.append("Build description: \(scope.buildFileSummary).") }
        for note in scope.notes { lines.append(Self.visible(note)) }
        if let unread = scope.unreadPurchaseCode {
            lines.append("Not read: the app's purchase code looks like \(unread); the code items are not checked.")
        }
        if !scope.filesInNoTarget.isEmpty {
            lines.append("In no target, not audited: \(Self.plural(scope.filesInNoTarget.count, "Swift file")):")
            lines += scope.filesInNoTarget.map { "  " + Self.visible(pathPrefix + $0) }
        }
        if !scope.testConfigurations.isEmpty {
            lines.append("StoreKit configurations of test targets only: " + scope.testConfigurations.map { Self.visible(pathPrefix + $0) }.joined(separator: ", "))
        }
        for (reason, folders) in scope.skippedByReason {
            lines.append("Skipped (\(reason.rawValue)): " + folders.map { Self.visible(pathPrefix + $0) }.joined(separator: ", "))
        }
        return lines
    }

    private func checklistLines(_ checklist: Report.FilledChecklist) -> [String] {
        var counts: [String] = []
        for status in Report.Status.allCases {
            let n = checklist.count(status)
            if n > 0 { counts.append("\(n) \(status.label)" + (status == .manual && n > 1 ? "s" : "")) }
        }
        var lines = [paint(Self.visible(checklist.title), .bold) + paint(" (\(counts.joined(separator: ", ")))", .dim)]
        // Aligned on the labels this report shows.
        let width = Report.Status.allCases.filter { checklist.count($0) > 0 }.map { label($0).count }.max() ?? 0
        for item in checklist.items {
            let tag = label(item.status)
            var line = "  " + paint(tag, color(item.status)) + String(repeating: " ", count: width - tag.count + 2) + Self.visible(item.text)
            if !item.findings.isEmpty { line += paint(" (\(Self.countPhrase(item.findings)))", .dim) }
            lines.append(line)
            if verbose {
                let indent = "  " + String(repeating: " ", count: width + 2)
                for evidence in item.evidence {
                    let place = evidence.location.map { location(file: $0.file, line: $0.line) + ": " } ?? ""
                    lines.append(indent + paint("evidence: ", .dim) + place + Self.visible(evidence.message))
                }
                for note in item.notes { lines.append(indent + paint("note: ", .dim) + Self.visible(note)) }
            }
        }
        return lines
    }

    private func findingLines(_ report: Report) -> [String] {
        guard !report.findings.isEmpty else { return [] }
        // Errors first, then warnings, then notes; within a severity, report order.
        let ordered = Severity.allCases.sorted(by: >).flatMap { severity in report.findings.filter { $0.severity == severity } }
        let shown = verbose ? ordered : Array(ordered.prefix(findingLimit))
        let heading = shown.count == ordered.count
            ? "Findings (\(ordered.count)):"
            : "Top findings (\(shown.count) of \(ordered.count); the reports list them all):"
        var lines = [paint(heading, .bold)]
        for finding in shown {
            let severity = paint(finding.severity.rawValue, color(finding.severity))
            lines.append("\(location(file: finding.location.file, line: finding.location.line)): \(severity): \(Self.visible(finding.message)) " + paint("[\(finding.ruleID)]", .dim))
        }
        lines.append("")
        return lines
    }

    private func verdictLines(_ report: Report) -> [String] {
        let items = report.checklists.flatMap(\.items)
        let passed = items.filter { $0.status == .passed }.count
        let failed = items.filter { $0.status == .failed }.count
        let notChecked = items.filter { $0.status == .notChecked }.count
        // The verdict the exit code follows, at the --fail-on level: red when the run fails,
        // yellow when it passes with errors or warnings left to review.
        let symbol = report.fails ? "✗ " : "✓ "
        var verdict = paint((style.symbols ? symbol : "") + report.verdictJudgement, .bold, report.fails ? .red : report.isReady ? .green : .yellow)
        if report.scope.unreadPurchaseCode != nil {
            verdict = paint((style.symbols ? "? " : "") + "Not checked (purchase code not read)", .bold, .yellow) + "; " + verdict
        }
        let counts = report.verdictCounts
        var lines = ["\(verdict): \(counts); checklist \(passed) passed, \(failed) failed\(notChecked > 0 ? ", \(notChecked) not checked" : "") of \(items.count)."]
        if !report.purchasePaths.isEmpty {
            let matrix = report.purchasePaths
            let degraded = matrix.degraded.isEmpty ? "" : " (degraded: \(matrix.degraded.joined(separator: "; ")))"
            lines.append("Purchase paths: \(matrix.summary)\(degraded).")
        }
        if let note = report.baselineNote, report.scope.appCount == 1 { lines.append(note) }
        var setAside: [String] = []
        if !report.suppressed.isEmpty { setAside.append("\(report.suppressed.count) suppressed in the code") }
        if !report.accepted.isEmpty { setAside.append("\(report.accepted.count) accepted by the baseline") }
        if let revision = report.settings.changedSince { setAside.append("\(report.unchangedCount) outside the lines changed since \(Self.visible(revision))") }
        if !setAside.isEmpty { lines.append("Not counted: \(setAside.joined(separator: ", ")).") }
        return lines
    }

    private func timingLines(_ timings: [StageTiming]) -> [String] {
        let width = timings.map(\.stage.count).max() ?? 0
        var lines = [paint("Timings:", .bold)]
        for timing in timings + [StageTiming(stage: "total", seconds: timings.reduce(0) { $0 + $1.seconds })] {
            let milliseconds = String(Int((timing.seconds * 1000).rounded()))
            lines.append("  " + timing.stage + String(repeating: " ", count: max(0, width - timing.stage.count) + 2)
                + String(repeating: " ", count: max(0, 6 - milliseconds.count)) + milliseconds + " ms")
        }
        return lines
    }

    // MARK: Pieces

    private func location(file: String, line: Int) -> String {
        paint(Self.visible(pathPrefix + file) + ":\(line)", .bold)
    }

    private func label(_ status: Report.Status) -> String {
        let word: String
        switch status {
        case .passed: word = "passed"
        case .failed: word = "failed"
        case .manual: word = "manual"
        case .notChecked: word = "not checked"
        case .notApplicable: word = "n/a"
        }
        guard style.symbols else { return word }
        let symbol: String
        switch status {
        case .passed: symbol = "✓"
        case .failed: symbol = "✗"
        case .manual: symbol = "?"
        case .notChecked: symbol = "·"
        case .notApplicable: symbol = "–"
        }
        return symbol + " " + word
    }

    private func color(_ status: Report.Status) -> SGR {
        switch status {
        case .passed: .green
        case .failed: .red
        case .manual, .notChecked: .yellow
        case .notApplicable: .dim
        }
    }

    private func color(_ severity: Severity) -> SGR {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }

    /// ANSI Select Graphic Rendition codes.
    enum SGR: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
    }

    private func paint(_ text: String, _ codes: SGR...) -> String {
        guard style.color, !text.isEmpty else { return text }
        return "\u{1B}[" + codes.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// "1 error, 2 warnings": the findings of one checklist item.
    static func countPhrase(_ findings: [Finding]) -> String {
        Severity.allCases.sorted(by: >).compactMap { severity -> String? in
            let n = findings.filter { $0.severity == severity }.count
            return n == 0 ? nil : plural(n, severity.rawValue)
        }.joined(separator: ", ")
    }

    /// Text from the audited files with every control character shown as `\u{1B}` (and line
    /// breaks as spaces), and the bidirectional overrides that can make code read differently
    /// from what it is (CVE-2021-42574) shown the same way.
    public static func visible(_ text: String) -> String {
        // Most text has nothing to escape: returned as it is, without rebuilding it a scalar
        // at a time (27 apps' checklists were most of their summaries' time, on one core).
        if text.utf8.withContiguousStorageIfAvailable({ !mayNeedEscaping($0) }) == true { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09: result.unicodeScalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether UTF-8 `bytes` may hold a scalar `visible` changes: a C0 or C1 control, DEL,
    /// or a bidirectional embedding or isolate (U+202A-U+202E, U+2066-U+2069).
    static func mayNeedEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] <= 0x9F { return true }
            if byte == 0xE2, index + 2 < bytes.count {
                let second = bytes[index + 1], third = bytes[index + 2]
                if second == 0x80 && (0xAA...0xAE).contains(third) || second == 0x81 && (0xA6...0xA9).contains(third) { return true }
            }
            index += 1
        }
        return false
    }
}
