import Foundation
import Testing

/// Hostile inputs through the whole tool (every rule, every report) with a time and a memory
/// limit: the run ends by itself with 0, 1 or 2, names each bad file as an input error, and
/// still audits the rest. The loading side of each input is checked in detail by
/// AuditCoreTests/HostileInputTests.swift.
@Suite struct HostileInputCLITests {
    static let paywall = """
        import StoreKit
        import SwiftUI
        struct PaywallView: View {
            let product: Product
            var body: some View {
                Text("Only $4.99 per month")
                Button("Subscribe") { Task { _ = try? await product.purchase() } }
            }
        }

        """

    func reportJSON(_ root: URL, _ folder: String = "out") throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("\(folder)/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func findings(_ report: [String: Any]) -> [[String: Any]] {
        report["findings"] as? [[String: Any]] ?? []
    }

    @Test func tenMegabyteSingleLineWithThousandsOfFindings() throws {
        // Generated code on one 10 MB line: 2,000 hard-coded prices around an embedded asset.
        // Every finding sits on the same line, so any per-finding work on the line's text is
        // quadratic (it took hours before the engine and the HTML renderer were made linear).
        var line = "import StoreKit; import SwiftUI; "
        for n in 0..<2000 { line += "let price\(n) = Text(\"Only $\(n).99 a month\"); " }
        line += "let asset = \"" + String(repeating: "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkr", count: 230_000) + "\"; "
        line += "struct Paywall: View { var body: some View { Button(\"Buy\") { Task { _ = try? await product.purchase() } } } }"
        let root = try CLI.makeProject(["App/Generated.swift": line])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.runBounded(["App", "--output", "out", "--format", "md,html,json", "--quiet"], in: root, seconds: 240, memoryMB: 1024)
        #expect(run.endedNormally && run.status == 1, "status \(run.status), \(run.elapsed): \(run.stderr.prefix(500))")
        let prices = findings(try reportJSON(root)).filter { $0["ruleId"] as? String == "hardcoded_price" }
        #expect(prices.count == 2000)
        #expect(Set(prices.compactMap { $0["fingerprint"] as? String }).count == 2000)
        // Excerpts show the start of the line, not 10 MB of it.
        let html = try String(contentsOf: root.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.utf8.count < 20_000_000)
        #expect(html.contains("…</span>"))
    }

    @Test func fiftyMegabyteStoreKitConfiguration() throws {
        // A thousand products in twenty languages, and the full licence text in each of them.
        let locales = ["en_US", "de", "fr", "es", "it", "ja", "ko", "zh_Hans", "pt_BR", "nl", "sv", "da", "fi", "nb", "pl", "tr", "ru", "ar", "he", "th"]
        let licence = String(repeating: "The licensed application is licensed, not sold, to you for use under these terms. ", count: 29_500)
        var text = "{\n  \"appPolicies\" : {\n    \"policies\" : [\n"
        text += locales.map { "      { \"locale\" : \"\($0)\", \"policyText\" : \"\(licence)\" }" }.joined(separator: ",\n")
        text += "\n    ]\n  },\n  \"products\" : [\n"
        for n in 0..<1000 {
            let localizations = locales.map { "{ \"description\" : \"Every recipe and meal plan, pack \(n).\", \"displayName\" : \"Pro \(n)\", \"locale\" : \"\($0)\" }" }
            text += "    { \"displayPrice\" : \"4.99\", \"productID\" : \"com.example.pro.\(n)\", \"referenceName\" : \"Pro \(n)\", \"type\" : \"NonConsumable\",\n"
            text += "      \"localizations\" : [\n        " + localizations.joined(separator: ",\n        ") + "\n      ] }\(n < 999 ? "," : "")\n"
        }
        text += "  ],\n  \"version\" : { \"major\" : 3, \"minor\" : 0 }\n}\n"
        #expect(text.utf8.count > 50_000_000)
        let root = try CLI.makeProject(["App/Products.storekit": text, "App/PaywallView.swift": Self.paywall])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.runBounded(["App", "--output", "out", "--format", "md,html,json", "--quiet"], in: root, seconds: 180, memoryMB: 1024)
        #expect(run.endedNormally && run.status == 1, "status \(run.status), \(run.elapsed): \(run.stderr.prefix(500))")
        let report = try reportJSON(root)
        #expect(!findings(report).contains { $0["ruleId"] as? String == "input_error" })
        let markdown = try String(contentsOf: root.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("com.example.pro.999"))
    }

