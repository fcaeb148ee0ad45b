import Foundation
import Testing

/// Runs a program found on PATH (or at an absolute path) and collects what it prints.
func runProgram(_ program: String, _ arguments: [String], in directory: URL? = nil, input: String? = nil, environment: [String: String]? = nil) throws -> CLIRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    if let directory { process.currentDirectoryURL = directory }
    // The whole environment when given (to leave a variable out), else this process's.
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inputPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    try process.run()
    if let input {
        inputPipe.fileHandleForWriting.write(Data(input.utf8))
        try inputPipe.fileHandleForWriting.close()
    }
    // Standard error is read on the side so that neither pipe can fill up and block.
    let errorData = LockedData()
    let reader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errorData.value, as: UTF8.self))
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}

func isInstalled(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
}

/// Completions, the manual, `--version` and the install script: what a package or a CI image
/// gets from the same option table as `--help`.
@Suite struct DistributionTests {
    /// Every option `--help` lists.
    static func helpOptions() throws -> [String] {
        let help = try CLI.run(["--help"], in: CLI.packageRoot).stdout
        // An option's line starts with its names; the lines below it, indented further, wrap its help.
        return help.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
            .filter { $0.prefix { $0 == " " }.count <= 6 }.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init)
            }
    }

    @Test func everyCompletionScriptKnowsEveryOption() throws {
        let options = try Self.helpOptions()
        #expect(options.count >= 20)
        for shell in ["bash", "zsh", "fish"] {
            let run = try CLI.run(["completions", shell], in: CLI.packageRoot)
            #expect(run.status == 0)
            for option in options {
                let name = shell == "fish" ? "-l \(option.dropFirst(2))" : option
                #expect(run.stdout.contains(name), "\(shell) completion lacks \(option)")
            }
            #expect(run.stdout.contains("transaction_listener_missing"), "\(shell): rule ids for 'iap-audit rules'")
        }
    }

    /// Asks bash's completion function what it offers after `words`.
    func bashCompletions(_ words: [String]) throws -> [String] {
        let script = try CLI.run(["completions", "bash"], in: CLI.packageRoot).stdout
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = script + "\nCOMP_WORDS=(iap-audit \(quoted)); COMP_CWORD=\(words.count); _iap_audit 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
        let run = try runProgram("bash", ["--norc", "--noprofile", "-s"], in: CLI.packageRoot, input: program)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesOptionsValuesCommandsAndRuleIDs() throws {
        #expect(try bashCompletions(["--form"]) == ["--format"])
        #expect(try bashCompletions(["--fail-on", "w"]) == ["warning"])
        #expect(try bashCompletions(["--color", ""]) == ["auto", "always", "never"])
        #expect(try bashCompletions(["--format", "md,ht"]) == ["md,html"])
        #expect(try bashCompletions(["compl"]) == ["completions"])
        #expect(try bashCompletions(["completions", "z"]) == ["zsh"])
        #expect(try bashCompletions(["rules", "transaction_listener_m"]) == ["transaction_listener_missing"])
        #expect(try bashCompletions(["rules", "--m"]) == ["--markdown"])
        #expect(try bashCompletions(["--checklists", "Checkl"]) == ["Checklists"])
        #expect(try bashCompletions(["-"]).contains("--verbose"))
    }

    @Test(.enabled(if: isInstalled("zsh"), "zsh is not installed (scripts/setup installs it)"))
    func zshCompletionParses() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("_iap-audit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try CLI.run(["completions", "zsh"], in: CLI.packageRoot).stdout.utf8).write(to: file)
        let check = try runProgram("zsh", ["-n", file.path])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
        // Loaded into a shell with the completion system, it registers itself for iap-audit.
        let load = try runProgram("zsh", ["-f", "-c", "autoload -U compinit && compinit -u -D && source \(file.path) && print -r -- ${_comps[iap-audit]}"])
        #expect(load.stdout == "_iap_audit\n", "\(load.stdout) \(load.stderr)")
    }

    @Test(.enabled(if: isInstalled("fish"), "fish is not installed (scripts/setup installs it)"))
    func fishCompletesOptionsValuesAndCommands() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-\(UUID().uuidString).fish")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try CLI.run(["completions", "fish"], in: CLI.packageRoot).stdout.utf8).write(to: file)
        let check = try runProgram("fish", ["--no-execute", file.path])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
        func complete(_ line: String) throws -> [String] {
            let run = try runProgram("fish", ["--no-config", "-c", "source \(file.path); complete -C '\(line)'"], in: CLI.packageRoot)
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("iap-audit --fail-on ").sorted() == ["error", "never", "note", "warning"])
        #expect(try complete("iap-audit --form") == ["--format"])
        #expect(try complete("iap-audit completions ").sorted() == ["bash", "fish", "zsh"])
        #expect(try complete("iap-audit rules transaction_listener_m") == ["transaction_listener_missing"])
        #expect(try complete("iap-audit ").contains("checklists"))
    }

    @Test func theCommittedManualPageIsCurrent() throws {
        let generated = try CLI.run(["man"], in: CLI.packageRoot)
        #expect(generated.status == 0)
        let committed = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Docs/iap-audit.1"), encoding: .utf8)
        #expect(committed == generated.stdout, "Docs/iap-audit.1 is stale: run 'swift run iap-audit man > Docs/iap-audit.1' (scripts/update-golden does)")
        for option in try Self.helpOptions() {
            #expect(generated.stdout.contains(option.replacingOccurrences(of: "-", with: "\\-")), "the manual lacks \(option)")
        }
    }

    @Test(.enabled(if: isInstalled("groff"), "groff is not installed"))
    func theManualPageRendersWithoutWarnings() throws {
        let page = CLI.packageRoot.appendingPathComponent("Docs/iap-audit.1").path
        let run = try runProgram("groff", ["-man", "-Tutf8", "-ww", page])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        // grotty makes bold by overstriking: "E\bE".
        let text = run.stdout.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        #expect(text.contains("EXIT STATUS") && text.contains("NO_COLOR") && text.contains("--fail-on LEVEL"))
    }

    @Test func versionNamesTheCommitTheBinaryWasBuiltFrom() throws {
        let run = try CLI.run(["--version"], in: CLI.packageRoot)
        #expect(run.status == 0)
        let match = try #require(run.stdout.wholeMatch(of: /iap-audit (\d+\.\d+\.\d+) \(commit ([0-9a-f]{40}|unknown)\)\n/), "\(run.stdout)")
        // In a git checkout the binary names the checked-out commit; a tarball says unknown.
        if FileManager.default.fileExists(atPath: CLI.packageRoot.appendingPathComponent(".git").path), isInstalled("git") {
            let head = try runProgram("git", ["rev-parse", "HEAD"], in: CLI.packageRoot)
            #expect(String(match.output.2) == head.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "rebuild after committing")
        }
    }

    /// The generator the build plugin runs, on the layouts git leaves behind.
    @Test func theBuildInfoToolReadsGitsFilesAndTarballs() throws {
        let tool = CLI.binary.deletingLastPathComponent().appendingPathComponent("build-info")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "swift build builds build-info next to iap-audit")
        let commit = "0123456789abcdef0123456789abcdef01234567"
        let other = "fedcba9876543210fedcba9876543210fedcba98"
        let layouts: [(String, [String: String], String)] = [
            ("no git", [:], "unknown"),
            ("unfilled archive", [".git_archival.txt": "node: $Format:%H$\n"], "unknown"),
            ("git archive", [".git_archival.txt": "node: \(commit)\n"], commit),
            ("loose ref", [".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": "\(commit)\n", ".git_archival.txt": "node: \(other)\n"], commit),
            ("packed ref", [".git/HEAD": "ref: refs/heads/main\n", ".git/packed-refs": "# pack-refs with: peeled\n\(other) refs/heads/other\n\(commit) refs/heads/main\n"], commit),
            ("detached", [".git/HEAD": "\(commit)\n"], commit),
            ("worktree", [".git": "gitdir: ../repo/.git/worktrees/wt\n", "../repo/.git/worktrees/wt/HEAD": "ref: refs/heads/feature\n",
                          "../repo/.git/worktrees/wt/commondir": "../..\n", "../repo/.git/refs/heads/feature": "\(commit)\n"], commit),
        ]
        for (name, files, expected) in layouts {
            let base = try CLI.makeProject([:])
            defer { try? FileManager.default.removeItem(at: base) }
            let root = base.appendingPathComponent("package")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for (path, contents) in files {
                let url = root.appendingPathComponent(path).standardizedFileURL
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
            }
            let output = base.appendingPathComponent("BuildInfo.swift")
            let run = try runProgram(tool.path, [output.path, root.path])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let source = try String(contentsOf: output, encoding: .utf8)
            #expect(source.contains("static let commit = \"\(expected)\""), "\(name): \(source)")
        }
    }
}
