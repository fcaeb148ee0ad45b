import AuditCore
import AuditReport
import AuditRules
import Foundation

private typealias O = AuditOption

extension AuditRun {
    // MARK: Stage 4: each app's report

    /// One app: its report where `--output` says. Several: a report each, in a folder named
    /// for the app, and an index on top; one exit code for the run.
    func writeReports(_ apps: [AuditedApp], inputs: Inputs, settings: Settings) throws(RunFailure) -> Int32 {
        if apps.count == 1 {
            let code = try report([(apps[0], nil)], settings: settings)
            warnAboutTheBaseline(settings)
            return code
        }
        if writesToStandardOutput {
            throw RunFailure(message: "\(apps.count) apps were found (\(apps.map(\.result.scope.app.name).joined(separator: "; "))): choose one with --target NAME to write its report to standard output")
        }
        let code = try report(Array(zip(apps, folderNames(apps, roots: inputs.roots).map(Optional.some))), settings: settings, indexSubject: indexSubject(inputs))
        warnAboutTheBaseline(settings)
        try writeIndex()
        return code
    }

    /// A folder name for each app's reports; two apps of one name (in two projects) get two.
    func folderNames(_ apps: [AuditedApp], roots: [URL]) -> [String] {
        var slugs = Set<String>()
        return apps.map { app in
            let name = app.result.scope.app.name.isEmpty ? app.root.lastPathComponent : app.result.scope.app.name
            let slug = AppFolderName.make(roots.count > 1 && name != app.root.lastPathComponent ? app.root.lastPathComponent + "-" + name : name)
            var unique = slug
            var number = 2
            while !slugs.insert(unique).inserted {
                unique = "\(slug)-\(number)"
                number += 1
            }
            return unique
        }
    }

    /// Said once for the run: a baseline none of whose entries matched any app's finding.
    func warnAboutTheBaseline(_ settings: Settings) {
        guard let baseline = settings.baseline, !baseline.fingerprints.isEmpty, acceptedFingerprints.isDisjoint(with: baseline.fingerprints) else { return }
        CommandLineTool.warn("no entry of the baseline \(settings.baselineShown ?? "file") matches a finding of this audit (was it written for another repository or app?)")
    }

    /// One app's report, built and ready to render.
    struct PreparedReport {
        var app: AuditedApp
        var subfolder: String?
        var folder: URL
        var report: Report
        var staging: ReportStaging?
        var notes: [String]
    }

    /// Filters, report, rendering, writing and the summary of each app (in its subfolder, nil
    /// for the one app of a run); the run's exit code. The apps' reports are built in order,
    /// rendered together (`render`), then written and summarized in order.
    func report(_ apps: [(app: AuditedApp, subfolder: String?)], settings: Settings, indexSubject: String? = nil) throws(RunFailure) -> Int32 {
        progress.begin("applying filters")
        // Each app's filters and report on the workers: they read the run's settings and
        // options and change nothing (27 apps' reports were 50 M instructions on one core
        // while the other waited). What the run records from them, and each output folder,
        // follow in order.
        nonisolated(unsafe) let run = self
        let built = parallelMap(Array(apps.indices), jobs: values[O.jobs]) { index in
            let (app, subfolder) = apps[index]
            let result = run.filter(app, settings: settings)
            let folder = subfolder.map { run.outputURL.appendingPathComponent($0, isDirectory: true) } ?? run.outputURL
            return Result { () throws(RunFailure) in (result, try run.makeReport(result, root: app.root, folder: folder, settings: settings)) }
        }
        var prepared: [PreparedReport] = []
        for ((app, subfolder), made) in zip(apps, built) {
            prepared.append(try prepareReport(app, made: try made.get(), settings: settings, subfolder: subfolder))
        }
        let resources = try resources(settings)
        progress.begin("rendering reports")
        let (rendered, earlyIndex, commits) = render(
            prepared.map { ($0.report, $0.staging) }, resources: resources,
            index: indexSubject.flatMap { subject in
                // The index's apps are these (nothing before them, each in its subfolder).
                let folders = prepared.compactMap(\.subfolder)
                return indexApps.isEmpty && folders.count == prepared.count ? (subject, folders) : nil
            },
            committingTo: prepared.map(\.folder))
        KeptUntilExit.keep(rendered)
        for (prepared, outputs) in zip(prepared, rendered) {
            guard let subfolder = prepared.subfolder else { continue }
            var texts: [String: RenderedText] = [:]
            for output in outputs { texts[output.renderer.format] = output.contents }
            indexApps.append(FolderIndex.App(report: prepared.report, folder: subfolder, rendered: texts))
        }
        if let indexSubject {
            // The index reads every app's report: rendered beside the writing below (one
            // core's work: the summaries, and the renaming `render` left undone), not after it.
            let (apps, renderers, context) = (indexApps, formats, renderContext(resources))
            let work = BackgroundWork<[(name: String, contents: String)], Never> {
                renderers.compactMap { renderer in
                    (earlyIndex[renderer.format] ?? renderer.renderIndex(apps, subject: indexSubject, in: context)).map { (renderer.fileName, $0) }
                }
            }
            work.start()
            indexRendering = work
        }
        var code: Int32 = 0
        for ((prepared, outputs), committed) in zip(zip(prepared, rendered), commits) {
            progress.begin("writing reports")
            let written = try write(outputs, to: prepared.folder, staging: prepared.staging, committed: committed)
            showSummary(prepared.report, root: prepared.app.root, notes: prepared.notes, written: written)
            code = max(code, prepared.report.fails ? 1 : 0)
        }
        return code
    }

