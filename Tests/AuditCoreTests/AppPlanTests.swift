import Foundation
import Testing
@testable import AuditCore

/// What the app is: the build description read from hand-written Xcode projects, schemes,
/// workspaces and package manifests (Fixtures/Apps, described in its FIXTURES.txt), and the
/// files each app is audited with.
@Suite struct AppPlanTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Apps")

    struct Found {
        var discovered: DiscoveryResult
        var build: BuildDescription
        var plan: AppPlan
        var root: URL
    }

    func plan(_ fixture: String) -> Found {
        let root = Self.fixtures.appendingPathComponent(fixture)
        let discovered = Discovery.discover(paths: [root], root: root)
        let build = BuildDescriptionLoader.load(discovered.buildFiles, root: root, jobs: 1) {}
        return Found(discovered: discovered, build: build, plan: AppPlan.make(build: build, files: discovered.files), root: root)
    }

    /// The Swift files `app` audits as its code, and as its tests.
    func swift(_ found: Found, _ app: AppScope) -> (code: [String], tests: [String]) {
        var code: [String] = []
        var tests: [String] = []
        for file in found.discovered.files where file.kind == .swift {
            switch found.plan.role(of: file, in: app) {
            case .code: code.append(file.relativePath)
            case .test: tests.append(file.relativePath)
            case nil: break
            }
        }
        return (code, tests)
    }

    func files(_ found: Found, _ app: AppScope, kind: FileKind) -> [String] {
        found.discovered.files.filter { $0.kind == kind && found.plan.role(of: $0, in: app) == .code }.map(\.relativePath)
    }

    /// The engine asks each app only about the files that can be its own
    /// (`Auditor.candidateFiles`): every file a role is given in an app is among them, for
    /// every fixture and every app.
    @Test func everyFileAnAppTakesIsAmongItsCandidates() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { !$0.hasSuffix(".txt") }
        #expect(fixtures.count > 3)
        var checked = 0
        for fixture in fixtures.sorted() {
            let found = plan(fixture)
            let files = found.discovered.files.sorted { $0.relativePath < $1.relativePath }
            let candidates = Auditor.candidateFiles(files, apps: found.plan.apps)
            #expect(candidates.count == found.plan.apps.count)
            // The same offsets as looking up every folder of every file.
            #expect(candidates == Self.candidatesByEveryFolder(files, apps: found.plan.apps), "\(fixture)")
            for (index, app) in found.plan.apps.enumerated() {
                #expect(candidates[index] == candidates[index].sorted(), "\(fixture)")
                let allowed = Set(candidates[index])
                for (offset, file) in files.enumerated() where found.plan.role(of: file, in: app) != nil {
                    #expect(allowed.contains(offset), "\(fixture): \(file.relativePath) in \(app.name)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }

    /// `Auditor.candidateFiles` without remembering a folder's owners: each file's folders looked
    /// up one by one.
    static func candidatesByEveryFolder(_ files: [DiscoveredFile], apps: [AppScope]) -> [[Int]] {
        apps.map { app in
            let everything = app.kind == .folder || app.members.folders.contains("") || app.tests.folders.contains("")
            let paths = Set([app.members.files, app.members.folders, app.tests.files, app.tests.folders].joined())
            return files.indices.filter { offset in
                let file = files[offset]
                if everything || file.kind == .storeKitConfiguration || file.kind == .copyDocument || file.kind == .storeListing { return true }
                var path = Substring(file.relativePath)
                while true {
                    if paths.contains(String(path)) { return true }
                    guard let slash = path.lastIndex(of: "/") else { return false }
                    path = path[..<slash]
                }
            }
        }
    }

    /// Membership looks up the folders above a path when it has many folders: the same answer
    /// as testing each folder, for files at the folders, inside, beside and above them.
    @Test func membershipOfManyFoldersAnswersAsEachFolderWould() {
        let folders = Set((0..<24).map { "Packages/P\($0)/Sources/P\($0)" } + ["Apps/Main", "Apps/Main/Generated/Skip"])
        let excluded: Set<String> = Set((0..<12).map { "Packages/P\($0)/Sources/P\($0)/Old" })
        let many = Membership(files: ["Other/One.swift"], folders: folders, excluded: excluded)
        func reference(_ path: String) -> Bool {
            if many.files.contains(path) { return true }
            guard folders.contains(where: { RepositoryPath.isInside(path, folder: $0) }) else { return false }
            return !excluded.contains { RepositoryPath.isInside(path, folder: $0) }
        }
        var paths = ["Other/One.swift", "Other/Two.swift", "Apps/Main", "Apps/Main/A.swift", "Apps/MainX/A.swift", "Apps/Main//A.swift",
                     "Apps", "Packages/P1/Sources", "Apps/Main/Generated/Skip/B.swift", "", "/", "Packages/P1/Sources/P1x/A.swift"]
        for n in 0..<30 {
            paths += ["Packages/P\(n)/Sources/P\(n)/A.swift", "Packages/P\(n)/Sources/P\(n)/Old/B.swift",
                      "Packages/P\(n)/Sources/P\(n)/Deep/er/C.swift", "Packages/P\(n)/Tests/T.swift", "Packages/P\(n)/Sources/P\(n)"]
        }
        #expect(folders.count > 8)
        for path in paths { #expect(many.contains(path) == reference(path), "\(path)") }
        // Asked in order with a lookup that remembers the last folder: the same answers, for the
        // paths as listed (folders interleaved), sorted (each folder's files together), and for
        // a few of them again after others.
        for order in [paths, paths.sorted(), paths + paths.reversed()] {
            var lookup = Membership.Lookup()
            for path in order { #expect(many.contains(path, lookup: &lookup) == reference(path), "\(path)") }
        }
        #expect(many.contains("Packages/P3/Sources/P3/A.swift"))
        #expect(!many.contains("Packages/P3/Sources/P3/Old/B.swift"))
        #expect(many.contains("Packages/P20/Sources/P20/Old/B.swift"))
    }

    /// A monorepo-like tree (seeded): package folders nested in each other, names that are
    /// prefixes of their siblings (`Kit`, `KitUI`), files at every depth, and a few paths with
    /// an empty folder name or a leading slash. Asked in path order, reversed and shuffled, a
    /// lookup that remembers the last folder answers as testing each folder would, and the
    /// files each app may take (`Auditor.candidateFiles`, which remembers the owners of the last
    /// folder's chain) are those of looking up every folder above every file.
    @Test func folderChainsAnswerAsEachFolderWouldInAnyOrder() {
        var generator = SplitMix64(seed: 7)
        let names = ["Kit", "KitUI", "Core", "Core2", "Sources", "Tests", "A", "AB"]
        var folders: [String] = []
        for _ in 0..<60 {
            let depth = Int.random(in: 1...5, using: &generator)
            folders.append((0..<depth).map { _ in names.randomElement(using: &generator)! }.joined(separator: "/"))
        }
        var paths = folders.flatMap { folder in (0..<3).map { "\(folder)/F\($0).swift" } }
        paths += ["Kit//F.swift", "/Kit/F.swift", "Top.swift", "KitUI", "Kit/KitUI/Core2/Deep/F.swift"]
        let members = Set(folders.shuffled(using: &generator).prefix(20))
        let excluded = Set(folders.filter { folder in members.contains { RepositoryPath.isInside(folder, folder: $0) } }.prefix(6))
        let membership = Membership(files: [paths[3]], folders: members, excluded: excluded)
        #expect(members.count > 8)
        func reference(_ path: String) -> Bool {
            if membership.files.contains(path) { return true }
            guard members.contains(where: { RepositoryPath.isInside(path, folder: $0) }) else { return false }
            return !excluded.contains { RepositoryPath.isInside(path, folder: $0) }
        }
        for order in [paths.sorted(), paths.sorted().reversed(), paths.shuffled(using: &generator)] {
            var lookup = Membership.Lookup()
            for path in order {
                #expect(membership.contains(path, lookup: &lookup) == reference(path), "\(path)")
            }
        }
        #expect(paths.contains { reference($0) } && paths.contains { !reference($0) })
        // Four apps, each owning some of the folders and files.
        let apps = (0..<4).map { index in
            AppScope(name: "App\(index)", kind: .package, summary: "",
                     members: Membership(files: Set(paths.shuffled(using: &generator).prefix(3)), folders: Set(folders.shuffled(using: &generator).prefix(10))),
                     tests: Membership(folders: Set(folders.shuffled(using: &generator).prefix(2))), storeKitConfigurations: nil, folder: "")
        }
        for order in [paths.sorted(), paths.shuffled(using: &generator)] {
            let files = order.map { DiscoveredFile(path: "/root/" + $0, relativePath: $0, kind: .swift) }
            #expect(Auditor.candidateFiles(files, apps: apps) == Self.candidatesByEveryFolder(files, apps: apps))
        }
    }

    @Test func classicGroupsResolveEveryPathKindAndLeaveOutFilesInNoTarget() throws {
        let found = plan("ClassicApp")
        #expect(found.build.problems.isEmpty)
        let project = try #require(found.build.projects.first)
        #expect(project.knownRegions == ["en", "de"])
        #expect(project.developmentRegion == "en")
        #expect(project.targets.map(\.name) == ["ClassicApp", "ClassicAppTests"])
        #expect(project.targets.map(\.productType) == [.application, .unitTests])
        let app = try #require(found.plan.apps.first)
        #expect(found.plan.apps.count == 1)
        #expect(app.kind == .xcodeApp)
        let swift = swift(found, app)
        #expect(swift.code == [
            "ClassicApp/ClassicAppApp.swift", "ClassicApp/Paywall/Components/PriceBadge.swift", "ClassicApp/Paywall/My Paywall.swift",
            "ClassicApp/StoreModel.swift", "ClassicApp/Support/StoreKitKeys.swift", "Sources/App/AppConfig.swift",
        ])
        #expect(swift.tests == ["ClassicAppTests/StoreModelTests.swift"])
        // In the project but in no build phase, and on disk but not in the project.
        #expect(found.plan.filesInNoTarget == ["ClassicApp/DraftOffer.swift", "ClassicApp/Orphan.swift"])
        // The scheme's configuration is the app's; the test bundle's is for tests only.
        #expect(app.storeKitConfigurations == ["ClassicApp/Products.storekit"])
        #expect(files(found, app, kind: .storeKitConfiguration) == ["ClassicApp/Products.storekit"])
        #expect(found.plan.testConfigurations == ["ClassicAppTests/TestOnly.storekit"])
        #expect(files(found, app, kind: .strings) == ["ClassicApp/de.lproj/Localizable.strings", "ClassicApp/en.lproj/Localizable.strings"])
        // knownRegions first (without Base); CFBundleLocalizations is the fallback.
        #expect(app.declaredLocales == ["en", "de"])
        #expect(app.declaredLocaleSource == "knownRegions of ClassicApp.xcodeproj")
        #expect(found.build.bundleLocalizations["ClassicApp/Info.plist"] == ["en", "de", "fr"])
    }

    /// The test bundle's configuration is not the app's catalogue, but the app's audit knows
    /// its tests have one ("a StoreKit configuration set up for testing").
    @Test func theAppsAuditKnowsTheConfigurationItsTestsBundle() throws {
        let root = Self.fixtures.appendingPathComponent("ClassicApp")
        let audit = Auditor.auditFolder(paths: [root], root: root, rules: [], options: AuditOptions(jobs: 1))
        let app = try #require(audit.apps.first)
        #expect(app.scope.testStoreKitConfigurations == ["ClassicAppTests/TestOnly.storekit"])
        #expect(app.project.testStoreKitConfigurations == ["ClassicAppTests/TestOnly.storekit"])
        #expect(app.project.storeKitConfigurations.map(\.file) == ["ClassicApp/Products.storekit"])
    }

    /// A scheme written on a case-insensitive volume names `foqos/Tip.storekit` for the file at
    /// `Foqos/Tip.storekit`: it is still the app's configuration.
    @Test func aSchemesConfigurationPathMatchesWhateverItsCase() {
        let app = AppScope(
            name: "Shop", kind: .xcodeApp, summary: "", members: Membership(folders: ["Foqos"]), tests: Membership(),
            storeKitConfigurations: ["foqos/Tip for developer.storekit"], folder: "")
        let plan = AppPlan(apps: [app], filesInNoTarget: [], testConfigurations: [], notes: [])
        let file = DiscoveredFile(path: "/repo/Foqos/Tip for developer.storekit", relativePath: "Foqos/Tip for developer.storekit", kind: .storeKitConfiguration)
        #expect(plan.role(of: file, in: app) == .code)
        let other = DiscoveredFile(path: "/repo/Foqos/Other.storekit", relativePath: "Foqos/Other.storekit", kind: .storeKitConfiguration)
        #expect(plan.role(of: other, in: app) == nil)
    }

    @Test func synchronizedFoldersIncludeTheirFilesLessMembershipExceptions() throws {
        let found = plan("SyncedApp")
        #expect(found.build.problems.isEmpty)
        let app = try #require(found.plan.apps.first)
        #expect(found.plan.apps.count == 1)
        let swift = swift(found, app)
        #expect(swift.code == [
            "SyncedApp/Paywall/PaywallView.swift", "SyncedApp/Paywall/PlanRow.swift",
            "SyncedApp/Store/EntitlementManager.swift", "SyncedApp/SyncedAppApp.swift",
        ])
        #expect(!swift.code.contains("SyncedApp/Debug/MockStore.swift"))
        #expect(swift.tests == ["SyncedAppTests/EntitlementManagerTests.swift"])
        #expect(found.plan.filesInNoTarget == ["SyncedApp/Debug/MockStore.swift"])
        #expect(files(found, app, kind: .stringCatalog) == ["SyncedApp/Localizable.xcstrings"])
        #expect(app.declaredLocales == ["en", "es"])
    }

    @Test func aLocalPackageTheAppLinksIsItsCodeAndItsTestsAreTests() throws {
        let found = plan("WorkspaceApp")
        #expect(found.build.workspaces.first?.references == ["App/App.xcodeproj", "Packages/StoreKitSupport"])
        let app = try #require(found.plan.apps.first)
        #expect(found.plan.apps.count == 1)
        let swift = swift(found, app)
        #expect(swift.code == [
            "App/App/AppMain.swift", "App/App/StoreScreen.swift",
            // A target the linked product's target depends on is built into the app too.
            "Packages/StoreKitSupport/Sources/StoreKitReceipts/EntitlementCheck.swift",
            "Packages/StoreKitSupport/Sources/StoreKitSupport/ProductCatalog.swift",
            "Packages/StoreKitSupport/Sources/StoreKitSupport/PurchaseService.swift",
        ])
        #expect(swift.tests == ["Packages/StoreKitSupport/Tests/StoreKitSupportTests/ProductCatalogTests.swift"])
        #expect(files(found, app, kind: .storeKitConfiguration) == ["App/Configuration/Store.storekit"])
        #expect(app.summary.contains("StoreKitSupport (local package Packages/StoreKitSupport)"))
    }

    @Test func twoAppsInOneProjectAreAuditedApartWithTheFrameworkTheyLink() throws {
        let found = plan("TwoApps")
        #expect(found.plan.apps.map(\.name) == ["Journal", "JournalWatch"])
        let phone = swift(found, found.plan.apps[0]).code
        let watch = swift(found, found.plan.apps[1]).code
        #expect(phone.contains("Journal/Paywall/ProUpgradeView.swift"))
        #expect(phone.contains("JournalKit/EntryStore.swift"))
        #expect(phone.contains("Shared/ProductIDs.swift"))
        // The watch app the phone app embeds is not the phone app's code.
        #expect(!phone.contains("JournalWatch/WatchUpsellView.swift"))
        #expect(watch.contains("JournalWatch/WatchUpsellView.swift"))
        #expect(watch.contains("Shared/ProductIDs.swift"))
        #expect(!watch.contains("Journal/Paywall/ProUpgradeView.swift"))
        // The platforms come from the targets' SDKROOT.
        #expect(found.plan.apps.map(\.platforms) == [[.iOS], [.watchOS]])
    }

    @Test func platformsComeFromSupportedPlatformsThenSDKRootThenTheProject() {
        #expect(ApplePlatform.named(in: "iphoneos iphonesimulator macosx watchos watchsimulator") == [.iOS, .macOS, .watchOS])
        #expect(ApplePlatform.named(in: "auto").isEmpty)
        #expect(ApplePlatform.named(in: "appletvos") == [.tvOS])
        #expect(ApplePlatform.named(in: "xros xrsimulator") == [.visionOS])
        #expect(ApplePlatform.named(in: nil).isEmpty)
    }

    @Test func aLibrarysLocalizationsDoNotBecomeItsExampleAppsLocales() throws {
        let found = plan("LibraryWithExample")
        #expect(found.plan.apps.map(\.name) == ["Example"])
        let app = found.plan.apps[0]
        #expect(app.declaredLocales == ["en"])
        let code = swift(found, app).code
        #expect(code.contains("Example/Example/DemoPaywall.swift"))
        // Product PaywallLib stands for target Lib.
        #expect(code.contains("Sources/Lib/PaywallCopy.swift"))
        #expect(swift(found, app).tests == ["Tests/LibTests/PaywallCopyTests.swift"])
    }

    @Test func independentTutorialStepsAreSeparateAppsEachWithItsOwnConfiguration() throws {
        let found = plan("TutorialSteps")
        #expect(found.plan.apps.map(\.name) == ["Step1", "Step2", "Step3"])
        for (index, app) in found.plan.apps.enumerated() {
            let step = "Step\(index + 1)"
            #expect(files(found, app, kind: .storeKitConfiguration) == ["\(step)/\(step).storekit"])
            #expect(swift(found, app).code.allSatisfy { $0.hasPrefix("\(step)/") })
            #expect(!swift(found, app).code.isEmpty)
        }
    }

    @Test func buildOutputDependenciesExportsBundlesAndProjectDocumentsAreSkippedAndListed() throws {
        let found = plan("SkippedFolders")
        let paths = found.discovered.files.map(\.relativePath)
        #expect(paths.sorted() == ["Copy/paywall.md", "PaywallView.swift", "SkippedApp.swift", "Store.swift"])
        let skipped = Dictionary(grouping: found.discovered.skipped, by: \.reason).mapValues { $0.map(\.relativePath).sorted() }
        #expect(skipped[.dependencies] == [".build", "Carthage", "Pods", "SourcePackages", "node_modules"])
        #expect(skipped[.buildOutput] == ["Demo.app", "DerivedData", "Export.xcarchive", "Lib.framework", "Lib.xcframework", "build"])
        #expect(skipped[.localizationExport] == ["de.xcloc"])
        #expect(skipped[.bundle] == ["Vendor/ThirdParty.bundle"])
        // No build description: the whole folder is the app.
        #expect(found.plan.apps == [.wholeFolder])
    }

    @Test func aSkippedFolderComesBackWhenTheConfigurationAsksForIt() throws {
        let root = Self.fixtures.appendingPathComponent("SkippedFolders")
        let selection = FileSelection(base: root, auditSkipped: [try Glob("Pods")])
        let found = Discovery.discover(paths: [root], root: root, selection: selection)
        #expect(found.files.contains { $0.relativePath.hasPrefix("Pods/") })
        #expect(!found.skipped.contains { $0.relativePath == "Pods" })
    }

    @Test func aSymbolicLinkToAFolderOutsideIsWalkedOnceAndALoopIsListed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-links-\(UUID().uuidString)")
        let app = base.appendingPathComponent("App")
        let shared = base.appendingPathComponent("SharedCode")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try Data("import StoreKit\n".utf8).write(to: app.appendingPathComponent("App.swift"))
        try Data("import StoreKit\nfunc listen() { Task { for await _ in Transaction.updates {} } }\n".utf8).write(to: shared.appendingPathComponent("Listener.swift"))
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Shared").path, withDestinationPath: shared.path)
        // A link back into the audited folder, and one from the linked folder back to itself.
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Again").path, withDestinationPath: app.path)
        try FileManager.default.createSymbolicLink(atPath: shared.appendingPathComponent("Loop").path, withDestinationPath: shared.path)
        let found = Discovery.discover(paths: [app], root: app)
        #expect(found.files.map(\.relativePath) == ["App.swift", "Shared/Listener.swift"])
        #expect(found.skipped.map(\.relativePath).sorted() == ["Again", "Shared/Loop"])
        #expect(found.skipped.allSatisfy { $0.reason == .symbolicLink })
    }

    @Test func filesAndFoldersGitIgnoresAreSkippedAndListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-gitignored-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "App/Store.swift": "import StoreKit\n", "App/Generated/Strings.swift": "let a = 1\n",
            "App/Secrets.swift": "let key = \"x\"\n", ".gitignore": "Generated/\nSecrets.swift\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", root.path]
        try git.run()
        git.waitUntilExit()
        try #require(git.terminationStatus == 0)
        let found = Discovery.discover(paths: [root], root: root)
        #expect(found.files.map(\.relativePath) == ["App/Store.swift"])
        #expect(found.skipped == [
            SkippedFolder(relativePath: "App/Generated", reason: .gitIgnored), SkippedFolder(relativePath: "App/Secrets.swift", reason: .gitIgnored),
        ])
        // Audited from a subfolder, paths stay relative to the root.
        let app = root.appendingPathComponent("App")
        #expect(Discovery.discover(paths: [app], root: root).skipped.map(\.relativePath) == ["App/Generated", "App/Secrets.swift"])
        // The configuration brings one back.
        let selection = FileSelection(base: root, auditSkipped: [try Glob("App/Generated")])
        #expect(Discovery.discover(paths: [root], root: root, selection: selection).files.map(\.relativePath) == ["App/Generated/Strings.swift", "App/Store.swift"])
    }

    @Test func aPackageNoAppLinksIsALibraryAndAToolsPackageIsNotAudited() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "PurchaseKit",
                    products: [.library(name: "PurchaseKit", targets: ["PurchaseKit"])],
                    targets: [
                        .target(name: "PurchaseKit", path: "Code/PurchaseKit"),
                        .testTarget(name: "PurchaseKitTests", dependencies: ["PurchaseKit"]),
                    ]
                )
                """,
            "Code/PurchaseKit/Store.swift": "import StoreKit\n",
            "Tests/PurchaseKitTests/StoreTests.swift": "import XCTest\n",
            "scripts/gen/Package.swift": "let package = Package(name: \"gen\", targets: [.executableTarget(name: \"gen\")])\n",
            "scripts/gen/Sources/gen/main.swift": "print(1)\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let discovered = Discovery.discover(paths: [root], root: root)
        let build = BuildDescriptionLoader.load(discovered.buildFiles, root: root, jobs: 1) {}
        let plan = AppPlan.make(build: build, files: discovered.files)
        #expect(plan.apps.map(\.name) == ["PurchaseKit"])
        #expect(plan.apps.first?.kind == .package)
        #expect(plan.notes == ["The Swift package at scripts/gen holds only command-line tools: not audited as app code."])
        let library = try #require(plan.apps.first)
        let roles = discovered.files.map { plan.role(of: $0, in: library) }
        // Sorted by path: uppercase before lowercase.
        #expect(discovered.files.map(\.relativePath) == ["Code/PurchaseKit/Store.swift", "Tests/PurchaseKitTests/StoreTests.swift", "scripts/gen/Sources/gen/main.swift"])
        #expect(roles == [.code, .test, nil])
    }

    @Test func projectParseErrorsNameLineAndColumn() throws {
        let text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tA = { isa = PBXGroup; children = ( B, C ) };\n\t};\n}\n"
        #expect(throws: XcodeProjectError.self) { try XcodeProject.load(bytes: Array(text.utf8), file: "X.xcodeproj/project.pbxproj", root: "/") }
        do {
            _ = try XcodeProject.load(bytes: Array(text.utf8), file: "X.xcodeproj/project.pbxproj", root: "/")
        } catch {
            // `( B, C ) }` lacks the ";" after the array: found at the "}".
            #expect(error.position == TextPosition(line: 5, column: 45))
            #expect(error.reason.contains("expected ';'"))
        }
    }

    @Test func propertyListsKeepQuotedEscapesCommentsAndData() throws {
        let text = #"{ a = "x \"y\" \n z"; /* c */ b = ( 1, two, "3 4", ); c = <0A ff>; // end"# + "\n}"
        let value = try OpenStepPropertyListParser.parse(Array(text.utf8))
        #expect(value["a"]?.string == "x \"y\" \n z")
        #expect(value["b"]?.strings == ["1", "two", "3 4"])
        #expect(value["c"] == .data([0x0A, 0xFF], TextPosition(line: 1, column: 59)))
    }
}

