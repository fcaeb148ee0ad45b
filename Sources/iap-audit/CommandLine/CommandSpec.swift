import AuditCore

/// A command as a value: its name, its usages and options (its help), its positional
/// arguments, and what it does. `CommandSpec.all` is the list the parser, `--help`, the manual
/// page and the completions read, so a command's flags cannot drift from its help.
struct CommandSpec: Sendable {
    /// nil for the audit, which needs no command word.
    var name: String?
    var usages: [(usage: String, help: String)]
    /// Its own options; every command also answers `-h, --help` (`allOptions`).
    var options: [OptionSpec] = []
    /// Its positional arguments: the name `--help` gives them, what completes them, and how
    /// many it takes.
    var argumentName: String?
    var argument: CompletionKind = .none
    var argumentCount: ClosedRange<Int> = 0...0
    /// Said when the number of arguments is wrong, or an unknown option is given.
    var argumentsMessage: String = ""
    /// Checks the options and arguments given together, after parsing.
    var check: @Sendable (ParsedValues) throws(UsageError) -> Void = { _ throws(UsageError) in }
    var run: @Sendable (ParsedValues, TerminalEnvironment) -> Int32

    var allOptions: [OptionSpec] { options + [OptionSpec.help] }

    /// The audit first: it is the command without a word.
    static let all: [CommandSpec] = [
        AuditCommand.spec, RulesCommand.spec, ChecklistsCommand.spec, InitCommand.spec, CompletionsCommand.spec, ManCommand.spec,
    ]

    static var audit: CommandSpec { all[0] }

    static var names: [String] { all.compactMap(\.name) }

    static func named(_ word: String) -> CommandSpec? { all.first { $0.name == word } }
}
