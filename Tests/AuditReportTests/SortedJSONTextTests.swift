import Foundation
import Testing
@testable import AuditReport

/// The folder index writes its joined JSON and SARIF from the apps' report trees; the bytes
/// must be those Foundation's serializer wrote when the index parsed each app's text.
@Suite struct SortedJSONTextTests {
    private func foundation(_ tree: JSONOutput) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(tree.text.utf8))
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    @Test func matchesFoundationsSortedPrettyPrinting() throws {
        let tree = JSONOutput.object([
            ("version", .string("2.1.0")),
            ("$schema", .string("https://example.com/a/b.json")),
            ("%SRCROOT%", .object([])),
            ("runs", .array([
                .object([
                    ("ruleIndex", .int(12)), ("ruleId", .string("hardcoded_price")), ("RuleZ", .bool(true)),
                    ("endLine", .int(-3)), ("endColumn", .int(0)), ("startLine", .int(7)), ("startColumn", .int(1)),
                    ("item10", .null), ("item9", .bool(false)), ("Item2", .int(2)), ("uri", .string("a/b c.swift")), ("uriBaseId", .string("%SRCROOT%")),
                    ("empty", .array([])), ("nested", .array([.array([]), .object([]), .string("")])),
                ]),
            ])),
            ("text", .string("quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} unit \u{1F} form \u{0C} back \u{08} nul \u{0} del \u{7F} line \u{2028} é 価格 🙂")),
        ])
        #expect(tree.sortedKeysText == (try foundation(tree)))
    }

    @Test func matchesFoundationOnARenderedReportShape() throws {
        let members = ["message", "level", "locations", "partialFingerprints", "suppressions", "ruleId", "ruleIndex", "kind", "status", "justification",
                       "defaultConfiguration", "fullDescription", "help", "helpUri", "id", "name", "properties", "shortDescription", "tags", "checklistItems",
                       "informationUri", "semanticVersion", "columnKind", "originalUriBaseIds", "tool", "driver", "results", "format", "ready", "apps", "folder", "report"]
        let tree = JSONOutput.object(members.enumerated().map { ($0.element, .int($0.offset)) })
        #expect(tree.sortedKeysText == (try foundation(tree)))
    }
}
