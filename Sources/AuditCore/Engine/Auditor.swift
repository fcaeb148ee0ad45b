import Foundation
import Synchronization

/// A file handed to the engine: its path relative to the root and its bytes, or why it could
/// not be read.
public struct InputFile: Sendable {
    public var relativePath: String
    public var kind: FileKind
    public var contents: Result<[UInt8], InputError>
    /// A string catalog or table whose bytes were let go once parsed (`contents` is then
    /// empty): the file to read again for its findings' excerpts, and how large it was.
    var released: (file: DiscoveredFile, byteCount: Int)?

    public init(relativePath: String, kind: FileKind, contents: Result<[UInt8], InputError>) {
        self.relativePath = relativePath
        self.kind = kind
        self.contents = contents
    }

    /// An in-memory file, classified by its name (for examples and tests).
    public static func text(_ path: String, _ contents: String) -> InputFile? {
        guard let kind = FileKind.classify(path) else { return nil }
        return InputFile(relativePath: path, kind: kind, contents: .success(Array(contents.utf8)))
    }
}

public struct AuditOptions: Sendable {
    /// Locales the app ships, overriding what the inputs say (`--locales`).
    public var locales: [String]?
    /// Parallel workers for loading and rules; nil means all cores.
    public var jobs: Int?
    /// The configuration's include, exclude and paywall copy globs.
    public var selection: FileSelection
    /// Told when each stage starts and each file or rule is done (progress, timings).
    public var observer: AuditObserver?
    /// The audited folder's path from the repository root ("ios/"), put before each file's
    /// path in the fingerprints, so that a baseline matches from any folder of the repository.
    public var fingerprintPrefix = ""
    /// The configuration's `metadata.customEULA`: App Store Connect holds a custom license agreement.
    public var declaresCustomEULA = false

    public init(locales: [String]? = nil, jobs: Int? = nil, selection: FileSelection = .everything, observer: AuditObserver? = nil) {
        self.locales = locales
        self.jobs = jobs
        self.selection = selection
        self.observer = observer
    }

    func notify(_ event: AuditEvent) { observer?(event) }
}

/// The outcome of an audit: per-rule results with findings and evidence, ready for a report.
public struct AuditResult: Sendable {
    public var project: Project
    public var results: [RuleResult]
    /// All findings, sorted by file, line, column, rule.
    public var findings: [Finding]
    public var fileCounts: [FileKind: Int]
    /// Findings the filter stage took out (suppressed, accepted by the baseline, outside the
    /// changed lines), with the reason. Empty until `Filters.apply` runs.
    public var setAside: [SetAsideFinding] = []
    /// Which app this is, and how the folder's files were divided.
    public var scope = AuditScope()
    /// The purchase-path matrix, once computed from the filtered result
    /// (`PurchasePathMatrix(result:capabilities:)`); nil until then.
    public var purchasePaths: PurchasePathMatrix?

    /// The result with its purchase-path matrix computed: call it after `Filters.apply`.
    public func withPurchasePaths(capabilities: Capabilities) -> AuditResult {
        var result = self
        result.purchasePaths = PurchasePathMatrix(result: self, capabilities: capabilities)
        return result
    }
}

/// What the audit found out about the audited folder itself: which app a result is for, how
/// the files divide among the apps, and what was left out and why. The report's Inputs section.
public struct AuditScope: Sendable {
    /// The build description's files by kind, for the report: "1 Xcode project, 2 schemes".
    public var buildFileSummary: String {
        let names: [(BuildFile.Kind, String, String)] = [
            (.xcodeProject, "Xcode project", "Xcode projects"), (.scheme, "shared scheme", "shared schemes"),
            (.workspace, "workspace", "workspaces"), (.packageManifest, "Package.swift", "Package.swift files"),
            (.infoPlist, "Info.plist", "Info.plist files"),
        ]
        return names.compactMap { kind, one, many in
            let count = buildFiles.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(count == 1 ? one : many)"
        }.joined(separator: ", ")
    }

    /// The skipped folders by reason, in the reasons' order.
    public var skippedByReason: [(reason: SkipReason, folders: [String])] {
        Dictionary(grouping: skipped, by: \.reason).map { ($0.key, $0.value.map(\.relativePath)) }.sorted { $0.reason < $1.reason }
    }

    public var app: AppScope
    /// How many apps the folder holds (this is one of them).
    public var appCount: Int
    /// The build description's files that were read, by kind ("2 Xcode projects, 3 schemes").
    public var buildFiles: [BuildFile]
    public var filesInNoTarget: [String]
    public var testConfigurations: [String]
    /// The StoreKit configurations this app's test targets bundle (for `SKTestSession`).
    public var testStoreKitConfigurations: [String] = []
    public var skipped: [SkippedFolder]
    public var notes: [String]
    /// The app's source files in languages the audit does not read, by language.
    public var otherLanguages: [OtherLanguage: Int] = [:]
    /// The purchase plugins or APIs those files name (`in_app_purchase`, `react-native-iap`).
    public var purchasePlugins: Set<String> = []
    /// Set when the app has such files and no Swift code that imports StoreKit: its purchase
    /// code is probably in them, so the code items cannot be checked. Says which languages.
    public var unreadPurchaseCode: String? {
        guard !otherLanguages.isEmpty, !swiftImportsStoreKit else { return nil }
        let languages = otherLanguages.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) (\($0.value) file\($0.value == 1 ? "" : "s"))" }.joined(separator: " and ")
        return purchasePlugins.isEmpty ? languages : languages + " using " + purchasePlugins.sorted().joined(separator: ", ")
    }
    var swiftImportsStoreKit = false
    /// How many of the app's Objective-C files use StoreKit: the code items whose rules do not
    /// read Objective-C are then not checked.
    public var objectiveCStoreKitFiles = 0
    /// The app's property lists, build settings and JSON files that mention a secret.
    public var settingsFiles: [SettingsFile] = []
    /// App Store Server Notifications handling found anywhere in the audited folder.
    public var serverNotifications = ServerNotifications()

    public init(app: AppScope = .wholeFolder, appCount: Int = 1, buildFiles: [BuildFile] = [], filesInNoTarget: [String] = [],
                testConfigurations: [String] = [], skipped: [SkippedFolder] = [], notes: [String] = []) {
        self.app = app
        self.appCount = appCount
        self.buildFiles = buildFiles
        self.filesInNoTarget = filesInNoTarget
        self.testConfigurations = testConfigurations
        self.skipped = skipped
        self.notes = notes
    }
}

