import AuditReport

/// `--help`, generated from the commands and their options, wrapped to 80 columns.
enum HelpText {
    static let width = 80
    /// The widest first column before the text moves to a line of its own.
    static let widestTerm = 30

    /// The audit's help: every command's usages, the audit's options, exit codes, environment.
    static func main() -> String {
        var lines = wrap("iap-audit \(ToolInfo.version): audit an app's in-app purchase implementation before App Review.", indent: 0)
        lines += ["", "USAGE:"]
        lines += table(CommandSpec.all.flatMap(\.usages).map { ($0.usage, $0.help) })
        lines += ["", "OPTIONS:"]
        lines += table(CommandSpec.audit.allOptions.map { ($0.synopsis, $0.help) })
        lines += ["", "FORMATS:"]
        lines += table(ReportRenderersHelp.rows)
        lines += ["", "EXIT CODES:"]
        lines += table(ToolInfo.exitCodes.map { (String($0.code), $0.meaning) })
        lines += ["", "ENVIRONMENT:"]
        lines += table(ToolInfo.environment.map { ($0.name, $0.meaning) })
        return lines.joined(separator: "\n")
    }

    /// A command's help: its usages and its options.
    static func command(_ command: CommandSpec) -> String {
        guard command.name != nil else { return main() }
        var lines = ["USAGE:"]
        lines += table(command.usages.map { ($0.usage, $0.help) })
        lines += ["", "OPTIONS:"]
        lines += table(command.allOptions.map { (($0.short.map { $0 + ", " } ?? "") + $0.name + ($0.valueName.map { " " + $0 } ?? ""), $0.help) })
        return lines.joined(separator: "\n")
    }

    /// Two columns, the second wrapped: a term too wide for the first column has its text on
    /// the lines below it.
    static func table(_ rows: [(term: String, text: String)]) -> [String] {
        let column = min(rows.map(\.term.count).filter { $0 <= widestTerm }.max() ?? widestTerm, widestTerm) + 4
        var lines: [String] = []
        for row in rows {
            let text = wrap(row.text, indent: column)
            if row.term.count + 4 <= column {
                let head = "  " + row.term + String(repeating: " ", count: column - 2 - row.term.count)
                lines.append(head + text[0].dropFirst(column))
                lines += text.dropFirst()
            } else {
                lines.append("  " + row.term)
                lines += text
            }
        }
        return lines
    }

    /// The words of `text` in lines of at most `width` columns, each indented by `indent`.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines
    }
}

/// The FORMATS section: each renderer's `--format` name, file and summary.
enum ReportRenderersHelp {
    static var rows: [(term: String, text: String)] {
        ReportRenderers.all.map { ($0.format, "\($0.fileName): \($0.summary)") }
    }
}
