import AuditCore
import AuditReport
import AuditRules
import Foundation

/// What the command keeps alive until the process exits (see `audit`).
private final class KeptUntilExit: @unchecked Sendable {
    let values: [Any]
    private init(_ values: [Any]) { self.values = values }
    static func keep(_ values: Any...) { _ = Unmanaged.passRetained(KeptUntilExit(values)) }
}

enum CommandLineTool {
    static func run(arguments: [String], environment: TerminalEnvironment = .current()) -> Int32 {
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
        case .commandHelp(let command):
            print(Options.helpText(command: command))
            return 0
        case .version:
            print(ToolInfo.versionLine)
            return 0
        case .completions(let shell):
            return writeStandardOutput(Completions(ruleIDs: RuleCatalogue.documented.map(\.identifier)).script(for: shell))
        case .manual:
            return writeStandardOutput(ManualPage.render())
        case .rules(let id):
            return printRules(id)
        case .rulesMarkdown:
            return printRulesMarkdown()
        case .checklists:
            return printChecklists()
        case .initialize(let directory, let force):
            return initialize(directory: directory, force: force)
        case .audit(let options):
            return audit(options, environment: environment)
        }
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

    // MARK: Audit

    static func audit(_ options: Options, environment: TerminalEnvironment) -> Int32 {
        let fileManager = FileManager.default
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        let progress = ProgressDisplay(mode: environment.progressMode(options.progress, quiet: options.quiet), columns: TerminalEnvironment.stderrColumns()) { text in
            // Progress is a courtesy: a full or closed standard error must not stop the audit.
            try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
        }
        // Every way out clears the progress line first, so an error starts on a clean line.
        func fail(_ message: String) -> Int32 {
            _ = progress.finish()
            return CommandLineTool.fail(message)
        }
        progress.begin("reading the configuration")
        let paths = (options.paths.isEmpty ? ["."] : options.paths).map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
        for (path, given) in zip(paths, options.paths.isEmpty ? ["."] : options.paths) where !fileManager.fileExists(atPath: path.path) {
            return fail(missingPathMessage(given))
        }
        for (folder, option) in [(options.templates, "--templates"), (options.checklists, "--checklists")] {
            guard let folder else { continue }
            var isFolder: ObjCBool = false
            if !fileManager.fileExists(atPath: URL(fileURLWithPath: folder, relativeTo: cwd).path, isDirectory: &isFolder) || !isFolder.boolValue {
                return fail("no such folder: \(folder) (\(option)); give a folder that exists, or leave \(option) out for the built-in ones")
            }
        }
        var isDirectory: ObjCBool = false
        let root: URL
        if paths.count == 1, fileManager.fileExists(atPath: paths[0].path, isDirectory: &isDirectory), isDirectory.boolValue {
            root = paths[0]
        } else {
            root = cwd.standardizedFileURL
        }
        let templatesURL = options.templates.map { URL(fileURLWithPath: $0, relativeTo: cwd) }
        let checklistsURL = options.checklists.map { URL(fileURLWithPath: $0, relativeTo: cwd) }
        // The built-in templates and checklists are parsed on a thread of their own while the
        // audit runs (they are needed only for the report, and parsing them was 2 ms before
        // the first file was looked at); the user's own are read first, so that a mistake in
        // them is reported before the audit.
        let resourcesLoad = BackgroundWork<ReportResources, ReportResources.LoadError> {
            () throws(ReportResources.LoadError) -> ReportResources in
            try ReportResources.load(templates: templatesURL, checklists: checklistsURL, knownRules: RuleCatalogue.identifiers)
        }
        if templatesURL == nil, checklistsURL == nil {
            resourcesLoad.start()
        } else {
            resourcesLoad.run()
            if case .failure(let error) = resourcesLoad.result() { return fail(error.description) }
        }

        // Configuration: --config, else the nearest .iap-audit.json at or above the root.
        var configuration = Configuration()
        let configURL: URL? = options.noConfig ? nil : options.config.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL } ?? Configuration.find(from: root)
        if let configURL {
            let shown = options.config ?? displayPath(configURL, cwd: cwd)
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: configURL.path, isDirectory: &isFolder) else {
                return fail("no such configuration file: \(shown); check the path, or run 'iap-audit init' to write one")
            }
            if isFolder.boolValue {
                return fail("\(shown) is a folder, not a configuration file; pass the .iap-audit.json file itself")
            }
            if !fileManager.isReadableFile(atPath: configURL.path) {
                return fail("cannot read the configuration file \(shown): permission denied; make it readable (chmod +r \(shown)) or pass --no-config")
            }
            do {
                configuration = try Configuration.load(configURL, displayPath: shown, knownRules: RuleCatalogue.identifiers)
            } catch {
                return fail("invalid configuration: \(error.description)")
            }
        }

        // Baseline: --baseline, else the configuration's (relative to the configuration file).
        var baseline: Baseline?
        var baselineShown: String?
        let baselineURL: URL?
        if let path = options.baseline {
            baselineURL = URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL
            baselineShown = path
        } else if let path = configuration.baseline, let directory = configuration.directory {
            baselineURL = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
            baselineShown = displayPath(URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL, cwd: cwd)
        } else {
            baselineURL = nil
        }
        if let baselineURL, let shown = baselineShown {
            // Writing a new baseline where the configuration expects one is how it starts.
            let writingIt = options.writeBaseline.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL.path == baselineURL.path } ?? false
            if fileManager.fileExists(atPath: baselineURL.path) || !writingIt {
                do {
                    baseline = try Baseline.load(baselineURL, displayPath: shown)
                } catch {
                    return fail(error.description)
                }
            }
        }

        // An output folder that cannot be written is said before the audit, not after it.
        if !options.writesToStandardOutput,
           let problem = OutputFolder.problem(creating: URL(fileURLWithPath: options.output, relativeTo: cwd).standardizedFileURL, cwd: cwd) {
            return fail("cannot write the report to \(options.output): \(problem); choose another folder with --output DIR")
        }

        // Changed lines are relative to the audited folder: one set per folder named, when several are.
        var changesByRoot: [String: ChangedLines] = [:]
        if let revision = options.changedSince {
            for folder in Self.projectRoots(paths: paths, root: root) {
                do {
                    changesByRoot[folder.path] = try ChangedLines.load(since: revision, root: folder)
                } catch {
                    return fail(error.description)
                }
            }
        }

        let disabled = Set(configuration.disabledRules)
        let rules = BuiltInRules.all.filter { !disabled.contains($0.description.identifier) }
        let auditOptions = AuditOptions(
            locales: options.locales ?? configuration.locales, jobs: options.jobs, selection: configuration.selection, observer: progress.observer)
        // Each folder named on the command line is a project of its own: audited on its own,
        // never merged with the others.
        let roots = Self.projectRoots(paths: paths, root: root)
        let targets = options.targets.isEmpty ? configuration.targets : options.targets
        var audited: [(result: AuditResult, root: URL)] = []
        var unmatched: [String]?
        var unknownTargets = Set(targets)
        var availableApps: [String] = []
        var nothing: [(root: URL, apps: [AuditResult])] = []
        for projectRoot in roots {
            let folder = Auditor.auditFolder(
                paths: roots.count > 1 ? [projectRoot] : paths, root: projectRoot, rules: rules, options: auditOptions, targets: targets)
            // The process exits when the audit returns (main.swift): the project model, millions of
            // small objects, is left for the exit to reclaim instead of being freed one by one,
            // which took a tenth of a 20 MB audit's time after the reports were written.
            KeptUntilExit.keep(folder)
            // A pattern is mistyped when it matches nothing in any of the folders.
            unmatched = unmatched.map { Array(Set($0).intersection(folder.unmatchedIncludes)).sorted() } ?? folder.unmatchedIncludes
            unknownTargets.formIntersection(folder.unknownTargets)
            availableApps += folder.availableApps.filter { !$0.isEmpty }
            let found = folder.apps.filter { !$0.project.swiftFiles.isEmpty || !$0.project.storeKitConfigurations.isEmpty }
            if found.isEmpty { nothing.append((projectRoot, folder.apps)) }
            audited += found.map { ($0, projectRoot) }
        }
        if let pattern = unmatched?.first {
            let source = configURL.map { options.config ?? displayPath($0, cwd: cwd) } ?? "the configuration"
            return fail("the include pattern '\(pattern)' in \(source) matches no file under \(roots.map { displayPath($0, cwd: cwd) }.joined(separator: ", ")); correct the pattern or remove it")
        }
        if !unknownTargets.isEmpty {
            return fail("no app named \(unknownTargets.sorted().joined(separator: ", ")) in \(roots.map { displayPath($0, cwd: cwd) }.joined(separator: ", ")); "
                + (availableApps.isEmpty ? "no Xcode application target was found" : "the apps found: \(availableApps.joined(separator: "; "))"))
        }
        if audited.isEmpty, let first = nothing.first {
            return fail(NothingAudited.message(root: first.root, shown: displayPath(first.root, cwd: cwd), apps: first.apps))
        }
        for (folderRoot, _) in nothing {
            // One of several folders holds nothing to audit: said, and the others go on.
            try? FileHandle.standardError.write(contentsOf: Data("iap-audit: warning: nothing to audit in \(displayPath(folderRoot, cwd: cwd)): no Swift source and no StoreKit configuration\n".utf8))
        }
        var indexApps: [FolderIndex.App] = []
        var baselineFindings: [Finding] = []
        var baselineFingerprints = Set<String>()
        var acceptedFingerprints = Set<String>()
        /// Said once for the run: a baseline none of whose entries matched any app's finding.
        func warnAboutTheBaseline() {
            guard let baseline, !baseline.fingerprints.isEmpty, acceptedFingerprints.isDisjoint(with: baseline.fingerprints) else { return }
            try? FileHandle.standardError.write(contentsOf: Data("iap-audit: warning: no entry of the baseline \(baselineShown ?? "file") matches a finding of this audit (was it written for another folder or app? its paths are relative to the folder audited when it was written)\n".utf8))
        }
        if audited.count == 1 {
            let code = auditApp(audited[0].result, root: audited[0].root, outputURL: nil)
            if code != 2 { warnAboutTheBaseline() }
            return code
        }
        // Several apps: a report each, in a folder named for the app; one exit code for the run.
        if options.writesToStandardOutput {
            return fail("\(audited.count) apps were found (\(audited.map(\.result.scope.app.name).joined(separator: "; "))): choose one with --target NAME to write its report to standard output")
        }
        var code: Int32 = 0
        var slugs = Set<String>()
        for (result, projectRoot) in audited {
            let name = result.scope.app.name.isEmpty ? projectRoot.lastPathComponent : result.scope.app.name
            var slug = AppFolderName.make(roots.count > 1 && name != projectRoot.lastPathComponent ? projectRoot.lastPathComponent + "-" + name : name)
            // Two apps of one name (in two projects) get two folders.
            if !slugs.insert(slug).inserted {
                var number = 2
                while !slugs.insert("\(slug)-\(number)").inserted { number += 1 }
                slug = "\(slug)-\(number)"
            }
            let status = auditApp(result, root: projectRoot, outputURL: slug)
            if status == 2 { return 2 }
            code = max(code, status)
        }
        warnAboutTheBaseline()
        // The top of the output folder: an index page and every machine format joined.
        let indexOutput = URL(fileURLWithPath: options.output, relativeTo: cwd).standardizedFileURL
        let folderName = roots.count > 1 ? roots.map(\.lastPathComponent).joined(separator: ", ") : (root.lastPathComponent.isEmpty ? root.path : root.lastPathComponent)
        let staging = ReportStaging(folder: indexOutput)
        var names: [String] = []
        for format in options.formats {
            let contents: String?
            switch format {
            case .md: contents = FolderIndex.markdown(subject: folderName, apps: indexApps, htmlLinks: false)
            case .html:
                let markdown = FolderIndex.markdown(subject: folderName, apps: indexApps, htmlLinks: true)
                guard case .success(let resources) = resourcesLoad.result() else { continue }
                contents = HTMLRenderer(template: resources.htmlTemplate, date: options.date)
                    .renderIndex(markdown: markdown, subject: folderName, ready: indexApps.allSatisfy { $0.report.isReady }, version: ToolInfo.version)
            case .json: contents = FolderIndex.json(indexApps)
            case .sarif: contents = FolderIndex.sarif(indexApps)
            case .github, .xcode: contents = FolderIndex.lines(indexApps, format: format.rawValue)
            case .junit: contents = FolderIndex.junit(indexApps)
            }
            guard let contents else { continue }
            staging.stage(format.fileName, contents)
            names.append(format.fileName)
        }
        do {
            try staging.commit(names)
        } catch {
            return fail("cannot write the report to \(options.output): \(AtomicFile.reason(error)); choose another folder with --output DIR")
        }
        if !options.quiet {
            let index = displayPath(indexOutput.appendingPathComponent(options.formats.contains(.html) ? "report.html" : options.formats[0].fileName), cwd: cwd)
            let ready = indexApps.filter { $0.report.isReady }.count
            try? FileHandle.standardOutput.write(contentsOf: Data("\n\(indexApps.count) apps audited, \(ready) ready for review. Index: \(index)\n".utf8))
        }
        return code

        func auditApp(_ raw: AuditResult, root: URL, outputURL subfolder: String?) -> Int32 {
        progress.begin("applying filters")
        let result = Filters.apply(raw, options: FilterOptions(
            severities: configuration.severities, knownRules: RuleCatalogue.identifiers, baseline: baseline,
            changes: changesByRoot[root.path], changeScopes: RuleCatalogue.changeScopes))
            .withPurchasePaths(capabilities: configuration.capabilities)
        for item in result.setAside {
            if case .accepted = item.reason { acceptedFingerprints.insert(item.finding.fingerprint) }
        }

        var notes: [String] = []
        if options.verbose, let tunables = HugePages.activeTunables.withLock({ $0 }) {
            notes.append("Memory: malloc asks for 2 MB pages (GLIBC_TUNABLES=\(tunables)); \(HugePages.optOutVariable)=1 turns this off.")
        }
        if let path = options.writeBaseline {
            // Today's findings, accepted or not, except what the code itself suppresses.
            // With several apps the baseline holds every app's (a finding in code they share once).
            for finding in result.findings + result.setAside.compactMap({ item -> Finding? in
                if case .suppressed = item.reason { return nil }
                return item.finding
            }) where !baselineFingerprints.contains(finding.fingerprint) || finding.fingerprint.isEmpty {
                baselineFingerprints.insert(finding.fingerprint)
                baselineFindings.append(finding)
            }
            let accepted = baselineFindings
            let url = URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL
            if let problem = OutputFolder.problem(creating: url.deletingLastPathComponent(), cwd: cwd) {
                return fail("cannot write the baseline to \(path): \(problem); choose another path for --write-baseline")
            }
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(Baseline.document(for: accepted).utf8), to: url)
            } catch {
                return fail("cannot write the baseline to \(path): \(AtomicFile.reason(error))")
            }
            notes.append("Baseline written: \(path) records \(accepted.count) finding\(accepted.count == 1 ? "" : "s"); later runs with --baseline \(path) accept \(accepted.count == 1 ? "it" : "them"). Writing a baseline exits 0.")
        }

        let baseOutputURL = options.writesToStandardOutput ? cwd.standardizedFileURL : URL(fileURLWithPath: options.output, relativeTo: cwd).standardizedFileURL
        let outputURL = subfolder.map { baseOutputURL.appendingPathComponent($0, isDirectory: true) } ?? baseOutputURL
        let folderName = root.lastPathComponent.isEmpty ? root.path : root.lastPathComponent
        let appName = raw.scope.app.name
        let subject = appName.isEmpty || appName == folderName ? folderName : "\(appName) (\(folderName))"
        var settings = Report.Settings(
            rootPath: root.standardizedFileURL.path, repositoryPrefix: repositoryPrefix(of: root),
            rulesDocumentationURL: ToolInfo.rulesDocumentationURL, fullReportURL: options.reportURL,
            failLevel: options.failOn ?? configuration.failOn ?? .error, failOnWithheld: options.failOn == nil && !options.failOnWithheld ? configuration.failOnWithheld : options.failOnWithheld,
            disabledRules: configuration.disabledRules.sorted(),
            changedSince: options.changedSince, baseline: baseline == nil ? nil : baselineShown,
            configuration: configURL.map { options.config ?? displayPath($0, cwd: cwd) })
        settings.baselineEntries = baseline?.fingerprints.count ?? 0
        let resources: ReportResources
        switch resourcesLoad.result() {
        case .success(let loaded): resources = loaded
        case .failure(let error): return fail(error.description)
        }
        let report = Report(
            result: result, checklists: resources.checklists, toolVersion: ToolInfo.version, subject: subject,
            sourceLinkPrefix: linkPrefix(from: outputURL, to: root), settings: settings
        )
        // Like the model: the report and its findings are left for the exit to reclaim.
        defer { KeptUntilExit.keep(result, report) }

        // No report is renamed into place before every one is rendered and written: a failure
        // leaves no half-written report. The folder is made before rendering, so that each
        // report is written to its temporary file as soon as it is rendered (the others while
        // cmark renders the HTML page).
        let staging: ReportStaging?
        if options.writesToStandardOutput {
            staging = nil
        } else {
            if let problem = OutputFolder.problem(creating: outputURL, cwd: cwd) {
                return fail("cannot write the report to \(options.output): \(problem); choose another folder with --output DIR")
            }
            do {
                try fileManager.createDirectory(at: outputURL, withIntermediateDirectories: true)
            } catch {
                return fail("cannot write the report to \(options.output): \(AtomicFile.reason(error)); choose another folder with --output DIR")
            }
            staging = ReportStaging(folder: outputURL)
            // Runs killed before renaming their reports leave their temporary files behind.
            AtomicFile.removeStale(in: outputURL, names: OutputFormat.allCases.map(\.fileName))
        }
        progress.begin("rendering reports")
        // The formats are independent, except that the HTML page is cmark's rendering of the
        // Markdown one: Markdown then HTML is one task, the longest, and every other format is
        // rendered on the other workers meanwhile.
        let compact = options.compact
        let date = options.date
        let markdownFormats = options.formats.filter { $0 == .html || ($0 == .md && !compact) }
        let tasks: [[OutputFormat]] = (markdownFormats.isEmpty ? [] : [markdownFormats])
            + options.formats.filter { !markdownFormats.contains($0) }.map { [$0] }
        let rendered: [[(OutputFormat, String)]] = parallelMap(tasks, jobs: options.jobs) { formats in
            // The Markdown page, once for the md report (unless compact) and the HTML page.
            // The HTML page lists at most HTMLRenderer.findingsPerRule findings of a rule under
            // an item; when some rule has more, it gets a Markdown page of its own.
            let bound = HTMLRenderer.findingsPerRule
            let boundedPage = formats.contains(.html) && MarkdownRenderer.exceeds(report, findingsPerRule: bound)
            let markdownBody = formats == markdownFormats && (formats.contains(.md) || !boundedPage) ? MarkdownRenderer(jobs: options.jobs).render(report) : ""
            // Another report in this task is written on a thread of its own: the HTML page is
            // not kept waiting for it.
            var writes: [BackgroundWork<Void, Never>] = []
            defer { for write in writes { _ = write.result() } }
            return formats.map { format in
                let contents: String
                switch format {
                case .md where compact:
                    let overhead = max(0, resources.markdownTemplate.utf16.count - "{{body}}".utf16.count)
                    contents = Template.fill(resources.markdownTemplate, with: ["body": CompactMarkdownRenderer().render(report, overhead: overhead)])
                case .md: contents = Template.fill(resources.markdownTemplate, with: ["body": markdownBody])
                case .html:
                    let markdown = boundedPage ? MarkdownRenderer(jobs: options.jobs, maximumFindingsPerRule: bound).render(report) : markdownBody
                    contents = HTMLRenderer(template: resources.htmlTemplate, date: date).render(report, markdown: markdown)
                case .json: contents = JSONRenderer().render(report)
                case .sarif: contents = SARIFRenderer().render(report)
                case .github: contents = GitHubActionsRenderer().render(report)
                case .xcode: contents = XcodeRenderer().render(report)
                case .junit: contents = JUnitRenderer().render(report)
                }
                if let staging {
                    if format == formats.last {
                        staging.stage(format.fileName, contents)
                    } else {
                        let write = BackgroundWork<Void, Never> { staging.stage(format.fileName, contents) }
                        write.start()
                        writes.append(write)
                    }
                }
                return (format, contents)
            }
        }
        let byFormat = Dictionary(rendered.joined().map { $0 }, uniquingKeysWith: { first, _ in first })
        let outputs: [(name: String, contents: String)] = options.formats.map { ($0.fileName, byFormat[$0] ?? "") }
        defer { KeptUntilExit.keep(outputs) }
        progress.begin("writing reports")
        var written: [String] = []
        if let staging {
            // Another run writing to the same folder renames its reports in turn, never
            // between these: the folder holds one run's reports, not a mix of two.
            let lock = OutputFolderLock(folder: outputURL) {
                let message = "waiting for another iap-audit run to finish writing to \(options.output)"
                if progress.showsStages {
                    progress.begin(message)
                } else if !options.quiet {
                    try? FileHandle.standardError.write(contentsOf: Data("iap-audit: \(message)\n".utf8))
                }
            }
            defer { lock.release() }
            do {
                // All or nothing: a failure leaves every earlier report as it was.
                try staging.commit(outputs.map(\.name))
            } catch {
                return fail("cannot write the report to \(options.output): \(AtomicFile.reason(error)); choose another folder with --output DIR")
            }
            written = outputs.map { displayPath(outputURL.appendingPathComponent($0.name), cwd: cwd) }
        } else {
            _ = progress.finish()
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(outputs.map(\.contents).joined().utf8))
            } catch {
                return fail("cannot write the report to standard output: \(AtomicFile.reason(error))")
            }
        }
        let timings = progress.finish()
        // A machine format on standard output is the whole output: no summary to corrupt it.
        if !options.quiet, !options.writesToStandardOutput {
            let renderer = TerminalRenderer(
                style: environment.summaryStyle(options.color), verbose: options.verbose, pathPrefix: findingPathPrefix(root: root, cwd: cwd))
            // The reports are written and the exit code stands; a summary that cannot be shown
            // (standard output full or closed) must not turn into a crash.
            try? FileHandle.standardOutput.write(contentsOf: Data(renderer.render(report, notes: notes, reports: written, timings: timings).utf8))
        }
        if let subfolder {
            var rendered: [String: String] = [:]
            for format in options.formats { rendered[format.rawValue] = byFormat[format] }
            indexApps.append(FolderIndex.App(report: report, folder: subfolder, rendered: rendered))
        }
        // Recording today's findings is what the run was for: it succeeded.
        if options.writeBaseline != nil { return 0 }
        return report.fails ? 1 : 0
        }
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
    /// upward; empty at the repository root or outside a repository.
    static func repositoryPrefix(of root: URL) -> String {
        var directory = root.standardizedFileURL
        var parts: [String] = []
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) {
                return parts.isEmpty ? "" : parts.reversed().joined(separator: "/") + "/"
            }
            let parent = directory.deletingLastPathComponent().standardizedFileURL
            if parent.path == directory.path { return "" }
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

    // MARK: Rules and checklists

    static func printRules(_ id: String?) -> Int32 {
        let documented = RuleCatalogue.documented
        guard let id else {
            let width = documented.map(\.identifier.count).max() ?? 0
            for d in documented {
                print(d.identifier + String(repeating: " ", count: width - d.identifier.count + 2) + d.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + d.title)
            }
            return 0
        }
        guard let d = RuleCatalogue.description(of: id) else {
            let ids = documented.map(\.identifier)
            return fail("unknown rule '\(id)'\(Options.suggestion(for: id, among: ids)); run 'iap-audit rules' for the list")
        }
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

    /// Docs/Rules.md: `iap-audit rules --markdown > Docs/Rules.md`.
    static func printRulesMarkdown() -> Int32 {
        do {
            let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
            let markdown = RuleDocumentation.markdown(rules: RuleCatalogue.documented, checklists: resources.checklists)
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(markdown.utf8))
            } catch {
                return fail("cannot write to standard output: \(AtomicFile.reason(error))")
            }
            return 0
        } catch {
            return fail(error.description)
        }
    }

    /// `iap-audit init`: a starter configuration, never over an existing one without --force.
    static func initialize(directory: String, force: Bool) -> Int32 {
        let fileManager = FileManager.default
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        let folder = URL(fileURLWithPath: directory, relativeTo: cwd).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return fail("no such folder: \(directory)")
        }
        let url = folder.appendingPathComponent(Configuration.fileName)
        let shown = displayPath(url, cwd: cwd)
        if fileManager.fileExists(atPath: url.path), !force {
            return fail("\(shown) already exists; pass --force to replace it")
        }
        do {
            try AtomicFile.write(Data(Configuration.starter.utf8), to: url)
        } catch {
            return fail("cannot write \(shown): \(AtomicFile.reason(error))")
        }
        print("Wrote \(shown). Docs/Configuration.md explains each key; 'iap-audit rules' lists the rule ids.")
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

