import Foundation

/// One file found for the audit.
public struct DiscoveredFile: Sendable, Hashable {
    /// The file's path on disk.
    public var path: String
    public var url: URL { URL(fileURLWithPath: path, isDirectory: false) }
    /// Relative to the audit root, `/`-separated: what reports print.
    public var relativePath: String
    public var kind: FileKind
}

/// A file of the build description: an Xcode project, scheme or workspace, a Swift package
/// manifest or an Info.plist. Read to learn what the app is, never audited as its code.
public struct BuildFile: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case xcodeProject, scheme, workspace, packageManifest, infoPlist
    }

    public var path: String
    public var relativePath: String
    public var kind: Kind

    /// The kind of a file named `name` in the folder `folder` (its path), nil for other files.
    static func kind(name: String, folder: String) -> Kind? {
        switch name {
        case "project.pbxproj": return folder.hasSuffix(".xcodeproj") ? .xcodeProject : nil
        case "contents.xcworkspacedata": return .workspace
        case "Package.swift": return .packageManifest
        case "Info.plist": return .infoPlist
        default:
            if name.hasSuffix(".xcscheme") { return .scheme }
            if name.hasSuffix("-Info.plist") || name.hasSuffix("_Info.plist") { return .infoPlist }
            return nil
        }
    }
}

/// A folder the walk did not enter, and why (for the report's Inputs section).
public struct SkippedFolder: Sendable, Hashable {
    public var relativePath: String
    public var reason: SkipReason
}

/// Why a folder is not the app's code, whatever the build description says.
public enum SkipReason: String, Sendable, Hashable, CaseIterable, Comparable {
    case dependencies = "dependency checkouts"
    case buildOutput = "build output"
    case localizationExport = "localization exports"
    case bundle = "bundles"
    case symbolicLink = "symbolic links already walked"
    case gitIgnored = "ignored by git"

    public static func < (a: SkipReason, b: SkipReason) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The reason a folder named `name` is skipped, nil when it is walked.
    static func of(folder name: String) -> SkipReason? {
        switch name {
        case "Pods", "Carthage", "SourcePackages", "node_modules", ".build": return .dependencies
        case "build", "DerivedData": return .buildOutput
        default:
            for (suffix, reason) in suffixes where name.hasSuffix(suffix) { return reason }
            return nil
        }
    }

    private static let suffixes: [(String, SkipReason)] = [
        (".xcarchive", .buildOutput), (".app", .buildOutput), (".framework", .buildOutput), (".xcframework", .buildOutput),
        (".dSYM", .buildOutput), (".xcloc", .localizationExport), (".bundle", .bundle),
    ]
}

/// What the walk found: the files to audit, the build description's files, the folders it
/// left out, and what could not be listed.
public struct DiscoveryResult: Sendable {
    public var files: [DiscoveredFile]
    public var problems: [Discovery.Problem]
    public var buildFiles: [BuildFile] = []
    public var skipped: [SkippedFolder] = []
    /// Source files in languages the audit does not read (an app's purchase code may be there).
    public var otherSources: [OtherSource] = []
    /// Files in the languages servers are written in (Python, JavaScript, TypeScript, Go, Ruby,
    /// PHP, Java, Kotlin, C#, Rust, Elixir), relative paths: where App Store Server
    /// Notifications handlers are looked for.
    public var serverSources: [String] = []
    /// Property lists, build settings and JSON files (`.plist`, `.xcconfig`, `.json`), relative
    /// paths: where a shipped App-Specific Shared Secret is looked for. Asset catalogs' and
    /// projects' own files are left out.
    public var settingsFiles: [String] = []
}

/// A language an app's purchase code may be written in that the audit does not read.
public enum OtherLanguage: String, Sendable, Hashable, CaseIterable, Comparable {
    case dart = "Dart (Flutter)"
    case javaScript = "JavaScript or TypeScript (React Native, Capacitor)"
    case cSharp = "C# (Unity)"

    init?(fileName name: String) {
        if name.hasSuffix(".dart") {
            self = .dart
        } else if name.hasSuffix(".js") || name.hasSuffix(".jsx") || name.hasSuffix(".ts") || name.hasSuffix(".tsx") {
            self = .javaScript
        } else if name.hasSuffix(".cs") {
            self = .cSharp
        } else {
            return nil
        }
    }

