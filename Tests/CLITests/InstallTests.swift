import Foundation
import Testing

@Suite struct InstallTests {
    /// `scripts/install --binary` puts an already built binary, the manual and the completions
    /// under a prefix; the release build it normally runs first is too slow for the suite.
    @Test func theInstallScriptLaysOutAPrefix() throws {
        let prefix = try CLI.makeProject([:])
        defer { try? FileManager.default.removeItem(at: prefix) }
        let run = try runProgram(CLI.packageRoot.appendingPathComponent("scripts/install").path, ["--prefix", prefix.path, "--binary", CLI.binary.path])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let installed = prefix.appendingPathComponent("bin/iap-audit")
        let version = try runProgram(installed.path, ["--version"])
        #expect(version.stdout.hasPrefix("iap-audit "))
        for path in ["share/man/man1/iap-audit.1", "share/bash-completion/completions/iap-audit", "share/zsh/site-functions/_iap-audit", "share/fish/vendor_completions.d/iap-audit.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path) is not installed")
        }
        // The templates and checklists are inside the binary: it audits from anywhere.
        let project = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: project) }
        let audit = try runProgram(installed.path, ["--quiet"], in: project)
        #expect(audit.status == 1)
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("iap-audit-report/report.html").path))
    }
}
