import AuditCore

/// One command-line option: the table `--help` is generated from and the parser reads.
struct OptionSpec {
    var name: String
    var valueName: String?
    var help: String
}

/// Report formats, each written to its own file (or to standard output with `--output -`).
enum OutputFormat: String, CaseIterable {
    case md, html, json, sarif, github, xcode, junit

    var fileName: String {
        switch self {
        case .md: "report.md"
        case .html: "report.html"
        case .json: "report.json"
        case .sarif: "report.sarif"
        case .github: "report.github.txt"
        case .xcode: "report.xcode.txt"
        case .junit: "report.junit.xml"
        }
    }
}

struct Options {
    var paths: [String] = []
    var formats: [OutputFormat] = [.md, .html]
    var output = "iap-audit-report"
    var compact = false
    var reportURL: String?
    var config: String?
    var noConfig = false
    var baseline: String?
    var writeBaseline: String?
    var changedSince: String?
    var failOn: FailLevel?
    var locales: [String]?
    var templates: String?
    var checklists: String?
    var jobs: Int?
    var quiet = false

    /// `--output -`: the single format goes to standard output.
    var writesToStandardOutput: Bool { output == "-" }

    static let specs: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "LIST", help: "Report formats, comma-separated: md, html, json, sarif, github, xcode, junit (default: md,html)."),
        OptionSpec(name: "--output", valueName: "DIR", help: "Folder the reports are written to, or - for standard output with one format (default: ./iap-audit-report)."),
        OptionSpec(name: "--compact", valueName: nil, help: "Make the md report a pull-request comment that fits GitHub's 65,536-character limit."),
        OptionSpec(name: "--report-url", valueName: "URL", help: "Where the full report can be read; the compact md report links to it."),
        OptionSpec(name: "--config", valueName: "FILE", help: "Configuration file (default: .iap-audit.json in the audited folder or above)."),
        OptionSpec(name: "--no-config", valueName: nil, help: "Ignore .iap-audit.json files."),
        OptionSpec(name: "--baseline", valueName: "FILE", help: "Accept the findings recorded in FILE: listed in the appendix, not failing."),
        OptionSpec(name: "--write-baseline", valueName: "FILE", help: "Record the current findings in FILE, to accept them with --baseline."),
        OptionSpec(name: "--changed-since", valueName: "REV", help: "Report only findings on lines added or changed since the git revision REV."),
        OptionSpec(name: "--fail-on", valueName: "LEVEL", help: "Exit 1 when a finding at or above LEVEL remains: error, warning, note, never (default: error)."),
        OptionSpec(name: "--locales", valueName: "LIST", help: "Locales the app ships, comma-separated (default: from the inputs)."),
        OptionSpec(name: "--templates", valueName: "DIR", help: "Folder with report.html / report.md overriding the built-in templates."),
        OptionSpec(name: "--checklists", valueName: "DIR", help: "Folder of checklist .md files replacing the built-in checklists."),
        OptionSpec(name: "--jobs", valueName: "N", help: "Parallel workers (default: all cores)."),
        OptionSpec(name: "--quiet", valueName: nil, help: "Print nothing but errors."),
        OptionSpec(name: "--help", valueName: nil, help: "Show this help."),
        OptionSpec(name: "--version", valueName: nil, help: "Show the version."),
    ]

    /// The commands, as `--help` lists them.
    static let commands: [(usage: String, help: String)] = [
        ("iap-audit [PATH ...] [options]", "audit PATHs (default: the current folder) and write the reports"),
        ("iap-audit rules [ID]", "list the rules, or explain one with its examples"),
        ("iap-audit rules --markdown", "print the rule reference (Docs/Rules.md) as Markdown"),
        ("iap-audit checklists", "list the built-in checklists and their items"),
        ("iap-audit init [DIR] [--force]", "write a starter .iap-audit.json in DIR (default: the current folder)"),
    ]

    struct UsageError: Error {
        var message: String
    }

    enum Parsed {
        case audit(Options)
        case help
        case version
        case rules(String?)
        case rulesMarkdown
        case checklists
        case initialize(directory: String, force: Bool)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        if arguments.first == "rules" {
            let rest = Array(arguments.dropFirst())
            if rest == ["--markdown"] { return .rulesMarkdown }
            if let option = rest.first(where: { $0.hasPrefix("-") }) {
                throw UsageError(message: "'rules' takes a rule id or --markdown, not '\(option)'")
            }
            if rest.count > 1 { throw UsageError(message: "'rules' takes at most one rule id") }
            return .rules(rest.first)
        }
        if arguments.first == "checklists" {
            if arguments.count > 1 { throw UsageError(message: "'checklists' takes no arguments") }
            return .checklists
        }
        if arguments.first == "init" {
            var directory: String?
            var force = false
            for argument in arguments.dropFirst() {
                if argument == "--force" {
                    force = true
                } else if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(argument)' for 'init'\(suggestion(for: argument, among: ["--force"]))")
                } else if directory == nil {
                    directory = argument
                } else {
                    throw UsageError(message: "'init' takes at most one folder")
                }
            }
            return .initialize(directory: directory ?? ".", force: force)
        }
        var options = Options()
        var i = 0
        func value(for name: String) throws(UsageError) -> String {
            i += 1
            guard i < arguments.count, !arguments[i].hasPrefix("--") else {
                throw UsageError(message: "\(name) needs a value")
            }
            return arguments[i]
        }
        while i < arguments.count {
            var argument = arguments[i]
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func take(_ name: String) throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                return try value(for: name)
            }
            func flag(_ name: String) throws(UsageError) {
                if inlineValue != nil { throw UsageError(message: "\(name) takes no value") }
            }
            switch argument {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--quiet", "-q":
                try flag(argument)
                options.quiet = true
            case "--compact":
                try flag(argument)
                options.compact = true
            case "--no-config":
                try flag(argument)
                options.noConfig = true
            case "--format":
                let names = try take(argument).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                var formats: [OutputFormat] = []
                for name in names {
                    let normalized = name == "markdown" ? "md" : name
                    guard let format = OutputFormat(rawValue: normalized) else {
                        throw UsageError(message: "unknown format '\(name)'\(suggestion(for: name, among: OutputFormat.allCases.map(\.rawValue))); formats: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    if !formats.contains(format) { formats.append(format) }
                }
                if formats.isEmpty { throw UsageError(message: "--format needs at least one format") }
                options.formats = formats
            case "--output", "-o": options.output = try take(argument)
            case "--report-url": options.reportURL = try take(argument)
            case "--config": options.config = try take(argument)
            case "--baseline": options.baseline = try take(argument)
            case "--write-baseline": options.writeBaseline = try take(argument)
            case "--changed-since":
                let revision = try take(argument)
                if revision.isEmpty || revision.hasPrefix("-") { throw UsageError(message: "--changed-since needs a git revision such as HEAD~1 or origin/main, not '\(revision)'") }
                options.changedSince = revision
            case "--fail-on":
                let level = try take(argument)
                guard let parsed = FailLevel(rawValue: level) else {
                    throw UsageError(message: "unknown --fail-on level '\(level)'; use error, warning, note or never")
                }
                options.failOn = parsed
            case "--locales":
                options.locales = try take(argument).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case "--templates": options.templates = try take(argument)
            case "--checklists": options.checklists = try take(argument)
            case "--jobs", "-j":
                let text = try take(argument)
                guard let jobs = Int(text), jobs >= 1 else { throw UsageError(message: "--jobs takes a whole number of at least 1, not '\(text)'") }
                options.jobs = jobs
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    throw UsageError(message: "unknown option '\(argument)'\(suggestion(for: argument, among: specs.map(\.name)))")
                }
                options.paths.append(argument)
            }
            i += 1
        }
        if options.writesToStandardOutput, options.formats.count != 1 {
            throw UsageError(message: "--output - writes one format to standard output; --format names \(options.formats.count) (\(options.formats.map(\.rawValue).joined(separator: ",")))")
        }
        if options.compact, !options.formats.contains(.md) {
            throw UsageError(message: "--compact shapes the md report; add md to --format")
        }
        if options.noConfig, options.config != nil {
            throw UsageError(message: "--config and --no-config contradict each other")
        }
        return .audit(options)
    }

    static func helpText() -> String {
        var lines = [
            "iap-audit \(ToolInfo.version): audit an app's in-app purchase implementation before App Review.",
            "",
            "USAGE:",
        ]
        let commandWidth = commands.map(\.usage.count).max() ?? 0
        for command in commands {
            lines.append("  " + command.usage + String(repeating: " ", count: commandWidth - command.usage.count + 2) + command.help)
        }
        lines += ["", "OPTIONS:"]
        let width = specs.map { $0.name.count + ($0.valueName.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for spec in specs {
            let left = spec.name + (spec.valueName.map { " " + $0 } ?? "")
            lines.append("  " + left + String(repeating: " ", count: width - left.count + 2) + spec.help)
        }
        lines += [
            "",
            "EXIT CODES:",
            "  0  no finding at or above the --fail-on level",
            "  1  findings at or above the --fail-on level",
            "  2  usage, configuration or output error (one line on standard error says why)",
        ]
        return lines.joined(separator: "\n")
    }

    /// "; did you mean --format?" when a close match exists.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        Spelling.closest(to: word, among: candidates).map { "; did you mean \($0)?" } ?? ""
    }
}

enum ToolInfo {
    static let version = "0.1.0"
    /// Where Docs/Rules.md is published: SARIF rules link here (`#rule_id`). Change it with the
    /// repository's address.
    static let rulesDocumentationURL = "https://github.com/iap-audit/iap-audit/blob/main/Docs/Rules.md"
}
