import AuditCore

/// What the command line asked for: a command, what was given to it, and whether it was
/// `--help`.
struct Invocation: Sendable {
    var command: CommandSpec
    var values: ParsedValues
    var wantsHelp: Bool
}

/// The one parser every command uses: `--name value`, `--name=value`, `-o value`, `-j4`,
/// bundled flags (`-vq`), `--` before paths that start with a dash, and `COMMAND --help`.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let command = arguments.first.flatMap(CommandSpec.named) ?? CommandSpec.audit
        let words = expandShortOptions(command.name == nil ? arguments : Array(arguments.dropFirst()), options: command.allOptions)
        let beforeDashes = words.prefix { $0 != "--" }
        // `COMMAND --help` works for every command, whatever else is given with it.
        if beforeDashes.contains(where: { $0 == "--help" || $0 == "-h" }) {
            return Invocation(command: command, values: ParsedValues(), wantsHelp: true)
        }
        var values = ParsedValues()
        var index = 0
        while index < words.count {
            var word = words[index]
            index += 1
            if word == "--" {
                values.arguments += words[index...]
                break
            }
            if !word.hasPrefix("-") || word == "-" {
                values.arguments.append(word)
                continue
            }
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                inlineValue = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            guard let spec = command.allOptions.first(where: { $0.name == word || $0.short == word }) else {
                throw unknownOption(word, for: command)
            }
            var value: String?
            if spec.takesValue {
                if inlineValue == nil {
                    guard index < words.count, !words[index].hasPrefix("--") else {
                        throw UsageError(message: "\(spec.name) needs a value: \(spec.name) \(spec.valueName ?? "VALUE")")
                    }
                    index += 1
                }
                value = inlineValue ?? words[index - 1]
            } else if inlineValue != nil {
                throw UsageError(message: "\(spec.name) takes no value")
            }
            try spec.store(value, &values)
        }
        // `--version` answers whatever else is given, as `--help` does.
        if command.name == nil, values[AuditOption.version] { return Invocation(command: command, values: values, wantsHelp: false) }
        if !command.argumentCount.contains(values.arguments.count) {
            throw UsageError(message: command.argumentsMessage)
        }
        try command.check(values)
        return Invocation(command: command, values: values, wantsHelp: false)
    }

    private static func unknownOption(_ word: String, for command: CommandSpec) -> UsageError {
        let hint = UsageError.suggestion(for: word, among: command.allOptions.map(\.name))
        guard let name = command.name else {
            var hint = hint
            if hint.isEmpty, let other = Spelling.closest(to: String(word.drop { $0 == "-" }), among: CommandSpec.names) {
                hint = " (did you mean the command '\(other)': iap-audit \(other)?)"
            }
            return UsageError(message: "unknown option '\(word)'\(hint); 'iap-audit --help' lists the options")
        }
        return UsageError(message: "unknown option '\(word)' for '\(name)'\(hint); \(command.argumentsMessage)")
    }

    /// Short options as people type them: `-vq` (bundled flags), `-j4` (a value attached) and
    /// `-qj4` become `-v -q`, `-j 4` and `-q -j 4`; a word that is not made of short options is
    /// left as it is (the parser then says it is unknown).
    static func expandShortOptions(_ arguments: [String], options: [OptionSpec]) -> [String] {
        func named(_ letter: Character) -> OptionSpec? { options.first { $0.short == "-" + String(letter) } }
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            // After `--` every word is a path.
            if arguments[..<index].contains("--") { result.append(argument); continue }
            guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2 else { result.append(argument); continue }
            var expanded: [String] = []
            var rest = argument.dropFirst()
            while let letter = rest.first, let spec = named(letter) {
                rest = rest.dropFirst()
                expanded.append("-" + String(letter))
                // A value-taking option takes the rest of the word as its value.
                if spec.takesValue, !rest.isEmpty {
                    expanded.append(String(rest))
                    rest = ""
                }
            }
            result += rest.isEmpty ? expanded : [argument]
        }
        return result
    }
}
