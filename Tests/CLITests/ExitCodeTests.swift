import Foundation
import Testing

@Suite struct ExitCodeTests {
    static let flawedPaywall = """
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

    @Test func helpAndVersionExitZero() throws {
        let help = try CLI.run(["--help"], in: CLI.packageRoot)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--fail-on LEVEL"))
        let version = try CLI.run(["--version"], in: CLI.packageRoot)
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("iap-audit "))
    }

    @Test func findingsAtTheFailLevelExitOneAndBelowItZero() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": Self.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: root) }
        let failing = try CLI.run(["--quiet"], in: root)
        #expect(failing.status == 1)
        #expect(failing.stdout.isEmpty)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("iap-audit-report/report.md").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("iap-audit-report/report.html").path))
        let never = try CLI.run(["--fail-on", "never", "--quiet"], in: root)
        #expect(never.status == 0)
    }

    /// `--fail-on …,withheld` fails a run whose findings pass when a purchase path's launch
    /// approval is withheld; declaring the capabilities in the configuration lifts it.
    @Test func withheldPurchasePathsFailOnlyWhenAskedTo() throws {
        let store = """
            import StoreKit
            @MainActor final class Store {
                init() { Task { for await update in Transaction.updates { if case .verified(let t) = update { await t.finish() } } } }
                func buy(_ product: Product) async throws {
                    if case .success(.verified(let transaction)) = try await product.purchase() { await transaction.finish() }
                }
            }
            """
        let root = try CLI.makeProject(["App/Store.swift": store])
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try CLI.run(["--fail-on", "never", "--format", "json"], in: root)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("Purchase paths:"))
        #expect(plain.stdout.contains("launch approval withheld for"))
        let gated = try CLI.run(["--fail-on", "never,withheld", "--format", "json"], in: root)
        #expect(gated.status == 1)
        #expect(gated.stdout.contains("Fails at --fail-on never,withheld: "), "\(gated.stdout)")
        let report = try String(contentsOf: root.appendingPathComponent("iap-audit-report/report.json"), encoding: .utf8)
        #expect(report.contains("\"failOnWithheld\" : true") || report.contains("\"failOnWithheld\": true"))
        let bad = try CLI.run(["--fail-on", "withheld,sometimes"], in: root)
        #expect(bad.status == 2)
        // Every capability declared: nothing is withheld, the gate passes.
        try """
            { "failOn": "never,withheld",
              "capabilities": { "appStoreConnectProducts": true, "sandboxTesters": true,
                                "notificationsEndpoint": "https://api.example.com/asn", "serverJWSValidation": true } }
            """.write(to: root.appendingPathComponent(".iap-audit.json"), atomically: true, encoding: .utf8)
        let declared = try CLI.run([], in: root)
        #expect(declared.status == 0, "\(declared.stdout)\(declared.stderr)")
        #expect(!declared.stdout.contains("launch approval withheld"))
    }

    @Test func cleanProjectExitsZeroAndSaysReady() throws {
        let root = try CLI.makeProject(["Sources/Util.swift": "struct Util { func add(_ a: Int, _ b: Int) -> Int { a + b } }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--fail-on", "note"], in: root)
        #expect(run.status == 0)
        #expect(run.stdout.contains("Passes at --fail-on note: 0 errors, 0 warnings, 0 notes;"), "\(run.stdout)")
    }

    @Test func usageErrorsExitTwoWithOneLineAndASuggestion() throws {
        let unknown = try CLI.run(["--formt", "md"], in: CLI.packageRoot)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean --format?"))
        #expect(unknown.stderr.split(separator: "\n").count == 1)
        let badFormat = try CLI.run(["--format", "pdf", "."], in: CLI.packageRoot)
        #expect(badFormat.status == 2)
        let missing = try CLI.run(["/no/such/folder/anywhere"], in: CLI.packageRoot)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or folder"))
    }

    @Test func unwritableOutputExitsTwoAndLeavesNoPartialReport() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": Self.flawedPaywall, "blocker": "a file, not a folder"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--output", "blocker/reports"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write the report"))
    }

    @Test func reportsAreByteIdenticalAcrossRuns() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": Self.flawedPaywall, "App/Other.swift": "import StoreKit\nlet q = SKPaymentQueue.default()\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try CLI.run(["--output", "a", "--jobs", "1"], in: root)
        try CLI.run(["--output", "b"], in: root)
        for name in ["report.md", "report.html"] {
            let a = try Data(contentsOf: root.appendingPathComponent("a/\(name)"))
            let b = try Data(contentsOf: root.appendingPathComponent("b/\(name)"))
            #expect(a == b, "\(name) differs between runs")
        }
    }
}

@Suite struct OverrideTests {
    @Test func templatesAndChecklistsCanBeOverriddenFromTheCommandLine() throws {
        let root = try CLI.makeProject([
            "App/Store.swift": "import StoreKit\nlet q = SKPaymentQueue.default()\n",
            "brand/report.html": "<html><body class=\"acme\"><h1>ACME audit</h1>{{body}}</body></html>",
            "lists/mine.md": "# Our list\n\n- [ ] No legacy API <!-- rules: legacy_storekit_api -->\n- [ ] Legal signed off <!-- manual: ask legal -->\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["App", "--templates", "brand", "--checklists", "lists", "--output", "out", "--fail-on", "never"], in: root)
        #expect(run.status == 0)
        let html = try String(contentsOf: root.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("<h1>ACME audit</h1>"))
        let markdown = try String(contentsOf: root.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("## Our list"))
        #expect(markdown.contains("- [ ] No legacy API — **failed**"))
        #expect(markdown.contains("Legal signed off — **manual check**"))
        #expect(!markdown.contains("## StoreKit 2 review checklist"))
    }

    @Test func aChecklistNamingAnUnknownRuleIsAnError() throws {
        let root = try CLI.makeProject(["lists/bad.md": "- [ ] x <!-- rules: legacy_storekit_apii -->\n", "A.swift": "let a = 1\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run([".", "--checklists", "lists"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown rule id 'legacy_storekit_apii'"))
    }
}

@Suite struct ReportDateTests {
    @Test func theDateIsShownOnlyWhenAskedFor() throws {
        let root = try CLI.makeProject(["A.swift": "import StoreKit\nlet q = SKPaymentQueue.default()\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try CLI.run([".", "--output", "plain", "--quiet", "--fail-on", "never"], in: root)
        try CLI.run([".", "--output", "dated", "--quiet", "--fail-on", "never", "--date", "2026-11-30"], in: root)
        let plain = try String(contentsOf: root.appendingPathComponent("plain/report.html"), encoding: .utf8)
        let dated = try String(contentsOf: root.appendingPathComponent("dated/report.html"), encoding: .utf8)
        #expect(!plain.contains("Date:"))
        #expect(dated.contains("Date: <strong>2026-11-30</strong>"))
    }
}