/// The audit of a folder: one result per app it holds.
public struct FolderAudit: Sendable {
    public var apps: [AuditResult]
    /// Include globs of the configuration that matched no file (a typo audits nothing).
    public var unmatchedIncludes: [String]
    /// Apps `targets` asked for that the folder does not have, and the names it has.
    public var unknownTargets: [String]
    public var availableApps: [String]
    /// Every file found, as loaded (a file no audited app takes is `.notAudited`, or `.failed`
    /// when it cannot be read, unless it is a Swift file naming server notifications): held
    /// here so that they are freed when the caller lets the audit go, not one by one in the
    /// middle of it (freed between loading and the rules, on one core while the other waited,
    /// the real benchmark corpus's files in no app took 10-17 ms of a 180 ms audit when they
    /// were still parsed).
    var loaded: [(InputFile, LoadedInput)] = []
    /// The paths of every file found, and the Swift files parsed: the apps' and those naming
    /// server notifications that no app takes.
    public var loadedPaths: [String] { loaded.map(\.0.relativePath) }
    public var loadedSwiftFiles: [SwiftFile] {
        loaded.compactMap { item in if case .swift(let file, _, _, _) = item.1 { return file } else { return nil } }
    }
}

/// Runs the stages in order: find the files and the build description, load every file (in
/// parallel), divide them among the apps, then per app build the project, run the rules (in
/// parallel), then attach excerpts and fingerprints and sort.
public enum Auditor {
    /// The audit of the first app found (the whole folder when there is no build description).
    public static func audit(paths: [URL], root: URL, rules: [any Rule], options: AuditOptions = AuditOptions()) -> AuditResult {
        auditFolder(paths: paths, root: root, rules: rules, options: options).apps[0]
    }

