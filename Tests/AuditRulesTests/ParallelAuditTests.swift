import AuditCore
import AuditRules
import BenchmarkCorpus
import Foundation
import Testing

/// `--jobs` changes how the work is spread, never what is found: a generated app tree (the
/// benchmark's, small) gives the same findings, evidence and verdicts with one and two jobs.
@Suite struct ParallelAuditTests {
    @Test func generatedCorpusGivesTheSameResultsWithOneAndTwoJobs() throws {
        let root = try Self.writeCorpus(megabytes: 0.4, seed: 7)
        defer { try? FileManager.default.removeItem(at: root) }
        let one = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        let two = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 2))
        #expect(one.fileCounts[.swift, default: 0] > 40)
        #expect(one.fileCounts[.storeKitConfiguration, default: 0] >= 1)
        #expect(one.fileCounts[.stringCatalog, default: 0] >= 1)
        #expect(!one.findings.isEmpty)
        #expect(one.findings == two.findings)
        #expect(one.results.map(\.rule.identifier) == two.results.map(\.rule.identifier))
        #expect(one.results.map(\.findings) == two.results.map(\.findings))
        #expect(one.results.map(\.evidence) == two.results.map(\.evidence))
        #expect(one.results.map(\.notApplicableReason) == two.results.map(\.notApplicableReason))
    }

    @Test func mostFilesNeverGetATreeOrAnIndex() throws {
        // A file's declarations and identifier index are built only when a rule needs them;
        // the rules ask first which files mention what they look for. An app's ordinary
        // views and models (most of the generated tree) must not pay for them.
        let root = try Self.writeCorpus(megabytes: 0.6, seed: 11)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 2))
        let files = result.project.swiftFiles
        #expect(files.count > 60)
        #expect(!result.findings.isEmpty)
        let trees = files.count { $0.isStructureBuilt }
        let indices = files.count { $0.isIndexBuilt }
        // This small tree is about a third store, paywall and account screens, which rules do
        // read closely; in the 20 MB benchmark tree, mostly ordinary code, it is one in thirty.
        #expect(trees * 2 < files.count, "\(trees) of \(files.count) files had their declarations built")
        #expect(indices * 4 < files.count, "\(indices) of \(files.count) files had an identifier index built")
        // The files that sell are among those looked at closely.
        let storeFiles = files.filter { $0.mentions("purchase") && $0.mentions("Transaction") }
        #expect(!storeFiles.isEmpty)
        #expect(storeFiles.contains { $0.isStructureBuilt })
        // Those that import StoreKit have both, built side by side before the rules start
        // (`Auditor.warmUp`) instead of by whichever rule asks first.
        let storeKitFiles = files.filter(\.importsStoreKit)
        #expect(!storeKitFiles.isEmpty)
        #expect(storeKitFiles.allSatisfy { $0.isStructureBuilt && $0.isIndexBuilt })
    }

    @Test func filesNoAppTakesStayLoadedUntilTheAuditIsLetGo() throws {
        // A package app, and a script and a catalog beside it that no app takes: their
        // parsed forms are freed when the caller lets the folder's audit go, not in the
        // middle of the audit on one core.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-noapp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n",
            "Sources/Kit/Store.swift": "import StoreKit\nfunc load() async throws -> [Product] { try await Product.products(for: [\"pro\"]) }\n",
            "Scripts/Tool.swift": "let tool = \"no app builds this\"\n",
            "Scripts/Tool.xcstrings": #"{"sourceLanguage":"en","strings":{"Hello":{}},"version":"1.0"}"#,
        ]
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        weak var script: SwiftFile?
        do {
            let folder = Auditor.auditFolder(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 2))
            #expect(folder.apps.count == 1)
            #expect(folder.apps[0].project.swiftFiles.map(\.path) == ["Sources/Kit/Store.swift"])
            #expect(folder.loadedPaths == ["Scripts/Tool.swift", "Scripts/Tool.xcstrings", "Sources/Kit/Store.swift"])
            script = folder.loadedSwiftFiles.first { $0.path == "Scripts/Tool.swift" }
            #expect(script != nil)
            withExtendedLifetime(folder) {}
        }
        #expect(script == nil, "the file no app takes outlived its audit")
    }

    /// A generated app tree in a new temporary folder.
    static func writeCorpus(megabytes: Double, seed: UInt64) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-corpus-\(UUID().uuidString)")
        for file in CorpusGenerator(megabytes: megabytes, seed: seed).files() {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents).write(to: url)
        }
        return root
    }

    @Test func theGeneratorIsDeterministic() {
        let first = CorpusGenerator(megabytes: 0.2, seed: 3).files()
        let second = CorpusGenerator(megabytes: 0.2, seed: 3).files()
        #expect(first.map(\.path) == second.map(\.path))
        #expect(first.map(\.contents) == second.map(\.contents))
        #expect(CorpusGenerator.size(of: first) >= 200_000)
        #expect(CorpusGenerator(megabytes: 0.2, seed: 4).files().map(\.contents) != first.map(\.contents))
    }
}