    /// One app's filtered result and report (`made`), recorded for the run, with its output
    /// folder made.
    func prepareReport(_ app: AuditedApp, made: (result: AuditResult, report: Report), settings: Settings, subfolder: String?) throws(RunFailure) -> PreparedReport {
        let (result, report) = made
        for item in result.setAside {
            if case .accepted = item.reason { acceptedFingerprints.insert(item.finding.fingerprint) }
        }
        var notes: [String] = []
        if values[O.verbose], let tunables = HugePages.activeTunables.withLock({ $0 }) {
            let pad = HugePages.loweredTopPad.withLock { $0 } ? ", its top pad lowered to 2 MB once the workers' heap was made" : ""
            notes.append("Memory: malloc asks for 2 MB pages (GLIBC_TUNABLES=\(tunables))\(pad); \(HugePages.optOutVariable)=1 turns this off.")
        }
        if let path = values[O.writeBaseline] {
            notes.append(try recordBaseline(result, prefix: fingerprintPrefix(of: app.root, settings), path: path))
        } else if settings.baseline?.pathsFromRepositoryRoot == false, let shown = settings.baselineShown {
            notes.append("The baseline \(shown) was written by an earlier iap-audit, with paths from the folder then audited: run --write-baseline \(shown) once to make it work from any folder of the repository.")
        }
        let folder = subfolder.map { outputURL.appendingPathComponent($0, isDirectory: true) } ?? outputURL
        // Like the model: the report and its findings are left for the exit to reclaim.
        KeptUntilExit.keep(result, report)
        let staging = try prepare(folder)
        return PreparedReport(app: app, subfolder: subfolder, folder: folder, report: report, staging: staging, notes: notes)
    }

    func resources(_ settings: Settings) throws(RunFailure) -> ReportResources {
        switch settings.resources.result() {
        case .success(let loaded): return loaded
        case .failure(let error): throw RunFailure(message: error.description)
        }
    }

    func filter(_ app: AuditedApp, settings: Settings) -> AuditResult {
        var options = FilterOptions(
            severities: settings.configuration.severities, knownRules: RuleCatalogue.identifiers, baseline: settings.baseline,
            changes: settings.changesByRoot[app.root.path], changeScopes: RuleCatalogue.changeScopes)
        options.fingerprintPrefix = fingerprintPrefix(of: app.root, settings)
        return Filters.apply(app.result, options: options)
            .withPurchasePaths(capabilities: settings.configuration.capabilities)
    }

    /// `--write-baseline`: today's findings, accepted or not, except what the code itself
    /// suppresses; with several apps, every app's (a finding in code they share once).
    func recordBaseline(_ result: AuditResult, prefix: String, path: String) throws(RunFailure) -> String {
        let unsuppressed = result.setAside.compactMap { item -> Finding? in
            if case .suppressed = item.reason { return nil }
            return item.finding
        }
        for finding in result.findings + unsuppressed where !baselineFingerprints.contains(finding.fingerprint) || finding.fingerprint.isEmpty {
            baselineFingerprints.insert(finding.fingerprint)
            // Its file as the repository names it, as its fingerprint was made.
            var recorded = finding
            recorded.location.file = prefix + finding.location.file
            baselineFindings.append(recorded)
        }
        let url = URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL
        if let problem = OutputFolder.problem(creating: url.deletingLastPathComponent(), cwd: cwd) {
            throw RunFailure(message: "cannot write the baseline to \(path): \(problem); choose another path for --write-baseline")
        }
        do {
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Data(Baseline.document(for: baselineFindings).utf8), to: url)
        } catch {
            throw RunFailure(message: "cannot write the baseline to \(path): \(AtomicFile.reason(error))")
        }
        let count = baselineFindings.count
        return "Baseline written: \(path) records \(count) finding\(count == 1 ? "" : "s"); later runs with --baseline \(path) accept \(count == 1 ? "it" : "them"). Writing a baseline exits 0."
    }

    func makeReport(_ result: AuditResult, root: URL, folder: URL, settings: Settings) throws(RunFailure) -> Report {
        let folderName = root.lastPathComponent.isEmpty ? root.path : root.lastPathComponent
        let appName = result.scope.app.name
        let subject = appName.isEmpty || appName == folderName ? folderName : "\(appName) (\(folderName))"
        let configuration = settings.configuration
        let gate = values[O.failOn]
        var reportSettings = Report.Settings(
            rootPath: root.standardizedFileURL.path, repositoryPrefix: gitPrefix(of: root) ?? "",
            rulesDocumentationURL: ToolInfo.rulesDocumentationURL, fullReportURL: values[O.reportURL],
            failLevel: gate?.level ?? configuration.failOn ?? .error,
            failOnWithheld: gate.map(\.withheld) ?? configuration.failOnWithheld,
            disabledRules: configuration.disabledRules.sorted(),
            changedSince: values[O.changedSince], baseline: settings.baseline == nil ? nil : settings.baselineShown,
            configuration: settings.configShown)
        reportSettings.baselineEntries = settings.baseline?.fingerprints.count ?? 0
        reportSettings.writesBaseline = values[O.writeBaseline] != nil
        return Report(
            result: result, checklists: try resources(settings).checklists, toolVersion: ToolInfo.version, subject: subject,
            sourceLinkPrefix: CommandLineTool.linkPrefix(from: folder, to: root), settings: reportSettings)
    }
}
