import AuditCore
import Foundation

/// The audit's options. `OptionSpec.all` is the one table that the parser reads and that
/// `--help`, the manual page and the shell completions are generated from, so none of them
/// can name an option the others do not know.
enum OptionID: String, CaseIterable, Sendable {
    case format, output, compact
    case reportURL = "report-url"
    case date
    case config
    case noConfig = "no-config"
    case baseline
    case writeBaseline = "write-baseline"
    case changedSince = "changed-since"
    case failOn = "fail-on"
    case target
    case locales, templates, checklists, jobs, color, progress
    case noProgress = "no-progress"
    case verbose, quiet, help, version
}

/// What a shell can offer for a value or an argument.
enum CompletionKind: Sendable, Hashable {
    case none
    /// One of these words.
    case choices([String])
    /// A comma-separated list of these words.
    case list([String])
    case file
    case directory
    /// A file or a folder.
    case path
    /// A git revision: branches and tags of the current repository.
    case revision
    /// A rule id, from the tool itself.
    case ruleID
}

/// One command-line option: its names, its value and its help.
struct OptionSpec: Sendable {
    var id: OptionID
    var short: String?
    var valueName: String?
    var completion: CompletionKind = .none
    var help: String

    var name: String { "--" + id.rawValue }
    var takesValue: Bool { valueName != nil }

    /// `-o, --output DIR` as `--help` and the manual show it.
    var synopsis: String {
        (short.map { $0 + ", " } ?? "    ") + name + (valueName.map { " " + $0 } ?? "")
    }

    static let all: [OptionSpec] = [
        OptionSpec(id: .format, valueName: "LIST", completion: .list(OutputFormat.allCases.map(\.rawValue)),
                   help: "Report formats, comma-separated: md, html, json, sarif, github, xcode, junit (default: md,html)."),
        OptionSpec(id: .output, short: "-o", valueName: "DIR", completion: .directory,
                   help: "Folder the reports are written to, or - for standard output with one format (default: ./iap-audit-report)."),
        OptionSpec(id: .compact, help: "Make the md report a pull-request comment that fits GitHub's 65,536-character limit."),
        OptionSpec(id: .reportURL, valueName: "URL", help: "Where the full report can be read; the compact md report links to it."),
        OptionSpec(id: .date, valueName: "DATE", help: "Show DATE (for example 2026-11-30, or 'today') in the HTML report's header; off by default so reports are reproducible."),
        OptionSpec(id: .config, valueName: "FILE", completion: .file,
                   help: "Configuration file (default: .iap-audit.json in the audited folder or above)."),
        OptionSpec(id: .noConfig, help: "Ignore .iap-audit.json files."),
        OptionSpec(id: .baseline, valueName: "FILE", completion: .file,
                   help: "Accept the findings recorded in FILE: listed in the appendix, not failing."),
        OptionSpec(id: .writeBaseline, valueName: "FILE", completion: .file,
                   help: "Record the current findings in FILE, to accept them with --baseline."),
        OptionSpec(id: .changedSince, valueName: "REV", completion: .revision,
                   help: "Report only findings on lines added or changed since the git revision REV."),
        OptionSpec(id: .failOn, valueName: "LEVEL", completion: .choices(FailLevel.allCases.map(\.rawValue)),
                   help: "Exit 1 when a finding at or above LEVEL remains: error, warning, note, never (default: error); add ,withheld (error,withheld) to also exit 1 when a purchase path's launch approval is withheld."),
        OptionSpec(id: .target, valueName: "NAME", help: "Audit only the app NAME (an Xcode application target); repeat it for several (default: every app found)."),
        OptionSpec(id: .locales, valueName: "LIST", help: "Locales the app ships, comma-separated (default: from the inputs)."),
        OptionSpec(id: .templates, valueName: "DIR", completion: .directory,
                   help: "Folder with report.html / report.md overriding the built-in templates."),
        OptionSpec(id: .checklists, valueName: "DIR", completion: .directory,
                   help: "Folder of checklist .md files replacing the built-in checklists."),
        OptionSpec(id: .jobs, short: "-j", valueName: "N", help: "Parallel workers (default: all cores)."),
        OptionSpec(id: .color, valueName: "WHEN", completion: .choices(ColorChoice.allCases.map(\.rawValue)),
                   help: "Colour and symbols in the summary: auto (a terminal, unless NO_COLOR is set), always, never (default: auto)."),
        OptionSpec(id: .progress, help: "Show progress on standard error even when it is not a terminal, from the start."),
        OptionSpec(id: .noProgress, help: "Never show progress (default: on a terminal, once a run takes over a second)."),
        OptionSpec(id: .verbose, short: "-v", help: "Also list each checklist item's evidence, every finding, the inputs and the time of each stage."),
        OptionSpec(id: .quiet, short: "-q", help: "Print nothing but errors."),
        OptionSpec(id: .help, short: "-h", help: "Show this help."),
        OptionSpec(id: .version, help: "Show the version and the commit it was built from."),
    ]

