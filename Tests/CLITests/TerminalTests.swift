import Foundation
import Testing

/// The real binary in a pseudo-terminal: colour and symbols on a terminal only, progress on a
/// terminal only (and only for runs that take a while), exit codes unchanged by either.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "needs script(1) from util-linux: scripts/setup installs it"))
struct TerminalTests {
    static let flawed = [
        "App/PaywallView.swift": ExitCodeTests.flawedPaywall,
        "App/Legacy.swift": "import StoreKit\nlet queue = SKPaymentQueue.default()\n",
    ]

    @Test func colourAndSymbolsOnATerminalNoneWhenPiped() throws {
        let root = try CLI.makeProject(Self.flawed)
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = try PseudoTerminal.run([], in: root)
        #expect(terminal.status == 1)
        let shown = terminal.terminal.withUnixLineEnds
        #expect(shown.contains("\u{1B}[1;31m✗ Fails at --fail-on error\u{1B}[0m"), "\(shown)")
        #expect(shown.contains("\u{1B}[31m✗ failed\u{1B}[0m"))
        #expect(shown.contains("\u{1B}[33mwarning\u{1B}[0m: Hard-coded price"))
        #expect(shown.contains("\u{1B}[1mReport: \u{1B}[0miap-audit-report/report.md"))

        let piped = try CLI.run([], in: root)
        #expect(piped.status == 1)
        #expect(!piped.stdout.contains(.escape))
        #expect(!piped.stdout.contains("✗") && !piped.stdout.contains("✓"))
        #expect(piped.stdout.contains("\nFails at --fail-on error: "))
        #expect(piped.stdout.contains("App/PaywallView.swift:6: warning: Hard-coded price \"$4.99\" in user-visible text. [hardcoded_price]\n"))
        // The same findings and verdict once the colour is taken out of the terminal's copy.
        let plainLines = Set(piped.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") || $0.hasPrefix("Fails at") })
        let styledLines = Set(Self.withoutStyle(shown).split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") || $0.hasPrefix("Fails at") })
        #expect(plainLines.count > 3 && plainLines == styledLines)
        #expect(piped.stderr.isEmpty, "nothing on standard error when it is a pipe: \(piped.stderr)")
    }

    @Test func noColorAndColorNeverTurnColourOffAndColorAlwaysTurnsItOn() throws {
        let root = try CLI.makeProject(Self.flawed)
        defer { try? FileManager.default.removeItem(at: root) }
        let noColor = try PseudoTerminal.run([], in: root, environment: ["NO_COLOR": "1"])
        #expect(noColor.status == 1)
        #expect(!noColor.terminal.contains(.escape) && !noColor.terminal.contains("✗"))
        let emptyNoColor = try PseudoTerminal.run([], in: root, environment: ["NO_COLOR": ""])
        #expect(emptyNoColor.terminal.contains("\u{1B}[31m"), "an empty NO_COLOR does not count (no-color.org)")
        let never = try PseudoTerminal.run(["--color", "never"], in: root)
        #expect(!never.terminal.contains(.escape))
        let dumb = try PseudoTerminal.run([], in: root, environment: ["TERM": "dumb"])
        #expect(!dumb.terminal.contains(.escape))
        let always = try CLI.run(["--color=always"], in: root, environment: ["NO_COLOR": "1"])
        #expect(always.status == 1)
        #expect(always.stdout.contains("\u{1B}[1;31m✗ Fails at --fail-on error"))
    }

    @Test func progressIsDrawnOnTheTerminalAndErasedBeforeTheSummary() throws {
        let root = try CLI.makeProject(Self.flawed)
        defer { try? FileManager.default.removeItem(at: root) }
        // Standard output to a file: the terminal gets standard error alone.
        let run = try PseudoTerminal.run([], in: root, environment: ["IAP_AUDIT_PROGRESS_DELAY": "0"], redirect: ">summary.txt")
        #expect(run.status == 1)
        #expect(run.terminal.contains("\r\u{1B}[2Kiap-audit: reading and parsing files 0/2 (0%)"), "\(run.terminal.debugDescription)")
        #expect(run.terminal.contains("iap-audit: running rules"))
        #expect(run.terminal.contains("iap-audit: writing reports"))
        #expect(run.terminal.hasSuffix("\r\u{1B}[2K"), "the line is erased at the end: \(run.terminal.debugDescription)")
        let summary = try String(contentsOf: root.appendingPathComponent("summary.txt"), encoding: .utf8)
        #expect(summary.contains("Fails at --fail-on error") && !summary.contains("iap-audit: "))
    }

    @Test func aRunLongerThanASecondShowsProgressWithoutBeingAsked() throws {
        var files: [String: String] = [:]
        for n in 0..<1000 {
            files["App/View\(n).swift"] = "import SwiftUI\nstruct View\(n): View {\n    var body: some View {\n        Text(\"Only $\(n).99 a month\")\n    }\n}\n"
        }
        let root = try CLI.makeProject(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let started = Date()
        let run = try PseudoTerminal.run(["--format", "md"], in: root, redirect: ">/dev/null")
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0)
        // A release build on a fast machine may finish this quickly; the claim is only about
        // runs that do take longer than the delay.
        if seconds > 1.5 {
            #expect(run.terminal.contains("iap-audit: "), "a \(seconds)-second run showed no progress")
            #expect(run.terminal.hasSuffix("\r\u{1B}[2K"))
        }
    }

    @Test func progressStaysHiddenForQuickRunsInCIWhenQuietOrRefused() throws {
        let root = try CLI.makeProject(Self.flawed)
        defer { try? FileManager.default.removeItem(at: root) }
        let quick = try PseudoTerminal.run([], in: root, redirect: ">/dev/null")
        #expect(quick.status == 1)
        #expect(quick.terminal.isEmpty, "a quick run prints no progress: \(quick.terminal.debugDescription)")
        for (arguments, environment) in [([String](), ["CI": "true"]), (["--quiet"], [:]), (["--no-progress"], [:])] {
            let run = try PseudoTerminal.run(arguments, in: root, environment: environment.merging(["IAP_AUDIT_PROGRESS_DELAY": "0"]) { $1 }, redirect: ">/dev/null")
            #expect(run.status == 1)
            #expect(run.terminal.isEmpty, "\(arguments) \(environment): \(run.terminal.debugDescription)")
        }
        let ciAsked = try PseudoTerminal.run(["--progress"], in: root, environment: ["CI": "true"], redirect: ">/dev/null")
        #expect(ciAsked.terminal.contains("iap-audit: reading and parsing files"))
        let piped = try CLI.run([], in: root, environment: ["IAP_AUDIT_PROGRESS_DELAY": "0"])
        #expect(piped.stderr.isEmpty, "never on a pipe unless asked: \(piped.stderr.debugDescription)")
    }

    @Test func progressAskedForInALogIsPlainLines() throws {
        let root = try CLI.makeProject(Self.flawed)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["--progress"], in: root)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.contains("iap-audit: reading and parsing files 0/2 (0%)"), "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("iap-audit: running rules 0/") })
        #expect(!run.stderr.contains("\r") && !run.stderr.contains(.escape))
        #expect(run.stdout.contains("Fails at --fail-on error"))
    }

    @Test func exitCodesAreTheSameOnATerminal() throws {
        let flawed = try CLI.makeProject(Self.flawed)
        let clean = try CLI.makeProject(["Sources/Util.swift": "struct Util {}\n"])
        defer {
            try? FileManager.default.removeItem(at: flawed)
            try? FileManager.default.removeItem(at: clean)
        }
        #expect(try PseudoTerminal.run([], in: flawed).status == 1)
        #expect(try PseudoTerminal.run(["--fail-on", "never"], in: flawed).status == 0)
        let ready = try PseudoTerminal.run([], in: clean)
        #expect(ready.status == 0)
        #expect(ready.terminal.contains("\u{1B}[1;32m✓ Passes at --fail-on error"))
        let usage = try PseudoTerminal.run(["--formt", "md"], in: flawed)
        #expect(usage.status == 2)
        #expect(usage.terminal.withUnixLineEnds == "iap-audit: error: unknown option '--formt' (did you mean --format?); 'iap-audit --help' lists the options\n")
    }

    /// The terminal's text without SGR sequences and the verdict's symbol.
    static func withoutStyle(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "✗ Fails at", with: "Fails at")
    }
}