/// Work done once, on a thread of its own (`start`) or on the caller's (`run`); `result` waits
/// for it.
final class BackgroundWork<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let work: @Sendable () throws(Failure) -> Value
    private let done = DispatchSemaphore(value: 0)
    /// Written once before `done` is signalled; read only after waiting for it.
    private var outcome: Result<Value, Failure>?

    init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        self.work = work
    }

    func start() {
        Thread.detachNewThread { self.run() }
    }

    func run() {
        outcome = Result { () throws(Failure) -> Value in try work() }
        done.signal()
    }

    func result() -> Result<Value, Failure> {
        done.wait()
        done.signal()
        return outcome!
    }
}

/// Reports written to temporary files beside their destinations as they are rendered, from
/// any thread, then renamed into place together: `AtomicFile.write` in two steps.
final class ReportStaging: @unchecked Sendable {
    private let folder: URL
    private let lock = NSLock()
    private var staged: [String: URL] = [:]
    private var failure: Error?

    init(folder: URL) {
        self.folder = folder
    }

    func stage(_ name: String, _ contents: String) {
        let temporary = AtomicFile.temporary(for: folder.appendingPathComponent(name))
        do {
            try Data(contents.utf8).write(to: temporary)
            lock.withLock { staged[name] = temporary }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            lock.withLock { failure = failure ?? error }
        }
    }

