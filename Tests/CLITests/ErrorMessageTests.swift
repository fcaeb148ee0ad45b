import Foundation
import Testing

/// Every usage, configuration or output error is one line on standard error that names the
/// bad word or path and says what to do, exit 2, and nothing written.
@Suite struct ErrorMessageTests {
    func expectError(_ arguments: [String], files: [String: String] = ["A.swift": "let a = 1\n"], says expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let root = try CLI.makeProject(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(arguments, in: root)
        #expect(run.status == 2, "\(arguments) exited \(run.status)", sourceLocation: sourceLocation)
        #expect(run.stderr == "iap-audit: error: \(expected)\n", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("iap-audit-report").path), sourceLocation: sourceLocation)
    }

    @Test func mistypedNamesGetTheCloseMatch() throws {
        try expectError(["--colour", "never"], says: "unknown option '--colour' (did you mean --color?); 'iap-audit --help' lists the options")
        try expectError(["--verbse"], says: "unknown option '--verbse' (did you mean --verbose?); 'iap-audit --help' lists the options")
        try expectError(["--color", "alway"], says: "unknown --color value 'alway' (did you mean always?); use auto, always or never")
        try expectError(["--fail-on", "warnings"], says: "unknown --fail-on level 'warnings' (did you mean warning?); use error, warning, note or never")
        try expectError(["--format", "md,htm"], says: "unknown format 'htm' (did you mean html?); formats: md, html, json, sarif, github, xcode, junit")
        try expectError(["help"], says: "no such file or folder: help; did you mean --help?")
        try expectError(["rule"], says: "no such file or folder: rule; did you mean the command 'rules' (iap-audit rules)?")
        try expectError(["--checklist"], says: "unknown option '--checklist' (did you mean --checklists?); 'iap-audit --help' lists the options")
        try expectError(["--completions"], says: "unknown option '--completions' (did you mean the command 'completions': iap-audit completions?); 'iap-audit --help' lists the options")
        try expectError(["completions", "bsh"], says: "unknown shell 'bsh' (did you mean bash?); shells: bash, zsh, fish")
        try expectError(["completions"], says: "'completions' takes one shell: bash, zsh, fish (for example: iap-audit completions bash)")
        try expectError(["--quiet", "--verbose"], says: "--quiet and --verbose contradict each other")
        try expectError(["--progress", "--no-progress"], says: "--progress and --no-progress contradict each other")
        try expectError(["--output"], says: "--output needs a value: --output DIR")
    }

    @Test func missingAndUnusablePathsSayWhatToDo() throws {
        try expectError(["App"], says: "no such file or folder: App; give the folder of the app to audit (default: the current folder)")
        try expectError(["--config", "missing.json"], says: "no such configuration file: missing.json; check the path, or run 'iap-audit init' to write one")
        try expectError(["--config", "Folder"], files: ["A.swift": "", "Folder/B.txt": ""], says: "Folder is a folder, not a configuration file; pass the .iap-audit.json file itself")
        try expectError(["--output", "blocker/reports"], files: ["A.swift": "", "blocker": "a file"], says: "cannot write the report to blocker/reports: blocker is a file, not a folder; choose another folder with --output DIR")
        try expectError(["--write-baseline", "blocker/baseline.json"], files: ["A.swift": "", "blocker": "a file"], says: "cannot write the baseline to blocker/baseline.json: blocker is a file, not a folder; choose another path for --write-baseline")
        try expectError(["--templates", "Branding"], says: "no such folder: Branding (--templates); give a folder that exists, or leave --templates out for the built-in ones")
    }

    /// Permissions do not stop root, so as root (CI containers) the binary runs as nobody.
    static var canDropPrivileges: Bool { getuid() != 0 || isInstalled("runuser") }

    func runUnprivileged(_ arguments: [String], in directory: URL) throws -> CLIRun {
        guard getuid() == 0 else { return try CLI.run(arguments, in: directory) }
        // The build folder may sit under a directory only root can enter (a fresh clone in a
        // mktemp folder): run a copy of the binary from a folder everyone can reach.
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("iap-audit-unprivileged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("iap-audit")
        try FileManager.default.copyItem(at: CLI.binary, to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        return try runProgram("runuser", ["-u", "nobody", "--", copy.path] + arguments, in: directory)
    }

    @Test(.enabled(if: canDropPrivileges, "root can read and write anything, and runuser is missing"))
    func unreadableConfigurationAndUnwritableOutputSayWhatToDo() throws {
        let root = try CLI.makeProject(["A.swift": "", ".iap-audit.json": "{}", "Locked/.keep": ""])
        defer {
            chmod(root.appendingPathComponent("Locked").path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        chmod(root.appendingPathComponent(".iap-audit.json").path, 0o000)
        chmod(root.appendingPathComponent("Locked").path, 0o555)
        let config = try runUnprivileged([], in: root)
        #expect(config.status == 2)
        #expect(config.stderr == "iap-audit: error: cannot read the configuration file .iap-audit.json: permission denied; make it readable (chmod +r .iap-audit.json) or pass --no-config\n")
        let output = try runUnprivileged(["--no-config", "--output", "Locked/reports"], in: root)
        #expect(output.status == 2)
        #expect(output.stderr == "iap-audit: error: cannot write the report to Locked/reports: no permission to create a folder in Locked; choose another folder with --output DIR\n")
    }
}