    /// Every hostile input at once, next to a file with real findings: each bad one is an
    /// input error naming the file, the good one is audited, and the exit code is 1.
    @Test func aRepositoryFullOfBadFilesIsStillAudited() throws {
        func utf16(_ text: String) -> [UInt8] { [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        let root = try CLI.makeProject(bytes: [
            "App/PaywallView.swift": Array(Self.paywall.utf8),
            "App/Binary.swift": [0xCF, 0xFA, 0xED, 0xFE, 0x07, 0x00, 0x00, 0x01, 0xFF, 0x00],
            "App/UTF16.swift": utf16("import StoreKit\nlet a = 1\n"),
            "App/Nested.swift": Array(("func f() " + String(repeating: "{", count: 100_000)).utf8),
            "App/OpenString.swift": Array("let s = \"never closed".utf8),
            "App/OpenComment.swift": Array("let a = 1 /* never closed".utf8),
            "App/OpenRaw.swift": Array("let s = #\"never closed\"".utf8),
            "App/Truncated.storekit": Array("{\n  \"products\" : [\n    { \"productID\" : \"com.app.pro\",".utf8),
            "App/Deep.storekit": Array(String(repeating: "[", count: 100_000).utf8),
            "App/Huge.storekit": Array("{ \"products\" : [ { \"productID\" : \"a\", \"displayPrice\" : 1e400 } ] }".utf8),
            "App/Broken.xcstrings": Array("{ \"strings\" : { \"a\" : [ } }".utf8),
            "App/de.lproj/Broken.strings": Array("\"a\" = \"b\";\n/* never closed".utf8),
            "App/Paywall-copy.md": [0x23, 0x20, 0xFF, 0xFE, 0x0A],
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App")
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("Loop").path, withDestinationPath: root.path)
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("SelfLink.swift").path, withDestinationPath: "SelfLink.swift")
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("Gone.swift").path, withDestinationPath: "/nonexistent/Gone.swift")
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("Zero.storekit").path, withDestinationPath: "/dev/zero")
        #expect(mkfifo(root.appendingPathComponent("pipe").path, 0o644) == 0)
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("Pipe.swift").path, withDestinationPath: root.appendingPathComponent("pipe").path)

        let run = try CLI.runBounded(["App", "--output", "out", "--format", "md,html,json,sarif", "--verbose"], in: root, seconds: 120, memoryMB: 768)
        #expect(run.endedNormally && run.status == 1, "status \(run.status), \(run.elapsed): \(run.stderr.prefix(500))")
        let all = findings(try reportJSON(root))
        let inputErrors = Set(all.filter { $0["ruleId"] as? String == "input_error" }.compactMap { $0["file"] as? String })
        let bad = ["Binary.swift", "UTF16.swift", "Nested.swift", "OpenString.swift", "OpenComment.swift", "OpenRaw.swift",
                   "Truncated.storekit", "Deep.storekit", "Huge.storekit", "Broken.xcstrings", "de.lproj/Broken.strings",
                   "Paywall-copy.md", "SelfLink.swift", "Gone.swift", "Zero.storekit", "Pipe.swift"]
        #expect(inputErrors == Set(bad), "missing: \(Set(bad).subtracting(inputErrors)), extra: \(inputErrors.subtracting(bad))")
        #expect(all.contains { $0["ruleId"] as? String == "hardcoded_price" && $0["file"] as? String == "PaywallView.swift" })
        // The verbose summary on standard output names them too, one line each.
        #expect(run.stdout.split(separator: "\n").filter { $0.hasSuffix("[input_error]") }.count == bad.count)
    }
}