    public static func < (a: OtherLanguage, b: OtherLanguage) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Names of purchase APIs in this language: StoreKit itself, or the in-app purchase plugins
    /// of the cross-platform frameworks.
    var purchaseMarkers: [String] {
        switch self {
        case .dart: ["in_app_purchase", "purchases_flutter", "flutter_inapp_purchase"]
        case .javaScript: ["react-native-iap", "react-native-purchases", "expo-in-app-purchases", "in-app-purchase", "cordova-plugin-purchase", "purchases-capacitor"]
        case .cSharp: ["UnityEngine.Purchasing", "IStoreListener", "IDetailedStoreListener"]
        }
    }

    /// How many such files an audit reads at most, and how much of each.
    static let maximumFilesRead = 5_000
    static let maximumBytesRead = 1 << 20

    /// The purchase API or plugin the file at `path` names (its first megabyte is read), or nil.
    func purchaseAPI(inFileAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.maximumBytesRead), !data.isEmpty else { return nil }
        let bytes = [UInt8](data)
        return bytes.withUnsafeBufferPointer { haystack in
            purchaseMarkers.first { marker in
                Array(marker.utf8).withUnsafeBufferPointer { ASCIISearch.firstIndex(of: $0, inLongText: haystack) != nil }
            }
        }
    }
}

/// A source file in another language, found by its name.
public struct OtherSource: Sendable, Hashable {
    public var relativePath: String
    public var language: OtherLanguage
}

/// Walks the audited paths and classifies what it finds. It skips build output and
/// dependency folders, follows a symbolic link to a folder only to a folder it has not walked
/// (so no link can make it loop), and returns files sorted by path so every run sees the same
/// order.
public enum Discovery {
    /// Folders never entered and never mentioned: version control, the tool's own output, Xcode's per-user state.
    public static let skippedDirectories: Set<String> = [
        ".git", ".swiftpm", "iap-audit-report", ".hg", ".svn", "xcuserdata",
    ]

    public struct Problem: Sendable, Hashable {
        public var relativePath: String
        public var reason: String
    }

    public static func discover(
        paths: [URL], root: URL, selection: FileSelection = .everything, jobs: Int? = nil
    ) -> DiscoveryResult {
        var files: [DiscoveredFile] = []
        var problems: [Problem] = []
        var buildFiles: [BuildFile] = []
        var skipped: [SkippedFolder] = []
        var otherSources: [OtherSource] = []
        var serverSources: [String] = []
        var settingsFiles: [String] = []
        var seen = Set<String>()
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
                problems.append(Problem(relativePath: relativePath(of: path, root: root), reason: "no such file or directory"))
                continue
            }
            if !isDirectory.boolValue {
                let relative = relativePath(of: path, root: root)
                if let kind = FileKind.classify(relative), seen.insert(path.standardizedFileURL.path).inserted {
                    files.append(DiscoveredFile(path: path.path, relativePath: relative, kind: kind))
                } else if let kind = BuildFile.kind(name: path.lastPathComponent, folder: path.deletingLastPathComponent().path) {
                    buildFiles.append(BuildFile(path: path.path, relativePath: relative, kind: kind))
                }
                continue
            }
            // Listing folders and classifying their entries is the slow part: it runs in
            // parallel, one folder level at a time. The walk itself is then replayed in the
            // order a serial walk takes, so which path wins a duplicate never depends on `jobs`.
            let listings = listFolders(from: path, root: root, selection: selection, jobs: jobs)
            // One walk reaches each path once: only a second root or a symbolic link to a file
            // can reach a file twice, and only then is every file's identity remembered.
            let mayRepeat = paths.count > 1 || listings.values.contains { listing in
                guard case .success(let entries) = listing else { return false }
                return entries.contains { if case .file(_, let identity) = $0 { identity != nil && identity != $0.path } else { false } }
            }
            var stack = [path.path]
            var folders: [String] = []
            while let directory = stack.popLast() {
                guard let listing = listings[directory] else { continue }
                switch listing {
                case .failure(let failure):
                    problems.append(Problem(relativePath: relativePath(of: URL(fileURLWithPath: directory, isDirectory: true), root: root), reason: failure.reason))
                case .success(let entries):
                    folders.removeAll(keepingCapacity: true)
                    for entry in entries {
                        switch entry {
                        case .folder(let folder):
                            folders.append(folder.path)
                        case .file(let file, let identity):
                            if mayRepeat, let identity, !seen.insert(identity).inserted { continue }
                            files.append(file)
                        case .buildFile(let file):
                            buildFiles.append(file)
                        case .skipped(let folder):
                            skipped.append(folder)
                        case .otherSource(let file):
                            otherSources.append(file)
                        case .serverSource(let relative):
                            serverSources.append(relative)
                        case .settingsFile(let relative):
                            settingsFiles.append(relative)
                        }
                    }
                    // Entries are listed by name: folders are entered in that order too, so
                    // the files come out in long runs already in path order (the sort below
                    // merges runs).
                    stack.append(contentsOf: folders.reversed())
                }
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        buildFiles.sort { $0.relativePath < $1.relativePath }
        skipped.sort { $0.relativePath < $1.relativePath }
        otherSources.sort { $0.relativePath < $1.relativePath }
        serverSources.sort()
        var result = DiscoveryResult(files: files, problems: problems, buildFiles: buildFiles, skipped: skipped, otherSources: otherSources)
        result.serverSources = serverSources
        result.settingsFiles = settingsFiles.sorted()
        return result
    }

