import AuditCore

/// One command-line option: the table `--help` is generated from and the parser reads.
struct OptionSpec {
    var name: String
    var valueName: String?
    var help: String
}

enum OutputFormat: String, CaseIterable {
    case md, html
}

enum FailLevel: String, CaseIterable {
    case error, warning, note, never

    var threshold: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .never: nil
        }
    }
}

struct Options {
    var paths: [String] = []
    var formats: [OutputFormat] = [.md, .html]
    var output = "iap-audit-report"
    var failOn = FailLevel.error
    var locales: [String]?
    var templates: String?
    var checklists: String?
    var jobs: Int?
    var quiet = false

    static let specs: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "LIST", help: "Report formats, comma-separated: md, html (default: md,html)."),
        OptionSpec(name: "--output", valueName: "DIR", help: "Folder the reports are written to (default: ./iap-audit-report)."),
        OptionSpec(name: "--fail-on", valueName: "LEVEL", help: "Exit 1 when a finding at or above LEVEL remains: error, warning, note, never (default: error)."),
        OptionSpec(name: "--locales", valueName: "LIST", help: "Locales the app ships, comma-separated (default: from the inputs)."),
        OptionSpec(name: "--templates", valueName: "DIR", help: "Folder with report.html / report.md overriding the built-in templates."),
        OptionSpec(name: "--checklists", valueName: "DIR", help: "Folder of checklist .md files replacing the built-in checklists."),
        OptionSpec(name: "--jobs", valueName: "N", help: "Parallel workers (default: all cores)."),
        OptionSpec(name: "--quiet", valueName: nil, help: "Print nothing but errors."),
        OptionSpec(name: "--help", valueName: nil, help: "Show this help."),
        OptionSpec(name: "--version", valueName: nil, help: "Show the version."),
    ]

    struct UsageError: Error {
        var message: String
    }

    enum Parsed {
        case audit(Options)
        case help
        case version
        case rules(String?)
        case checklists
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        if arguments.first == "rules" {
            if arguments.count > 2 { throw UsageError(message: "'rules' takes at most one rule id") }
            return .rules(arguments.count == 2 ? arguments[1] : nil)
        }
        if arguments.first == "checklists" { return .checklists }
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
            switch argument {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--quiet", "-q": options.quiet = true
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
        return .audit(options)
    }

    static func helpText() -> String {
        var lines = [
            "iap-audit \(ToolInfo.version): audit an app's in-app purchase implementation before App Review.",
            "",
            "USAGE:",
            "  iap-audit [PATH ...] [options]      audit PATHs (default: the current folder) and write the reports",
            "  iap-audit rules [ID]                list the rules, or explain one with its examples",
            "  iap-audit checklists                list the built-in checklists and their items",
            "",
            "OPTIONS:",
        ]
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
        let scored = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, best.count / 3) else { return "" }
        return "; did you mean \(best)?"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

enum ToolInfo {
    static let version = "0.1.0"
}
