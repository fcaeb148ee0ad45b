import AuditCore

/// The report as a pull-request comment (`--format md --compact`): verdict, counts, the failed
/// checklist items and one table row per finding, cut to fit GitHub's 65,536-character
/// comment limit with a count of what was left out and a pointer to the full report. It
/// starts with an HTML comment marker so a workflow can find and update its previous comment.
public struct CompactMarkdownRenderer: Sendable {
    /// GitHub's limit for an issue or pull-request comment body.
    public static let gitHubCommentLimit = 65_536
    public static let marker = "<!-- iap-audit-report -->"

    /// Characters the whole output may use (UTF-16 code units, the stricter count).
    public var limit: Int

    public init(limit: Int = CompactMarkdownRenderer.gitHubCommentLimit) {
        self.limit = limit
    }

    /// `overhead` is what the Markdown template adds around the body.
    public func render(_ report: Report, overhead: Int = 0) -> String {
        var head: [String] = [Self.marker, "## In-app purchase audit: \(MarkdownText.escape(report.subject))", ""]
        let errors = report.count(.error)
        let warnings = report.count(.warning)
        if let unread = report.scope.unreadPurchaseCode {
            head.append("**Not checked:** the app's purchase code looks like \(MarkdownText.escape(unread)), which iap-audit does not read.")
        }
        head.append("**\(report.verdictJudgement):** \(report.verdictCounts).")
        let items = report.checklists.flatMap(\.items)
        let passed = items.filter { $0.status == .passed }.count
        let failedItems = items.filter { $0.status == .failed }
        head.append("")
        head.append("Checklist: \(passed) passed, \(failedItems.count) failed of \(items.count) items. Findings: \(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(report.count(.note), "note")).")
        if !report.purchasePaths.isEmpty {
            head.append("")
            head.append("Purchase paths: \(MarkdownText.escape(report.purchasePaths.summary)).")
            if let withheld = report.withheldNote { head.append(MarkdownText.escape(withheld)) }
        }
        let filters = MarkdownRenderer.filterSentences(report)
        if !filters.isEmpty {
            head.append("")
            head.append(filters.joined(separator: " "))
        }

        var blocks: [Block] = []
        if !failedItems.isEmpty {
            blocks.append(Block(text: "\n### Failed checklist items\n", counted: false))
            for item in failedItems {
                blocks.append(Block(text: "- \(item.text) — \(findingCount(item.findings))", counted: false))
            }
        }
        if !report.findings.isEmpty {
            blocks.append(Block(text: "\n### Findings\n\n| Severity | Location | Finding | Rule |\n|---|---|---|---|", counted: false))
            for finding in report.findings {
                let location = MarkdownText.tableCode("\(report.settings.repositoryPrefix)\(finding.location.file):\(finding.location.line)")
                blocks.append(Block(text: "| \(finding.severity.rawValue) | \(location) | \(MarkdownText.escape(finding.message)) | `\(finding.ruleID)` |", counted: true))
            }
        }

        let pointer: String
        if let url = report.settings.fullReportURL {
            pointer = "The full report, with evidence, code excerpts and fixes: [\(MarkdownText.escape(url))](\(MarkdownText.destination(url)))."
        } else {
            pointer = "The full report, with evidence, code excerpts and fixes, is `report.html` in this run's artifacts."
        }
        let footer = ["", "", pointer, "", "<sub>iap-audit \(MarkdownText.escape(report.toolVersion))</sub>"]

        let budget = limit - overhead
        let total = report.findings.count
        var output = head.joined(separator: "\n")
        // Room for the footer and the longest possible truncation note.
        let truncationTemplate = "\n\n… and \(total) more findings not shown here (comment size limit)."
        let reserve = length(footer.joined(separator: "\n")) + length(truncationTemplate) + 2
        var shown = 0
        var cut = false
        for block in blocks {
            let addition = "\n" + block.text
            if length(output) + length(addition) + reserve > budget {
                cut = true
                break
            }
            output += addition
            if block.counted { shown += 1 }
        }
        if cut {
            let left = total - shown
            if left > 0 {
                output += "\n\n… and \(plural(left, "more finding")) not shown here (comment size limit)."
            } else {
                output += "\n\n… the rest is not shown here (comment size limit)."
            }
        }
        output += footer.joined(separator: "\n")
        return output + "\n"
    }

    private struct Block {
        var text: String
        /// A finding row, counted for the truncation note.
        var counted: Bool
    }

    private func length(_ text: String) -> Int { text.utf16.count }

    private func findingCount(_ findings: [Finding]) -> String {
        Severity.allCases.reversed().compactMap { severity -> String? in
            let n = findings.filter { $0.severity == severity }.count
            return n > 0 ? plural(n, severity.rawValue) : nil
        }.joined(separator: ", ")
    }

    private func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
