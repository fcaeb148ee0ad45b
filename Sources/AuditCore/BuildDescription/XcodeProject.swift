/// What an Xcode project (`*.xcodeproj/project.pbxproj`) says about the app: its targets, the
/// files each builds and ships, the targets and local packages they link, and its languages.
/// Paths are relative to the audit root.
public struct XcodeProject: Sendable, Hashable {
    /// The `.xcodeproj` folder, e.g. `App/App.xcodeproj`.
    public var path: String
    /// The folder its paths are relative to (the one holding the `.xcodeproj`, unless the project
    /// sets `projectDirPath`).
    public var folder: String
    public var targets: [XcodeTarget]
    /// `knownRegions` without `Base`, in the project's order.
    public var knownRegions: [String]
    public var developmentRegion: String?
}

/// One target of an Xcode project.
public struct XcodeTarget: Sendable, Hashable {
    public var name: String
    public var productType: ProductType
    /// The files and folders it builds (sources) and copies (resources).
    public var membership: Membership
    /// Targets of the same project it depends on, by name.
    public var dependencies: [String]
    /// Swift package products it links: the product's name and, for a local package, its folder.
    public var packageProducts: [PackageProduct]
    /// Its Info.plist (`INFOPLIST_FILE`), relative to the root.
    public var infoPlist: String?
    /// `TEST_HOST` / `TEST_TARGET_NAME`: the app a test target runs in, when the settings say.
    public var testedTargetName: String?
    /// The platforms it builds for (`SUPPORTED_PLATFORMS`, else `SDKROOT`, of the target or
    /// else of the project): empty when the settings do not say.
    public var platforms: Set<ApplePlatform> = []

    public struct PackageProduct: Sendable, Hashable {
        public var name: String
        /// The local package's folder, nil for a remote package (or one found through a workspace).
        public var localPackage: String?
    }
}

/// A platform a target builds for.
public enum ApplePlatform: String, Sendable, Hashable, Comparable, CaseIterable {
    case iOS, macOS, watchOS, tvOS, visionOS

    /// `iphoneos`, `watchsimulator`, `xros`…: nil for `auto` and anything else.
    public init?(sdk: String) {
        switch sdk.lowercased() {
        case "iphoneos", "iphonesimulator": self = .iOS
        case "macosx": self = .macOS
        case "watchos", "watchsimulator": self = .watchOS
        case "appletvos", "appletvsimulator": self = .tvOS
        case "xros", "xrsimulator": self = .visionOS
        default: return nil
        }
    }

    /// The platforms named by `SUPPORTED_PLATFORMS` (space-separated) or `SDKROOT`.
    public static func named(in settings: String?) -> Set<ApplePlatform> {
        guard let settings else { return [] }
        return Set(settings.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { ApplePlatform(sdk: String($0)) })
    }