    /// Renames the reports `names` into place, in order; on any failure, none is and no
    /// temporary file is left.
    func commit(_ names: [String]) throws {
        let (staged, failure) = lock.withLock { (self.staged, self.failure) }
        func removeStaged() {
            for temporary in staged.values { try? FileManager.default.removeItem(at: temporary) }
        }
        if let failure {
            removeStaged()
            throw failure
        }
        try AtomicFile.renameIntoPlace(names.compactMap { name in staged[name].map { (temporary: $0, url: folder.appendingPathComponent(name)) } })
    }
}

/// An exclusive lock on an output folder, held while a run renames its reports into place:
/// `flock(2)` on the folder itself, so nothing is added to it, and the system releases it when
/// the process ends, however it ends. Where the folder cannot be locked (a file system
/// without locks), the run goes on unlocked.
final class OutputFolderLock {
    private var descriptor: Int32

    /// Takes the lock, waiting while another process holds it; `waiting` is called first then.
    init(folder: URL, waiting: () -> Void) {
        descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        func lock(_ operation: Int32) -> Int32 {
            while true {
                if flock(descriptor, operation) == 0 { return 0 }
                if errno != EINTR { return errno }
            }
        }
        let busy = lock(LOCK_EX | LOCK_NB)
        if busy == 0 { return }
        if busy == EWOULDBLOCK {
            waiting()
            if lock(LOCK_EX) == 0 { return }
        }
        release()
    }

    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit { release() }
}

