import AuditCore
import AuditRules
import Foundation
import Testing

/// The bundled example apps are the README's promise: the flawed one yields exactly the
/// findings its expected-findings.tsv lists (for the rules that exist), the correct one
/// yields nothing at warning or above.
@Suite struct ExampleAppsTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    struct Expected: Hashable, CustomStringConvertible {
        var rule: String
        var path: String
        var line: Int
        var description: String { "\(rule) \(path):\(line)" }
    }

    static func expected(_ app: String) throws -> Set<Expected> {
        let text = try String(contentsOf: examples.appendingPathComponent("\(app)/expected-findings.tsv"), encoding: .utf8)
        let built = Set(BuiltInRules.all.map { $0.description.identifier })
        var result = Set<Expected>()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, let number = Int(fields[2]) else { continue }
            if built.contains(fields[0]) { result.insert(Expected(rule: fields[0], path: fields[1], line: number)) }
        }
        return result
    }

    static func audit(_ app: String) -> AuditResult {
        let root = examples.appendingPathComponent(app)
        return Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all)
    }

    /// A string catalog's bytes are let go once it is parsed and read again for the excerpts
    /// of its findings: the excerpt and the end of a finding in the catalog are those of its
    /// text on disk.
    @Test func aCatalogFindingHasItsLineFromTheCatalogOnDisk() throws {
        let finding = try #require(Self.audit("FlawedApp").findings.first { $0.location.file == "RecipeBox/Localizable.xcstrings" })
        let text = try String(contentsOf: Self.examples.appendingPathComponent("FlawedApp/RecipeBox/Localizable.xcstrings"), encoding: .utf8)
        let line = text.components(separatedBy: "\n")[finding.location.line - 1]
        let excerpt = try #require(finding.excerpt)
        #expect(excerpt.lines.contains { $0.number == finding.location.line && $0.text == line }, "\(excerpt)")
    }

    @Test func flawedAppYieldsExactlyTheExpectedFindings() throws {
        let expected = try Self.expected("FlawedApp")
        let actual = Set(Self.audit("FlawedApp").findings.map { Expected(rule: $0.ruleID, path: $0.location.file, line: $0.location.line) })
        #expect(!expected.isEmpty)
        #expect(actual.subtracting(expected).isEmpty, "unexpected: \(actual.subtracting(expected).sorted { $0.description < $1.description })")
        #expect(expected.subtracting(actual).isEmpty, "missing: \(expected.subtracting(actual).sorted { $0.description < $1.description })")
    }

    @Test func correctAppYieldsNothingAtWarningOrAbove() {
        let result = Self.audit("CorrectApp")
        let serious = result.findings.filter { $0.severity >= .warning }
        #expect(serious.isEmpty, "\(serious.map { "\($0.location) \($0.ruleID): \($0.message)" })")
        #expect(result.fileCounts[.swift, default: 0] >= 8)
    }
}
