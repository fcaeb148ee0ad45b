import AuditCore
import AuditReport
import Foundation
import Synchronization

private typealias O = AuditOption

extension AuditRun {
    /// A rendered report: its renderer and its text (empty once written, when nothing reads it
    /// again).
    struct RenderedReport: Sendable {
        var renderer: any ReportRenderer
        var contents: RenderedText
    }

    var formats: [any ReportRenderer] { values[O.format] }

    func renderContext(_ resources: ReportResources) -> RenderContext {
        RenderContext(
            markdownTemplate: resources.markdownTemplate, htmlTemplate: resources.htmlTemplate, date: values[O.date],
            compact: values[O.compact], jobs: values[O.jobs], toolVersion: ToolInfo.version)
    }

    // MARK: Stage 5: rendering

    /// No report of an app is renamed into place before all of the app's reports are rendered
    /// and written: a failure leaves no half-written report, and no app with some reports of
    /// this run and some of the one before. The folder is made before rendering, so that each report
    /// is written to its temporary file as soon as it is rendered. Nil for standard output.
    func prepare(_ folder: URL) throws(RunFailure) -> ReportStaging? {
        if writesToStandardOutput { return nil }
        if let problem = OutputFolder.problem(creating: folder, cwd: cwd) {
            throw RunFailure(message: "cannot write the report to \(output): \(problem); choose another folder with --output DIR")
        }
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RunFailure(message: "cannot write the report to \(output): \(AtomicFile.reason(error)); choose another folder with --output DIR")
        }
        // Runs killed before renaming their reports leave their temporary files behind.
        AtomicFile.removeStale(in: folder, names: ReportRenderers.all.map(\.fileName))
        return ReportStaging(folder: folder)
    }

    /// A share of one app's rendering: the formats that read the Markdown page (the HTML
    /// page is cmark's rendering of it) are one task, the longest; every other format is one.
    struct RenderTask: Sendable {
        var app: Int
        var readsPage: Bool
        var renderers: [any ReportRenderer]
        /// The index of all the apps in `renderers[0]`'s format, made from their reports
        /// (`renderIndex(reports:)`) instead of one app's report.
        var isIndex = false
    }

    /// Above this many findings in a run, reports are rendered one at a time.
    static let findingsRenderedOneAtATime = 20_000

    /// Renders every app's reports, each app's formats as independent tasks, all the apps'
    /// tasks scheduled together on the workers: a run of many small apps keeps every core
    /// busy instead of rendering one app at a time. Each report is written to its staging
    /// file as soon as it is rendered. The reports of each app, in the order of `formats`.
    /// Given an `index` (its subject and the apps' folders), the index of each format that makes
    /// it from the reports alone is rendered among them, first (the largest task): by format.
    ///
    /// Given `folders` (several apps, each with its own), the worker that stages an app's last
    /// report renames the app's reports into place (`commit`) while the others render: one
    /// after the other on this thread, the 27 apps of the real benchmark corpus took 4-5 ms
    /// with the other core idle. Each app's reports still appear together or not at all; the
    /// outcome of each app's renaming is returned for `write` to report in the apps' order.
    func render(
        _ reports: [(report: Report, staging: ReportStaging?)], resources: ReportResources, index: (subject: String, folders: [String])? = nil,
        committingTo folders: [URL]? = nil
    ) -> (apps: [[RenderedReport]], index: [String: String], commits: [Result<[String], RunFailure>?]) {
        let context = renderContext(resources)
        let readers = formats.filter { $0.readsMarkdownPage(in: context) }
        let others = formats.filter { !$0.readsMarkdownPage(in: context) }
        let indexTasks = index == nil ? [] : formats.map { RenderTask(app: 0, readsPage: false, renderers: [$0], isIndex: true) }
        let tasks = indexTasks + reports.indices.flatMap { app in
            (readers.isEmpty ? [] : [RenderTask(app: app, readsPage: true, renderers: readers)])
                + others.map { RenderTask(app: app, readsPage: false, renderers: [$0]) }
        }
        let jobs = values[O.jobs]
        // The texts are needed after staging only for the index of several apps and for
        // standard output; otherwise each is dropped once written, so a report of tens of
        // megabytes does not stay in memory while the next one is rendered.
        let keepsTexts = reports.count > 1 || reports.contains { $0.staging == nil }
        // Reports of very many findings are rendered one at a time: two of them at once (a
        // 65 MB Markdown page beside a 47 MB SARIF log for 60,000 findings) set the peak.
        let findings = reports.reduce(0) { $0 + $1.report.findings.count }
        let renderJobs = findings > Self.findingsRenderedOneAtATime ? 1 : jobs
        // Each app's tasks still to stage, and each app's renaming once they are all staged.
        let commitsEarly = folders?.count == reports.count && reports.count > 1 && reports.allSatisfy { $0.staging != nil }
        let pending = Mutex(reports.indices.map { app in tasks.count { !$0.isIndex && $0.app == app } })
        let commits = Mutex([Result<[String], RunFailure>?](repeating: nil, count: reports.count))
        let fileNames = formats.map(\.fileName)
        nonisolated(unsafe) let run = self
        let rendered: [[RenderedReport]] = parallelMap(tasks, jobs: renderJobs) { task in
            if task.isIndex, let index {
                let renderer = task.renderers[0]
                let apps = zip(reports, index.folders).map { (report: $0.0.report, folder: $0.1) }
                return renderer.renderIndex(reports: apps, subject: index.subject, in: context).map { [RenderedReport(renderer: renderer, contents: .string($0))] } ?? []
            }
            let (report, staging) = reports[task.app]
            var context = context
            // The Markdown page, once for every format that reads it.
            if task.readsPage { context.markdownPage = MarkdownRenderer(jobs: jobs).render(report) }
            // Each report is written where it is rendered: a write is a copy into the page cache
            // (no fsync). A thread for each (so that the HTML page did not wait for the Markdown
            // file) cost more than the write: 27 threads on the real corpus, each given a malloc
            // arena whose first 2 MB page the kernel zeroes.
            let outputs = task.renderers.map { renderer in
                let contents = renderer.renderText(report, in: context)
                staging?.stage(renderer.fileName, contents)
                return RenderedReport(renderer: renderer, contents: keepsTexts ? contents : .utf8([]))
            }
            if commitsEarly, let folders, let staging, pending.withLock({ $0[task.app] -= 1; return $0[task.app] == 0 }) {
                let outcome = Result { () throws(RunFailure) in try run.commit(fileNames, to: folders[task.app], staging: staging) }
                commits.withLock { $0[task.app] = outcome }
            }
            return outputs
        }
        var byApp = [[String: RenderedReport]](repeating: [:], count: reports.count)
        var indexes: [String: String] = [:]
        for (task, outputs) in zip(tasks, rendered) {
            for output in outputs {
                if task.isIndex {
                    if case .string(let text) = output.contents { indexes[output.renderer.format] = text }
                } else if byApp[task.app][output.renderer.format] == nil {
                    byApp[task.app][output.renderer.format] = output
                }
            }
        }
        return (byApp.map { byFormat in formats.compactMap { byFormat[$0.format] } }, indexes, commits.withLock { $0 })
    }

    // MARK: Stage 6: writing

    /// Renames the staged reports into place (or writes the one report to standard output);
    /// the paths written, as the summary shows them. `committed`: the renaming already done
    /// while the reports were rendered (`render`), and how it went.
    func write(_ outputs: [RenderedReport], to folder: URL, staging: ReportStaging?, committed: Result<[String], RunFailure>? = nil) throws(RunFailure) -> [String] {
        if let committed { return try committed.get() }
        guard let staging else {
            _ = progress.finish()
            do {
                var data = Data()
                for output in outputs { output.contents.withUTF8 { data.append(contentsOf: $0) } }
                try FileHandle.standardOutput.write(contentsOf: data)
            } catch {
                throw RunFailure(message: "cannot write the report to standard output: \(AtomicFile.reason(error))")
            }
            return []
        }
        return try commit(outputs.map(\.renderer.fileName), to: folder, staging: staging)
    }

    /// Renames the staged reports `names` into place in `folder`, all or none; the paths
    /// written, as the summary shows them.
    func commit(_ names: [String], to folder: URL, staging: ReportStaging) throws(RunFailure) -> [String] {
        // Another run writing to the same folder renames its reports in turn, never between
        // these: the folder holds one run's reports, not a mix of two.
        let lock = OutputFolderLock(folder: folder) {
            let message = "waiting for another iap-audit run to finish writing to \(self.output)"
            if self.progress.showsStages {
                self.progress.begin(message)
            } else if !self.values[O.quiet] {
                try? FileHandle.standardError.write(contentsOf: Data("iap-audit: \(message)\n".utf8))
            }
        }
        defer { lock.release() }
        do {
            // All or nothing: a failure leaves every earlier report as it was.
            try staging.commit(names)
        } catch {
            throw RunFailure(message: "cannot write the report to \(output): \(AtomicFile.reason(error)); choose another folder with --output DIR")
        }
        return names.map { display(folder.appendingPathComponent($0)) }
    }

    /// The summary on standard output, unless quiet; a machine format on standard output is
    /// the whole output, with no summary to corrupt it.
    func showSummary(_ report: Report, root: URL, notes: [String], written: [String]) {
        let timings = progress.finish()
        guard !values[O.quiet], !writesToStandardOutput else { return }
        let renderer = TerminalRenderer(
            style: environment.summaryStyle(values[O.color]), verbose: values[O.verbose],
            pathPrefix: CommandLineTool.findingPathPrefix(root: root, cwd: cwd))
        // The reports are written and the exit code stands; a summary that cannot be shown
        // (standard output full or closed) must not turn into a crash.
        try? FileHandle.standardOutput.write(contentsOf: Data(renderer.render(report, notes: notes, reports: written, timings: timings).utf8))
    }

    // MARK: Stage 7: the index of several apps

    /// What the index is of: the folders audited, or the one folder's name.
    func indexSubject(_ inputs: Inputs) -> String {
        let roots = inputs.roots
        return roots.count > 1 ? roots.map(\.lastPathComponent).joined(separator: ", ")
            : (inputs.root.lastPathComponent.isEmpty ? inputs.root.path : inputs.root.lastPathComponent)
    }

    /// The top of the output folder: an index page and every machine format joined.
    func writeIndex() throws(RunFailure) {
        let staging = ReportStaging(folder: outputURL)
        var names: [String] = []
        if case .success(let files) = indexRendering?.result() {
            for (name, contents) in files {
                staging.stage(name, .string(contents))
                names.append(name)
            }
        }
        do {
            try staging.commit(names)
        } catch {
            throw RunFailure(message: "cannot write the report to \(output): \(AtomicFile.reason(error)); choose another folder with --output DIR")
        }
        guard !values[O.quiet] else { return }
        let index = display(outputURL.appendingPathComponent((formats.first { $0.format == "html" } ?? formats[0]).fileName))
        let failing = indexApps.filter { $0.report.fails }.count
        try? FileHandle.standardOutput.write(contentsOf: Data("\n\(indexApps.count) apps audited, \(failing) failing at their --fail-on level. Index: \(index)\n".utf8))
    }
}
