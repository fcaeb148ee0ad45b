import Foundation
import Testing

private let paywall = """
    import StoreKit
    import SwiftUI
    struct PaywallView: View {
        let product: Product
        var body: some View {
            Text("Only $4.99 per month")
            Button("Subscribe") { Task { _ = try? await product.purchase() } }
        }
    }
    """

/// Findings of a JSON report written to standard output: "rule@file:line".
private func findings(_ run: CLIRun) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let list = try #require(object["findings"] as? [[String: Any]])
    return list.map { "\($0["ruleId"] ?? "")@\($0["file"] ?? ""):\($0["line"] ?? 0)" }
}

func git(_ arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=iap-audit test", "-c", "user.email=test@iap-audit.invalid", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"] + arguments
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
}

@Suite struct BaselineWorkflowTests {
    @Test func writeEditAboveAndRerunFindsNothingNew() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": paywall])
        defer { try? FileManager.default.removeItem(at: root) }
        let write = try CLI.run(["--write-baseline", "iap-audit-baseline.json"], in: root)
        // Recording today's findings is what the run was for: it exits 0 and says what it wrote.
        #expect(write.status == 0, "\(write.stdout)")
        #expect(write.stdout.contains("Baseline written: iap-audit-baseline.json records "))
        let baseline = try String(contentsOf: root.appendingPathComponent("iap-audit-baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"rule\": \"hardcoded_price\""))

        // An unrelated edit above the finding moves it down three lines and reindents it.
        let edited = paywall.replacingOccurrences(of: "import SwiftUI\n", with: "import SwiftUI\n// Paywall shown after onboarding.\n\n\n")
            .replacingOccurrences(of: "        Text(\"Only $4.99 per month\")", with: "            Text(\"Only $4.99 per month\")")
        try Data(edited.utf8).write(to: root.appendingPathComponent("App/PaywallView.swift"))
        let rerun = try CLI.run(["--baseline", "iap-audit-baseline.json", "--fail-on", "note", "--format", "json", "--output", "-"], in: root)
        #expect(rerun.status == 0, "nothing new: \(rerun.stdout.prefix(400))")
        #expect(try findings(rerun).isEmpty)
        // Everything written to the baseline is accepted (how many depends on the rules built).
        let accepted = baseline.components(separatedBy: "\"fingerprint\"").count - 1
        #expect(accepted > 0 && rerun.stdout.contains("\"accepted\": \(accepted),"))

        // A new finding still fails.
        try Data((edited + "\nlet banner = Text(\"Now $2.99\")\n").utf8).write(to: root.appendingPathComponent("App/PaywallView.swift"))
        let worse = try CLI.run(["--baseline", "iap-audit-baseline.json", "--fail-on", "warning", "--format", "json", "--output", "-"], in: root)
        #expect(worse.status == 1)
        let worseFindings = try findings(worse)
        #expect(worseFindings.filter { $0.hasPrefix("hardcoded_price") } == ["hardcoded_price@App/PaywallView.swift:13"], "\(worseFindings)")
    }

    @Test func theConfigurationCanNameTheBaseline() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": paywall, ".iap-audit.json": "{\"baseline\": \"debt.json\", \"failOn\": \"warning\"}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try CLI.run(["--quiet"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read the baseline debt.json"))
        #expect(try CLI.run(["--write-baseline", "debt.json", "--quiet"], in: root).status == 0)
        let accepted = try CLI.run([], in: root)
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains(" accepted by the baseline."))
        let html = try String(contentsOf: root.appendingPathComponent("iap-audit-report/report.html"), encoding: .utf8)
        #expect(html.contains("Accepted by the baseline"))
    }
}