    /// Audits every app in the folder (those named by `targets`, when given).
    public static func auditFolder(paths: [URL], root: URL, rules: [any Rule], options: AuditOptions = AuditOptions(), targets: [String] = []) -> FolderAudit {
        options.notify(.started(.discovering, total: 0))
        let discovered = Discovery.discover(paths: paths, root: root, selection: options.selection, jobs: options.jobs)
        // Each file is read and parsed by the same worker, one after the other: no barrier
        // between the two, and the lexer finds the bytes still in the cache.
        let files = discovered.files.sorted { $0.relativePath < $1.relativePath }
        options.notify(.started(.reading, total: files.count + discovered.buildFiles.count))
        // The build description first (a few small files): which files the audited apps take
        // decides which are parsed.
        let build = BuildDescriptionLoader.load(discovered.buildFiles, root: root, jobs: options.jobs) {
            options.notify(.advanced(.reading))
        }
        let plan = AppPlan.make(build: build, files: files)
        let discoveryErrors = discovered.problems.map {
            InputError(file: $0.relativePath, line: 1, column: 1, reason: $0.reason)
        }
        var chosen = plan.apps
        var unknown: [String] = []
        if !targets.isEmpty {
            let names = Set(plan.apps.flatMap { app in [app.name] + app.name.components(separatedBy: ", ") })
            unknown = targets.filter { !names.contains($0) }
            chosen = plan.apps.filter { app in targets.contains(app.name) || app.name.components(separatedBy: ", ").contains { targets.contains($0) } }
        }
        // Each audited app's files with their roles, and whether any app audits each file.
        let candidates = candidateFiles(files, apps: chosen)
        var roles = [[(offset: Int, role: AppPlan.FileRole)]](repeating: [], count: chosen.count)
        var isAudited = [Bool](repeating: false, count: files.count)
        // Files some app takes as other than test code (which the warm-up reads).
        var isAppFile = [Bool](repeating: false, count: files.count)
        for (index, app) in chosen.enumerated() {
            for offset in candidates[index] {
                guard let role = plan.role(of: files[offset], in: app) else { continue }
                roles[index].append((offset, role))
                // A test target's files other than Swift are not audited (its StoreKit
                // configurations are named, not read).
                if role == .code || files[offset].kind == .swift { isAudited[offset] = true }
                if role != .test { isAppFile[offset] = true }
            }
        }
        let audited = isAudited
        // String catalogs and tables first (the largest files: one 2 MB catalog read last kept
        // one worker busy alone), then the rest in path order; results stay in path order.
        let loaded: [(InputFile, LoadedInput)] = parallelMap(Array(files.indices), jobs: options.jobs, first: { files[$0].kind.isLargeTable }) { offset in
            let file = files[offset]
            defer { options.notify(.advanced(.reading)) }
            guard audited[offset] else { return notAudited(file) }
            var input = InputFile(relativePath: file.relativePath, kind: file.kind, contents: read(file))
            let item = Loader.load(input)
            // A table's parsed form is what the rules read: its bytes are read again only for
            // the excerpts of its findings (`SourceText`).
            if file.kind.isLargeTable, case .success(let bytes) = input.contents {
                input.contents = .success([])
                input.released = (file, bytes.count)
            }
            return (input, item)
        }
        // The apps' files are chosen, and the server notifications looked for in every Swift
        // file of the folder, each on a thread of its own while this thread and the workers
        // warm the StoreKit files up: one after the other, they were 14 ms of the real
        // benchmark corpus's audit (under perf) with one core busy. The warm-up stays on this
        // thread and the workers, where what it builds (the trees and indexes the rules keep)
        // was allocated before.
        let warmUpFiles = isAppFile.indices.compactMap { offset -> SwiftFile? in
            guard isAppFile[offset], case .swift(let file, _, false, _) = loaded[offset].1 else { return nil }
            return file
        }
        let findingServerNotifications = BackgroundWork<ServerNotifications, Never> {
            ServerNotifications.find(
                swiftFiles: loaded.compactMap { item in if case .swift(let file, _, _, _) = item.1 { return file } else { return nil } },
                serverSources: discovered.serverSources, root: root)
        }
        findingServerNotifications.start()
        // Each app's files and scope first (cheap, in order), then the apps audited in
        // parallel, largest first: a folder of many small packages kept one worker busy per
        // app's short rule stage while the other waited (apps × rules × files on every core).
        let (apps, appRoles) = (chosen, roles)
        let choosing = BackgroundWork<[(selected: [(InputFile, LoadedInput)], scope: AuditScope, bytes: Int)], Never> {
            let shownBuildFiles = discovered.buildFiles.map { BuildFile(path: $0.relativePath, relativePath: $0.relativePath, kind: $0.kind) }
            var work: [(selected: [(InputFile, LoadedInput)], scope: AuditScope, bytes: Int)] = []
            let settings = SettingsFile.read(discovered.settingsFiles, root: root)
            for (index, app) in apps.enumerated() {
                var selected: [(InputFile, LoadedInput)] = []
                var testStoreKitConfigurations: [String] = []
                // The first app looks at every file (a file it does not take is reported with it
                // when it could not be read: once, whether another app takes it or none does); the
                // others at their own.
                var next = 0
                for offset in index == 0 ? Array(files.indices) : appRoles[index].map(\.offset) {
                    guard next < appRoles[index].count, appRoles[index][next].offset == offset else {
                        if case .failed = loaded[offset].1 { selected.append(loaded[offset]) }
                        continue
                    }
                    let role = appRoles[index][next].role
                    next += 1
                    let file = files[offset]
                    if role == .test {
                        // Tests' own StoreKit configurations are not the app's catalogue; that they
                        // exist is what "set up for testing" asks.
                        if file.kind == .storeKitConfiguration { testStoreKitConfigurations.append(file.relativePath) }
                        guard file.kind == .swift else { continue }
                        selected.append((loaded[offset].0, loaded[offset].1.asTest))
                    } else {
                        selected.append(loaded[offset])
                    }
                }
                var scope = AuditScope(
                    app: app, appCount: apps.count, buildFiles: shownBuildFiles, filesInNoTarget: plan.filesInNoTarget,
                    testConfigurations: plan.testConfigurations, skipped: discovered.skipped, notes: plan.notes)
                scope.testStoreKitConfigurations = testStoreKitConfigurations.sorted()
                // Bundle resources and build settings of the app (a folder app: all of them).
                scope.settingsFiles = settings.filter { file in
                    app.kind == .folder || app.members.contains(file.path) || file.path.hasSuffix(".xcconfig") && RepositoryPath.isInside(file.path, folder: app.folder)
                }
                let bytes = selected.reduce(0) { sum, item in
                    if case .success(let contents) = item.0.contents { return sum + contents.count + (item.0.released?.byteCount ?? 0) }
                    return sum
                }
                work.append((selected, scope, bytes))
            }
            return work
        }
        choosing.start()
        // Before anything asks a StoreKit file for its identifiers (the questions below do).
        warmUp(warmUpFiles, jobs: options.jobs)
        var work = choosing.result().get()
        let serverNotifications = findingServerNotifications.result().get()
        for (index, app) in chosen.enumerated() {
            work[index].scope.serverNotifications = serverNotifications
            // Code in another language counts as the app's purchase code only when no Swift file
            // of the app imports StoreKit and the file names a purchase API (StoreKit, an IAP plugin).
            let swiftImportsStoreKit = work[index].selected.contains { item in
                if case .swift(let file, _, false, _) = item.1 { return file.importsStoreKit }
                return false
            }
            if !swiftImportsStoreKit {
                var read = 0
                for source in discovered.otherSources where app.kind == .folder || app.members.contains(source.relativePath) {
                    guard read < OtherLanguage.maximumFilesRead else { break }
                    read += 1
                    let path = root.appendingPathComponent(source.relativePath).path
                    if let plugin = source.language.purchaseAPI(inFileAt: path) {
                        work[index].scope.otherLanguages[source.language, default: 0] += 1
                        work[index].scope.purchasePlugins.insert(plugin)
                    }
                }
            }
        }
        var results: [AuditResult]
        // Several apps are audited in the three steps below even when one of them is most of
        // the code: the steps keep both workers busy with every app's rules. Audited one after
        // the other, the 26 small apps beside CotEditor's 62 % of the real benchmark corpus
        // each ran a short parallel stage of their own (2 jobs, 12 runs: fastest 249 -> 217 ms,
        // first quartile 290 -> 261 ms; IceCubes' 14 apps 104 -> 101 ms).
        if work.count > 1 {
            // One stage for all the apps: the progress counts every app's rules.
            options.notify(.started(.checking, total: rules.count * work.count))
            let order = work.indices.sorted { a, b in work[a].bytes != work[b].bytes ? work[a].bytes > work[b].bytes : a < b }
            let extra = discoveryErrors + build.problems
            // In three steps over all the apps, each step's items on every worker: the
            // projects (largest first); then every app's rules as one list, heaviest rules of
            // the largest apps first; then each app's findings. An app audited whole on one
            // worker left the other idle while the largest app's rules ran.
            let prepared = parallelMap(order.map { work[$0] }, jobs: options.jobs) { item in
                Self.prepare(item.selected, rules: rules, options: options, scope: item.scope, extraErrors: extra)
            }
            let weights = rules.map { type(of: $0).schedulingWeight }
            var checks: [(app: Int, rule: Int)] = []
            for weight in Set(weights).sorted(by: >) {
                for app in prepared.indices {
                    for rule in rules.indices where weights[rule] == weight { checks.append((app, rule)) }
                }
            }
            let checked = parallelMap(checks, jobs: options.jobs) { item in
                Self.check(rules[item.rule], on: prepared[item.app].project, options: options)
            }
            var ruleResults = [[RuleResult?]](repeating: [RuleResult?](repeating: nil, count: rules.count), count: prepared.count)
            for (position, check) in checks.enumerated() { ruleResults[check.app][check.rule] = checked[position] }
            let appResults = ruleResults.map { $0.map { $0! } }
            options.notify(.started(.finishing, total: 0))
            let audited = parallelMap(Array(prepared.indices), jobs: options.jobs) { app in
                Self.conclude(prepared[app], results: appResults[app], options: options)
            }
            results = audited
            for (position, index) in order.enumerated() { results[index] = audited[position] }
        } else {
            results = work.map { assemble($0.selected, rules: rules, options: options, scope: $0.scope, extraErrors: discoveryErrors + build.problems) }
        }
        if results.isEmpty {
            // Only unknown targets were asked for: nothing to audit, said by the caller.
            results.append(AuditResult(project: Project(), results: [], findings: [], fileCounts: [:]))
        }
        let unmatched = options.selection.unmatchedIncludes(files, root: root).map { $0.pattern }
        var audit = FolderAudit(apps: results, unmatchedIncludes: unmatched, unknownTargets: unknown, availableApps: plan.apps.map { $0.name })
        audit.loaded = loaded
        return audit
    }

