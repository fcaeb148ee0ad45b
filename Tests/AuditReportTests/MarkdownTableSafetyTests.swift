import AuditCore
import Foundation
import AuditRules
import Testing
@testable import AuditReport

/// Inputs placed in table cells (product ids, file paths) cannot end their cell: a `|` inside a
/// code span still splits a GitHub table cell, and what followed it was read as Markdown (an
/// `![x](…)` became an image, `**x**` bold). Found by the browser test of hostile inputs.
@Suite struct MarkdownTableSafetyTests {
    static let inputs = [
        "com.app.pro", "a|b", "| ![x](https://tracker.example/p.png) **bold** [l](javascript:alert(1)) |",
        "a\\|b", "a\\\\|b", "a\\\\\\|b", "`|`", "``|``", "\\", "a\\", "|", "||", "a | <img src=x onerror=alert(1)> | c",
    ]

    @Test(arguments: inputs)
    func codeInATableCellStaysInItsCell(_ input: String) {
        let markdown = "| Product | After |\n|---|---|\n| \(MarkdownText.tableCode(input)) | after |\n"
        let html = CommonMark.html(from: markdown)
        let body = html.components(separatedBy: "<tbody>").last ?? ""
        #expect(body.components(separatedBy: "<td>").count - 1 == 2, "\(input) → \(html)")
        #expect(body.contains("<td>after</td>"), "\(input) → \(html)")
        for injected in ["<img", "<strong", "<a ", "<em"] {
            #expect(!html.contains(injected), "\(input) → \(html)")
        }
        // The text is shown as written, except that a backslash ending an odd run right before
        // a `|` is taken as the pipe's escape.
        let shown = html.components(separatedBy: "<code>").dropFirst().first?.components(separatedBy: "</code>").first ?? ""
        if !Self.hasOddBackslashRunBeforePipe(input) {
            let escaped = input.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            #expect(shown.trimmingCharacters(in: .whitespaces) == escaped.trimmingCharacters(in: .whitespaces), "\(input) → \(shown)")
        }
    }

    static func hasOddBackslashRunBeforePipe(_ text: String) -> Bool {
        var run = 0
        for character in text {
            if character == "|", run % 2 == 1 { return true }
            run = character == "\\" ? run + 1 : 0
        }
        return false
    }

    @Test func linkDestinationsCannotEndATableCell() {
        let markdown = "| File | After |\n|---|---|\n| [x](\(MarkdownText.destination("App/a|![i](https://t.example/p.png).storekit"))#L1) | after |\n"
        let html = CommonMark.html(from: markdown)
        #expect(html.contains("<td>after</td>"), "\(html)")
        #expect(!html.contains("<img"), "\(html)")
        #expect(html.contains("href=\"App/a%7C"), "\(html)")
    }
}

/// Escaping ASCII text byte by byte must give what escaping it character by character gives,
/// `\r\n` (one character) included.
@Test func markdownEscapingOfASCIIAgreesWithEscapingCharacters() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [Character] = ["a", "Z", "0", " ", "\n", "\r", "\t", "\u{1}", "\u{B}", "\\", "`", "*", "_", "[", "]", "<", ">", "!", "|",
                                 "~", "&", "#", "{", "}", "(", ")", "$", ".", "-", "/", ":", "\""]
    for _ in 0..<2_000 {
        let text = String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        #expect(MarkdownText.escape(text) == MarkdownText.escapeCharacters(text), "\(Array(text.utf8))")
    }
    #expect(MarkdownText.escape("a\r\nb") == "a b")
    #expect(MarkdownText.escape("[x](y)") == "\\[x\\]\\(y\\)")
    #expect(MarkdownText.escape("é*") == MarkdownText.escapeCharacters("é*"))
}

/// Link destinations are encoded from their bytes; they must be what encoding scalars gives.
@Test func linkDestinationsFromBytesAgreeWithEncodingScalars() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [Character] = ["a", "/", " ", "%", "(", ")", "<", ">", "\"", "\\", "`", "|", "\n", "\u{1}", "é", "😀", "#", ".", "\r\n"]
    for _ in 0..<2_000 {
        let path = String((0..<Int.random(in: 0...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        #expect(MarkdownText.destination(path) == MarkdownText.destinationByScalars(path), "\(Array(path.unicodeScalars))")
    }
    #expect(MarkdownText.destination("App/My View (old).swift") == "App/My%20View%20%28old%29.swift")
}

/// Code spans in table cells are built from the bytes of ASCII text; they must be what
/// building them character by character gives (escaped `|`, fences longer than any run).
@Test func tableCodeSpansFromBytesAgreeWithCharacters() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [Character] = ["a", "|", "\\", "`", " ", "\n", "\r", "\r\n", ".", "_"]
    for _ in 0..<3_000 {
        let text = String((0..<Int.random(in: 0...16, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        #expect(MarkdownText.tableCode(text) == MarkdownText.tableCodeByCharacters(text), "\(Array(text.utf8))")
    }
    #expect(MarkdownText.tableCode("com.app.pro|x") == "`com.app.pro\\|x`")
}

/// The purchase-path matrix carries inputs too (product ids, file names, test names, the
/// endpoint of the configuration): none of them can add markup or split a cell.
@Suite struct PurchasePathMatrixSafetyTests {
    @Test func hostileInputsStayText() throws {
        let hostile = "a | <img src=x onerror=alert(1)> | **b** [l](javascript:alert(1))"
        let files: [(String, String)] = [
            ("App/Pro | <b>x</b>.storekit", """
                { "products" : [ { "localizations" : [ { "description" : "d", "displayName" : "n", "locale" : "en_US" } ],
                  "productID" : "\(hostile)", "referenceName" : "r", "type" : "NonConsumable", "familyShareable" : true } ],
                  "version" : { "major" : 3, "minor" : 0 } }
                """),
            ("App/Store | <i>.swift", """
                import StoreKit
                final class Store {
                    func buy(_ product: Product) async throws {
                        if case .success(.verified(let t)) = try await product.purchase() { await t.finish() }
                    }
                }
                """),
            ("Tests/Buy <script>Tests.swift", """
                import StoreKitTest
                import Testing
                struct BuyTests {
                    @Test func `buy <img src=x>`() async throws {
                        let session = try SKTestSession(configurationFileNamed: "Pro")
                        try session.buyProduct(identifier: "\(hostile)")
                    }
                }
                """),
        ]
        let result = Auditor.audit(files: files.compactMap { InputFile.text($0.0, $0.1) }, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
            .withPurchasePaths(capabilities: Capabilities(notificationsEndpoint: "https://x.example/<script>|"))
        let report = Report(result: result, checklists: [], toolVersion: "t", subject: "S")
        #expect(!report.purchasePaths.isEmpty)
        let markdown = MarkdownRenderer().render(report)
        let html = CommonMark.html(from: markdown)
        for injected in ["<img", "<script", "<b>", "<i>", "<strong>b", "href=\"javascript"] {
            #expect(!html.contains(injected), "\(injected)")
        }
        // Every row of the matrix keeps its seven cells.
        let section = try #require(html.components(separatedBy: "<h2>Purchase paths</h2>").last?.components(separatedBy: "<h2>").first)
        let tables = section.components(separatedBy: "<tbody>").dropFirst()
        let matrix = try #require(tables.last?.components(separatedBy: "</tbody>").first)
        for row in matrix.components(separatedBy: "<tr>").dropFirst() {
            #expect(row.components(separatedBy: "<td").count - 1 == 7, "\(row)")
        }
    }
}
