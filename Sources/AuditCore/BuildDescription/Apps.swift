import Foundation

/// The build description of the audited folder: every Xcode project, shared scheme, workspace
/// and Swift package manifest found, and the files that could not be read.
public struct BuildDescription: Sendable {
    public var projects: [XcodeProject] = []
    public var schemes: [XcodeScheme] = []
    public var workspaces: [XcodeWorkspace] = []
    public var packages: [PackageManifest] = []
    /// Info.plist files' `CFBundleLocalizations`, by path.
    public var bundleLocalizations: [String: [String]] = [:]
    public var problems: [InputError] = []

    public init() {}

    public var isEmpty: Bool { projects.isEmpty && packages.isEmpty }

    func package(at folder: String) -> PackageManifest? {
        packages.first { $0.folder == folder }
    }
}

/// One app to audit: what it is, and which of the discovered files are its code, its tests and
/// its resources. A repository may hold several (an app and its watch app, tutorial steps, a
/// library and its example app); each is audited on its own.
public struct AppScope: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Application targets of an Xcode project (several only when they build the same files,
        /// as an iOS and a macOS target of one app do).
        case xcodeApp
        /// A Swift package no app in the folder links: audited as a library.
        case package
        /// No build description: every file under the folder.
        case folder
    }

    public var name: String
    public var kind: Kind
    /// For the report: "application target Journal of Journal.xcodeproj, with JournalKit (framework)".
    public var summary: String
    /// The app's code and resources: its targets and what they link.
    public var members: Membership
    /// Its test targets' files.
    public var tests: Membership
    /// The StoreKit configurations it runs with (its schemes'), or nil to take those inside
    /// `folder` that no test target owns.
    public var storeKitConfigurations: [String]?
    /// Where its sources live (the project's folder, the package's folder): copy documents and
    /// configurations are looked for here.
    public var folder: String
    /// Locales the build description declares (empty when it declares none), and where from.
    public var declaredLocales: [String] = []
    public var declaredLocaleSource = ""
    /// The platforms its application targets build for: empty when the build settings do not
    /// say (a package, a folder, a project without `SDKROOT`).
    public var platforms: Set<ApplePlatform> = []

    /// The whole folder as one app (no build description).
    public static let wholeFolder = AppScope(
        name: "", kind: .folder, summary: "every file under the folder (no Xcode project or Package.swift was found)",
        members: Membership(folders: [""]), tests: Membership(), storeKitConfigurations: nil, folder: "")
}

/// How the discovered files divide into apps, and what belongs to none.
public struct AppPlan: Sendable {
    public var apps: [AppScope]
    /// Swift files that no target of any project or package builds.
    public var filesInNoTarget: [String]
    /// StoreKit configurations that only test targets use.
    public var testConfigurations: [String]
    /// Things the report should say about how the apps were found.
    public var notes: [String]