    static func named(_ word: String) -> OptionSpec? {
        all.first { $0.name == word || $0.short == word }
    }
}

/// A command: the default audit or one of the subcommands, with its lines in `--help`.
struct CommandSpec: Sendable {
    /// nil for the audit, which needs no command word.
    var name: String?
    var usages: [(usage: String, help: String)]
    /// Options of this command alone (the audit's are `OptionSpec.all`).
    var flags: [(name: String, help: String)] = []
    /// Its positional argument: the name `--help` gives it and what completes it.
    var argumentName: String?
    var argument: CompletionKind = .none

    static let all: [CommandSpec] = [
        CommandSpec(name: nil, usages: [("iap-audit [PATH ...] [options]", "audit PATHs (default: the current folder) and write the reports")],
                    argumentName: "PATH", argument: .path),
        CommandSpec(name: "rules", usages: [
            ("iap-audit rules [ID]", "list the rules, or explain one with its examples"),
            ("iap-audit rules --markdown", "print the rule reference (Docs/Rules.md) as Markdown"),
        ], flags: [("--markdown", "print the rule reference as Markdown")], argumentName: "ID", argument: .ruleID),
        CommandSpec(name: "checklists", usages: [("iap-audit checklists", "list the built-in checklists and their items")]),
        CommandSpec(name: "init", usages: [("iap-audit init [DIR] [--force]", "write a starter .iap-audit.json in DIR (default: the current folder)")],
                    flags: [("--force", "replace an existing .iap-audit.json")], argumentName: "DIR", argument: .directory),
        CommandSpec(name: "completions", usages: [("iap-audit completions SHELL", "print the completion script for bash, zsh or fish")],
                    argumentName: "SHELL", argument: .choices(Shell.allCases.map(\.rawValue))),
        CommandSpec(name: "man", usages: [("iap-audit man", "print the manual page (troff; Docs/iap-audit.1)")]),
    ]

    static var names: [String] { all.compactMap(\.name) }
}

/// Report formats, each written to its own file (or to standard output with `--output -`).
enum OutputFormat: String, CaseIterable, Sendable {
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

struct Options {
    var paths: [String] = []
    var formats: [OutputFormat] = [.md, .html]
    var output = "iap-audit-report"
    var compact = false
    var reportURL: String?
    var date: String?
    var config: String?
    var noConfig = false
    var baseline: String?
    var writeBaseline: String?
    var changedSince: String?
    var failOn: FailLevel?
    /// `--fail-on …,withheld`.
    var failOnWithheld = false
    var locales: [String]?
    /// `--target`, in the order given.
    var targets: [String] = []
    var templates: String?
    var checklists: String?
    var jobs: Int?
    var color = ColorChoice.auto
    var progress = ProgressChoice.auto
    var verbose = false
    var quiet = false