    public static func < (a: ApplePlatform, b: ApplePlatform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What a target's product is: `com.apple.product-type.*`.
public enum ProductType: Sendable, Hashable {
    case application, watchApp, appExtension, watchExtension, framework, staticLibrary, dynamicLibrary
    case unitTests, uiTests, bundle, commandLineTool, other(String)

    public init(_ identifier: String) {
        switch identifier {
        case "com.apple.product-type.application", "com.apple.product-type.application.messages",
             "com.apple.product-type.application.on-demand-install-capable":
            self = .application
        case "com.apple.product-type.application.watchapp", "com.apple.product-type.application.watchapp2",
             "com.apple.product-type.application.watchapp2-container":
            self = .watchApp
        case "com.apple.product-type.watchkit-extension", "com.apple.product-type.watchkit2-extension":
            self = .watchExtension
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static":
            self = .framework
        case "com.apple.product-type.library.static": self = .staticLibrary
        case "com.apple.product-type.library.dynamic": self = .dynamicLibrary
        case "com.apple.product-type.bundle.unit-test": self = .unitTests
        case "com.apple.product-type.bundle.ui-testing": self = .uiTests
        case "com.apple.product-type.bundle": self = .bundle
        case "com.apple.product-type.tool": self = .commandLineTool
        default:
            self = identifier.hasPrefix("com.apple.product-type.app-extension")
                || identifier.hasPrefix("com.apple.product-type.extensionkit-extension")
                || identifier.hasPrefix("com.apple.product-type.xpc-service") ? .appExtension : .other(identifier)
        }
    }

    /// An app a person installs (iOS, macOS, tvOS, visionOS or watchOS).
    public var isApp: Bool { self == .application || self == .watchApp }
    public var isTest: Bool { self == .unitTests || self == .uiTests }

    public var label: String {
        switch self {
        case .application: "application"
        case .watchApp: "watch app"
        case .appExtension: "app extension"
        case .watchExtension: "watch extension"
        case .framework: "framework"
        case .staticLibrary: "static library"
        case .dynamicLibrary: "dynamic library"
        case .unitTests: "unit tests"
        case .uiTests: "UI tests"
        case .bundle: "bundle"
        case .commandLineTool: "command-line tool"
        case .other(let identifier): identifier.isEmpty ? "target" : identifier
        }
    }
}

/// The files a target builds or ships: single files, and folders whose whole content counts
/// (folder references and Xcode 16 synchronized folders) less their membership exceptions.
public struct Membership: Sendable, Hashable {
    public var files: Set<String> = []
    public var folders: Set<String> = []
    /// Paths (files or folders) inside `folders` that the target leaves out.
    public var excluded: Set<String> = []

    public init(files: Set<String> = [], folders: Set<String> = [], excluded: Set<String> = []) {
        self.files = files
        self.folders = folders
        self.excluded = excluded
    }

    public func contains(_ path: String) -> Bool {
        var lookup = Lookup()
        return contains(path, lookup: &lookup)
    }

    /// `contains` for paths asked in order, files of one folder one after the other (a sorted
    /// list): the folders above a path are looked up once for each run of paths in a folder.
    /// Every Swift file of a monorepo's folder was asked about each of its folders (a string
    /// made and hashed for each): 29 M instructions on the real benchmark corpus, on one core.
    public func contains(_ path: String, lookup: inout Lookup) -> Bool {
        if files.contains(path) { return true }
        guard lookup.folders.holds(folders, path) else { return false }
        return !lookup.excluded.holds(excluded, path)
    }

    /// What `contains(_:lookup:)` remembers of the last folder it looked above.
    public struct Lookup {
        var folders = AncestorMemo()
        var excluded = AncestorMemo()
        public init() {}
    }

    /// Whether one of a set of folders holds a path, remembering the answer for the folders
    /// above the last path's folder.
    struct AncestorMemo {
        private var folder: Substring?
        private var aboveHolds = false

        /// Whether one of `folders` is `path` or a folder above it (`RepositoryPath.isInside`).
        /// A few are tested one by one; more, by looking up each folder above the path: a
        /// monorepo's members are hundreds of package folders, asked about for every file.
        mutating func holds(_ folders: Set<String>, _ path: String) -> Bool {
            if folders.count <= 8 { return folders.contains { RepositoryPath.isInside(path, folder: $0) } }
            if folders.contains("") || folders.contains(path) { return true }
            guard let slash = RepositoryPath.lastSlash(in: path, before: path.endIndex) else { return false }
            let parent = path[..<slash]
            if let folder, folder == parent { return aboveHolds }
            var found = false
            var end = path.endIndex
            while !found, let above = RepositoryPath.lastSlash(in: path, before: end) {
                found = folders.contains(String(path[..<above]))
                end = above
            }
            folder = parent
            aboveHolds = found
            return found
        }
    }


    public mutating func formUnion(_ other: Membership) {
        // A folder one target excludes but another includes whole stays included.
        let otherExcluded = other.excluded.filter { path in !folders.contains { RepositoryPath.isInside(path, folder: $0) } || excluded.contains(path) }
        let ownExcluded = excluded.filter { path in !other.folders.contains { RepositoryPath.isInside(path, folder: $0) } || other.excluded.contains(path) }
        files.formUnion(other.files)
        folders.formUnion(other.folders)
        excluded = ownExcluded.union(otherExcluded)
    }
}

/// Why a project file could not be understood.
public struct XcodeProjectError: Error, Sendable, Hashable {
    public var position: TextPosition
    public var reason: String
}

extension XcodeProject {
    /// Reads `project.pbxproj` (at `file`, relative to the root; its bytes given) into the
    /// project model. `root` is the audit root's absolute path (for `<absolute>` paths).
    public static func load(bytes: [UInt8], file: String, root: String) throws(XcodeProjectError) -> XcodeProject {
        let plist: OpenStepValue
        do {
            plist = try OpenStepPropertyListParser.parse(bytes)
        } catch {
            throw XcodeProjectError(position: error.position, reason: error.reason)
        }
        guard let objects = plist["objects"]?.dictionary else {
            throw XcodeProjectError(position: plist.position, reason: "not an Xcode project: it has no 'objects' dictionary")
        }
        guard let rootID = plist["rootObject"]?.string, let project = objects[rootID] else {
            throw XcodeProjectError(position: plist.position, reason: "not an Xcode project: its 'rootObject' names no object")
        }
        let xcodeproj = RepositoryPath.folder(of: file)
        var folder = RepositoryPath.folder(of: xcodeproj)
        if let dirPath = project["projectDirPath"]?.string, !dirPath.isEmpty,
           let joined = RepositoryPath.join(folder, dirPath, root: root) {
            folder = joined
        }
        var reader = Reader(objects: objects, projectFolder: folder, root: root)
        reader.indexParents(from: project["mainGroup"]?.string)

        var targets: [XcodeTarget] = []
        // The project's own settings apply to targets that do not set a platform themselves.
        let projectSettings = reader.buildSettings(of: project)
        let projectPlatforms = ApplePlatform.named(in: projectSettings["SUPPORTED_PLATFORMS"]).union(ApplePlatform.named(in: projectSettings["SDKROOT"]))
        var namesByID: [String: String] = [:]
        for id in project["targets"]?.strings ?? [] {
            if let name = objects[id]?["name"]?.string { namesByID[id] = name }
        }
        for id in project["targets"]?.strings ?? [] {
            guard let object = objects[id], let name = object["name"]?.string else { continue }
            let isa = object["isa"]?.string ?? ""
            guard isa == "PBXNativeTarget" || isa == "PBXLegacyTarget" || isa == "PBXAggregateTarget" else { continue }
            var membership = Membership()
            for phaseID in object["buildPhases"]?.strings ?? [] {
                guard let phase = objects[phaseID] else { continue }
                for buildFileID in phase["files"]?.strings ?? [] {
                    guard let fileRef = objects[buildFileID]?["fileRef"]?.string else { continue }
                    reader.addMembers(of: fileRef, to: &membership)
                }
            }
            for groupID in object["fileSystemSynchronizedGroups"]?.strings ?? [] {
                reader.addSynchronizedGroup(groupID, targetID: id, to: &membership)
            }
            // A synchronized folder of another target can list this target's files as
            // exceptions: files of that folder that this target builds too.
            membership.files.formUnion(reader.exceptionMembers(forTarget: id, excludingGroups: Set(object["fileSystemSynchronizedGroups"]?.strings ?? [])))
            var dependencies: [String] = []
            for dependencyID in object["dependencies"]?.strings ?? [] {
                if let targetID = objects[dependencyID]?["target"]?.string, let dependency = namesByID[targetID] {
                    dependencies.append(dependency)
                }
            }
            var products: [XcodeTarget.PackageProduct] = []
            for productID in object["packageProductDependencies"]?.strings ?? [] {
                guard let product = objects[productID], let productName = product["productName"]?.string else { continue }
                var local: String?
                if let packageID = product["package"]?.string, let package = objects[packageID],
                   package["isa"]?.string == "XCLocalSwiftPackageReference", let relative = package["relativePath"]?.string {
                    local = RepositoryPath.join(RepositoryPath.folder(of: xcodeproj), relative, root: root)
                }
                products.append(.init(name: productName.hasPrefix("plugin:") ? String(productName.dropFirst(7)) : productName, localPackage: local))
            }
            let settings = reader.buildSettings(of: object)
            var infoPlist: String?
            if let value = settings["INFOPLIST_FILE"], !value.contains("$(") || value.hasPrefix("$(SRCROOT)/") || value.hasPrefix("$(PROJECT_DIR)/") {
                let stripped = value.replacingOccurrences(of: "$(SRCROOT)/", with: "").replacingOccurrences(of: "$(PROJECT_DIR)/", with: "")
                infoPlist = RepositoryPath.join(folder, stripped, root: root)
            }
            var tested = settings["TEST_TARGET_NAME"]
            if tested == nil, let host = settings["TEST_HOST"], let range = host.range(of: ".app/") {
                // "$(BUILT_PRODUCTS_DIR)/Name.app/Name" or "…/Name.app/Contents/MacOS/Name".
                let before = host[..<range.lowerBound]
                tested = before.split(separator: "/").last.map(String.init)
            }
            let productType = ProductType(object["productType"]?.string ?? "")
            var platforms = ApplePlatform.named(in: settings["SUPPORTED_PLATFORMS"])
            if platforms.isEmpty { platforms = ApplePlatform.named(in: settings["SDKROOT"]) }
            if platforms.isEmpty { platforms = productType == .watchApp || productType == .watchExtension ? [.watchOS] : projectPlatforms }
            targets.append(XcodeTarget(
                name: name, productType: productType, membership: membership,
                dependencies: dependencies, packageProducts: products, infoPlist: infoPlist, testedTargetName: tested,
                platforms: platforms))
        }
        return XcodeProject(
            path: xcodeproj, folder: folder, targets: targets,
            knownRegions: (project["knownRegions"]?.strings ?? []).filter { $0 != "Base" },
            developmentRegion: project["developmentRegion"]?.string)
    }

    /// Resolves object ids to paths through the group tree.
    private struct Reader {
        let objects: [String: OpenStepValue]
        let projectFolder: String
        let root: String
        /// Each group's or file's parent group.
        var parents: [String: String] = [:]
        var paths: [String: String?] = [:]
        /// The Xcode 16 synchronized folders' ids, found once (asked for every target).
        let synchronizedGroups: [String]

        init(objects: [String: OpenStepValue], projectFolder: String, root: String) {
            self.objects = objects
            self.projectFolder = projectFolder
            self.root = root
            synchronizedGroups = objects.compactMap { $0.value["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" ? $0.key : nil }.sorted()
        }

        mutating func indexParents(from mainGroup: String?) {
            guard let mainGroup else { return }
            var stack = [mainGroup]
            var seen: Set<String> = [mainGroup]
            while let id = stack.popLast() {
                for child in objects[id]?["children"]?.strings ?? [] where seen.insert(child).inserted {
                    parents[child] = id
                    stack.append(child)
                }
            }
        }

        /// The path of a group, file reference or synchronized folder; nil when it lies outside
        /// the root or in the SDK, the build products or the developer folder.
        mutating func path(of id: String) -> String? {
            if let known = paths[id] { return known }
            var visiting: Set<String> = []
            let result = resolve(id, visiting: &visiting)
            paths[id] = .some(result)
            return result
        }

        private mutating func resolve(_ id: String, visiting: inout Set<String>) -> String? {
            guard visiting.insert(id).inserted, let object = objects[id] else { return nil }
            let own = object["path"]?.string ?? ""
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                let base: String?
                if let parent = parents[id] {
                    if let known = paths[parent] { base = known } else { base = resolve(parent, visiting: &visiting) }
                } else {
                    base = projectFolder
                }
                guard let base else { return nil }
                return RepositoryPath.join(base, own, root: root)
            case "SOURCE_ROOT":
                return RepositoryPath.join(projectFolder, own, root: root)
            case "<absolute>":
                return RepositoryPath.join("", own, root: root)
            default:
                return nil
            }
        }

        /// Adds what a build file's reference stands for: a file, every file of a variant group
        /// (`en.lproj/Localizable.strings`, …), or a folder reference's whole folder.
        mutating func addMembers(of id: String, to membership: inout Membership) {
            guard let object = objects[id] else { return }
            switch object["isa"]?.string {
            case "PBXVariantGroup", "XCVersionGroup":
                for child in object["children"]?.strings ?? [] {
                    if let path = path(of: child) { membership.files.insert(path) }
                }
                // A version group (a Core Data model) is a folder.
                if object["isa"]?.string == "XCVersionGroup", let path = path(of: id) { membership.folders.insert(path) }
            case "PBXFileReference":
                guard let path = path(of: id) else { return }
                let type = object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string ?? ""
                if type == "folder" || type.hasPrefix("folder.") || type.hasPrefix("wrapper") {
                    membership.folders.insert(path)
                } else {
                    membership.files.insert(path)
                }
            case "PBXGroup":
                if let path = path(of: id) { membership.folders.insert(path) }
            default:
                break
            }
        }

        /// An Xcode 16 synchronized folder of the target: all it holds, less the exceptions the
        /// folder lists for this target.
        mutating func addSynchronizedGroup(_ id: String, targetID: String, to membership: inout Membership) {
            guard let group = objects[id], let folder = path(of: id) else { return }
            membership.folders.insert(folder)
            for exceptionID in group["exceptions"]?.strings ?? [] {
                guard let exception = objects[exceptionID], exception["target"]?.string == targetID else { continue }
                for relative in exception["membershipExceptions"]?.strings ?? [] {
                    if let path = RepositoryPath.join(folder, relative, root: root) { membership.excluded.insert(path) }
                }
            }
        }

        /// Files of synchronized folders the target does not have, that their exception sets
        /// give to it.
        mutating func exceptionMembers(forTarget targetID: String, excludingGroups own: Set<String>) -> Set<String> {
            var result: Set<String> = []
            for id in synchronizedGroups where !own.contains(id) {
                guard let object = objects[id], let folder = path(of: id) else { continue }
                for exceptionID in object["exceptions"]?.strings ?? [] {
                    guard let exception = objects[exceptionID], exception["target"]?.string == targetID else { continue }
                    for relative in exception["membershipExceptions"]?.strings ?? [] {
                        if let path = RepositoryPath.join(folder, relative, root: root) { result.insert(path) }
                    }
                }
            }
            return result
        }

        /// The target's build settings (its first configuration, Release preferred), with the
        /// project's own as defaults.
        func buildSettings(of target: OpenStepValue) -> [String: String] {
            guard let listID = target["buildConfigurationList"]?.string, let list = objects[listID] else { return [:] }
            let configurations = (list["buildConfigurations"]?.strings ?? []).compactMap { objects[$0] }
            let chosen = configurations.first { $0["name"]?.string == "Release" } ?? configurations.first
            var settings: [String: String] = [:]
            for (key, value) in chosen?["buildSettings"]?.dictionary ?? [:] {
                if let text = value.string { settings[key] = text }
            }
            return settings
        }
    }
}
