import AuditCore
import AuditReport
import AuditRules
import Foundation

/// The command line's entry: parse, then run the command asked for (`CommandSpec.all`).
enum CommandLineTool {
    static func run(arguments: [String], environment: TerminalEnvironment = .current()) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments)
        } catch {
            return fail(error.message)
        }
        if invocation.wantsHelp {
            print(HelpText.command(invocation.command))
            return 0
        }
        return invocation.command.run(invocation.values, environment)
    }

    /// Writes a whole document to standard output: 0, or 2 with the system's reason when it
    /// cannot be written (a full disk, a closed pipe), never a crash.
    static func writeStandardOutput(_ text: String) -> Int32 {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
            return 0
        } catch {
            return fail("cannot write to standard output: \(AtomicFile.reason(error))")
        }
    }

    static func fail(_ message: String) -> Int32 {
        // A closed or full standard error must not turn the error into a crash.
        try? FileHandle.standardError.write(contentsOf: Data("iap-audit: error: \(message)\n".utf8))
        return 2
    }

    static func warn(_ message: String) {
        try? FileHandle.standardError.write(contentsOf: Data("iap-audit: warning: \(message)\n".utf8))
    }

    /// The projects of a run: each folder named on the command line when several are (each is
    /// audited on its own, never merged), else the one root.
    static func projectRoots(paths: [URL], root: URL) -> [URL] {
        let folders = paths.allSatisfy { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) && isFolder.boolValue
        }
        return paths.count > 1 && folders ? paths : [root]
    }

    /// "no such file or folder", with the command the word was probably meant to be.
    static func missingPathMessage(_ given: String) -> String {
        if given == "help" { return "no such file or folder: help; did you mean --help?" }
        if !given.contains("/"), let command = Spelling.closest(to: given, among: CommandSpec.names) {
            return "no such file or folder: \(given); did you mean the command '\(command)' (iap-audit \(command))?"
        }
        return "no such file or folder: \(given); give the folder of the app to audit (default: the current folder)"
    }

    /// What to put before a finding's path (relative to the root) so that it opens from the
    /// current folder: "Examples/FlawedApp/", or nothing when the root is the current folder.
    static func findingPathPrefix(root: URL, cwd: URL) -> String {
        let shown = displayPath(root, cwd: cwd)
        return shown == "." ? "" : shown + "/"
    }

    /// The root's folder inside its git repository ("App/"), found by looking for `.git`
    /// upward; "" at its top, nil outside a repository. `AuditRun.gitPrefix` remembers it.
    static func gitPrefix(of root: URL) -> String? {
        var directory = root.standardizedFileURL
        var parts: [String] = []
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) {
                return parts.isEmpty ? "" : parts.reversed().joined(separator: "/") + "/"
            }
            let parent = directory.deletingLastPathComponent().standardizedFileURL
            if parent.path == directory.path { return nil }
            parts.append(directory.lastPathComponent)
            directory = parent
        }
    }

    /// Relative link prefix from the report folder to the audit root, for source links.
    static func linkPrefix(from output: URL, to root: URL) -> String {
        let outputParts = output.standardizedFileURL.pathComponents
        let rootParts = root.standardizedFileURL.pathComponents
        var common = 0
        while common < min(outputParts.count, rootParts.count), outputParts[common] == rootParts[common] { common += 1 }
        let up = Array(repeating: "..", count: outputParts.count - common)
        let down = Array(rootParts[common...])
        let parts = up + down
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }

    static func displayPath(_ url: URL, cwd: URL) -> String {
        let relative = Discovery.relativePath(of: url, root: cwd)
        if url.standardizedFileURL.path == cwd.standardizedFileURL.path { return "." }
        return relative
    }
}