    /// What the walk does with one folder entry: enter it, or take a file (with the identity
    /// that spots the same file reached twice; nil when it is not checked).
    private enum Entry: Sendable {
        case folder(Folder)
        case file(DiscoveredFile, identity: String?)
        case buildFile(BuildFile)
        case skipped(SkippedFolder)
        case otherSource(OtherSource)
        case serverSource(String)
        case settingsFile(String)

        var path: String {
            switch self {
            case .folder(let folder): folder.path
            case .file(let file, _): file.path
            case .buildFile(let file): file.path
            case .skipped(let folder): folder.relativePath
            case .otherSource(let file): file.relativePath
            case .serverSource(let relative): relative
            case .settingsFile(let relative): relative
            }
        }
    }

    /// The entries of every folder under `top` that the walk enters, keyed by path, or why a
    /// folder could not be listed.
    private static func listFolders(from top: URL, root: URL, selection: FileSelection, jobs: Int?) -> [String: Result<[Entry], Failure>] {
        var listings: [String: Result<[Entry], Failure>] = [:]
        // Paths and relative paths are built by joining names: URL's standardizing and
        // appending were most of the walk's time on a tree of thousands of files.
        let topRelative = top.standardizedFileURL.path == root.standardizedFileURL.path ? "" : relativePath(of: top, root: root) + "/"
        // In a git work tree, git lists the ignored files (a process of its own, several ms)
        // while this thread reads the folders ahead; the walk below then takes their listings
        // from `readAhead` instead of waiting for git first and listing after.
        var readAhead: [String: Result<[(name: String, type: FileType?)], Failure>] = [:]
        let ignored: GitIgnored
        if GitIgnored.isInWorkTree(top.path) {
            let git = BackgroundWork<GitIgnored, Never> { [top] in GitIgnored(top: top.path, relativePrefix: topRelative) }
            git.startPooled()
            readAhead = readFolders(from: top.path) { git.isDone }
            ignored = git.result().get()
        } else {
            ignored = GitIgnored()
        }
        var level = [Folder(path: top.path, relativePrefix: topRelative)]
        // A symbolic link to a folder is followed once, to a folder outside every one walked:
        // one inside the audited folder, or inside a link target already followed, is walked
        // anyway, and one to a folder that holds them would walk them again (a loop).
        var walkedTargets = [realPath(top.path) ?? top.path]
        while !level.isEmpty {
            let listed = parallelMap(level, jobs: jobs) { [readAhead] in
                list($0, root: root, selection: selection, ignored: ignored, names: readAhead[$0.path])
            }
            var next: [Folder] = []
            for listing in listed {
                guard case .success(var entries) = listing.entries else {
                    listings[listing.directory.path] = listing.entries
                    continue
                }
                for index in entries.indices {
                    guard case .folder(let folder) = entries[index] else { continue }
                    if folder.isLink {
                        let target = realPath(folder.path)
                        // Inside a walked folder, or holding one (a link to an ancestor): a loop.
                        if let target, !walkedTargets.contains(where: { RepositoryPath.isInside(target, folder: $0) || RepositoryPath.isInside($0, folder: target) }) {
                            walkedTargets.append(target)
                        } else {
                            entries[index] = .skipped(SkippedFolder(relativePath: String(folder.relativePrefix.dropLast()), reason: .symbolicLink))
                            continue
                        }
                    }
                    next.append(folder)
                }
                listings[listing.directory.path] = .success(entries)
            }
            level = next
        }
        return listings
    }

    /// Why a folder could not be listed, as a message.
    struct Failure: Error, Sendable {
        var reason: String
    }

