import AuditCore
import AuditReport
import AuditRules
import Foundation
import Synchronization

private typealias O = AuditOption

/// Why a run stops with exit 2: one line on standard error.
struct RunFailure: Error {
    var message: String
}

/// What the process keeps alive until it exits: the project model and the reports, millions
/// of small objects, are left for the exit to reclaim instead of being freed one by one
/// (a tenth of a 20 MB audit's time, after the reports were written).
final class KeptUntilExit: @unchecked Sendable {
    let values: [Any]
    private init(_ values: [Any]) { self.values = values }
    static func keep(_ values: Any...) { _ = Unmanaged.passRetained(KeptUntilExit(values)) }
}

/// One audit, as named stages: resolve the inputs, load the settings, audit, then each app's
/// report is built, rendered and written (`AuditRun+Report.swift`); several apps get an index.
final class AuditRun {
    let values: ParsedValues
    let environment: TerminalEnvironment
    let fileManager = FileManager.default
    let cwd: URL
    let progress: ProgressDisplay

    /// What `resolveInputs` found.
    struct Inputs {
        /// The paths given (the current folder when none), and as given.
        var paths: [URL]
        var given: [String]
        /// The folder findings are relative to with one path; each project's root.
        var root: URL
        var roots: [URL]
        var templates: URL?
        var checklists: URL?
    }

    /// What `loadSettings` read.
    struct Settings {
        var resources: BackgroundWork<ReportResources, ReportResources.LoadError>
        var configuration = Configuration()
        var configURL: URL?
        var configShown: String?
        var baseline: Baseline?
        var baselineShown: String?
        var changesByRoot: [String: ChangedLines] = [:]
    }

    /// One app found by the audit, with the project root its paths are relative to.
    struct AuditedApp {
        var result: AuditResult
        var root: URL
    }

    // Gathered across the apps of the run.
    var indexApps: [FolderIndex.App] = []
    /// The index's files (name and text, in the order of `formats`), rendered on a thread of
    /// their own while the apps' reports are written and summarized.
    var indexRendering: BackgroundWork<[(name: String, contents: String)], Never>?
    var baselineFindings: [Finding] = []
    var baselineFingerprints = Set<String>()
    var acceptedFingerprints = Set<String>()
    /// Each root's folder in its git repository (`CommandLineTool.gitPrefix`), found once a
    /// run: every app's filters and report asked it of their root, each a walk up the folders
    /// with `URL`s (twice for each of 27 apps on the real benchmark corpus, all one root).
    private let gitPrefixes = Mutex<[String: String?]>([:])

    init(values: ParsedValues, environment: TerminalEnvironment) {
        self.values = values
        self.environment = environment
        cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let progress = values[O.progress] ? ProgressChoice.always : values[O.noProgress] ? .never : .auto
        self.progress = ProgressDisplay(
            mode: environment.progressMode(progress, quiet: values[O.quiet]), columns: TerminalEnvironment.stderrColumns()
        ) { text in
            // Progress is a courtesy: a full or closed standard error must not stop the audit.
            try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
        }
    }

    var output: String { values[O.output] }
    var writesToStandardOutput: Bool { output == "-" }
    var outputURL: URL { writesToStandardOutput ? cwd.standardizedFileURL : URL(fileURLWithPath: output, relativeTo: cwd).standardizedFileURL }

    func run() -> Int32 {
        do {
            progress.begin("reading the configuration")
            let inputs = try resolveInputs()
            let settings = try loadSettings(inputs)
            let apps = try audit(inputs, settings)
            return try writeReports(apps, inputs: inputs, settings: settings)
        } catch {
            // Every way out clears the progress line first, so an error starts on a clean line.
            _ = progress.finish()
            return CommandLineTool.fail(error.message)
        }
    }

    func display(_ url: URL) -> String { CommandLineTool.displayPath(url, cwd: cwd) }

    // MARK: Stage 1: the inputs

