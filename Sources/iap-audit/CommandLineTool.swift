import AuditCore
import AuditReport
import AuditRules
import Foundation

enum CommandLineTool {
    static func run(arguments: [String]) -> Int32 {
        let parsed: Options.Parsed
        do {
            parsed = try Options.parse(arguments)
        } catch {
            return fail(error.message)
        }
        switch parsed {
        case .help:
            print(Options.helpText())
            return 0
        case .version:
            print("iap-audit \(ToolInfo.version)")
            return 0
        case .rules(let id):
            return printRules(id)
        case .checklists:
            return printChecklists()
        case .audit(let options):
            return audit(options)
        }
    }

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("iap-audit: error: \(message)\n".utf8))
        return 2
    }

    // MARK: Audit

    static func audit(_ options: Options) -> Int32 {
        let fileManager = FileManager.default
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        let paths = (options.paths.isEmpty ? ["."] : options.paths).map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
        for (path, given) in zip(paths, options.paths.isEmpty ? ["."] : options.paths) where !fileManager.fileExists(atPath: path.path) {
            return fail("no such file or folder: \(given)")
        }
        var isDirectory: ObjCBool = false
        let root: URL
        if paths.count == 1, fileManager.fileExists(atPath: paths[0].path, isDirectory: &isDirectory), isDirectory.boolValue {
            root = paths[0]
        } else {
            root = cwd.standardizedFileURL
        }
        let resources: ReportResources
        do {
            resources = try ReportResources.load(
                templates: options.templates.map { URL(fileURLWithPath: $0, relativeTo: cwd) },
                checklists: options.checklists.map { URL(fileURLWithPath: $0, relativeTo: cwd) },
                knownRules: RuleCatalogue.identifiers
            )
        } catch {
            return fail(error.description)
        }

        let result = Auditor.audit(paths: paths, root: root, rules: BuiltInRules.all, options: AuditOptions(locales: options.locales, jobs: options.jobs))
        let outputURL = URL(fileURLWithPath: options.output, relativeTo: cwd).standardizedFileURL
        let subject = root.lastPathComponent.isEmpty ? root.path : root.lastPathComponent
        let report = Report(
            result: result, checklists: resources.checklists, toolVersion: ToolInfo.version, subject: subject,
            sourceLinkPrefix: linkPrefix(from: outputURL, to: root)
        )

        // Render everything first, then write: a failure leaves no half-written report.
        let markdownBody = MarkdownRenderer().render(report)
        var outputs: [(name: String, contents: String)] = []
        for format in options.formats {
            switch format {
            case .md:
                outputs.append(("report.md", Template.fill(resources.markdownTemplate, with: ["body": markdownBody])))
            case .html:
                outputs.append(("report.html", HTMLRenderer(template: resources.htmlTemplate).render(report, markdown: markdownBody)))
            }
        }
        var written: [String] = []
        do {
            try fileManager.createDirectory(at: outputURL, withIntermediateDirectories: true)
            for output in outputs {
                let url = outputURL.appendingPathComponent(output.name)
                try AtomicFile.write(Data(output.contents.utf8), to: url)
                written.append(displayPath(url, cwd: cwd))
            }
        } catch {
            return fail("cannot write the report to \(options.output): \(error.localizedDescription)")
        }

        if !options.quiet {
            printSummary(report, written: written, cwd: cwd, root: root)
        }
        if let threshold = options.failOn.threshold, report.findings.contains(where: { $0.severity >= threshold }) {
            return 1
        }
        return 0
    }

    static func printSummary(_ report: Report, written: [String], cwd: URL, root: URL) {
        let rootPrefix = displayPath(root, cwd: cwd)
        for finding in report.findings {
            let path = rootPrefix == "." ? finding.location.file : "\(rootPrefix)/\(finding.location.file)"
            print("\(path):\(finding.location.line):\(finding.location.column): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]")
        }
        let items = report.checklists.flatMap(\.items)
        let passed = items.filter { $0.status == .passed }.count
        let failed = items.filter { $0.status == .failed }.count
        let verdict = report.isReady ? "Ready for review" : "Not ready for review"
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        print("\(verdict): \(plural(report.count(.error), "error")), \(plural(report.count(.warning), "warning")), \(plural(report.count(.note), "note")); checklist \(passed) passed, \(failed) failed of \(items.count).")
        for path in written { print("Report: \(path)") }
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

    // MARK: Rules and checklists

    static func printRules(_ id: String?) -> Int32 {
        guard let id else {
            let width = BuiltInRules.all.map { $0.description.identifier.count }.max() ?? 0
            for rule in BuiltInRules.all {
                let d = rule.description
                print(d.identifier + String(repeating: " ", count: width - d.identifier.count + 2) + d.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + d.title)
            }
            return 0
        }
        guard let rule = BuiltInRules.rule(identifier: id) else {
            let ids = BuiltInRules.all.map { $0.description.identifier }
            return fail("unknown rule '\(id)'\(Options.suggestion(for: id, among: ids)); run 'iap-audit rules' for the list")
        }
        let d = rule.description
        print("\(d.identifier): \(d.title)")
        print("Severity: \(d.severity.rawValue)   Reference: \(d.reference)\n")
        print("Why: \(d.rationale)\n")
        print("Fix: \(d.fix)\n")
        for (title, examples) in [("Triggering examples (↓ marks the finding)", d.triggeringExamples), ("Non-triggering examples", d.nonTriggeringExamples)] {
            print("\(title):")
            for example in examples {
                for file in example.files {
                    print("  --- \(file.path)")
                    for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) { print("  \(line)") }
                }
                print("")
            }
        }
        return 0
    }

    static func printChecklists() -> Int32 {
        do {
            let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
            let built = Set(BuiltInRules.all.map { $0.description.identifier })
            for checklist in resources.checklists {
                print("\(checklist.name): \(checklist.title)")
                for item in checklist.items {
                    let automated = item.ruleIDs.filter { built.contains($0) }
                    let how = automated.isEmpty ? "manual" : automated.joined(separator: ", ")
                    print("  - \(item.text)  [\(how)]")
                }
                print("")
            }
            return 0
        } catch {
            return fail(error.description)
        }
    }
}

/// Writes through a temporary file in the same folder and renames it into place, so a
/// reader never sees a half-written report and a failed run leaves the old one intact.
enum AtomicFile {
    static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
            // rename(2) replaces the destination atomically.
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