    /// A folder to list: its path, and what its entries' relative paths start with
    /// ("" at the root, "Sources/App/" below it, the full path and "/" outside it). No URL:
    /// making one per folder, and reading its path back, cost more than listing the folder.
    private struct Folder: Sendable {
        var path: String
        var relativePrefix: String
        /// Reached through a symbolic link.
        var isLink = false
    }

    /// The absolute path with every link resolved, nil when it cannot be resolved.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private struct Listing: Sendable {
        var directory: Folder
        var entries: Result<[Entry], Failure>
    }

    /// One folder's entries, classified as the walk needs them: their types from the listing
    /// or `lstat` (no symbolic link is followed into a folder), the skip rules and the selection.
    /// Listings of the folders under `top` (breadth first; not through symbolic links, nor
    /// into folders the walk skips by name) until `stop` says to: read ahead while the walk
    /// waits for something else.
    private static func readFolders(from top: String, stop: () -> Bool) -> [String: Result<[(name: String, type: FileType?)], Failure>] {
        var listings: [String: Result<[(name: String, type: FileType?)], Failure>] = [:]
        var queue = [top]
        var next = 0
        while next < queue.count, !stop() {
            let folder = queue[next]
            next += 1
            let listed = names(in: folder)
            listings[folder] = listed
            guard case .success(let entries) = listed else { continue }
            let separator = folder.hasSuffix("/") ? "" : "/"
            for (name, type) in entries where type == .directory && !skippedDirectories.contains(name) && SkipReason.of(folder: name) == nil {
                queue.append(folder + separator + name)
            }
        }
        return listings
    }

    private static func list(_ directory: Folder, root: URL, selection: FileSelection, ignored: GitIgnored,
                             names listedAhead: Result<[(name: String, type: FileType?)], Failure>?) -> Listing {
        let names: [(name: String, type: FileType?)]
        switch listedAhead ?? Self.names(in: directory.path) {
        case .success(let listed): names = listed
        case .failure(let failure): return Listing(directory: directory, entries: .failure(failure))
        }
        var entries: [Entry] = []
        let separator = directory.path.hasSuffix("/") ? "" : "/"
        for (name, listedType) in names {
            let path = directory.path + separator + name
            let relative = directory.relativePrefix + name
            // Only a file the audit may read is classified (no URL is made for it).
            func file(identity: String?) {
                if let kind = selection.kind(ofPath: path, relativePath: relative, root: root) {
                    if ignored.ignores(file: relative), !selection.includes(skippedFolder: path, root: root) {
                        entries.append(.skipped(SkippedFolder(relativePath: relative, reason: .gitIgnored)))
                        return
                    }
                    entries.append(.file(DiscoveredFile(path: path, relativePath: relative, kind: kind), identity: identity))
                }
            }
            guard FileKind.mayClassify(name) else {
                // Not a file the audit reads by its name: a folder, or a file of the build description.
                let type = listedType ?? FileType(path)
                if type == .directory {
                    enter(name: name, path: path, relative: relative)
                } else if type == .symbolicLink {
                    var targetIsDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: path, isDirectory: &targetIsDirectory), targetIsDirectory.boolValue {
                        enter(name: name, path: path, relative: relative, isLink: true)
                    } else if let kind = BuildFile.kind(name: name, folder: directory.path) {
                        entries.append(.buildFile(BuildFile(path: path, relativePath: relative, kind: kind)))
                    }
                } else if type == .regular {
                    if let kind = BuildFile.kind(name: name, folder: directory.path) {
                        entries.append(.buildFile(BuildFile(path: path, relativePath: relative, kind: kind)))
                    } else {
                        if let language = OtherLanguage(fileName: name) {
                            entries.append(.otherSource(OtherSource(relativePath: relative, language: language)))
                        }
                        if ServerNotifications.isServerSource(name) { entries.append(.serverSource(relative)) }
                        if SettingsFile.isCandidate(name: name, relativePath: relative) { entries.append(.settingsFile(relative)) }
                    }
                }
                continue
            }
            if name == "Package.swift", let kind = BuildFile.kind(name: name, folder: directory.path) {
                entries.append(.buildFile(BuildFile(path: path, relativePath: relative, kind: kind)))
                continue
            }
            // The folder listing tells most entries' types; `lstat` the rest.
            guard let type = listedType ?? FileType(path) else {
                // Vanished between listing and stat, or unreadable metadata: let the
                // loader report it if it is a file we would read.
                file(identity: nil)
                continue
            }
            switch type {
            case .directory:
                enter(name: name, path: path, relative: relative)
            case .regular:
                file(identity: path)
            case .symbolicLink:
                // Follow links to files; a link to a folder is entered once (listFolders decides).
                // A broken link with an input's name is kept so that reading it reports the problem.
                var targetIsDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &targetIsDirectory)
                if !exists || !targetIsDirectory.boolValue {
                    file(identity: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
                } else {
                    enter(name: name, path: path, relative: relative, isLink: true)
                }
            case .other:
                break
            }
        }
        func enter(name: String, path: String, relative: String, isLink: Bool = false) {
            guard !skippedDirectories.contains(name) else { return }
            if selection.skips(directory: path, root: root) { return }
            if let reason = SkipReason.of(folder: name) ?? (ignored.ignores(folder: relative) ? .gitIgnored : nil),
               !selection.includes(skippedFolder: path, root: root) {
                entries.append(.skipped(SkippedFolder(relativePath: relative, reason: reason)))
                return
            }
            entries.append(.folder(Folder(path: path, relativePrefix: relative + "/", isLink: isLink)))
        }
        return Listing(directory: directory, entries: .success(entries))
    }

    /// A folder's entry names (without `.` and `..`) with the type the listing gives, nil when
    /// it gives none (then `lstat` tells): `readdir` says it for nearly every entry, which
    /// spares a system call per file on a walk of thousands.
    private static func names(in folder: String) -> Result<[(name: String, type: FileType?)], Failure> {
        guard let stream = opendir(folder) else {
            let code = errno
            let reason = code == EACCES || code == EPERM ? "permission denied" : String(cString: strerror(code))
            return .failure(Failure(reason: "cannot list this folder: \(reason)"))
        }
        defer { closedir(stream) }
        var names: [(name: String, type: FileType?)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let type: FileType?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): type = .directory
            case Int32(DT_REG): type = .regular
            case Int32(DT_LNK): type = .symbolicLink
            case Int32(DT_UNKNOWN): type = nil
            default: type = .other
            }
            names.append((name, type))
        }
        // In name order (as the audit compares paths): the walk then meets files nearly in
        // the order the audit sorts them into, whatever order the file system lists them in.
        names.sort { $0.name < $1.name }
        return .success(names)
    }

    /// `path` relative to `root` when inside it, else the path as given.
    public static func relativePath(of url: URL, root: URL) -> String {
        let rootPath = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == rootPath { return url.lastPathComponent }
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return path
    }
}