    /// A file no audited app takes: not parsed (nothing of it ships, nothing of it is
    /// reported but that it cannot be read). A Swift file is still read, and loaded when its
    /// bytes name an App Store Server Notifications API: `ServerNotifications` looks at every
    /// Swift file of the folder (a server package beside the app is its own app or none).
    /// Parsing the real benchmark corpus's 777 Swift files and 55 catalogs in no app was 40 %
    /// of its loading, a fifth of its instructions (callgrind, one job: 1.899 -> 1.507 G).
    static func notAudited(_ file: DiscoveredFile) -> (InputFile, LoadedInput) {
        func result(_ contents: Result<[UInt8], InputError>) -> (InputFile, LoadedInput) {
            let input = InputFile(relativePath: file.relativePath, kind: file.kind, contents: contents)
            if case .failure(let error) = contents { return (input, .failed(error)) }
            return (input, .notAudited)
        }
        guard file.kind == .swift else { return result(readingProblem(file).map { .failure($0) } ?? .success([])) }
        let contents = read(file)
        guard case .success(let bytes) = contents else { return result(contents) }
        if bytes.withUnsafeBufferPointer(ServerNotifications.mayNameSwiftAnchor) {
            let input = InputFile(relativePath: file.relativePath, kind: file.kind, contents: contents)
            return (input, Loader.load(input))
        }
        return result(.success([]))
    }

    /// Builds the declarations, the identifier index and the literals' texts of the app files
    /// that may name StoreKit (their name filters say so without a lookup), each as a task of its own,
    /// largest first: the rules ask all three of every such file, and asked first inside a
    /// rule's or a fact's pass, each was built alone on one core (a 50 MB file's index, then its
    /// declarations, one after the other while the other core waited).
    static func warmUp(_ appFiles: [SwiftFile], jobs: Int?) {
        // One file each: the loaded files of the folder, not each app's (which share files).
        let files = appFiles.filter { !$0.isExcluded && $0.mayNameStoreKit }.sorted { $0.bytes.count > $1.bytes.count }
        // The literals' texts too (every app file's are searched by external_purchase_link),
        // and the line table (where a finding or an evidence line is): they need neither of
        // the others, and fill the time the index leaves beside the declarations of a large
        // file. Asked first by a rule, a 50 MB file's line table (20 ms) kept the other rules
        // that report in the file waiting on it.
        let parts: [@Sendable (SwiftFile) -> Void] = [{ _ = $0.structure }, { _ = $0.identifierIndex }, { _ = $0.literalTexts }, { _ = $0.lines }]
        let tasks = files.flatMap { file in parts.map { (file, $0) } }
        _ = parallelMap(tasks, jobs: jobs) { file, build in build(file) }
    }

    /// For each app, the offsets (ascending) of the files `AppPlan.role(of:in:)` can give a
    /// role in it: every file for a folder app or one whose members hold the root; otherwise
    /// StoreKit configurations and copy documents (their roles read more than membership),
    /// and the files that are, or lie in a folder that is, a member or test of the app. Asking
    /// every app about every file (membership tests folder by folder) grew with apps × files:
    /// a monorepo of packages has hundreds of apps.
    static func candidateFiles(_ files: [DiscoveredFile], apps: [AppScope]) -> [[Int]] {
        var result = [[Int]](repeating: [], count: apps.count)
        var everything: [Int] = []
        var owners: [String: [Int]] = [:]
        for (index, app) in apps.enumerated() {
            let paths = [app.members.files, app.members.folders, app.tests.files, app.tests.folders].joined()
            if app.kind == .folder || app.members.folders.contains("") || app.tests.folders.contains("") {
                everything.append(index)
                continue
            }
            for path in Set(paths) { owners[path, default: []].append(index) }
        }
        var lastOffset = [Int](repeating: -1, count: apps.count)
        func add(_ app: Int, _ offset: Int) {
            guard lastOffset[app] != offset else { return }
            lastOffset[app] = offset
            result[app].append(offset)
        }
        // The owners of the folders above the last file's folder: files come in path order, so
        // a folder's files come together and each folder's chain is looked up once (a string
        // made and hashed for every folder of every file was 30 M instructions on one core).
        var lastFolder: Substring?
        var folderOwners: [Int] = []
        for (offset, file) in files.enumerated() {
            for app in everything { add(app, offset) }
            if file.kind == .storeKitConfiguration || file.kind == .copyDocument || file.kind == .storeListing {
                for app in apps.indices { add(app, offset) }
                continue
            }
            guard !owners.isEmpty else { continue }
            // The path itself, then each folder above it: "a/b/c.swift", "a/b", "a".
            let path = file.relativePath
            if let apps = owners[path] { for app in apps { add(app, offset) } }
            guard let slash = RepositoryPath.lastSlash(in: path, before: path.endIndex) else { continue }
            let folder = path[..<slash]
            if lastFolder == nil || lastFolder! != folder {
                folderOwners.removeAll(keepingCapacity: true)
                var end = path.endIndex
                while let above = RepositoryPath.lastSlash(in: path, before: end) {
                    if let apps = owners[String(path[..<above])] { folderOwners += apps }
                    end = above
                }
                lastFolder = folder
            }
            for app in folderOwners { add(app, offset) }
        }
        // Each app's offsets were added in file order: ascending.
        return result
    }

