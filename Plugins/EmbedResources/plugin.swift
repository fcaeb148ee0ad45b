import Foundation
import PackagePlugin

/// Turns the package's `Templates/` and `Checklists/` folders into Swift source inside the
/// target, so the `iap-audit` binary carries its templates and checklists wherever it is copied.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["Templates", "Checklists"].map { root.appending(path: $0) }
        var inputs: [URL] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                inputs.append(folder.appending(path: name))
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding templates and checklists",
                executable: try context.tool(named: "embed-resources").url,
                arguments: [output.path] + folders.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