/// The type of a folder entry from `lstat`, which never follows a symbolic link; nil when it
/// cannot be read (the entry vanished, or its metadata is unreadable).
private enum FileType {
    case directory, regular, symbolicLink, other

    init?(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFREG: self = .regular
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }
}

/// What git ignores under a walked folder that is in a work tree (`.gitignore`, the exclude
/// file, the user's global excludes): generated code, local secrets, build output a project
/// names itself. Asked once per walked folder; empty when the folder is not in a work tree or
/// git is not installed.
struct GitIgnored: Sendable {
    private var files: Set<String> = []
    /// Folders, each with a trailing "/".
    private var folders: Set<String> = []

    /// Nothing ignored (outside a work tree).
    init() {}

    init(top: String, relativePrefix: String) {
        // Most audited folders outside a work tree are found so by a few `stat`s: no git to run.
        guard Self.isInWorkTree(top) else { return }
        guard let output = Git.quickOutput(["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"], in: top) else { return }
        for entry in output.split(separator: "\0") where !entry.isEmpty {
            // A folder that is itself ignored (audited on purpose) is audited whole.
            if entry == "./" || entry == "/" { return }
            if entry.hasSuffix("/") { folders.insert(relativePrefix + entry) } else { files.insert(relativePrefix + String(entry)) }
        }
    }

    /// Whether `folder` or a folder above it holds `.git` (a folder, or a worktree's file).
    static func isInWorkTree(_ folder: String) -> Bool {
        var path = URL(fileURLWithPath: folder).standardizedFileURL.path
        while true {
            if access(path + "/.git", F_OK) == 0 { return true }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return false }
            path = parent
        }
    }

    func ignores(file relativePath: String) -> Bool {
        !files.isEmpty && files.contains(relativePath)
    }

    func ignores(folder relativePath: String) -> Bool {
        !folders.isEmpty && folders.contains(relativePath + "/")
    }
}