/// Writes through temporary files in the destination folders and renames them into place, so
/// a reader never sees a half-written report and a failed run leaves the old ones intact.
enum AtomicFile {
    /// The temporary file a report is written to before it is renamed to `url`.
    static func temporary(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    }

    /// Removes the temporary files (`.report.md.PID.tmp`, for the file names `names`) of runs
    /// that are gone: killed before renaming them, they would be left there for ever. A live
    /// run's files, and any other file, are left alone.
    static func removeStale(in folder: URL, names: [String]) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let own = ProcessInfo.processInfo.processIdentifier
        for entry in entries where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            let middle = entry.dropFirst().dropLast(4)
            guard let dot = middle.lastIndex(of: "."), names.contains(String(middle[..<dot])),
                  let pid = Int32(middle[middle.index(after: dot)...]), pid > 0, pid != own else { continue }
            // ESRCH: no such process. EPERM means one runs, under another user.
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
            }
        }
    }

    static func write(_ data: Data, to url: URL) throws {
        try write([(data: data, url: url)])
    }

    /// Writes every file before renaming any: when one cannot be written (a full disk, a
    /// read-only folder), no destination changes and no temporary file is left behind.
    static func write(_ files: [(data: Data, url: URL)]) throws {
        var pending: [(temporary: URL, url: URL)] = []
        do {
            for file in files {
                let temporary = temporary(for: file.url)
                pending.append((temporary, file.url))
                try file.data.write(to: temporary)
            }
        } catch {
            for file in pending { try? FileManager.default.removeItem(at: file.temporary) }
            throw error
        }
        try renameIntoPlace(pending)
    }

    /// Renames each written temporary file to its destination, in order; when one cannot be,
    /// the temporary files not yet renamed are removed.
    static func renameIntoPlace(_ files: [(temporary: URL, url: URL)]) throws {
        var pending = files[...]
        while let file = pending.first {
            // rename(2) replaces the destination atomically.
            if rename(file.temporary.path, file.url.path) != 0 {
                let code = errno
                for file in pending { try? FileManager.default.removeItem(at: file.temporary) }
                throw CocoaError(.fileWriteUnknown, userInfo: [
                    NSFilePathErrorKey: file.url.path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
                ])
            }
            pending.removeFirst()
        }
    }

    /// What went wrong, in the system's words when it said ("No space left on device").
    static func reason(_ error: Error) -> String {
        // On Linux the underlying error is a POSIXError value, not an NSError.
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? Error,
           (underlying as NSError).domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32((underlying as NSError).code)))
        }
        if (error as NSError).domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32((error as NSError).code)))
        }
        return error.localizedDescription
    }
}

/// Why a folder cannot be created or written to, said in the user's terms before anything is
/// written: "blocker is a file, not a folder", "no permission to write in /usr/share".
enum OutputFolder {
    static func problem(creating folder: URL, cwd: URL) -> String? {
        let fileManager = FileManager.default
        var existing = folder.standardizedFileURL
        var isFolder: ObjCBool = false
        while !fileManager.fileExists(atPath: existing.path, isDirectory: &isFolder) {
            let parent = existing.deletingLastPathComponent().standardizedFileURL
            if parent.path == existing.path { return nil }
            existing = parent
        }
        let shown = CommandLineTool.displayPath(existing, cwd: cwd)
        if !isFolder.boolValue { return "\(shown) is a file, not a folder" }
        if access(existing.path, W_OK | X_OK) != 0 {
            return existing.path == folder.standardizedFileURL.path ? "no permission to write in \(shown)" : "no permission to create a folder in \(shown)"
        }
        return nil
    }
}