extension BaselineWorkflowTests {
    @Test func aBaselineThatMatchesNothingOrHasGoneStaleSaysSo() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": paywall, "Other/Util.swift": "let a = 1\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try CLI.run(["App", "--write-baseline", "debt.json", "--quiet"], in: root).status == 0)
        // Written for App, used on Other: nothing matches, said on stderr and in the report.
        let elsewhere = try CLI.run(["Other", "--baseline", "debt.json", "--fail-on", "never"], in: root)
        #expect(elsewhere.stderr.contains("iap-audit: warning: no entry of the baseline debt.json matches a finding of this audit"))
        let markdown = try String(contentsOf: root.appendingPathComponent("iap-audit-report/report.md"), encoding: .utf8)
        #expect(markdown.contains("None of the "))
        // One finding fixed: its entry no longer occurs, and the summary says how to prune it.
        let fixed = paywall.replacingOccurrences(of: "Text(\"Only $4.99 per month\")", with: "Text(product.displayPrice)")
        #expect(fixed != paywall)
        try Data(fixed.utf8).write(to: root.appendingPathComponent("App/PaywallView.swift"))
        let stale = try CLI.run(["App", "--baseline", "debt.json", "--fail-on", "never"], in: root)
        #expect(stale.stderr.isEmpty, "\(stale.stderr)")
        #expect(stale.stdout.contains("no longer occur") && stale.stdout.contains("run --write-baseline debt.json to prune"), "\(stale.stdout)")
    }
}