    /// Files of at least this many bytes are read in two halves at once (`read`).
    static let splitReadSize = 8 << 20

    /// Reads `count` bytes at `offset` into `target`: 0 when all were read, the error number
    /// when reading failed, -1 when the file ended first.
    private static func readFully(_ descriptor: Int32, into target: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int) -> Int32 {
        var done = 0
        while done < count {
            let got = pread(descriptor, target + done, count - done, off_t(offset + done))
            if got < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if got == 0 { return -1 }
            done += got
        }
        return 0
    }

    /// The largest file the audit reads. Token offsets are 32-bit, and a larger input is not
    /// source, configuration or copy anyone writes; it must not exhaust the memory instead.
    public static let maximumFileSize = 256 << 20

    /// The file opened for reading, with its size: or why it cannot be read (the reasons
    /// `read` gives before reading a byte). The caller closes the descriptor.
    private static func open(_ file: DiscoveredFile) -> Result<(descriptor: Int32, size: Int), InputError> {
        func failure(_ reason: String) -> Result<(descriptor: Int32, size: Int), InputError> {
            .failure(InputError(file: file.relativePath, line: 1, column: 1, reason: reason))
        }
        // Non-blocking: a named pipe (reached through a symbolic link) must not stall the audit.
        let descriptor = Foundation.open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case EACCES, EPERM:
                return failure("cannot be read: permission denied")
            case ELOOP:
                return failure("cannot be read: it is a symbolic link that leads back to itself")
            case ENOENT:
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) != nil {
                    return failure("cannot be read: it is a symbolic link to a file that does not exist")
                }
                return failure("disappeared before it could be read")
            default:
                return failure("cannot be read: \(String(cString: strerror(code)))")
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            // A link to a pipe, socket or device such as /dev/zero: reading could block or never end.
            return failure("cannot be read: it is not a regular file but a pipe, socket or device")
        }
        guard status.st_size <= maximumFileSize else {
            close(descriptor)
            return failure("is larger than the \(maximumFileSize >> 20) MB the audit reads")
        }
        return .success((descriptor, Int(status.st_size)))
    }

    /// Why `file` cannot be read, found without reading it (nil when it can be opened): what a
    /// file no audited app takes is checked for.
    static func readingProblem(_ file: DiscoveredFile) -> InputError? {
        switch open(file) {
        case .failure(let error): return error
        case .success(let opened):
            close(opened.descriptor)
            return nil
        }
    }

    static func read(_ file: DiscoveredFile) -> Result<[UInt8], InputError> {
        func failure(_ reason: String) -> Result<[UInt8], InputError> {
            .failure(InputError(file: file.relativePath, line: 1, column: 1, reason: reason))
        }
        let descriptor: Int32
        let expected: Int
        switch open(file) {
        case .failure(let error): return .failure(error)
        case .success(let opened): (descriptor, expected) = opened
        }
        // Closed here rather than by a FileHandle: making and freeing one per file cost a
        // third of reading the files (callgrind), and only a file still growing needs one.
        defer { close(descriptor) }
        // The size fstat gave, read straight into the array (one byte more to see a file that
        // grew); a file still growing is read the general way below.
        var complete = false
        var failed: Int32 = 0
        let direct = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            if expected >= splitReadSize {
                // Two halves read at once: the kernel gives a large file's array its memory
                // (zeroing every page) as the read copies into it, a tenth of a 50 MB file's
                // audit on one core.
                let base = SlotPointer(base: buffer.baseAddress!)
                let half = expected / 2
                let outcomes = parallelMap([0..<half, half..<expected], jobs: 2) { range in
                    readFully(descriptor, into: base.base + range.lowerBound, count: range.count, at: range.lowerBound)
                }
                count = 0
                if let error = outcomes.first(where: { $0 > 0 }) {
                    failed = error
                    return
                }
                // A half cut short: the file shrank (read the general way below).
                guard outcomes.allSatisfy({ $0 == 0 }) else { return }
                // One byte more: nothing there, or the file grew.
                if pread(descriptor, buffer.baseAddress! + expected, 1, off_t(expected)) == 0 {
                    complete = true
                    count = expected
                }
                return
            }
            var total = 0
            while total < expected + 1 {
                let asked = expected + 1 - total
                let got = Foundation.read(descriptor, buffer.baseAddress! + total, asked)
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    break
                }
                total += got
                // A regular file's read returns less than asked only at its end: the file
                // holds what fstat said, without the read that returns nothing (a system call
                // per file, each costing microseconds in a virtual machine).
                if got == 0 || (got < asked && total == expected) {
                    complete = true
                    break
                }
            }
            count = total
        }
        if failed != 0 { return failure("cannot be read: \(String(cString: strerror(failed)))") }
        if complete { return .success(direct) }
        do {
            _ = lseek(descriptor, 0, SEEK_SET)
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            let data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
            guard data.count <= maximumFileSize else {
                return failure("grew past the \(maximumFileSize >> 20) MB the audit reads while it was read")
            }
            return .success(Array(data))
        } catch {
            return failure("cannot be read: \(error.localizedDescription)")
        }
    }

    /// Audits files already in memory.
    public static func audit(files: [InputFile], rules: [any Rule], options: AuditOptions = AuditOptions()) -> AuditResult {
        // Property lists, build settings and JSON files are looked at for shipped secrets only.
        let isSettings = { (file: InputFile) in
            SettingsFile.isCandidate(name: String(file.relativePath.split(separator: "/").last ?? ""), relativePath: file.relativePath)
        }
        let settings: [SettingsFile] = files.filter(isSettings).compactMap { file in
            guard case .success(let bytes) = file.contents else { return nil }
            return SettingsFile.mentionsSecret(bytes) ? SettingsFile(path: file.relativePath, bytes: bytes) : nil
        }
        let sorted = files.filter { !isSettings($0) }.sorted { $0.relativePath < $1.relativePath }
        options.notify(.started(.parsing, total: sorted.count))
        let loaded: [(InputFile, LoadedInput)] = parallelMap(sorted, jobs: options.jobs) { file in
            let item = Loader.load(file)
            options.notify(.advanced(.parsing))
            return (file, item)
        }
        var scope = AuditScope()
        scope.settingsFiles = settings.sorted { $0.path < $1.path }
        scope.serverNotifications = ServerNotifications.find(
            swiftFiles: loaded.compactMap { item in if case .swift(let file, _, _, _) = item.1 { return file } else { return nil } },
            serverSources: [], root: nil)
        return assemble(loaded, rules: rules, options: options, scope: scope, extraErrors: [])
    }

    /// The project from the loaded files (in path order), then the rules. `extraErrors`: what
    /// could not be listed or read besides the files (folders, the build description).
    /// `announcesStages`: false when several apps are audited at once and the caller announces
    /// the checking and finishing stages for all of them.
    private static func assemble(_ loaded: [(InputFile, LoadedInput)], rules: [any Rule], options: AuditOptions,
                                 scope: AuditScope, extraErrors: [InputError], announcesStages: Bool = true) -> AuditResult {
        let (project, sources, counts) = makeProject(loaded, options: options, scope: scope, extraErrors: extraErrors)
        let result = finish(project: project, sources: sources, rules: rules, options: options, announcesStages: announcesStages)
        return described(result, counts: counts, scope: scope)
    }

    /// The app's project from its loaded files (in path order) and what its scope says of it,
    /// the inputs as read, and the files by kind: the one place a project is put together.
    private static func makeProject(_ loaded: [(InputFile, LoadedInput)], options: AuditOptions, scope: AuditScope,
                                    extraErrors: [InputError]) -> (Project, [(path: String, text: SourceText)], [FileKind: Int]) {
        var project = Project()
        project.inputErrors = extraErrors
        var sources: [(path: String, text: SourceText)] = []
        sources.reserveCapacity(loaded.count)
        var counts: [FileKind: Int] = [:]
        for (input, item) in loaded {
            counts[input.kind, default: 0] += 1
            if let released = input.released {
                sources.append((input.relativePath, .onDisk(released.file)))
            } else if case .success(let bytes) = input.contents {
                sources.append((input.relativePath, .bytes(bytes)))
            }
            item.add(to: &project)
        }
        project.resolveLocales(override: options.locales, declared: scope.app.declaredLocales, declaredSource: scope.app.declaredLocaleSource)
        project.isLibrary = scope.app.kind == .package
        project.platforms = scope.app.platforms
        project.declaresCustomEULA = options.declaresCustomEULA
        project.testStoreKitConfigurations = scope.testStoreKitConfigurations
        project.settingsFiles = scope.settingsFiles
        project.jobs = options.jobs
        return (project, sources, counts)
    }

    /// `result` with the file counts and the scope, which says what the project read.
    private static func described(_ result: AuditResult, counts: [FileKind: Int], scope: AuditScope) -> AuditResult {
        var result = result
        result.fileCounts = counts
        result.scope = scope
        result.scope.swiftImportsStoreKit = result.project.usesStoreKit
        result.scope.objectiveCStoreKitFiles = result.project.objectiveCFiles.filter { $0.importsStoreKit || $0.mentions("SKPaymentQueue") || $0.mentions("SKProduct") }.count
        return result
    }

    /// An app's project with its shared facts and the rules' preparation, ready for the
    /// rules: `assemble` up to the rules, for audits that schedule several apps' rules together.
    struct PreparedApp: Sendable {
        var project: Project
        var sources: [(path: String, text: SourceText)]
        var counts: [FileKind: Int]
        var scope: AuditScope
    }

    private static func prepare(_ loaded: [(InputFile, LoadedInput)], rules: [any Rule], options: AuditOptions,
                                scope: AuditScope, extraErrors: [InputError]) -> PreparedApp {
        let (project, sources, counts) = makeProject(loaded, options: options, scope: scope, extraErrors: extraErrors)
        prepareRules(rules, on: project, options: options)
        return PreparedApp(project: project, sources: sources, counts: counts, scope: scope)
    }

    /// The project's shared facts, then each rule's preparation.
    private static func prepareRules(_ rules: [any Rule], on project: Project, options: AuditOptions) {
        options.notify(.item(.checking, "shared facts", started: true))
        project.prepareSharedFacts()
        options.notify(.item(.checking, "shared facts", started: false))
        for rule in rules {
            let name = "preparing " + rule.description.identifier
            options.notify(.item(.checking, name, started: true))
            rule.prepare(project)
            options.notify(.item(.checking, name, started: false))
        }
    }

    /// One rule on one prepared project.
    private static func check(_ rule: any Rule, on project: Project, options: AuditOptions) -> RuleResult {
        var result = RuleResult(rule: rule.description)
        options.notify(.item(.checking, rule.description.identifier, started: true))
        rule.check(project, into: &result)
        result.closeEvidence()
        options.notify(.item(.checking, rule.description.identifier, started: false))
        options.notify(.advanced(.checking))
        return result
    }

    /// The app's result from its rules' results (in the rules' order): what `assemble` returns.
    private static func conclude(_ app: PreparedApp, results: [RuleResult], options: AuditOptions) -> AuditResult {
        described(decorated(project: app.project, results: results, sources: app.sources, options: options), counts: app.counts, scope: app.scope)
    }

    /// `sources`: the inputs as read, in path order.
    private static func finish(project: Project, sources: [(path: String, text: SourceText)], rules: [any Rule], options: AuditOptions,
                               announcesStages: Bool = true) -> AuditResult {
        if announcesStages { options.notify(.started(.checking, total: rules.count)) }
        prepareRules(rules, on: project, options: options)
        // Heaviest first (a stable order otherwise), so that no worker is left with a long
        // rule while the others are done; results keep the rules' order.
        let weights = rules.map { type(of: $0).schedulingWeight }
        let order = rules.indices.sorted { a, b in weights[a] != weights[b] ? weights[a] > weights[b] : a < b }
        let ordered: [RuleResult] = parallelMap(order.map { rules[$0] }, jobs: options.jobs) { rule in
            check(rule, on: project, options: options)
        }
        var results = ordered
        for (position, index) in order.enumerated() { results[index] = ordered[position] }
        if announcesStages { options.notify(.started(.finishing, total: 0)) }
        return decorated(project: project, results: results, sources: sources, options: options)
    }

    /// The rules' findings with excerpts and fingerprints, and all of them sorted.
    private static func decorated(project: Project, results: [RuleResult], sources: [(path: String, text: SourceText)], options: AuditOptions) -> AuditResult {
        var results = results
        let texts = SourceTexts(inputs: sources, swiftFiles: project.swiftFiles)
        // Each rule's findings are decorated on their own (fingerprints count occurrences per
        // rule), so the rules can be done in parallel.
        let decoratedFindings = parallelMap(results.map(\.findings), jobs: options.jobs) { findings in
            Self.decorate(findings, in: texts, pathPrefix: options.fingerprintPrefix)
        }
        var all: [Finding] = []
        for index in results.indices {
            let decorated = decoratedFindings[index]
            results[index].setFindings(decorated)
            all += decorated
        }
        all.sort(by: Finding.reportOrder)
        return AuditResult(project: project, results: results, findings: all, fileCounts: [:])
    }

    /// Adds excerpts, end positions and fingerprints, removes exact duplicates, sorts.
    ///
    /// Linear in the size of the flagged lines, however many findings share a line: a minified
    /// or generated file can be one line of megabytes with thousands of findings on it, so each
    /// file's line table, and each line's normalized text and the fingerprint hash of it, are
    /// computed once.
    static func decorate(_ findings: [Finding], in sources: SourceTexts, pathPrefix: String = "") -> [Finding] {
        var seen = Set<String>()
        var occurrences: [String: Int] = [:]
        /// Each distinct normalized line text once, and where it is; "file:line" → its index.
        var texts: [String] = []
        var textIndex: [String: Int] = [:]
        var lineTexts: [String: Int] = [:]
        /// "rule|file|text index" → the hash of "rule|file|normalized text".
        var baseHashes: [String: UInt64] = [:]
        var result: [Finding] = []
        // A Swift file has its line table (blanking previews keeps every line break, so it is
        // also the original text's); other files get one each, not one per finding.
        var tables: [String: LineTable] = [:]
        // The excerpt lines' texts of the current file, each made once: findings on
        // neighbouring lines share them (60,000 findings held five copies of each line).
        var excerptFile = ""
        var excerptTexts: [Int: String] = [:]
        for var finding in findings.sorted(by: Finding.reportOrder) {
            let key = "\(finding.ruleID)|\(finding.location)|\(finding.message)"
            guard seen.insert(key).inserted else { continue }
            let file = finding.location.file
            let lineKey = "\(file):\(finding.location.line)"
            var normalized = ""
            if let bytes = sources.bytes(file) {
                let table: LineTable
                let swift = sources.swiftFile(file)
                if let swift {
                    table = swift.lines
                } else if let known = tables[file] {
                    table = known
                } else {
                    table = LineTable(bytes)
                    tables[file] = table
                }
                if file != excerptFile {
                    excerptFile = file
                    excerptTexts.removeAll()
                }
                finding.excerpt = Excerpt.around(line: finding.location.line, in: bytes, lines: table, texts: &excerptTexts)
                finding.end = Self.end(of: finding.location, in: bytes, lines: table, swift: swift)
                if lineTexts[lineKey] == nil {
                    let lineText = String(decoding: bytes[table.range(ofLine: finding.location.line, in: bytes)], as: UTF8.self)
                    normalized = lineText.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
                }
            }
            let text: Int
            if let known = lineTexts[lineKey] {
                text = known
            } else {
                text = textIndex[normalized] ?? texts.count
                if text == texts.count {
                    texts.append(normalized)
                    textIndex[normalized] = text
                }
                lineTexts[lineKey] = text
            }
            let base = "\(finding.ruleID)|\(file)|\(text)"
            let baseHash = baseHashes[base] ?? Fingerprint.hash("\(finding.ruleID)|\(pathPrefix)\(file)|\(texts[text])".utf8)
            baseHashes[base] = baseHash
            let occurrence = occurrences[base, default: 0]
            occurrences[base] = occurrence + 1
            finding.fingerprint = Fingerprint.hex(Fingerprint.hash("|\(occurrence)".utf8, from: baseHash))
            result.append(finding)
        }
        return result
    }
}

