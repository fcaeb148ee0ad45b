import Foundation
import PackagePlugin

/// Generates `BuildInfo.swift` for the `iap-audit` target: the commit the binary is built
/// from, for `iap-audit --version`. The `build-info` tool reads git's files itself, so no
/// `git` executable is needed; a source tarball without `.git` gets the commit that
/// `git archive` wrote into `.git_archival.txt`, or "unknown".
///
/// The inputs are the files that change when the commit does (HEAD, the branch's ref, the
/// packed refs), so the file is regenerated after a commit or a checkout and not otherwise.
@main
struct EmbedBuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let inputs = (Self.gitFiles(root: root) + [root.appending(path: ".git_archival.txt")])
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return [
            .buildCommand(
                displayName: "Recording the commit iap-audit is built from",
                executable: try context.tool(named: "build-info").url,
                arguments: [output.path, root.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// HEAD, the ref it points to and the packed refs, in a repository or a worktree (where
    /// `.git` is a file naming the real git folder and `commondir` the shared one).
    static func gitFiles(root: URL) -> [URL] {
        let dotGit = root.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return [] }
        var gitDirectory = dotGit
        if !isDirectory.boolValue {
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return [] }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDirectory = URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL
        }
        var common = gitDirectory
        if let text = try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8) {
            common = URL(fileURLWithPath: text.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: gitDirectory.appending(path: "")).standardizedFileURL
        }
        let head = gitDirectory.appending(path: "HEAD")
        var files = [head, common.appending(path: "packed-refs")]
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref:") {
            let reference = text.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            files.append(common.appending(path: reference))
        }
        return files
    }
}