@Suite struct ChangedLinesWorkflowTests {
    @Test func onlyFindingsOnLinesChangedSinceTheRevisionRemain() throws {
        let app = """
            import StoreKit
            import SwiftUI
            @main struct ShopApp: App {
                var body: some Scene { WindowGroup { PaywallView(product: nil) } }
            }
            """
        let root = try CLI.makeProject(["App/PaywallView.swift": paywall, "App/ShopApp.swift": app, "README.md": "# Shop\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try git(["init", "-q"], in: root)
        try git(["add", "."], in: root)
        try git(["commit", "-q", "-m", "first"], in: root)
        // Change one line with a price and add another; leave the original price line alone.
        let changed = paywall
            .replacingOccurrences(of: "Button(\"Subscribe\")", with: "Text(\"Or $49.99 a year\")\n        Button(\"Subscribe now\")")
        try Data(changed.utf8).write(to: root.appendingPathComponent("App/PaywallView.swift"))
        try git(["commit", "-q", "-am", "second"], in: root)

        let all = try CLI.run(["--format", "json", "--output", "-"], in: root)
        #expect(try findings(all).filter { $0.hasPrefix("hardcoded_price") } == ["hardcoded_price@App/PaywallView.swift:6", "hardcoded_price@App/PaywallView.swift:7"])
        let run = try CLI.run(["--changed-since", "HEAD~1", "--format", "json", "--output", "-"], in: root)
        let kept = try findings(run)
        #expect(kept.filter { $0.hasPrefix("hardcoded_price") } == ["hardcoded_price@App/PaywallView.swift:7"])
        // Project-level findings count because a Swift file changed.
        #expect(kept.contains("transaction_listener_missing@App/ShopApp.swift:3"))
        #expect(run.stdout.contains("\"changedSince\": \"HEAD~1\""))

        // A commit that touches no audited file leaves nothing, project-level findings included.
        try Data("# Shop\n\nNotes.\n".utf8).write(to: root.appendingPathComponent("README.md"))
        try git(["commit", "-q", "-am", "docs"], in: root)
        let docsOnly = try CLI.run(["--changed-since", "HEAD~1", "--fail-on", "note", "--format", "json", "--output", "-"], in: root)
        #expect(try findings(docsOnly).isEmpty)
        #expect(docsOnly.status == 0)

        // Untracked files are new in every line.
        try Data("let label = Text(\"Just $0.99\")\n".utf8).write(to: root.appendingPathComponent("App/Promo.swift"))
        let untracked = try CLI.run(["--changed-since", "HEAD", "--format", "json", "--output", "-"], in: root)
        #expect(try findings(untracked).contains("hardcoded_price@App/Promo.swift:1"))
    }

    @Test func revisionsAndRepositoriesAreChecked() throws {
        let root = try CLI.makeProject(["App/A.swift": "let a = 1\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = try CLI.run(["--changed-since", "HEAD~1"], in: root)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("needs a git repository"))
        try git(["init", "-q"], in: root)
        try git(["add", "."], in: root)
        try git(["commit", "-q", "-m", "only"], in: root)
        let unknown = try CLI.run(["--changed-since", "no-such-branch"], in: root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("does not know the revision 'no-such-branch'"))
        #expect(unknown.stderr.split(separator: "\n").count == 1)
    }
}

@Suite struct ConfigurationWorkflowTests {
    @Test func configurationChangesWhatIsAuditedAndHowItIsGraded() throws {
        let root = try CLI.makeProject([
            "App/PaywallView.swift": paywall,
            "App/Generated/Legacy.swift": "import StoreKit\nlet q = SKPaymentQueue.default()\n",
            "Vendor/Old.swift": "import StoreKit\nlet r = SKProductsRequest()\n",
            ".iap-audit.json": """
                {
                  "$comment": "test",
                  "exclude": ["**/Generated/**", "Vendor"],
                  "disabledRules": ["restore_purchases_missing"],
                  "severity": {"hardcoded_price": "error"}
                }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["App", "--format", "json", "--output", "-"], in: root)
        let list = try findings(run)
        #expect(!list.contains { $0.contains("Generated") || $0.contains("Vendor") || $0.hasPrefix("restore_purchases_missing") })
        #expect(run.stdout.contains("\"severity\": \"error\",\n      \"file\": \"PaywallView.swift\""))
        #expect(run.stdout.contains("Disabled in the configuration: restore_purchases_missing."))
        #expect(run.status == 1)
        let ignored = try CLI.run(["App", "--no-config", "--format", "json", "--output", "-"], in: root)
        #expect(try findings(ignored).contains { $0.hasPrefix("restore_purchases_missing") })
    }

    @Test func initWritesAStarterThatTheAuditAccepts() throws {
        let root = try CLI.makeProject(["App/A.swift": "let a = 1\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try CLI.run(["init"], in: root)
        #expect(first.status == 0)
        let text = try String(contentsOf: root.appendingPathComponent(".iap-audit.json"), encoding: .utf8)
        #expect(text.contains("\"$comment\""))
        let again = try CLI.run(["init"], in: root)
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists; pass --force"))
        #expect(try CLI.run(["init", "--force"], in: root).status == 0)
        #expect(try CLI.run(["--quiet", "--fail-on", "never"], in: root).status == 0)
    }
}

@Suite struct WorkflowExitCodeTests {
    func expectUsageError(_ arguments: [String], files: [String: String] = ["A.swift": "let a = 1\n"], mentions: String) throws {
        let root = try CLI.makeProject(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(arguments, in: root)
        #expect(run.status == 2, "\(arguments) exited \(run.status)")
        #expect(run.stderr.contains(mentions), "\(arguments): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("iap-audit-report").path))
    }

    @Test func newFailureModesExitTwoWithOneLine() throws {
        try expectUsageError([], files: ["A.swift": "let a = 1\n", ".iap-audit.json": "{\n  \"exclud\": []\n}"], mentions: ".iap-audit.json:2:3: unknown key \"exclud\" (did you mean \"exclude\"?)")
        try expectUsageError([], files: ["A.swift": "let a = 1\n", ".iap-audit.json": "{\"locales\": \"en\"}"], mentions: "\"locales\" should be an array of strings, found a string")
        try expectUsageError(["--config", "missing.json"], mentions: "no such configuration file: missing.json")
        try expectUsageError(["--baseline", "missing.json"], mentions: "cannot read the baseline missing.json")
        try expectUsageError(["--baseline", "bad.json"], files: ["A.swift": "", "bad.json": "{\"version\": 9, \"findings\": []}"], mentions: "baseline version 9 is not supported")
        try expectUsageError(["--format", "json,sarif", "--output", "-"], mentions: "--output - writes one format to standard output")
        try expectUsageError(["--format", "html", "--compact"], mentions: "--compact shapes the md report")
        try expectUsageError(["--config", "a.json", "--no-config"], mentions: "contradict")
        try expectUsageError(["--changed-since", "-x"], mentions: "--changed-since needs a git revision")
        try expectUsageError(["rules", "--markdwn"], mentions: "'rules' takes a rule id or --markdown")
        try expectUsageError(["--format", "sarf"], mentions: "did you mean sarif?")
    }

    @Test func standardOutputGetsTheFormatAndNothingElse() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": paywall])
        defer { try? FileManager.default.removeItem(at: root) }
        let sarif = try CLI.run(["--format", "sarif", "--output", "-"], in: root)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.hasPrefix("{\n  \"$schema\""))
        #expect(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) is [String: Any])
        let xcode = try CLI.run(["--format", "xcode", "-o", "-"], in: root)
        #expect(xcode.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix(root.standardizedFileURL.path + "/App/") || $0.hasPrefix(root.resolvingSymlinksInPath().path + "/App/") })
        #expect(xcode.stdout.contains(":6:14: warning: Hard-coded price \"$4.99\" in user-visible text. (hardcoded_price)"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("iap-audit-report").path))
    }

    @Test func everyFormatIsWrittenAndByteIdenticalAcrossRuns() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": paywall, "App/Other.swift": "import StoreKit\nlet q = SKPaymentQueue.default()\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let formats = "md,html,json,sarif,github,xcode,junit"
        try CLI.run(["--format", formats, "--output", "a", "--jobs", "1"], in: root)
        try CLI.run(["--format", formats, "--output", "b"], in: root)
        for name in ["report.md", "report.html", "report.json", "report.sarif", "report.github.txt", "report.xcode.txt", "report.junit.xml"] {
            let a = try Data(contentsOf: root.appendingPathComponent("a/\(name)"))
            let b = try Data(contentsOf: root.appendingPathComponent("b/\(name)"))
            #expect(!a.isEmpty && a == b, "\(name) differs between runs")
        }
    }

    @Test func compactMarkdownFitsAGitHubComment() throws {
        var lines = ["import SwiftUI", "struct Prices: View {", "    var body: some View {", "        VStack {"]
        for n in 0..<3000 { lines.append("            Text(\"Tier \(n): only $\(n).99 — ünïcödé padding to make each row long enough to matter\")") }
        lines += ["        }", "    }", "}"]
        let root = try CLI.makeProject(["App/Prices.swift": lines.joined(separator: "\n")])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--format", "md", "--compact", "--report-url", "https://ci.example.invalid/run/7", "--output", "-"], in: root)
        #expect(run.status == 0)
        #expect(run.stdout.utf16.count <= 65_536)
        #expect(run.stdout.utf16.count > 60_000)
        #expect(run.stdout.hasPrefix("<!-- iap-audit-report -->"))
        #expect(run.stdout.contains("more findings not shown here (comment size limit)"))
        #expect(run.stdout.contains("(https://ci.example.invalid/run/7)"))
    }

    /// The README's usage block is `--help` from USAGE: on, exactly.
    @Test func helpMatchesTheReadme() throws {
        let help = try CLI.run(["--help"], in: CLI.packageRoot).stdout
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let opening = "## Usage\n\n```\n"
        let start = try #require(readme.range(of: opening))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let block = String(readme[start.upperBound..<end.lowerBound])
        let expected = help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "USAGE:" }.joined(separator: "\n")
        #expect(block == expected.trimmingCharacters(in: .newlines), "README's usage block differs from --help; paste the help from USAGE: on")
    }
}
