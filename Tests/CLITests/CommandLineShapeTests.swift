import Foundation
import Testing

/// The command line in the shape users know: every command answers `--help`, short options
/// bundle (`-vq`) and take attached values (`-j4`), and a suggestion reads as one clause.
@Suite struct CommandLineShapeTests {
    @Test(arguments: ["rules", "checklists", "init", "completions", "man"])
    func everyCommandAnswersHelp(command: String) throws {
        for flag in ["--help", "-h"] {
            let run = try CLI.run([command, flag], in: CLI.packageRoot)
            #expect(run.status == 0, "\(command) \(flag): \(run.stderr)")
            #expect(run.stdout.hasPrefix("USAGE:\n  iap-audit \(command)"), "\(run.stdout)")
            #expect(run.stdout.contains("-h, --help"))
            #expect(run.stderr.isEmpty)
        }
    }

    @Test func shortOptionsBundleAndTakeAttachedValues() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: root) }
        // -vq is -v -q: the two contradict each other, which only a parsed bundle can say.
        let bundle = try CLI.run(["-vq"], in: root)
        #expect(bundle.status == 2)
        #expect(bundle.stderr.contains("--quiet and --verbose contradict each other"))
        for jobs in [["-j1"], ["--jobs=1"], ["-j", "1"]] {
            let run = try CLI.run(jobs + ["-q", "--fail-on", "never"], in: root)
            #expect(run.status == 0, "\(jobs): \(run.stderr)")
        }
        let bad = try CLI.run(["-jx"], in: root)
        #expect(bad.status == 2)
    }

    @Test func aSuggestionIsOneClause() throws {
        let run = try CLI.run(["--formt", "md"], in: CLI.packageRoot)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown option '--formt' (did you mean --format?); "))
        #expect(!run.stderr.contains("?;"))
    }

    @Test func anUnwritableOutputFolderIsSaidBeforeTheAudit() throws {
        // An empty folder would exit 2 with "nothing to audit" after the audit; the output
        // folder's problem comes first, so the audit never ran.
        let root = try CLI.makeProject(["blocker": "a file, not a folder"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run([".", "--output", "blocker/reports"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr == "iap-audit: error: cannot write the report to blocker/reports: blocker is a file, not a folder; choose another folder with --output DIR\n")
    }

    @Test func changedSinceSaysWhatGitSaid() throws {
        let root = try CLI.makeProject(["App/A.swift": "import StoreKit\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        // No git on the PATH.
        let missing = try CLI.run([".", "--changed-since", "HEAD", "--quiet"], in: root, environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--changed-since needs git, which was not found"), "\(missing.stderr)")
        // A repository git refuses to read (owned by another user, as in a CI container).
        for arguments in [["init", "-q", "."], ["add", "."], ["-c", "user.email=a@example.com", "-c", "user.name=CI", "commit", "-qm", "first"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git"] + arguments
            git.currentDirectoryURL = root
            try git.run()
            git.waitUntilExit()
        }
        guard getuid() == 0, chown(root.path, 65534, 65534) == 0 else { return }
        let refused = try CLI.run([".", "--changed-since", "HEAD", "--quiet"], in: root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("git refused to read") && refused.stderr.contains("dubious ownership"), "\(refused.stderr)")
    }
}
