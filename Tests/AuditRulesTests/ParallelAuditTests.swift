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
