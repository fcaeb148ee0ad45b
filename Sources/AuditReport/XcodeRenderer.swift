import AuditCore

/// One line per finding in the form compilers print, `path:line:col: error: message (rule)`,
/// with absolute paths, so that an Xcode build phase (`iap-audit --format xcode --output -`)
/// shows each finding in the issue navigator and on its line.
public struct XcodeRenderer: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        let lines = report.findings.map { finding in
            let path = report.settings.rootPath.isEmpty ? finding.location.file : "\(report.settings.rootPath)/\(finding.location.file)"
            let message = finding.message.replacingNewlines
            return "\(path):\(finding.location.line):\(finding.location.column): \(finding.severity.rawValue): \(message) (\(finding.ruleID))"
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}

extension XcodeRenderer: ReportRenderer {
    public var format: String { "xcode" }
    public var fileName: String { "report.xcode.txt" }
    public var summary: String { "path:line:col: error: lines for an Xcode build phase" }
    public func render(_ report: Report, in context: RenderContext) -> String { render(report) }
    public func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String? { FolderIndex.lines(apps, format: format) }
}