extension Auditor {
    /// Where the flagged text ends: the token that starts at `location` (a whole string literal
    /// when it opens one), else the end of the line's text.
    static func end(of location: SourceLocation, in bytes: [UInt8], lines: LineTable, swift: SwiftFile?) -> TextPosition? {
        guard location.line >= 1, location.line <= lines.lineCount else { return nil }
        let lineRange = lines.range(ofLine: location.line, in: bytes)
        let offset = lineRange.lowerBound + location.column - 1
        if let swift, let index = swift.codeIndex(startingAt: offset) {
            var last = index
            if swift.code[index].kind == .stringStart, swift.match[index] > index { last = Int(swift.match[index]) }
            let position = lines.position(ofOffset: Int(swift.code[last].end))
            return TextPosition(line: position.line, column: position.column)
        }
        var end = lineRange.upperBound
        while end > offset, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return TextPosition(line: location.line, column: max(location.column, end - lineRange.lowerBound + 1))
    }
}

extension SwiftFile {
    /// The index of the code token that starts at byte `offset`, if any.
    func codeIndex(startingAt offset: Int) -> Int? {
        var low = 0
        var high = code.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let start = Int(code[mid].start)
            if start == offset { return mid }
            if start < offset { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}

extension Finding {
    /// File, line, column, then rule id: the order every report uses.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.location != b.location { return a.location < b.location }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

extension Excerpt {
    /// Two lines of context either side of `line`, the line itself highlighted.
    static func around(line: Int, in bytes: [UInt8], lines: LineTable, context: Int = 2) -> Excerpt? {
        var texts: [Int: String] = [:]
        return around(line: line, in: bytes, lines: lines, context: context, texts: &texts)
    }

    /// `texts`: the lines' texts already made for this file, by line number, and where the
    /// ones made here are kept.
    static func around(line: Int, in bytes: [UInt8], lines: LineTable, context: Int = 2, texts: inout [Int: String]) -> Excerpt? {
        guard line >= 1, line <= lines.lineCount else { return nil }
        let first = max(1, line - context)
        let last = min(lines.lineCount, line + context)
        var result: [Excerpt.Line] = []
        for number in first...last {
            let text: String
            if let known = texts[number] {
                text = known
            } else {
                let range = lines.range(ofLine: number, in: bytes)
                // Decode a long line only as far as the 400 characters shown: when the cut, which
                // may split a character, leaves 402 or more, the first 400 are those of the whole line.
                var made = String(decoding: bytes[range.prefix(2048)], as: UTF8.self)
                if range.count > 2048, made.count <= 401 { made = String(decoding: bytes[range], as: UTF8.self) }
                if range.count > 2048 || made.utf8.count > 400 { made = String(made.prefix(400)) + "…" }
                texts[number] = made
                text = made
            }
            result.append(Excerpt.Line(number: number, text: text, isHighlighted: number == line))
        }
        // Trailing blank context lines add nothing.
        while let lastLine = result.last, !lastLine.isHighlighted, lastLine.text.allSatisfy(\.isWhitespace) { result.removeLast() }
        return Excerpt(lines: result)
    }
}

/// FNV-1a 64-bit: stable across runs and platforms, unlike `Hasher`.
enum Fingerprint {
    static func hex(_ text: String) -> String {
        hex(hash(text.utf8))
    }

    /// The hash of `bytes`, or of the bytes hashed into `state` followed by `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>, from state: UInt64 = 0xcbf29ce484222325) -> UInt64 {
        var hash = state
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        return hash
    }

    static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The processors this process may use, asked once: on Linux, Foundation answers
/// `activeProcessorCount` by opening and reading two cgroup files, and a run asked it at every
/// `parallelMap` (224 times for the real corpus's 27 apps, some of it while the other core waited).
let availableProcessors = ProcessInfo.processInfo.activeProcessorCount

/// Maps in parallel, keeping order. Work items are independent; each result is written once,
/// into its own slot of the array being built, by the worker that made it (no lock, and no
/// copy of the results at the end).
public func parallelMap<T: Sendable, R: Sendable>(_ items: [T], jobs: Int?, _ transform: @Sendable (T) -> R) -> [R] {
    let workers = max(1, min(jobs ?? availableProcessors, items.count))
    if workers <= 1 || items.count < 2 { return items.map(transform) }
    let next = Counter()
    return [R](unsafeUninitializedCapacity: items.count) { buffer, count in
        let slots = SlotPointer(base: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.increment()
                if index >= items.count { break }
                (slots.base + index).initialize(to: transform(items[index]))
            }
        }
        count = items.count
    }
}

/// `transform` over `items` a slice at a time, the slices on the workers when there are more
/// than two slices' worth, the results joined in the items' order. For a pass over the many
/// items of one file (a 50 MB file's string literals or transaction bindings): done per file,
/// it ran on one core while the other waited.
public func slicedMap<T: Sendable, R: Sendable>(_ items: [T], slice: Int = 2_048, jobs: Int?, _ transform: @Sendable (ArraySlice<T>) -> [R]) -> [R] {
    guard items.count > 2 * slice else { return transform(items[...]) }
    let slices = stride(from: 0, to: items.count, by: slice).map { $0..<min($0 + slice, items.count) }
    return parallelMap(slices, jobs: jobs) { transform(items[$0]) }.flatMap { $0 }
}

/// `parallelMap`, the items for which `first` is true taken before the others (each group in
/// its order); the results keep the items' order. Long items first, so that none is left
/// running alone at the end.
public func parallelMap<T: Sendable, R: Sendable>(_ items: [T], jobs: Int?, first: (T) -> Bool, _ transform: @Sendable (T) -> R) -> [R] {
    let workers = max(1, min(jobs ?? availableProcessors, items.count))
    if workers <= 1 || items.count < 2 { return items.map(transform) }
    let order = items.indices.filter { first(items[$0]) } + items.indices.filter { !first(items[$0]) }
    let next = Counter()
    return [R](unsafeUninitializedCapacity: items.count) { buffer, count in
        let slots = SlotPointer(base: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let position = next.increment()
                if position >= order.count { break }
                let index = order[position]
                (slots.base + index).initialize(to: transform(items[index]))
            }
        }
        count = items.count
    }
}

/// A buffer handed to the workers: `parallelMap`'s results (each worker initializes only the
/// slots whose indices `Counter` gave it, and `concurrentPerform` returns after all of them are
/// done), or the array a file's halves are read into (`Auditor.read`).
private struct SlotPointer<R>: @unchecked Sendable {
    let base: UnsafeMutablePointer<R>
}

private final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
}
