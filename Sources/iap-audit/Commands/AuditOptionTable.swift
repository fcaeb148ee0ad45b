import AuditCore
import AuditReport
import Foundation

/// The audit's options, each declared once: its names, its value, its help and how the text
/// becomes the value. The parser stores what it reads under the option (`values[AuditOption.output]`),
/// and `--help`, the manual page and the completions are generated from `AuditOption.all`.
enum AuditOption {
    static let format = Option<[any ReportRenderer]>.value(
        "format", "LIST", completion: .list(ReportRenderers.all.map(\.format)), default: defaultFormats,
        help: "Report formats, comma-separated: \(ReportRenderers.all.map(\.format).joined(separator: ", ")) (default: \(defaultFormats.map(\.format).joined(separator: ",")))."
    ) { value throws(UsageError) in try formats(value) }
    static let output = Option<String>.value(
        "output", short: "-o", "DIR", completion: .directory, default: "iap-audit-report",
        help: "Folder the reports are written to, or - for standard output with one format (default: ./iap-audit-report).") { $0 }
    static let compact = Option<Bool>.flag("compact", help: "Make the md report a pull-request comment that fits GitHub's 65,536-character limit.")
    static let reportURL = Option<String?>.text("report-url", "URL", help: "Where the full report can be read; the compact md report links to it (needs --compact).")
    static let date = Option<String?>.value(
        "date", "DATE", default: nil,
        help: "Show DATE (YYYY-MM-DD, or 'today') in the HTML report's header; off by default so reports are reproducible."
    ) { value throws(UsageError) in try reportDate(value) }
    static let config = Option<String?>.text("config", "FILE", completion: .file, help: "Configuration file (default: .iap-audit.json in the audited folder or above).")
    static let noConfig = Option<Bool>.flag("no-config", help: "Ignore .iap-audit.json files.")
    static let baseline = Option<String?>.text("baseline", "FILE", completion: .file, help: "Accept the findings recorded in FILE: listed in the appendix, not failing.")
    static let writeBaseline = Option<String?>.text(
        "write-baseline", "FILE", completion: .file, help: "Record the current findings in FILE, to accept them with --baseline; the run exits 0.")
    static let changedSince = Option<String?>.value(
        "changed-since", "REV", completion: .revision, default: nil,
        help: "Report only findings on lines added or changed since the git revision REV."
    ) { value throws(UsageError) in
        if value.isEmpty || value.hasPrefix("-") {
            throw UsageError(message: "--changed-since needs a git revision such as HEAD~1 or origin/main, not '\(value)'")
        }
        return value
    }
    static let failOn = Option<FailGate?>.value(
        "fail-on", "LEVEL", completion: .choices(FailLevel.allCases.map(\.rawValue)), default: nil,
        help: "Exit 1 when a finding at or above LEVEL remains: error, warning, note, never (default: error); add ,withheld (error,withheld) to also exit 1 when a purchase path's launch approval is withheld."
    ) { value throws(UsageError) in
        guard let gate = FailGate(value) else {
            let all = FailLevel.allCases.map(\.rawValue) + ["withheld"]
            throw UsageError(message: "unknown --fail-on level '\(value)'\(UsageError.suggestion(for: value, among: all)); use error, warning, note or never")
        }
        return gate
    }
    static let target = Option<[String]>.repeated(
        "target", "NAME", help: "Audit only the app NAME (an Xcode application target); repeat it for several (default: every app found)."
    ) { value throws(UsageError) in
        if value.isEmpty || value.hasPrefix("-") { throw UsageError(message: "--target needs the name of an app target, not '\(value)'") }
        return value
    }
    static let locales = Option<[String]?>.value(
        "locales", "LIST", default: nil, help: "Locales the app ships, comma-separated (default: from the inputs).") { value in
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    static let templates = Option<String?>.text("templates", "DIR", completion: .directory, help: "Folder with report.html / report.md overriding the built-in templates.")
    static let checklists = Option<String?>.text("checklists", "DIR", completion: .directory, help: "Folder of checklist .md files replacing the built-in checklists.")
    static let jobs = Option<Int?>.value("jobs", short: "-j", "N", default: nil, help: "Parallel workers (default: all cores).") { value throws(UsageError) in
        guard let jobs = Int(value), jobs >= 1 else { throw UsageError(message: "--jobs takes a whole number of at least 1, not '\(value)'") }
        return jobs
    }
    static let color = Option<ColorChoice>.value(
        "color", "WHEN", completion: .choices(ColorChoice.allCases.map(\.rawValue)), default: .auto,
        help: "Colour and symbols in the summary: auto (a terminal, unless NO_COLOR is set), always, never (default: auto)."
    ) { value throws(UsageError) in
        guard let choice = ColorChoice(rawValue: value) else {
            let all = ColorChoice.allCases.map(\.rawValue)
            throw UsageError(message: "unknown --color value '\(value)'\(UsageError.suggestion(for: value, among: all)); use auto, always or never")
        }
        return choice
    }
    static let progress = Option<Bool>.flag("progress", help: "Show progress on standard error even when it is not a terminal, from the start.")
    static let noProgress = Option<Bool>.flag("no-progress", help: "Never show progress (default: on a terminal, once a run takes over a second).")
    static let verbose = Option<Bool>.flag("verbose", short: "-v", help: "Also list each checklist item's evidence, every finding, the inputs and the time of each stage.")
    static let quiet = Option<Bool>.flag("quiet", short: "-q", help: "Print nothing but errors.")
    static let version = Option<Bool>.flag("version", help: "Show the version and the commit it was built from.")

    /// In the order `--help` lists them.
    static let all: [OptionSpec] = [
        format.spec, output.spec, compact.spec, reportURL.spec, date.spec, config.spec, noConfig.spec, baseline.spec, writeBaseline.spec,
        changedSince.spec, failOn.spec, target.spec, locales.spec, templates.spec, checklists.spec, jobs.spec, color.spec,
        progress.spec, noProgress.spec, verbose.spec, quiet.spec, version.spec,
    ]

    static var defaultFormats: [any ReportRenderer] { ["md", "html"].compactMap(ReportRenderers.named) }

    /// Options given together that cannot both hold.
    static func check(_ values: ParsedValues) throws(UsageError) {
        let formats = values[format]
        if values[output] == "-", formats.count != 1 {
            throw UsageError(message: "--output - writes one format to standard output; --format names \(formats.count) (\(formats.map(\.format).joined(separator: ",")))")
        }
        if values[compact], !formats.contains(where: { $0.format == "md" }) {
            throw UsageError(message: "--compact shapes the md report; add md to --format")
        }
        if values[reportURL] != nil, !values[compact] {
            throw UsageError(message: "--report-url is the link in the compact md report; add --compact (and md to --format), or leave --report-url out")
        }
        for (first, second) in [(config.spec, noConfig.spec), (quiet.spec, verbose.spec), (progress.spec, noProgress.spec)]
        where values.contains(first) && values.contains(second) {
            throw UsageError(message: "\(first.name) and \(second.name) contradict each other")
        }
    }

    private static func formats(_ value: String) throws(UsageError) -> [any ReportRenderer] {
        var formats: [any ReportRenderer] = []
        for name in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let renderer = ReportRenderers.named(name == "markdown" ? "md" : name) else {
                let all = ReportRenderers.all.map(\.format)
                throw UsageError(message: "unknown format '\(name)'\(UsageError.suggestion(for: name, among: all)); formats: \(all.joined(separator: ", "))")
            }
            if !formats.contains(where: { $0.format == renderer.format }) { formats.append(renderer) }
        }
        if formats.isEmpty { throw UsageError(message: "--format needs at least one format") }
        return formats
    }

    /// `--date`: a calendar date as YYYY-MM-DD, or `today`.
    static func reportDate(_ value: String) throws(UsageError) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        if value == "today" { return formatter.string(from: Date()) }
        // Parsed and written back: 2026-02-30 and 2026-13-01 do not come back as they went in.
        guard value.count == 10, let date = formatter.date(from: value), formatter.string(from: date) == value else {
            throw UsageError(message: "--date takes a date as YYYY-MM-DD (for example 2026-11-30) or 'today', not '\(value)'")
        }
        return value
    }
}

/// `--color`: whether the summary uses ANSI colour and symbols.
enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

/// `--progress` / `--no-progress`, or neither.
enum ProgressChoice: Sendable {
    case auto, always, never
}

enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
