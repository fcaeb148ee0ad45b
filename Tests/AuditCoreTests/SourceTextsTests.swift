import Foundation
import Testing
@testable import AuditCore

/// The texts findings take their excerpts and fingerprints from: a string catalog or table is
/// read again from disk, once, when a finding needs it.
@Suite struct SourceTextsTests {
    @Test func aReleasedTableIsReadAgainOnceAndAVanishedOneHasNoText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-texts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Localizable.strings")
        let text = Array("\"Buy\" = \"Kaufen\";\n\"Restore\" = \"Wiederherstellen\";\n".utf8)
        try Data(text).write(to: url)
        let file = DiscoveredFile(path: url.path, relativePath: "App/Localizable.strings", kind: .strings)
        let texts = SourceTexts(inputs: [("App/A.storekit", .bytes(Array("{}".utf8))), ("App/Localizable.strings", .onDisk(file))], swiftFiles: [])
        #expect(texts.bytes("App/A.storekit") == Array("{}".utf8))
        #expect(texts.bytes("App/Localizable.strings") == text)
        // Read once: what was read stays the text for every later finding of the run.
        try Data("changed".utf8).write(to: url)
        #expect(texts.bytes("App/Localizable.strings") == text)
        try FileManager.default.removeItem(at: url)
        #expect(texts.bytes("App/Localizable.strings") == text)
        // Gone before any finding asked: no text (the findings go without an excerpt).
        let later = SourceTexts(inputs: [("App/Localizable.strings", .onDisk(file))], swiftFiles: [])
        #expect(later.bytes("App/Localizable.strings") == nil)
        #expect(later.bytes("App/Other.strings") == nil)
    }
}
