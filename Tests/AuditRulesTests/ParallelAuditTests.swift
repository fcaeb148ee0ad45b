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

    @Test func oneLargeFileGivesTheSameResultsWithOneAndTwoJobs() throws {
        // One file with thousands of string literals and transaction bindings: its literals and
        // bindings are read in slices on both workers (`slicedMap`), and the slices' findings
        // must come back whole and in order.
        var source = "import StoreKit\nimport SwiftUI\n\n"
        for n in 0..<1_100 {
            source += """
                @MainActor final class Store\(n) {
                    func load() async throws -> [Product] { try await Product.products(for: ["com.example.pro.monthly\(n)", "com.example.pro.yearly"]) }
                    func buy(_ product: Product) async throws {
                        let result = try await product.purchase()
                        if case .success(let verification) = result, case .verified(let transaction) = verification {
                            print(transaction.productID)
                        }
                    }
                }
                struct Paywall\(n): View {
                    var body: some View { VStack { Text("Unlock Pro \(n) for $4.99"); Button("Restore") {} } }
                }

                """
        }
        let root = try Self.writeFolder(["App/Store.swift": source])
        defer { try? FileManager.default.removeItem(at: root) }
        // The rules that read the sliced facts (the whole set takes seconds on this file in a
        // debug build).
        let sliced: Set<String> = ["hardcoded_price", "transaction_not_finished", "unknown_product_id", "product_ids_scattered", "unverified_transaction_used"]
        let rules = BuiltInRules.all.filter { sliced.contains($0.description.identifier) }
        #expect(rules.count == sliced.count)
        let one = Auditor.audit(paths: [root], root: root, rules: rules, options: AuditOptions(jobs: 1))
        let two = Auditor.audit(paths: [root], root: root, rules: rules, options: AuditOptions(jobs: 2))
        #expect(one.project.swiftFiles.first.map { $0.stringStarts.count > 4_096 } == true)
        // Every paywall's price and every unfinished transaction, from the first slice to the last.
        let prices = one.findings.filter { $0.ruleID == "hardcoded_price" }
        #expect(prices.count == 1_100)
        #expect(one.findings.filter { $0.ruleID == "transaction_not_finished" }.count == 1_100)
        #expect(one.findings == two.findings)
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
        // Those that import StoreKit have both, and their line tables, built side by side
        // before the rules start (`Auditor.warmUp`) instead of by whichever rule asks first;
        // most files never need a line table.
        let storeKitFiles = files.filter(\.importsStoreKit)
        #expect(!storeKitFiles.isEmpty)
        #expect(storeKitFiles.allSatisfy { $0.isStructureBuilt && $0.isIndexBuilt && $0.isLineTableBuilt })
        let lineTables = files.count { $0.isLineTableBuilt }
        #expect(lineTables * 2 < files.count, "\(lineTables) of \(files.count) files had a line table made")
    }

    @Test func filesNoAppTakesAreNotParsed() throws {
        // A package app, and files beside it that no app takes: a script, a catalog that is
        // not JSON, a table that cannot be read (a link to nothing) and a server handler of
        // App Store Server Notifications. Only what an app audits is parsed; a file no app
        // takes is reported only when it cannot be read, and the server handler still counts.
        let root = try Self.writeFolder([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n",
            "Sources/Kit/Store.swift": "import StoreKit\nfunc load() async throws -> [Product] { try await Product.products(for: [\"pro\"]) }\n",
            "Scripts/Tool.swift": "let tool = \"no app builds this\"\n",
            "Scripts/Tool.xcstrings": #"{"sourceLanguage":"en","strings":{"Hello":{}},"version":"1.0"}"#,
            "Scripts/Broken.xcstrings": "{ not a catalog",
            "Server/Handler.swift": """
                func handle(_ body: Body) async throws {
                    let payload = try await verifier.verifyAndDecodeNotification(signedPayload: body.signedPayload)
                    if payload.notificationType == .refund { revoke(payload) }
                }

                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Scripts/Gone.strings").path, withDestinationPath: "/nonexistent/Gone.strings")
        for jobs in [1, 2] {
            let folder = Auditor.auditFolder(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: jobs))
            #expect(folder.apps.count == 1)
            let app = folder.apps[0]
            #expect(app.project.swiftFiles.map(\.path) == ["Sources/Kit/Store.swift"])
            #expect(folder.loadedSwiftFiles.map(\.path).sorted() == ["Server/Handler.swift", "Sources/Kit/Store.swift"])
            #expect(app.project.inputErrors.map(\.location.file) == ["Scripts/Gone.strings"])
            #expect(app.project.inputErrors.first?.reason == "cannot be read: it is a symbolic link to a file that does not exist")
            #expect(app.scope.serverNotifications.sites.map(\.type) == ["REFUND"])
            #expect(app.scope.serverNotifications.sites.first?.location.file == "Server/Handler.swift")
            #expect(app.scope.serverNotifications.jwsValidation?.file == "Server/Handler.swift")
        }
    }

    @Test func filesNoAppTakesAreLoadedWhenThereIsNoBuildDescription() throws {
        // Without a build description the folder is the app: every file is its own, the
        // catalog that is not JSON is reported where it is wrong.
        let root = try Self.writeFolder([
            "Sources/Store.swift": "import StoreKit\nfunc load() async throws -> [Product] { try await Product.products(for: [\"pro\"]) }\n",
            "Scripts/Tool.swift": "let tool = \"a script\"\n",
            "Scripts/Broken.xcstrings": "{ not a catalog",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = Auditor.auditFolder(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 2))
        #expect(folder.apps[0].project.swiftFiles.map(\.path) == ["Scripts/Tool.swift", "Sources/Store.swift"])
        #expect(folder.apps[0].project.inputErrors.map(\.location.file) == ["Scripts/Broken.xcstrings"])
        #expect(folder.apps[0].project.inputErrors.first?.location.line == 1)
    }

    /// These files (path: text) in a new temporary folder.
    static func writeFolder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-files-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
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
