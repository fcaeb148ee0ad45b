import AuditRules

/// `iap-audit completions SHELL`: the completion script for bash, zsh or fish.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions", usages: [("iap-audit completions SHELL", "print the completion script for bash, zsh or fish")],
        argumentName: "SHELL", argument: .choices(Shell.allCases.map(\.rawValue)), argumentCount: 1...1,
        argumentsMessage: "'completions' takes one shell: \(Shell.allCases.map(\.rawValue).joined(separator: ", ")) (for example: iap-audit completions bash)",
        check: { values throws(UsageError) in _ = try shell(values.arguments[0]) },
        run: { values, _ in
            guard let shell = try? shell(values.arguments[0]) else { return 2 }
            return CommandLineTool.writeStandardOutput(Completions(ruleIDs: RuleCatalogue.documented.map(\.identifier)).script(for: shell))
        })

    static func shell(_ word: String) throws(UsageError) -> Shell {
        guard let shell = Shell(rawValue: word) else {
            let names = Shell.allCases.map(\.rawValue)
            throw UsageError(message: "unknown shell '\(word)'\(UsageError.suggestion(for: word, among: names)); shells: \(names.joined(separator: ", "))")
        }
        return shell
    }
}
