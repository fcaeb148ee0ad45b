import Foundation
import Testing

/// No rule type names another rule type: what several rules share (what a paywall is, what a
/// `storeButton` shows, how a transaction is bound, where launch is) lives in named support or
/// model types (`PurchaseScreens`, `StoreButtons`, `TransactionFlow`, `LaunchPath`,
/// `UpdatesListener`), so a rule can change without changing what another rule means. Only
/// `BuiltInRules` (and the catalogue built from it) lists them.
@Suite struct RuleIndependenceTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AuditRules")

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
        // The catalogue lists every rule by type: the one place that may.
        for file in files where !["BuiltInRules.swift", "RuleCatalogue.swift"].contains(file.lastPathComponent) {
            // `XRuleExamples.swift` holds the examples of `XRule`, in an extension of it.
            var own = file.deletingPathExtension().lastPathComponent
            if own.hasSuffix("RuleExamples") { own.removeLast("Examples".count) }
            for (line, name) in Self.ruleNames(in: try String(contentsOf: file, encoding: .utf8)) where name != own {
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