    /// Divides `files` (paths relative to the root) among the apps `build` describes.
    public static func make(build: BuildDescription, files: [DiscoveredFile]) -> AppPlan {
        if build.isEmpty {
            return AppPlan(apps: [.wholeFolder], filesInNoTarget: [], testConfigurations: [], notes: [])
        }
        var apps: [AppScope] = []
        var notes: [String] = []
        var linkedPackages: Set<String> = []
        var allMembers = Membership()
        var testMembers = Membership()
        for project in build.projects {
            for target in project.targets {
                if target.productType.isTest { testMembers.formUnion(target.membership) } else { allMembers.formUnion(target.membership) }
            }
            let byName = Dictionary(project.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for app in project.targets where app.productType.isApp {
                var members = Membership()
                var linked: [String] = []
                var visited: Set<String> = []
                var stack = [app.name]
                var products: [XcodeTarget.PackageProduct] = []
                while let name = stack.popLast() {
                    guard visited.insert(name).inserted, let target = byName[name] else { continue }
                    // Another app (a watch app the phone app embeds) is audited on its own.
                    if name != app.name && (target.productType.isApp || target.productType.isTest) { continue }
                    members.formUnion(target.membership)
                    products += target.packageProducts
                    if name != app.name { linked.append("\(name) (\(target.productType.label))") }
                    stack.append(contentsOf: target.dependencies)
                }
                for product in products {
                    let manifests = product.localPackage.map { folder in build.package(at: folder).map { [$0] } ?? [] }
                        ?? build.packages.filter { $0.products.contains { $0.name == product.name } }
                    for manifest in manifests {
                        linkedPackages.insert(manifest.folder)
                        for folder in manifest.folders(ofProduct: product.name) { members.folders.insert(folder) }
                        linked.append("\(product.name) (local package \(manifest.folder.isEmpty ? "." : manifest.folder))")
                    }
                }
                var tests = Membership()
                let schemes = build.schemes.filter { $0.project == project.path && $0.runsTarget == app.name }
                let schemeTests = Set(schemes.flatMap(\.testTargets))
                for test in project.targets where test.productType.isTest {
                    if test.testedTargetName == app.name || test.dependencies.contains(app.name) || schemeTests.contains(test.name) {
                        tests.formUnion(test.membership)
                    }
                }
                let configurations = schemes.compactMap(\.storeKitConfiguration)
                var scope = AppScope(
                    name: app.name, kind: .xcodeApp,
                    summary: "\(app.productType.label) target \(app.name) of \(project.path)"
                        + (linked.isEmpty ? "" : ", with " + Array(Set(linked)).sorted().joined(separator: ", ")),
                    members: members, tests: tests,
                    storeKitConfigurations: configurations.isEmpty ? nil : Array(Set(configurations)).sorted(),
                    folder: project.folder)
                scope.platforms = app.platforms
                if !project.knownRegions.isEmpty {
                    scope.declaredLocales = project.knownRegions
                    scope.declaredLocaleSource = "knownRegions of \(project.path)"
                } else if let plist = app.infoPlist, let locales = build.bundleLocalizations[plist], !locales.isEmpty {
                    scope.declaredLocales = locales
                    scope.declaredLocaleSource = "CFBundleLocalizations of \(plist)"
                }
                apps.append(scope)
            }
        }
        // Targets of one app for several platforms build the same files: one audit.
        var merged: [AppScope] = []
        for app in apps {
            if let index = merged.firstIndex(where: { $0.members == app.members && $0.folder == app.folder }) {
                merged[index].name += ", " + app.name
                merged[index].summary += "; " + app.summary
                merged[index].tests.formUnion(app.tests)
                merged[index].platforms.formUnion(app.platforms)
                if let more = app.storeKitConfigurations {
                    merged[index].storeKitConfigurations = Array(Set((merged[index].storeKitConfigurations ?? []) + more)).sorted()
                }
            } else {
                merged.append(app)
            }
        }
        // In the order people count: Step2 before Step10.
        apps = merged.sorted { a, b in
            switch a.name.compare(b.name, options: [.numeric]) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: (a.folder, a.summary) < (b.folder, b.summary)
            }
        }
        for package in build.packages {
            for target in package.targets {
                if target.isTest { testMembers.folders.insert(target.path) } else { allMembers.folders.insert(target.path) }
            }
        }
        // A package that no app links is a library: audited on its own when the folder has no
        // app, and listed otherwise.
        var unlinked = build.packages.filter { !linkedPackages.contains($0.folder) && !$0.targets.isEmpty }
        for package in unlinked where package.isToolsOnly {
            notes.append("The Swift package at \(package.folder.isEmpty ? "." : package.folder) holds only command-line tools: not audited as app code.")
        }
        unlinked.removeAll(where: \.isToolsOnly)
        if apps.isEmpty {
            for package in unlinked {
                var members = Membership()
                var tests = Membership()
                for target in package.targets {
                    if target.isTest { tests.folders.insert(target.path) } else { members.folders.insert(target.path) }
                }
                let name = package.name ?? (package.folder.isEmpty ? "Package" : (package.folder.split(separator: "/").last.map(String.init) ?? package.folder))
                apps.append(AppScope(
                    name: name, kind: .package,
                    summary: "Swift package \(package.folder.isEmpty ? "." : package.folder) (a library: no app target links it)",
                    members: members, tests: tests, storeKitConfigurations: nil, folder: package.folder))
            }
        } else {
            for package in unlinked {
                notes.append("The Swift package at \(package.folder.isEmpty ? "." : package.folder) is linked by no app target: it was not audited as app code.")
            }
        }
        if apps.isEmpty {
            notes.append("No application target or Swift package was found in the build description: every file under the folder was audited as one app.")
            return AppPlan(apps: [.wholeFolder], filesInNoTarget: [], testConfigurations: [], notes: notes)
        }
        // Tests of a package come with it; tests of linked packages too.
        for index in apps.indices where apps[index].kind == .xcodeApp {
            for package in build.packages where apps[index].members.folders.contains(where: { folder in package.targets.contains { $0.path == folder } }) {
                for target in package.targets where target.isTest { apps[index].tests.folders.insert(target.path) }
            }
        }
        let swiftFiles = files.filter { $0.kind == .swift }.map(\.relativePath)
        var allLookup = Membership.Lookup()
        var testLookup = Membership.Lookup()
        let inNoTarget = swiftFiles.filter { !allMembers.contains($0, lookup: &allLookup) && !testMembers.contains($0, lookup: &testLookup) }
        let configurations = files.filter { $0.kind == .storeKitConfiguration }.map(\.relativePath)
        let chosen = Set(apps.flatMap { $0.storeKitConfigurations ?? [] })
        let testConfigurations = configurations.filter { path in
            testMembers.contains(path) && !allMembers.contains(path) && !chosen.contains(path)
        }
        return AppPlan(apps: apps, filesInNoTarget: inNoTarget, testConfigurations: testConfigurations, notes: notes)
    }

    /// What `file` is to `app`: its code or resource, its test, or nothing.
    public func role(of file: DiscoveredFile, in app: AppScope) -> FileRole? {
        let path = file.relativePath
        switch file.kind {
        case .swift, .objectiveC:
            if app.kind == .folder { return .code }
            if app.members.contains(path) { return .code }
            if app.tests.contains(path) { return .test }
            return nil
        case .storeKitConfiguration:
            if let chosen = app.storeKitConfigurations {
                // A scheme may name a folder called `….storekit` that holds the configuration.
                // Xcode projects live on case-insensitive volumes: a scheme's
                // "../../foqos/Store.storekit" names Foqos/Store.storekit.
                let lowered = path.lowercased()
                if chosen.contains(where: { RepositoryPath.isInside(path, folder: $0) || RepositoryPath.isInside(lowered, folder: $0.lowercased()) }) { return .code }
                return app.tests.contains(path) ? .test : nil
            }
            if testConfigurations.contains(path) { return app.tests.contains(path) || RepositoryPath.isInside(path, folder: app.folder) ? .test : nil }
            return app.members.contains(path) || RepositoryPath.isInside(path, folder: app.folder) ? .code : nil
        case .stringCatalog, .strings, .stringsDictionary:
            if app.kind == .folder { return .code }
            return app.members.contains(path) ? .code : nil
        case .copyDocument, .storeListing:
            // Paywall copy documents and the App Store listing are the repository's, whichever
            // app they describe.
            return .code
        }
    }

    public enum FileRole: Sendable, Hashable {
        case code, test
    }
}
