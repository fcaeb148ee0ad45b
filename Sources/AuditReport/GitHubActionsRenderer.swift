import AuditCore

/// GitHub Actions workflow commands: one `::error`, `::warning` or `::notice` annotation per
/// finding, errors first (GitHub shows only the first ten of each kind per step), with the file
/// relative to the repository, the full region, and a title naming the rule. Print it to the
/// job's log (`--format github --output -`) for annotations on the pull request's diff.
public struct GitHubActionsRenderer: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        var lines: [String] = []
        for severity in Severity.allCases.reversed() {
            for finding in report.findings where finding.severity == severity {
                lines.append(command(finding, report: report))
            }
        }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var summary = "iap-audit: \(plural(report.count(.error), "error")), \(plural(report.count(.warning), "warning")), \(plural(report.count(.note), "note"))"
        if !report.suppressed.isEmpty || !report.accepted.isEmpty {
            summary += "; \(report.suppressed.count) suppressed, \(report.accepted.count) accepted by the baseline"
        }
        if let revision = report.settings.changedSince {
            summary += "; \(report.unchangedCount) outside the lines changed since \(revision)"
        }
        lines.append(Self.escapeData(summary + "."))
        return lines.joined(separator: "\n") + "\n"
    }

    private func command(_ finding: Finding, report: Report) -> String {
        let name: String
        switch finding.severity {
        case .error: name = "error"
        case .warning: name = "warning"
        case .note: name = "notice"
        }
        var properties: [(String, String)] = [
            ("file", report.settings.repositoryPrefix + finding.location.file),
            ("line", String(finding.location.line)),
        ]
        if let end = finding.end, end.line != finding.location.line { properties.append(("endLine", String(end.line))) }
        properties.append(("col", String(finding.location.column)))
        if let end = finding.end, end.line == finding.location.line, end.column > finding.location.column {
            properties.append(("endColumn", String(end.column)))
        }
        let title = report.rules[finding.ruleID].map { "\($0.title) (\(finding.ruleID))" } ?? finding.ruleID
        properties.append(("title", title))
        var message = finding.message
        if let fix = finding.fixHint { message += "\n\nHow to fix: \(fix)" }
        message += "\n[\(finding.ruleID)]"
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(Self.escapeData(message))"
    }

    /// The message after `::`: `%`, CR and LF are percent-encoded.
    static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A property value: also `:` and `,`, which would end it.
    static func escapeProperty(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension GitHubActionsRenderer: ReportRenderer {
    public var format: String { "github" }
    public var fileName: String { "report.github.txt" }
    public var summary: String { "GitHub Actions annotations (::error file=...::), for --output -" }
    public func render(_ report: Report, in context: RenderContext) -> String { render(report) }
    public func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String? { FolderIndex.lines(apps, format: format) }
}
