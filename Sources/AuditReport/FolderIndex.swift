import AuditCore
import Foundation

/// The top of the output folder when the audited folder holds several apps: each app has its
/// own reports in a folder named for it, and these files join them, so that a CI step that
/// reads `report.sarif` (or any other format) sees every app's findings.
public enum FolderIndex {
    /// One app's audit: its report, the folder its reports are in, and each format rendered.
    public struct App: Sendable {
        public var report: Report
        public var folder: String
        /// Each format's report as written, by format.
        public var rendered: [String: RenderedText]

        public init(report: Report, folder: String, rendered: [String: RenderedText]) {
            self.report = report
            self.folder = folder
            self.rendered = rendered
        }
    }

    /// The index page in Markdown: the verdict of every app, with links to its reports.
    public static func markdown(subject: String, apps: [App], htmlLinks: Bool) -> String {
        var lines = ["# In-app purchase audit: \(MarkdownText.escape(subject))", ""]
        // Judged as the exit code is: at the run's --fail-on level.
        let failing = apps.filter { $0.report.fails }.count
        let level = apps.first.map { $0.report.settings.failLevel.rawValue + ($0.report.settings.failOnWithheld ? ",withheld" : "") } ?? "error"
        lines.append(failing == 0
            ? "**Passes at --fail-on \(level):** all \(apps.count) apps pass."
            : "**Fails at --fail-on \(level):** \(failing) of \(apps.count) apps fail.")
        lines.append("")
        lines.append("\(apps.count) apps were found; each was audited on its own, with the code it links. Open an app's report for its checklist and findings.")
        lines.append("")
        lines.append("| App | Verdict | Errors | Warnings | Notes | Purchase paths | Report |")
        lines.append("|---|---|---:|---:|---:|---|---|")
        for app in apps {
            let report = app.report
            let file = htmlLinks ? "report.html" : "report.md"
            let link = "[\(MarkdownText.escape(app.folder))/\(file)](\(app.folder.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? app.folder)/\(file))"
            lines.append("| \(MarkdownText.escape(report.subject)) | \(report.fails ? "**fails**" : "passes") | \(report.count(.error)) | \(report.count(.warning)) | \(report.count(.note)) | \(pathSummary(report.purchasePaths)) | \(link) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The matrix in a cell: "3 of 11 verified, 5 withheld" (each app's report has the matrix).
    static func pathSummary(_ matrix: PurchasePathMatrix) -> String {
        let applicable = matrix.rows.filter { $0.status != .notApplicable }.count
        guard applicable > 0 else { return "–" }
        let withheld = matrix.withheld.count
        return "\(matrix.count(.verified)) of \(applicable) verified" + (withheld > 0 ? ", **\(withheld) withheld**" : "")
    }

    /// SARIF of the whole folder: one run (one invocation of the tool) holding every app's
    /// results, as code scanning expects; one run per app only if their rule lists differ.
    /// Built from the apps' reports, not by parsing their SARIF text.
    public static func sarif(_ apps: [App]) -> String? {
        guard apps.allSatisfy({ $0.rendered["sarif"] != nil }) else { return nil }
        return sarif(reports: apps.map(\.report))
    }

    /// `sarif` from the apps' reports alone; nil for no app.
    public static func sarif(reports: [Report]) -> String? {
        guard let first = reports.first else { return nil }
        let renderer = SARIFRenderer()
        let ruleLists = reports.map { renderer.ruleIdentifiers($0) }
        let runs: [JSONOutput]
        if ruleLists.allSatisfy({ $0 == ruleLists[0] }) {
            // Code two apps share (a framework, a package, a folder both build) gives each app
            // the same finding: one result is enough.
            var seen = Set<String>()
            var results: [JSONOutput] = []
            let ruleIndex = renderer.ruleIndices(first)
            for report in reports {
                for result in renderer.results(report, ruleIndex: ruleIndex) where seen.insert(resultKey(result)).inserted { results.append(result) }
            }
            runs = [renderer.run(first, results: .array(results))]
        } else {
            runs = reports.map { renderer.run($0, results: .array(renderer.results($0))) }
        }
        return SARIFRenderer.log(runs: runs).sortedKeysText
    }

    /// What makes two SARIF results the same finding: rule, place and message.
    private static func resultKey(_ result: JSONOutput) -> String {
        let location = result["locations"]?.elements?.first?["physicalLocation"]
        let uri = location?["artifactLocation"]?["uri"]?.string ?? ""
        let region = location?["region"]
        let message = result["message"]?["text"]?.string ?? ""
        return "\(result["ruleId"]?.string ?? "")|\(uri)|\(region?["startLine"]?.integer ?? 0)|\(region?["startColumn"]?.integer ?? 0)|\(message)"
    }

    /// The apps' JSON reports in one document: `{"format": "iap-audit-folder", "apps": [...]}`.
    public static func json(_ apps: [App]) -> String? {
        guard apps.allSatisfy({ $0.rendered["json"] != nil }) else { return nil }
        return json(reports: apps.map { ($0.report, $0.folder) })
    }

    /// `json` from the apps' reports and folders alone.
    public static func json(reports apps: [(report: Report, folder: String)]) -> String {
        let renderer = JSONRenderer()
        let reports = apps.map { app in JSONOutput.object([("folder", .string(app.folder)), ("report", renderer.document(app.report))]) }
        let ready = apps.allSatisfy { $0.report.isReady }
        return JSONOutput.object([("format", .string("iap-audit-folder")), ("ready", .bool(ready)), ("apps", .array(reports))]).sortedKeysText
    }

    /// Line formats (GitHub annotations, Xcode lines): the apps' lines one after another.
    /// A line two apps both report (code they share) is written once.
    public static func lines(_ apps: [App], format: String) -> String {
        var seen = Set<Substring>()
        var result = ""
        for text in apps.compactMap({ $0.rendered[format]?.text }) {
            for line in text.split(separator: "\n") where seen.insert(line).inserted {
                result += line + "\n"
            }
        }
        return result
    }

    /// JUnit: every app's test suites inside one `<testsuites>`.
    public static func junit(_ apps: [App]) -> String {
        var suites = ""
        for app in apps {
            guard var text = app.rendered["junit"]?.text else { continue }
            if let start = text.range(of: "<testsuites"), let open = text.range(of: ">", range: start.upperBound..<text.endIndex),
               let end = text.range(of: "</testsuites>", options: .backwards) {
                text = String(text[open.upperBound..<end.lowerBound])
            } else if let declaration = text.range(of: "?>") {
                text = String(text[declaration.upperBound...])
            }
            suites += text.hasSuffix("\n") ? text : text + "\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"iap-audit\">\n" + suites + "</testsuites>\n"
    }
}