    func resolveInputs() throws(RunFailure) -> Inputs {
        let given = values.arguments.isEmpty ? ["."] : values.arguments
        let paths = given.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
        for (path, word) in zip(paths, given) where !fileManager.fileExists(atPath: path.path) {
            throw RunFailure(message: CommandLineTool.missingPathMessage(word))
        }
        for (folder, option) in [(values[O.templates], "--templates"), (values[O.checklists], "--checklists")] {
            guard let folder else { continue }
            var isFolder: ObjCBool = false
            if !fileManager.fileExists(atPath: URL(fileURLWithPath: folder, relativeTo: cwd).path, isDirectory: &isFolder) || !isFolder.boolValue {
                throw RunFailure(message: "no such folder: \(folder) (\(option)); give a folder that exists, or leave \(option) out for the built-in ones")
            }
        }
        var isDirectory: ObjCBool = false
        let root = paths.count == 1 && fileManager.fileExists(atPath: paths[0].path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? paths[0] : cwd.standardizedFileURL
        return Inputs(
            paths: paths, given: given, root: root, roots: CommandLineTool.projectRoots(paths: paths, root: root),
            templates: values[O.templates].map { URL(fileURLWithPath: $0, relativeTo: cwd) },
            checklists: values[O.checklists].map { URL(fileURLWithPath: $0, relativeTo: cwd) })
    }

    // MARK: Stage 2: the settings

    func loadSettings(_ inputs: Inputs) throws(RunFailure) -> Settings {
        var settings = Settings(resources: try loadResources(inputs))
        try loadConfiguration(inputs, into: &settings)
        try loadBaseline(into: &settings)
        // An output folder that cannot be written is said before the audit, not after it.
        if !writesToStandardOutput, let problem = OutputFolder.problem(creating: outputURL, cwd: cwd) {
            throw RunFailure(message: "cannot write the report to \(output): \(problem); choose another folder with --output DIR")
        }
        // Changed lines are relative to the audited folder: one set per folder named, when several are.
        if let revision = values[O.changedSince] {
            for folder in inputs.roots {
                do {
                    settings.changesByRoot[folder.path] = try ChangedLines.load(since: revision, root: folder)
                } catch {
                    throw RunFailure(message: error.description)
                }
            }
        }
        return settings
    }

    /// The built-in templates and checklists are parsed on a thread of their own while the
    /// audit runs (they are needed only for the report); the user's own are read first, so
    /// that a mistake in them is reported before the audit.
    func loadResources(_ inputs: Inputs) throws(RunFailure) -> BackgroundWork<ReportResources, ReportResources.LoadError> {
        let templates = inputs.templates, checklists = inputs.checklists
        let load = BackgroundWork<ReportResources, ReportResources.LoadError> { () throws(ReportResources.LoadError) -> ReportResources in
            try ReportResources.load(templates: templates, checklists: checklists, knownRules: RuleCatalogue.identifiers)
        }
        if templates == nil, checklists == nil {
            load.start()
        } else {
            load.run()
            if case .failure(let error) = load.result() { throw RunFailure(message: error.description) }
        }
        return load
    }

    /// `--config`, else the nearest .iap-audit.json at or above the root.
    func loadConfiguration(_ inputs: Inputs, into settings: inout Settings) throws(RunFailure) {
        let config = values[O.config]
        guard !values[O.noConfig], let url = config.map({ URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }) ?? Configuration.find(from: inputs.root)
        else { return }
        let shown = config ?? display(url)
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw RunFailure(message: "no such configuration file: \(shown); check the path, or run 'iap-audit init' to write one")
        }
        if isFolder.boolValue {
            throw RunFailure(message: "\(shown) is a folder, not a configuration file; pass the .iap-audit.json file itself")
        }
        if !fileManager.isReadableFile(atPath: url.path) {
            throw RunFailure(message: "cannot read the configuration file \(shown): permission denied; make it readable (chmod +r \(shown)) or pass --no-config")
        }
        do {
            settings.configuration = try Configuration.load(url, displayPath: shown, knownRules: RuleCatalogue.identifiers)
        } catch {
            throw RunFailure(message: "invalid configuration: \(error.description)")
        }
        settings.configURL = url
        settings.configShown = shown
    }

