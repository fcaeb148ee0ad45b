import Foundation
import Testing
@testable import AuditCore

/// Bad inputs become input errors with a position; the rest of the audit goes on.
@Suite struct InputErrorTests {
    func makeFolder(_ files: [String: [UInt8]]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    @Test func truncatedStoreKitBinarySwiftAndUnreadableFileAreReportedAndTheRestIsAudited() throws {
        let good = Array("import StoreKit\nstruct Store { func f() { let q = 1 } }\n".utf8)
        let truncated = Array("{\n  \"products\" : [\n    { \"productID\" : \"com.app.pro\",".utf8)
        let binary: [UInt8] = [0xCF, 0xFA, 0xED, 0xFE, 0x07, 0x00, 0x00, 0x01, 0xFF]
        let root = try makeFolder(["App/Store.swift": good, "App/Products.storekit": truncated, "App/Blob.swift": binary, "App/Locked.swift": good])
        defer { try? FileManager.default.removeItem(at: root) }
        let locked = root.appendingPathComponent("App/Locked.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        // Root reads any file whatever its mode; a broken link is unreadable for everyone.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Gone.storekit").path, withDestinationPath: "/nonexistent/Gone.storekit")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked.path) }

        let result = Auditor.audit(paths: [root], root: root, rules: [])
        let errors = Dictionary(grouping: result.project.inputErrors, by: \.location.file)

        let storekit = try #require(errors["App/Products.storekit"]?.first)
        #expect(storekit.location.line == 3)
        #expect(storekit.reason.contains("end of file"))

        let blob = try #require(errors["App/Blob.swift"]?.first)
        #expect(blob.location.line == 1 && blob.location.column == 1)
        #expect(blob.reason.contains("UTF-8"))

        let gone = try #require(errors["App/Gone.storekit"]?.first)
        #expect(gone.reason.contains("symbolic link"))
        if getuid() != 0 {
            #expect(errors["App/Locked.swift"]?.first?.reason.contains("permission") == true)
        }

        // Everything else is still audited.
        #expect(result.project.swiftFiles.map(\.path).contains("App/Store.swift"))
        #expect(!result.project.swiftFiles.map(\.path).contains("App/Blob.swift"))
    }

    @Test func brokenCatalogsAndStringsTablesAreInputErrorsWithPositions() throws {
        let root = try makeFolder([
            "App/Localizable.xcstrings": Array("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Go\" : [ }\n}".utf8),
            "App/de.lproj/Paywall.strings": Array("\"title\" = \"Pro\";\n/* never closed\n".utf8),
            "App/en.lproj/Paywall.strings": Array("\"title\" = \"Pro\";\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Auditor.audit(paths: [root], root: root, rules: [])
        let byFile = Dictionary(grouping: result.project.inputErrors, by: \.location.file)
        let catalog = try #require(byFile["App/Localizable.xcstrings"]?.first)
        #expect(catalog.location.line == 4)
        let strings = try #require(byFile["App/de.lproj/Paywall.strings"]?.first)
        #expect(strings.location.line == 3)
        #expect(strings.reason.contains("opened at 2:1"))
        #expect(result.project.stringsFiles.map(\.file) == ["App/en.lproj/Paywall.strings"])
        #expect(result.project.shippedLocales == ["en"])
    }

    @Test func symlinkLoopsAreNotFollowed() throws {
        let root = try makeFolder(["A/Store.swift": Array("let a = 1\n".utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("A/loop").path, withDestinationPath: root.path)
        let found = Discovery.discover(paths: [root], root: root)
        #expect(found.files.map(\.relativePath) == ["A/Store.swift"])
    }

    @Test func buildAndDependencyFoldersAreSkipped() throws {
        let swift = Array("let a = 1\n".utf8)
        let root = try makeFolder([
            "App/A.swift": swift, ".build/x/B.swift": swift, "Pods/C/C.swift": swift, "DerivedData/D.swift": swift,
            "node_modules/e/E.swift": swift, "Carthage/F.swift": swift, ".git/G.swift": swift, "App/Paywall-copy.md": Array("# Go\n".utf8),
            "App/README.md": Array("# Readme\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = Discovery.discover(paths: [root], root: root)
        #expect(found.files.map(\.relativePath) == ["App/A.swift", "App/Paywall-copy.md"])
        #expect(found.files.map(\.kind) == [.swift, .copyDocument])
    }
}

/// Relative paths are built by joining names during the walk; they must read as before from
/// every starting point.
@Suite struct DiscoveryPathTests {
    @Test func relativePathsFromTheRootASubfolderAndOutside() throws {
        let swift = Array("let a = 1\n".utf8)
        let root = try InputErrorTests().makeFolder([
            "App/Store.swift": swift, "App/Views.swift/Inner.swift": swift, "App/notes.json": Array("{}".utf8),
            "Other/B.swift": swift,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App")
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Linked").path, withDestinationPath: root.appendingPathComponent("Other").path)

        // A folder named like a Swift file is entered; a link to a folder the walk reaches anyway
        // is listed as skipped, not walked twice; other names are not inputs.
        let whole = Discovery.discover(paths: [root], root: root)
        #expect(whole.files.map(\.relativePath) == ["App/Store.swift", "App/Views.swift/Inner.swift", "Other/B.swift"])
        #expect(whole.files.map(\.url.path) == whole.files.map { root.appendingPathComponent($0.relativePath).path })
        #expect(whole.skipped == [SkippedFolder(relativePath: "App/Linked", reason: .symbolicLink)])

        // A subfolder named on the command line keeps paths relative to the root; the link
        // leads outside it, so it is followed once.
        let sub = Discovery.discover(paths: [app], root: root)
        #expect(sub.files.map(\.relativePath) == ["App/Linked/B.swift", "App/Store.swift", "App/Views.swift/Inner.swift"])

        // A folder outside the root is reported by its full path.
        let outside = Discovery.discover(paths: [root.appendingPathComponent("Other")], root: app)
        #expect(outside.files.map(\.relativePath) == [root.appendingPathComponent("Other/B.swift").standardizedFileURL.path])
    }
}
