import Foundation
import AuditRules
import Testing

/// A paywall whose only finding is a warning (a hard-coded price).
private let warningOnly = """
    import SwiftUI
    import StoreKit
    struct PaywallView: View {
        var body: some View {
            Text("Only $4.99 per month")
        }
    }
    """

private func jsonReport(_ url: URL) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
}

/// Issue 25: the verdict names the --fail-on level and agrees with the exit code and JSON.
@Suite struct VerdictTests {
    @Test func warningsOnlyPassAtTheDefaultLevelAndSaySo() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": warningOnly])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--format", "md,json", "--color", "never"], in: root)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("Passes at --fail-on error: 0 errors; 1 warning to review;"), "\(run.stdout)")
        #expect(!run.stdout.contains("Not ready for review"))
        let json = try jsonReport(root.appendingPathComponent("iap-audit-report/report.json"))
        #expect(json["failed"] as? Bool == false)
        let markdown = try String(contentsOf: root.appendingPathComponent("iap-audit-report/report.md"), encoding: .utf8)
        #expect(markdown.contains("> **Passes at --fail-on error:** 0 errors; 1 warning to review."))
    }

    @Test func theSameRunFailsAtWarningAndTheJSONSaysSo() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": warningOnly])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--format", "json", "--fail-on", "warning", "--color", "never"], in: root)
        #expect(run.status == 1)
        #expect(run.stdout.contains("Fails at --fail-on warning: 0 errors, 1 warning;"), "\(run.stdout)")
        #expect(try jsonReport(root.appendingPathComponent("iap-audit-report/report.json"))["failed"] as? Bool == true)
        let never = try CLI.run(["--format", "json", "--fail-on", "never", "--color", "never"], in: root)
        #expect(never.status == 0)
        #expect(never.stdout.contains("Passes at --fail-on never: 1 warning to review;"), "\(never.stdout)")
    }

    @Test func writingABaselinePassesInTheReportAsInTheExitCode() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--format", "json", "--write-baseline", "b.json", "--color", "never"], in: root)
        #expect(run.status == 0)
        #expect(run.stdout.contains("Passes while writing the baseline (judged at --fail-on error)"), "\(run.stdout)")
        #expect(try jsonReport(root.appendingPathComponent("iap-audit-report/report.json"))["failed"] as? Bool == false)
    }
}

/// Issue 25: the baseline works from any folder of the repository.
@Suite struct RepositoryBaselineTests {
    @Test func aBaselineWrittenForASubfolderWorksFromTheRepositoryRoot() throws {
        let root = try CLI.makeProject(["ios/App/PaywallView.swift": warningOnly, "README.md": "x\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try git(["init", "-q", "."], in: root)
        #expect(try CLI.run(["ios", "--write-baseline", "debt.json", "--quiet"], in: root).status == 0)
        let baseline = try String(contentsOf: root.appendingPathComponent("debt.json"), encoding: .utf8)
        #expect(baseline.contains("\"version\": 2") && baseline.contains("\"file\": \"ios/App/PaywallView.swift\""), "\(baseline)")
        for folder in [".", "ios", "ios/App"] {
            let run = try CLI.run([folder, "--baseline", "debt.json", "--fail-on", "warning", "--output", "out"], in: root)
            #expect(run.status == 0, "\(folder): \(run.stdout) \(run.stderr)")
            #expect(run.stdout.contains("1 accepted by the baseline"), "\(folder): \(run.stdout)")
            #expect(run.stderr.isEmpty, "\(folder): \(run.stderr)")
        }
    }

    @Test func withoutGitTheConfigurationFolderIsTheRoot() throws {
        let root = try CLI.makeProject(["ios/App/PaywallView.swift": warningOnly, ".iap-audit.json": "{\"baseline\": \"debt.json\"}"])
        defer { try? FileManager.default.removeItem(at: root) }
        // Only meaningful outside a work tree (the temporary folder is not in one).
        guard !FileManager.default.fileExists(atPath: root.deletingLastPathComponent().appendingPathComponent(".git").path) else { return }
        #expect(try CLI.run(["ios", "--write-baseline", "debt.json", "--quiet"], in: root).status == 0)
        let run = try CLI.run([".", "--fail-on", "warning", "--output", "out"], in: root)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("1 accepted by the baseline"))
    }

    /// A version 1 baseline (paths from the folder audited) keeps working where it was written.
    @Test func anOldBaselineStillWorksFromItsFolder() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": warningOnly])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try CLI.run(["--write-baseline", "new.json", "--quiet"], in: root).status == 0)
        // Outside a repository and without a configuration, the repository root is the folder
        // audited: the same fingerprints as version 1 wrote.
        let old = try String(contentsOf: root.appendingPathComponent("new.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"version\": 2", with: "\"version\": 1")
        try Data(old.utf8).write(to: root.appendingPathComponent("old.json"))
        let run = try CLI.run(["--baseline", "old.json", "--fail-on", "warning"], in: root)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("written by an earlier iap-audit"), "\(run.stdout)")
    }
}

/// Issue 25: messages that say what happened.
@Suite struct MessageTests {
    @Test(arguments: [
        (["--report-url", "https://ci.example.invalid/1"], "--report-url is the link in the compact md report; add --compact"),
        (["--date", "2026-02-30"], "--date takes a date as YYYY-MM-DD (for example 2026-11-30) or 'today', not '2026-02-30'"),
        (["--date", "yesterday"], "--date takes a date as YYYY-MM-DD"),
        (["rules", "--markdwn"], "unknown option '--markdwn' for 'rules' (did you mean --markdown?); 'rules' takes a rule id or --markdown"),
        (["init", "a", "b"], "'init' takes at most one folder, and --force"),
        (["init", "--forse"], "unknown option '--forse' for 'init' (did you mean --force?); 'init' takes at most one folder, and --force"),
    ])
    func usageMistakesAreErrors(arguments: [String], message: String) throws {
        let run = try CLI.run(arguments, in: CLI.packageRoot)
        #expect(run.status == 2)
        #expect(run.stderr.contains("iap-audit: error: " + message), "\(run.stderr)")
    }