    /// `--output -`: the single format goes to standard output.
    var writesToStandardOutput: Bool { output == "-" }

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
        case completions(Shell)
        case manual
        /// `iap-audit COMMAND --help`: that command's usage and flags.
        case commandHelp(String)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        // `COMMAND --help` (or -h) works for every command, whatever else follows it.
        if let command = arguments.first, CommandSpec.names.contains(command), arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .commandHelp(command)
        }
        switch arguments.first {
        case "rules":
            let rest = Array(arguments.dropFirst())
            if rest == ["--markdown"] { return .rulesMarkdown }
            if let option = rest.first(where: { $0.hasPrefix("-") }) {
                throw UsageError(message: "'rules' takes a rule id or --markdown, not '\(option)'\(suggestion(for: option, among: ["--markdown"]))")
            }
            if rest.count > 1 { throw UsageError(message: "'rules' takes at most one rule id") }
            return .rules(rest.first)
        case "checklists":
            if arguments.count > 1 { throw UsageError(message: "'checklists' takes no arguments") }
            return .checklists
        case "man":
            if arguments.count > 1 { throw UsageError(message: "'man' takes no arguments; install the page with 'iap-audit man > iap-audit.1'") }
            return .manual
        case "completions":
            let names = Shell.allCases.map(\.rawValue)
            guard arguments.count == 2 else {
                throw UsageError(message: "'completions' takes one shell: \(names.joined(separator: ", ")) (for example: iap-audit completions bash)")
            }
            guard let shell = Shell(rawValue: arguments[1]) else {
                throw UsageError(message: "unknown shell '\(arguments[1])'\(suggestion(for: arguments[1], among: names)); shells: \(names.joined(separator: ", "))")
            }
            return .completions(shell)
        case "init":
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
        default:
            return try parseAudit(arguments)
        }
    }

    /// Short options as people type them: `-vq` (bundled flags) and `-j4` (a value attached)
    /// become `-v -q` and `-j 4`; everything else is left as it is.
    static func expandShortOptions(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            // After `--` every word is a path.
            if arguments[..<index].contains("--") { result.append(argument); continue }
            guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2 else { result.append(argument); continue }
            let first = String(argument.prefix(2))
            if let spec = OptionSpec.named(first), spec.takesValue {
                result += [first, String(argument.dropFirst(2))]
                continue
            }
            let flags = argument.dropFirst().map { "-" + String($0) }
            if flags.allSatisfy({ OptionSpec.named($0).map { !$0.takesValue } ?? false }) {
                result += flags
            } else {
                result.append(argument)
            }
        }
        return result
    }

    private static func parseAudit(_ given: [String]) throws(UsageError) -> Parsed {
        let arguments = expandShortOptions(given)
        var options = Options()
        var i = 0
        var progressGiven: String?
        while i < arguments.count {
            var word = arguments[i]
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                inlineValue = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            if !word.hasPrefix("-") || word == "-" {
                options.paths.append(word)
                i += 1
                continue
            }
            if word == "--" {
                options.paths += arguments[(i + 1)...]
                break
            }
            guard let spec = OptionSpec.named(word) else {
                var hint = suggestion(for: word, among: OptionSpec.all.map(\.name))
                if hint.isEmpty, let command = Spelling.closest(to: String(word.drop { $0 == "-" }), among: CommandSpec.names) {
                    hint = " (did you mean the command '\(command)': iap-audit \(command)?)"
                }
                throw UsageError(message: "unknown option '\(word)'\(hint); 'iap-audit --help' lists the options")
            }
            var value = ""
            if spec.takesValue {
                if let inlineValue {
                    value = inlineValue
                } else {
                    i += 1
                    guard i < arguments.count, !arguments[i].hasPrefix("--") else {
                        throw UsageError(message: "\(spec.name) needs a value: \(spec.name) \(spec.valueName ?? "VALUE")")
                    }
                    value = arguments[i]
                }
            } else if inlineValue != nil {
                throw UsageError(message: "\(spec.name) takes no value")
            }
            switch spec.id {
            case .help: return .help
            case .version: return .version
            case .quiet: options.quiet = true
            case .verbose: options.verbose = true
            case .compact: options.compact = true
            case .noConfig: options.noConfig = true
            case .progress, .noProgress:
                if let earlier = progressGiven, earlier != spec.name {
                    throw UsageError(message: "--progress and --no-progress contradict each other")
                }
                progressGiven = spec.name
                options.progress = spec.id == .progress ? .always : .never
            case .format:
                let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                var formats: [OutputFormat] = []
                for name in names {
                    let normalized = name == "markdown" ? "md" : name
                    guard let format = OutputFormat(rawValue: normalized) else {
                        let all = OutputFormat.allCases.map(\.rawValue)
                        throw UsageError(message: "unknown format '\(name)'\(suggestion(for: name, among: all)); formats: \(all.joined(separator: ", "))")
                    }
                    if !formats.contains(format) { formats.append(format) }
                }
                if formats.isEmpty { throw UsageError(message: "--format needs at least one format") }
                options.formats = formats
            case .output: options.output = value
            case .reportURL: options.reportURL = value
            case .date:
                if value == "today" {
                    let formatter = ISO8601DateFormatter()
                    formatter.formatOptions = [.withFullDate]
                    options.date = formatter.string(from: Date())
                } else {
                    options.date = value
                }
            case .config: options.config = value
            case .baseline: options.baseline = value
            case .writeBaseline: options.writeBaseline = value
            case .changedSince:
                if value.isEmpty || value.hasPrefix("-") {
                    throw UsageError(message: "--changed-since needs a git revision such as HEAD~1 or origin/main, not '\(value)'")
                }
                options.changedSince = value
            case .failOn:
                guard let gate = FailGate(value) else {
                    let all = FailLevel.allCases.map(\.rawValue) + ["withheld"]
                    throw UsageError(message: "unknown --fail-on level '\(value)'\(suggestion(for: value, among: all)); use error, warning, note or never")
                }
                options.failOn = gate.level
                options.failOnWithheld = gate.withheld
            case .target:
                if value.isEmpty || value.hasPrefix("-") {
                    throw UsageError(message: "--target needs the name of an app target, not '\(value)'")
                }
                options.targets.append(value)
            case .locales:
                options.locales = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case .templates: options.templates = value
            case .checklists: options.checklists = value
            case .jobs:
                guard let jobs = Int(value), jobs >= 1 else { throw UsageError(message: "--jobs takes a whole number of at least 1, not '\(value)'") }
                options.jobs = jobs
            case .color:
                guard let choice = ColorChoice(rawValue: value) else {
                    let all = ColorChoice.allCases.map(\.rawValue)
                    throw UsageError(message: "unknown --color value '\(value)'\(suggestion(for: value, among: all)); use auto, always or never")
                }
                options.color = choice
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
        if options.quiet, options.verbose {
            throw UsageError(message: "--quiet and --verbose contradict each other")
        }
        return .audit(options)
    }

    /// The help of one command: its usages, its flags and its argument.
    static func helpText(command name: String) -> String {
        guard let command = CommandSpec.all.first(where: { $0.name == name }) else { return helpText() }
        var lines = ["USAGE:"]
        let width = command.usages.map(\.usage.count).max() ?? 0
        for usage in command.usages {
            lines.append("  " + usage.usage + String(repeating: " ", count: width - usage.usage.count + 2) + usage.help)
        }
        let flags = command.flags + [("-h, --help", "show this help")]
        lines += ["", "OPTIONS:"]
        let flagWidth = flags.map(\.name.count).max() ?? 0
        for flag in flags {
            lines.append("  " + flag.name + String(repeating: " ", count: flagWidth - flag.name.count + 2) + flag.help)
        }
        return lines.joined(separator: "\n")
    }

    static func helpText() -> String {
        var lines = [
            "iap-audit \(ToolInfo.version): audit an app's in-app purchase implementation before App Review.",
            "",
            "USAGE:",
        ]
        let usages = CommandSpec.all.flatMap(\.usages)
        let commandWidth = usages.map(\.usage.count).max() ?? 0
        for command in usages {
            lines.append("  " + command.usage + String(repeating: " ", count: commandWidth - command.usage.count + 2) + command.help)
        }
        lines += ["", "OPTIONS:"]
        let width = OptionSpec.all.map(\.synopsis.count).max() ?? 0
        for spec in OptionSpec.all {
            lines.append("  " + spec.synopsis + String(repeating: " ", count: width - spec.synopsis.count + 2) + spec.help)
        }
        lines += ["", "EXIT CODES:"]
        lines += ToolInfo.exitCodes.map { "  \($0.code)  \($0.meaning)" }
        lines += ["", "ENVIRONMENT:"]
        let variableWidth = ToolInfo.environment.map(\.name.count).max() ?? 0
        lines += ToolInfo.environment.map { "  " + $0.name + String(repeating: " ", count: variableWidth - $0.name.count + 2) + $0.meaning }
        return lines.joined(separator: "\n")
    }

    /// " (did you mean --format?)" when a close match exists: one clause, whatever punctuation
    /// the message goes on with.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        Spelling.closest(to: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}

enum ToolInfo {
    static let version = "0.1.0"
    /// The commit the binary was built from, or "unknown" (a source tarball without git).
    static var commit: String { BuildInfo.commit }
    /// `iap-audit 0.1.0 (commit 0123456789ab)`
    static var versionLine: String { "iap-audit \(version) (commit \(commit))" }
    /// Where Docs/Rules.md is published: SARIF rules link here (`#rule_id`). Change it with the
    /// repository's address.
    static let rulesDocumentationURL = "https://github.com/iap-audit/iap-audit/blob/main/Docs/Rules.md"

    static let exitCodes: [(code: Int, meaning: String)] = [
        (0, "no finding at or above the --fail-on level"),
        (1, "findings at or above the --fail-on level (or, with ,withheld, a withheld purchase path)"),
        (2, "usage, configuration or output error (one line on standard error says why)"),
    ]

    static let environment: [(name: String, meaning: String)] = [
        ("NO_COLOR", "when set and not empty, no colour or symbols unless --color always"),
        ("CI", "when set (not \"false\" or \"0\"), no progress unless --progress"),
        ("IAP_AUDIT_PROGRESS_DELAY", "seconds before progress appears on a terminal (default: 1)"),
        ("IAP_AUDIT_NO_HUGEPAGES", "when set (not \"0\"), no restart with glibc.malloc.hugetlb=1 and top_pad (2 MB pages) on Linux"),
    ]
}
