import Foundation
import PackagePlugin

/// `swift package iap-audit [--target NAME ...] [iap-audit options]`: audits the package (or
/// the named targets) with the iap-audit built from this package, and fails the command when
/// the audit fails (findings at or above the fail level, or a usage error). Reports go to the
/// plugin's work folder unless `--output` says otherwise (on macOS, writing anywhere else needs
/// `swift package --disable-sandbox iap-audit …`).
@main
struct IAPAuditCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var options = extractor.remainingArguments
        let paths: [String]
        if targetNames.isEmpty {
            paths = [context.package.directoryURL.path]
        } else {
            paths = try context.package.targets(named: targetNames).map { String(describing: $0.directory) }
        }
        let namesOutput = options.contains { $0 == "--output" || $0 == "-o" || $0.hasPrefix("--output=") }
        if !namesOutput {
            options += ["--output", context.pluginWorkDirectoryURL.appending(path: "iap-audit-report").path]
        }
        let process = Process()
        process.executableURL = try context.tool(named: "iap-audit").url
        process.arguments = paths + options
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            throw AuditFailure(description: "iap-audit: findings at or above the fail level remain (see the report)")
        default:
            throw AuditFailure(description: "iap-audit exited with status \(process.terminationStatus)")
        }
    }
}

struct AuditFailure: Error, CustomStringConvertible {
    var description: String
}
