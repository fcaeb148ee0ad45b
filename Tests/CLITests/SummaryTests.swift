import AuditCore
import AuditReport
import Foundation
import Testing

/// The summary printed at the end of an audit, as a pipe or a CI log gets it.
@Suite struct SummaryTests {
    /// Checked against the JSON report of the same run, so that new rules do not break it.
    @Test func theFlawedExampleSummaryHasEveryPart() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try CLI.run(["Examples/FlawedApp", "--format", "md,json", "--output", output.path], in: CLI.packageRoot)
        #expect(run.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("report.json"))) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        let checklists = try #require(json["checklists"] as? [[String: Any]])
        let allFindings = try #require(json["findings"] as? [[String: Any]])
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        // The checklists: a heading with the counts, then one line per item with its status.
        let labels = ["passed": "passed", "failed": "failed", "manual": "manual", "not_applicable": "n/a"]
        var expectedItems: [String] = []
        for checklist in checklists {
            let title = try #require(checklist["title"] as? String)
            #expect(lines.contains { $0.hasPrefix(title + " (") }, "no heading for \(title)")
            for item in try #require(checklist["items"] as? [[String: Any]]) {
                let label = try #require(labels[item["status"] as? String ?? ""])
                expectedItems.append("  " + label + String(repeating: " ", count: 8 - label.count) + (item["text"] as? String ?? ""))
            }
        }
        let items = lines.filter { $0.hasPrefix("  ") }
        #expect(items.count == expectedItems.count)
        for (item, expected) in zip(items, expectedItems) {
            #expect(item.hasPrefix(expected), "\(item) should start with \(expected)")
        }
        #expect(items.contains("  failed  Restore purchases button visible on paywall and store views (1 error, 1 warning)"))

        // The top findings: errors first, at most ten, each path:line: severity: message [rule].
        let rank = ["error": 0, "warning": 1, "note": 2]
        let ordered = allFindings.enumerated().sorted { a, b in
            let (ra, rb) = (rank[a.element["severity"] as? String ?? ""] ?? 3, rank[b.element["severity"] as? String ?? ""] ?? 3)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        let expectedFindings = ordered.prefix(10).map { finding in
            "Examples/FlawedApp/\(finding["file"] ?? ""):\(finding["line"] ?? ""): \(finding["severity"] ?? ""): \(finding["message"] ?? "") [\(finding["ruleId"] ?? "")]"
        }
        let findings = lines.filter { $0.hasPrefix("Examples/FlawedApp/") }
        #expect(findings == expectedFindings)
        #expect(lines.contains("Top findings (10 of \(allFindings.count); the reports list them all):"))
        #expect(lines.contains("Examples/FlawedApp/RecipeBox/RecipeBoxApp.swift:4: error: No code listens to Transaction.updates: renewals, refunds, Ask to Buy approvals and purchases from other devices are never delivered. [transaction_listener_missing]"))

        // The verdict with the counts by severity, then the written reports.
        let counts = try #require(summary["checklistItems"] as? [String: Any])
        #expect(lines.contains("Fails at --fail-on error: \(summary["errors"] ?? 0) errors; \(summary["warnings"] ?? 0) warnings, \(summary["notes"] ?? 0) notes to review; checklist \(counts["passed"] ?? 0) passed, \(counts["failed"] ?? 0) failed of \(counts["total"] ?? 0)."))
        #expect(Array(lines.suffix(3)) == ["Report: \(output.path)/report.md", "Report: \(output.path)/report.json", ""])
        #expect(!run.stdout.contains("evidence:") && !run.stdout.contains("Timings:"))
    }

    @Test func verboseAddsInputsEvidenceEveryFindingAndTimings() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try CLI.run(["Examples/FlawedApp", "--verbose", "--output", output.path], in: CLI.packageRoot)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("Audited FlawedApp: "))
        #expect(run.stdout.contains(" Swift files, 1 StoreKit configuration"))
        #expect(run.stdout.contains("          evidence: Examples/FlawedApp/RecipeBox/RecipeBox.storekit:1: StoreKit configuration"))
        #expect(run.stdout.contains("          note: The app sells no consumables"))
        let listed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Examples/FlawedApp/") }.count
        #expect(listed > 10)
        #expect(run.stdout.contains("\nFindings (\(listed)):\n"))
        let lines = run.stdout.split(separator: "\n")
        for stage in ["reading the configuration", "finding files", "reading and parsing files", "running rules", "collecting findings", "applying filters", "rendering reports", "writing reports", "total"] {
            #expect(lines.contains { $0.hasPrefix("  \(stage)  ") && $0.hasSuffix(" ms") }, "no timing for \(stage)")
        }
    }

    @Test func quietPrintsNothingAndAMachineFormatOnStandardOutputIsAlone() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: root) }
        let quiet = try CLI.run(["--quiet", "--write-baseline", "baseline.json"], in: root)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let json = try CLI.run(["--format", "json", "--output", "-", "--verbose", "--color", "always"], in: root)
        #expect(json.status == 1)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
        #expect(json.stderr.isEmpty)
    }

    /// Nothing from the audited repository reaches the terminal of whoever runs the audit as
    /// a control sequence: an escape in a file name (or a message) is shown as `\u{1B}`.
    @Test func controlCharactersFromTheAuditedFilesAreShownNotSent() throws {
        let hostileName = "App/Pay\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}wall.swift"
        let root = try CLI.makeProject([hostileName: ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: root) }
        for color in ["never", "always"] {
            let run = try CLI.run(["--color", color], in: root)
            #expect(run.status == 1)
            #expect(run.stdout.contains(#"App/Pay\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}wall.swift:6"#), "\(run.stdout)")
            #expect(!run.stdout.contains("\u{07}") && !run.stdout.contains("\u{202E}"))
            #expect(!run.stdout.contains("\u{1B}]") && !run.stdout.contains("\u{1B}[2J"))
        }
    }

    @Test func theRendererMakesEveryControlCharacterVisible() {
        #expect(TerminalRenderer.visible("a\u{1B}[31mb\u{0}c\u{7F}d\u{9B}e") == #"a\u{1B}[31mb\u{0}c\u{7F}d\u{9B}e"#)
        #expect(TerminalRenderer.visible("line\nnext\ttab") == "line next tab")
        #expect(TerminalRenderer.visible("\u{2066}x\u{2069} £4,99 ✓") == #"\u{2066}x\u{2069} £4,99 ✓"#)
        // Each escaped scalar alone, beside text that needs nothing (which comes back as it is).
        for scalar in [0x0, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9F, 0x202A, 0x202C, 0x202E, 0x2066, 0x2069] {
            let text = "a’b " + String(UnicodeScalar(scalar)!) + " £"
            #expect(TerminalRenderer.visible(text) == "a’b \\u{\(String(scalar, radix: 16, uppercase: true))} £")
        }
        for kept in ["Restore Purchases’ button – £4,99 · ✓", "\u{A0}\u{A9}\u{2029}\u{202F}\u{2065}\u{206A}", "Prix : 4,99 €"] {
            #expect(TerminalRenderer.visible(kept) == kept)
        }
    }
}
