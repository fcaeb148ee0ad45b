import Foundation
import Testing

/// No rule type names another rule type: what several rules share (what a paywall is, what a
/// `storeButton` shows, which calls show text) lives in named support or model types, so a
/// rule can change without changing what another rule means. Only `BuiltInRules` lists them.
@Suite struct RuleIndependenceTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AuditRules")

    /// References the transaction model (issue 22, the transaction half) is moving into
    /// support types on its own branch: file name → rule types it still names. Remove an entry
    /// when its reference goes; the test fails on any reference not listed here.
    static let pendingTransactionModel: [String: Set<String>] = [
        "RestoreCalledAutomaticallyRule.swift": ["TransactionListenerLateRule"],
        "UnfinishedTransactionsIgnoredRule.swift": ["TransactionListenerLateRule", "TransactionListenerMissingRule"],
        "StoreKitCodeShapes.swift": ["TransactionListenerMissingRule"],
    ]

    /// `…Rule` type names written in code (comments and string literals left out), per line.
    static func ruleNames(in source: String) -> [(line: Int, name: String)] {
        let pattern = try! NSRegularExpression(pattern: #"\b[A-Z][A-Za-z0-9]*Rule\b"#)
        var result: [(Int, String)] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var code = String(line)
            if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
            if code.trimmingCharacters(in: .whitespaces).hasPrefix("*") { continue }
            // Drop string literals (`"…"`), which name nothing.
            code = code.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
            for match in pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                result.append((number + 1, String(code[Range(match.range, in: code)!])))
            }
        }
        return result
    }

    @Test func noRuleFileNamesAnotherRuleType() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 30, "Sources/AuditRules not found at \(Self.sources.path)")
        for file in files where file.lastPathComponent != "BuiltInRules.swift" {
            let own = file.deletingPathExtension().lastPathComponent
            let allowed = Self.pendingTransactionModel[file.lastPathComponent] ?? []
            for (line, name) in Self.ruleNames(in: try String(contentsOf: file, encoding: .utf8)) where name != own && !allowed.contains(name) {
                Issue.record("\(file.lastPathComponent):\(line) names \(name): move the shared vocabulary into a support or model type")
            }
        }
    }

    @Test func theCheckSeesAReferenceAndSkipsCommentsAndStrings() {
        let source = """
            let words = OtherRule.words(in: range)  // PolicyLinksMissingRule in a comment
            let title = "HardcodedPriceRule"
            """
        #expect(Self.ruleNames(in: source).map(\.name) == ["OtherRule"])
    }
}