    /// `--baseline`, else the configuration's (relative to the configuration file).
    func loadBaseline(into settings: inout Settings) throws(RunFailure) {
        let url: URL
        if let path = values[O.baseline] {
            url = URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL
            settings.baselineShown = path
        } else if let path = settings.configuration.baseline, let directory = settings.configuration.directory {
            url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
            settings.baselineShown = display(url)
        } else {
            return
        }
        // Writing a new baseline where the configuration expects one is how it starts.
        let writingIt = values[O.writeBaseline].map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL.path == url.path } ?? false
        guard fileManager.fileExists(atPath: url.path) || !writingIt else { return }
        do {
            settings.baseline = try Baseline.load(url, displayPath: settings.baselineShown ?? url.path)
        } catch {
            throw RunFailure(message: error.description)
        }
    }

    // MARK: Stage 3: the audit

    /// `CommandLineTool.gitPrefix(of:)`, remembered for the run.
    func gitPrefix(of root: URL) -> String? {
        let key = root.path
        if let known = gitPrefixes.withLock({ $0[key] }) { return known }
        let prefix = CommandLineTool.gitPrefix(of: root)
        gitPrefixes.withLock { $0[key] = prefix }
        return prefix
    }

    /// Where `root` is in its repository ("ios/"), for fingerprints that do not depend on the
    /// folder audited: from the git top level, else from the configuration file's folder. A
    /// version 1 baseline was fingerprinted from the folder audited: it is matched that way,
    /// unless a new baseline is being written.
    func fingerprintPrefix(of root: URL, _ settings: Settings) -> String {
        if settings.baseline?.pathsFromRepositoryRoot == false, values[O.writeBaseline] == nil { return "" }
        if let prefix = gitPrefix(of: root) { return prefix }
        guard let directory = settings.configuration.directory?.standardizedFileURL.path else { return "" }
        let path = root.standardizedFileURL.path
        guard path.hasPrefix(directory + "/") else { return "" }
        return String(path.dropFirst(directory.count + 1)) + "/"
    }

    /// A locale whose language is no ISO 639 code ("english", "en_UK" is fine) is said: the
    /// audit would look for translations no catalog can hold.
    func warnAboutUnknownLocales(_ locales: [String]?, from source: String) {
        // The ISO list wakes ICU's locale data: not asked for when no locale is given.
        guard let locales, !locales.isEmpty else { return }
        let known = Set(Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })
        for code in locales {
            let language = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
            if !known.contains(language), language != "base" {
                CommandLineTool.warn("unknown locale code '\(code)' in \(source); use a language code such as en, de or pt-BR")
            }
        }
    }

    /// Each folder named on the command line is a project of its own: audited on its own,
    /// never merged with the others.
    func audit(_ inputs: Inputs, _ settings: Settings) throws(RunFailure) -> [AuditedApp] {
        let disabled = Set(settings.configuration.disabledRules)
        let rules = BuiltInRules.all.filter { !disabled.contains($0.description.identifier) }
        var options = AuditOptions(
            locales: values[O.locales] ?? settings.configuration.locales, jobs: values[O.jobs],
            selection: settings.configuration.selection, observer: progress.observer)
        options.declaresCustomEULA = settings.configuration.declaresCustomEULA
        warnAboutUnknownLocales(options.locales, from: values[O.locales] != nil ? "--locales" : settings.configShown ?? "the configuration")
        let targets = values[O.target].isEmpty ? settings.configuration.targets : values[O.target]
        var audited: [AuditedApp] = []
        var unmatched: [String]?
        var unknownTargets = Set(targets)
        var availableApps: [String] = []
        var nothing: [(root: URL, apps: [AuditResult])] = []
        for projectRoot in inputs.roots {
            var options = options
            options.fingerprintPrefix = fingerprintPrefix(of: projectRoot, settings)
            let folder = Auditor.auditFolder(
                paths: inputs.roots.count > 1 ? [projectRoot] : inputs.paths, root: projectRoot, rules: rules, options: options, targets: targets)
            KeptUntilExit.keep(folder)
            // A pattern is mistyped when it matches nothing in any of the folders.
            unmatched = unmatched.map { Array(Set($0).intersection(folder.unmatchedIncludes)).sorted() } ?? folder.unmatchedIncludes
            unknownTargets.formIntersection(folder.unknownTargets)
            availableApps += folder.availableApps.filter { !$0.isEmpty }
            let found = folder.apps.filter { !$0.project.swiftFiles.isEmpty || !$0.project.objectiveCFiles.isEmpty || !$0.project.storeKitConfigurations.isEmpty }
            if found.isEmpty { nothing.append((projectRoot, folder.apps)) }
            audited += found.map { AuditedApp(result: $0, root: projectRoot) }
        }
        let folders = inputs.roots.map(display).joined(separator: ", ")
        if let pattern = unmatched?.first {
            throw RunFailure(message: "the include pattern '\(pattern)' in \(settings.configShown ?? "the configuration") matches no file under \(folders); correct the pattern or remove it")
        }
        if !unknownTargets.isEmpty {
            throw RunFailure(message: "no app named \(unknownTargets.sorted().joined(separator: ", ")) in \(folders); "
                + (availableApps.isEmpty ? "no Xcode application target was found" : "the apps found: \(availableApps.joined(separator: "; "))"))
        }
        if audited.isEmpty, let first = nothing.first {
            throw RunFailure(message: NothingAudited.message(root: first.root, shown: display(first.root), apps: first.apps))
        }
        for (folderRoot, _) in nothing {
            // One of several folders holds nothing to audit: said, and the others go on.
            CommandLineTool.warn("nothing to audit in \(display(folderRoot)): no Swift source and no StoreKit configuration")
        }
        return audited
    }
}
