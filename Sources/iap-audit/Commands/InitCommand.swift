import AuditCore
import Foundation

/// `iap-audit init [DIR] [--force]`: a starter configuration, never over an existing one
/// without --force.
enum InitCommand {
    static let force = Option<Bool>.flag("force", help: "Replace an existing .iap-audit.json.")

    static let spec = CommandSpec(
        name: "init", usages: [("iap-audit init [DIR] [--force]", "write a starter .iap-audit.json in DIR (default: the current folder)")],
        options: [force.spec], argumentName: "DIR", argument: .directory, argumentCount: 0...1,
        argumentsMessage: "'init' takes at most one folder, and --force",
        run: { values, _ in run(directory: values.arguments.first ?? ".", force: values[force]) })

    static func run(directory: String, force: Bool) -> Int32 {
        let fileManager = FileManager.default
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        let folder = URL(fileURLWithPath: directory, relativeTo: cwd).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return CommandLineTool.fail("no such folder: \(directory)")
        }
        let url = folder.appendingPathComponent(Configuration.fileName)
        let shown = CommandLineTool.displayPath(url, cwd: cwd)
        if fileManager.fileExists(atPath: url.path), !force {
            return CommandLineTool.fail("\(shown) already exists; pass --force to replace it")
        }
        do {
            try AtomicFile.write(Data(Configuration.starter.utf8), to: url)
        } catch {
            return CommandLineTool.fail("cannot write \(shown): \(AtomicFile.reason(error))")
        }
        print("Wrote \(shown). Docs/Configuration.md explains each key; 'iap-audit rules' lists the rule ids.")
        return 0
    }
}