    @Test func anUnknownLocaleCodeIsAWarning() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": warningOnly])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--locales", "en,english,pt-BR", "--quiet"], in: root)
        #expect(run.status == 0)
        #expect(run.stderr == "iap-audit: warning: unknown locale code 'english' in --locales; use a language code such as en, de or pt-BR\n", "\(run.stderr)")
    }

    @Test func aTemplateWithoutBodyIsAnError() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": warningOnly, "brand/report.md": "# Our audit\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["App", "--templates", "brand"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("has no {{body}}: the report would be empty"), "\(run.stderr)")
    }
}

/// Issue 25: one parser, help at 80 columns, commands from one table.
@Suite struct CommandTableTests {
    @Test(arguments: [[], ["rules"], ["checklists"], ["init"], ["completions"], ["man"]])
    func helpFitsEightyColumns(command: [String]) throws {
        let run = try CLI.run(command + ["--help"], in: CLI.packageRoot)
        #expect(run.status == 0)
        for line in run.stdout.split(separator: "\n") {
            #expect(line.count <= 80, "\(command): \(line)")
        }
    }

    @Test func optionsTakeValuesInEveryShape() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": warningOnly])
        defer { try? FileManager.default.removeItem(at: root) }
        for arguments in [["-j4"], ["--jobs=4"], ["-j", "4"], ["--jobs", "4"], ["-qj2"], ["--output=-", "--format=json"], ["-o", "out", "--fail-on=warning,withheld"]] {
            let run = try CLI.run(arguments + ["--quiet", "--fail-on", "never"], in: root)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        #expect(try CLI.run(["rules", "hardcoded_price", "--markdown"], in: root).status == 2)
        #expect(try CLI.run(["--version", "--no-such-option-after"], in: root).status == 2)
    }

    @Test func theFormatsAreTheRendererList() throws {
        let help = try CLI.run(["--help"], in: CLI.packageRoot).stdout
        for (format, file) in [("md", "report.md"), ("html", "report.html"), ("json", "report.json"), ("sarif", "report.sarif"),
                               ("github", "report.github.txt"), ("xcode", "report.xcode.txt"), ("junit", "report.junit.xml")] {
            #expect(help.contains("\n  \(format) ") && help.contains(" \(file): "), "\(format)")
        }
    }

    /// The command line's functions stay short: none over 80 lines.
    @Test func noFunctionOfTheCommandLineIsOverEightyLines() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Sources/iap-audit")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.contains("CommandLineTool.swift"))
        for file in files {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index < lines.count {
                let line = lines[index]
                let indent = line.prefix { $0 == " " }.count
                guard line.dropFirst(indent).range(of: #"^((private|static|public|fileprivate|mutating|@[A-Za-z]+) )*func "#, options: .regularExpression) != nil,
                      line.hasSuffix("{") else { index += 1; continue }
                var end = index + 1
                while end < lines.count, !(lines[end].prefix { $0 == " " }.count == indent && lines[end].dropFirst(indent).hasPrefix("}")) { end += 1 }
                #expect(end - index + 1 <= 80, "\(file):\(index + 1): a function of \(end - index + 1) lines")
                index += 1
            }
        }
    }
}

/// The README's rule list and checklist count say what the code does.
@Suite struct ReadmeFactsTests {
    @Test func everyRuleIsListedWithItsSeverityAndTheCountsAdd() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "The rules, by what they read"))
        let end = try #require(readme.range(of: "Rules follow the code", range: start.upperBound..<readme.endIndex))
        let section = String(readme[start.upperBound..<end.lowerBound])
        let listed = try Regex(#"`([a-z_]+)`\s+\((error|warning|note)\)"#)
        var severities: [String: String] = [:]
        for match in section.matches(of: listed) {
            severities[String(match.output[1].substring ?? "")] = String(match.output[2].substring ?? "")
        }
        let rules = RuleCatalogue.documented
        #expect(Set(severities.keys) == Set(rules.map(\.identifier)), "README's rule list differs from the rules built")
        for rule in rules {
            #expect(severities[rule.identifier] == rule.severity.rawValue, "\(rule.identifier): README says \(severities[rule.identifier] ?? "nothing")")
        }
        // "**Swift code** (30): …." counts the ids of its item.
        for item in section.components(separatedBy: "\n- ").dropFirst() {
            guard let count = item.firstMatch(of: try Regex(#"^\*\*[^*]+\*\* \((\d+)"#))?.output[1].substring.flatMap({ Int($0) }) else { continue }
            let body = item.components(separatedBy: "): ").dropFirst().joined(separator: "): ")
            #expect(body.matches(of: listed).count == count, "\(item.prefix(40))")
        }
        let checklists = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Checklists").path).filter { $0.hasSuffix(".md") }
        let words = ["Two": 2, "Three": 3, "Four": 4, "Five": 5]
        let said = words.first { readme.contains("\($0.key) checklists are built in") }?.value
        #expect(said == checklists.count, "README names \(said ?? 0) built-in checklists; Checklists/ holds \(checklists.count)")
    }
}
