import AuditCore
import Foundation
import AuditRules
import Testing
@testable import AuditReport

private func report(for files: [(String, String)], locales: [String]? = nil) throws -> Report {
    let inputs = files.compactMap { InputFile.text($0.0, $0.1) }
    let result = Auditor.audit(files: inputs, rules: BuiltInRules.all, options: AuditOptions(locales: locales, jobs: 1))
    let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
    return Report(result: result, checklists: resources.checklists, toolVersion: "test", subject: "Sample")
}

private func html(_ report: Report) throws -> String {
    let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
    return HTMLRenderer(template: resources.htmlTemplate).render(report, markdown: MarkdownRenderer().render(report))
}

/// The report of a SwiftUI paywall showing eight `Text`s, the nth one's text `line(n)`.
private func paywallReport(at path: String, _ line: (Int) -> String) throws -> Report {
    var body = ""
    for n in 1...8 { body += "            Text(\"\(line(n))\")\n" }
    return try report(for: [(path, """
        import StoreKit
        import SwiftUI
        struct PaywallView: View {
            var body: some View {
                VStack {
        \(body)        }
            }
        }
        """)])
}

@Suite struct ReportTests {
    /// `--format html` writes the page as bytes built from cmark's output (no `String` in
    /// between); they are the bytes of the `String` page, non-ASCII text, a date, the bounded
    /// findings and the progress bar included.
    @Test func theHTMLPageAsBytesIsThePageAsText() throws {
        let paywall = try paywallReport(at: "Bezahlung/PaywallView.swift") { "Prämie \($0) für 4,99 € im Monat — jetzt" }
        let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
        var context = RenderContext(markdownTemplate: resources.markdownTemplate, htmlTemplate: resources.htmlTemplate, date: "1 März 2026", toolVersion: "test")
        context.markdownPage = MarkdownRenderer().render(paywall)
        let text = HTMLFormat().render(paywall, in: context)
        guard case .utf8(let bytes) = HTMLFormat().renderText(paywall, in: context) else {
            Issue.record("the HTML page is not rendered as bytes")
            return
        }
        #expect(bytes == Array(text.utf8))
        #expect(text.contains("Prämie 1 für 4,99 €"))
        #expect(text.contains("1 März 2026"))
        #expect(text.contains("class=\"progress\""))
    }

    /// The HTML page lists at most a bound of one rule's findings under an item, then the
    /// count of the rest; the md page (no bound) lists them all.
    @Test func theHTMLPageBoundsTheFindingsOfOneRule() throws {
        let paywall = try paywallReport(at: "PaywallView.swift") { "Premium \($0) for $4.99/month" }
        let count = paywall.findings.filter { $0.ruleID == "hardcoded_price" }.count
        #expect(count >= 6, "\(paywall.findings.map(\.ruleID))")
        func listed(_ markdown: String) -> Int { markdown.components(separatedBy: "** `hardcoded_price` at [").count - 1 }
        #expect(MarkdownRenderer.exceeds(paywall, findingsPerRule: 3))
        #expect(!MarkdownRenderer.exceeds(paywall, findingsPerRule: count))
        let full = MarkdownRenderer().render(paywall)
        #expect(listed(full) == count)
        #expect(!full.contains("not listed on this page"))
        let bounded = MarkdownRenderer(maximumFindingsPerRule: 3).render(paywall)
        #expect(listed(bounded) == 3)
        #expect(bounded.contains("\(count - 3) more findings of `hardcoded_price` not listed on this page"), "\(bounded)")
    }

    /// A file using the original StoreKit API on many lines (SwiftyStoreKit, OnionBrowser): one
    /// warning and a note per further line; the page explains the rule once per checklist item,
    /// not once per note.
    @Test func aRuleIsExplainedOncePerItem() throws {
        let legacy = try report(for: [("Store.swift", """
            import StoreKit
            final class Store: NSObject, SKPaymentTransactionObserver {
                var products: [SKProduct] = []
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}
                func restore() { SKPaymentQueue.default().restoreCompletedTransactions() }
            }
            """)])
        let findings = legacy.findings.filter { $0.ruleID == "legacy_storekit_api" }
        #expect(findings.map(\.severity) == [.warning, .note, .note, .note])
        let markdown = MarkdownRenderer().render(legacy)
        #expect(markdown.components(separatedBy: "** `legacy_storekit_api` at [").count - 1 == 4)
        let rationale = try #require(legacy.rules["legacy_storekit_api"]?.rationale)
        #expect(markdown.components(separatedBy: rationale).count - 1 == 1)
        #expect(markdown.contains("Original StoreKit API on this line: SKPaymentQueue, SKPaymentTransaction. Part of migrating this file (the warning at line 2 lists every use).".replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")))
    }

    @Test func builtInChecklistsHoldEverySeedReviewItem() throws {
        let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
        let review = try #require(resources.checklists.first { $0.name == "storekit-review" })
        #expect(review.items.count == 17)
        #expect(review.items.allSatisfy { !$0.ruleIDs.isEmpty || $0.manualReason != nil })
        #expect(resources.checklists.first?.name == "storekit-review")
    }

    @Test func checklistTagsAreValidated() {
        #expect(throws: Checklist.ParseError.self) {
            try Checklist.parse(name: "x", markdown: "- [ ] item <!-- rules: no_such_rule -->", knownRules: ["a"])
        }
        #expect(throws: Checklist.ParseError.self) {
            try Checklist.parse(name: "x", markdown: "# Title only\n", knownRules: ["a"])
        }
        let parsed = try? Checklist.parse(name: "x", markdown: "# T\n- [ ] one <!-- rules: a; manual: look -->\n- [ ] two\n", knownRules: ["a"])
        #expect(parsed?.items.map(\.ruleIDs) == [["a"], []])
        #expect(parsed?.items.first?.manualReason == "look")
    }

    @Test func itemsArePassedFailedManualOrNotApplicable() throws {
        let flawed = try report(for: [("PaywallView.swift", """
            import StoreKit
            import SwiftUI
            struct PaywallView: View {
                let product: Product
                var body: some View { Button("Buy for $4.99") { Task { _ = try? await product.purchase() } } }
            }
            """)])
        let items = flawed.checklists[0].items
        func status(_ prefix: String) -> Report.Status? { items.first { $0.text.contains(prefix) }?.status }
        #expect(status("listener starts") == .failed)
        #expect(status("Restore purchases") == .failed)
        #expect(status("Prices shown") == .failed)
        #expect(status("No original StoreKit") == .passed)
        #expect(status("Revoked transactions") == .notApplicable)
        let launch = flawed.checklists.first { $0.name == "launch-readiness" }?.items ?? []
        #expect(launch.first { $0.text.contains("Sandbox test accounts") }?.status == .manual)
        #expect(status("Terms of Service") == .notApplicable)
        let failed = try #require(items.first { $0.text.contains("Prices shown") })
        #expect(failed.findings.map(\.ruleID) == ["hardcoded_price"])
    }

    /// Two rules of one checklist item that saw the same call give one evidence line, the
    /// one that says more (food truck's restore button: "called in …" and "… behind a user
    /// action").
    @Test func oneEvidenceLinePerPlaceInAnItem() throws {
        let report = try report(for: [("Shop.swift", """
            import StoreKit
            import SwiftUI
            @main struct ShopApp: App {
                var body: some Scene { WindowGroup { ShopView() } }
            }
            struct ShopView: View {
                var body: some View {
                    VStack {
                        Button("Restore Purchases") { Task { try? await AppStore.sync() } }
                        Button("Buy") { Task { _ = try? await Product.products(for: ["app.example.pro"]).first?.purchase() } }
                    }
                }
            }
            """)])
        let items = report.checklists.flatMap(\.items).filter { $0.ruleIDs.contains("restore_purchases_missing") && $0.ruleIDs.contains("restore_called_automatically") }
        #expect(!items.isEmpty)
        for item in items {
            let places = item.evidence.compactMap(\.location)
            #expect(places.count == Set(places).count, "\(item.evidence.map(\.message))")
            #expect(item.evidence.contains { $0.message.contains("behind a user action") })
        }
    }

    @Test func everyInputStringIsEscapedInHTML() throws {
        let hostile = """
            import StoreKit
            import SwiftUI
            struct Evil<T>: View {
                let product: Product
                var body: some View {
                    Text("<script>document.title='pwned'</script> $4.99 <img src=x onerror=alert(1)> [x](javascript:alert(1)) </code>")
                    Button("Go") { Task { _ = try? await product.purchase() } }
                }
            }
            """
        let rendered = try html(try report(for: [("Sources/<b>evil</b>.swift", hostile)]))
        #expect(!rendered.contains("<script>"))
        #expect(!rendered.contains("<img"))
        #expect(!rendered.contains("href=\"javascript:"))
        #expect(!rendered.contains("<b>evil</b>"))
        #expect(rendered.contains("&lt;script&gt;"))
        #expect(rendered.contains("Content-Security-Policy"))
    }

    @Test func checklistLinksPointAtFindingGroupHeadings() throws {
        let r = try report(for: [("A.swift", "import StoreKit\nlet q = SKPaymentQueue.default()\n")])
        let markdown = MarkdownRenderer().render(r)
        #expect(markdown.contains("](#no-original-storekit-apis-skproduct-skpaymentqueue)"))
        let page = try html(r)
        #expect(page.contains("<h3 id=\"no-original-storekit-apis-skproduct-skpaymentqueue\">"))
    }

    /// The page is finished in one pass; it must equal the anchors, badges, excerpt lines and
    /// progress bar applied one after the other, on real reports and on cmark's edge cases.
    @Test func onePassPageEqualsThePassesInTurn() throws {
        let flawed = FormatFixture.packageRoot.appendingPathComponent("Examples/FlawedApp")
        let result = Auditor.audit(paths: [flawed], root: flawed, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
        let reports = [
            Report(result: result, checklists: resources.checklists, toolVersion: "test", subject: "FlawedApp"),
            try report(for: [("A.swift", "import StoreKit\nlet q = SKPaymentQueue.default()\n")]),
            try report(for: []),
            try FormatFixture.report(),
        ]
        var pages = reports.map { (CommonMark.html(from: MarkdownRenderer().render($0)), $0) }
        #expect(pages[0].0.contains("<pre"), "the example has excerpts")
        let edges = [
            "", "<", "plain text", "<h3>", "<h3>Open</h3><h3>Open</h3><h3>Open</h3>",
            "<h3>A — <strong>passed</strong> &amp; <em>b</em></h3>\n<p><strong>ERROR</strong> x</p>",
            "<pre><code>\n</code></pre>", "<pre><code></code></pre>", "<pre lang=\"swift\"><code>a\n&gt; 2 | b\n\n</code></pre>",
            "<pre><code>&gt; </code></pre><pre><code>&gt;x</code></pre>", "<pre><code>never closed", "<pre>",
            "<table></table><table></table>", "x — <strong>failed</strong>— <strong>failed</strong> —<strong>failed</strong>",
            "<p><strong>WARNING</strong><p><strong>NOTE</strong></p><p><strong>NOTICE</strong></p>",
            "é — <strong>manual check</strong> ü <h3>ü — <strong>not applicable</strong></h3>",
            "<table></table><h2>Purchase paths</h2><p>x</p><table></table><table></table><table></table><h2>Purchase paths</h2>",
            "<h2>Purchase paths</h2><table>", "<h2>Purchase paths</h2>",
        ]
        pages += edges.map { ($0, reports[0]) }
        for (page, report) in pages {
            let inTurn = PassesInTurn.insertProgressBar(
                into: PassesInTurn.markPurchasePaths(PassesInTurn.decorate(PassesInTurn.addHeadingAnchors(page))), report: report)
            #expect(HTMLRenderer.finish(page, report: report) == inTurn, "\(page.prefix(80))")
        }
    }

    @Test func markdownEscapingNeutralisesMarkup() {
        #expect(MarkdownText.escape("[x](javascript:1) <b>") == "\\[x\\]\\(javascript:1\\) \\<b\\>")
        #expect(MarkdownText.code("a`b") == "``a`b``")
        #expect(MarkdownText.codeBlock("```\nx", language: "swift").hasPrefix("````swift"))
    }

    /// The progress bar's widths are what `String(format: "%.2f")` writes for the share of each
    /// status, for every count of every total up to 400 items (ties such as 1 of 32, 3.125 %,
    /// round to even as printf does).
    @Test func progressBarWidthsAreWhatPrintfWrites() {
        for total in 1...400 {
            for count in 0...total {
                let expected = String(format: "%.2f", Double(count) * 100 / Double(total))
                if HTMLRenderer.percent(count, of: total) != expected {
                    Issue.record("\(count) of \(total): \(HTMLRenderer.percent(count, of: total)) instead of \(expected)")
                }
            }
        }
        #expect(HTMLRenderer.percent(1, of: 32) == "3.12")
        #expect(HTMLRenderer.percent(3, of: 32) == "9.38")
        #expect(HTMLRenderer.percent(44, of: 44) == "100.00")
        #expect(HTMLRenderer.percent(1, of: 3) == "33.33")
    }

    /// Inline code spans hold one line: each LF, CR and CR LF is one space, whether the text is
    /// returned as it is (no line break in its bytes) or mapped.
    @Test func codeSpansFlattenEveryLineBreakToOneSpace() {
        let cases: [(String, String)] = [
            ("", ""), ("App/Sources/Paywall.swift", "App/Sources/Paywall.swift"), ("a\nb", "a b"), ("a\r\nb", "a b"),
            ("a\rb", "a b"), ("\n\r\r\n", "   "), ("é\n\u{301}x", "é \u{301}x"), ("line\u{2028}sep", "line\u{2028}sep"),
            ("\u{85}next", "\u{85}next"),
        ]
        for (text, flat) in cases {
            #expect(text.replacingNewlines == flat, "\(text.debugDescription)")
            #expect(text.replacingNewlines == String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }))
        }
        #expect(MarkdownText.code("Sources/A\r\nB.swift") == "`Sources/A B.swift`")
    }

    /// A fence is longer than any run of backticks in the code: runs counted on bytes for
    /// ASCII text and on characters otherwise (a backtick with a combining mark is not one).
    @Test func fencesOutgrowTheLongestBacktickRun() {
        let cases: [(String, Int)] = [
            ("", 0), ("abc", 0), ("`", 1), ("a``b```c`", 3), ("````", 4), ("é ``` ü", 3), ("``\u{301}`", 1), ("`\u{301}`\u{301}", 0),
        ]
        for (text, run) in cases {
            #expect(MarkdownText.longestRun(of: "`", in: text) == run, "\(text.debugDescription)")
            #expect(MarkdownText.longestRun(of: "`", in: text) == MarkdownText.longestRunOfCharacters("`", in: text), "\(text.debugDescription)")
        }
        #expect(MarkdownText.codeBlock("let a = `b` + ````", language: "swift").hasPrefix("`````swift\n"))
    }
}

@Suite struct CatalogueSectionTests {
    @Test func everyStoreKitVersionFixtureLoadsAndShowsInTheCatalogue() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AuditCoreTests/Fixtures/Loaders/storekit")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasPrefix("v") }.sorted()
        #expect(names.count >= 7) // formats 1.0, 1.1, 1.2, 2.0, 3.0, 4.0, 5.0
        for name in names {
            let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
            let input = InputFile(relativePath: name, kind: .storeKitConfiguration, contents: .success(bytes))
            let result = Auditor.audit(files: [input], rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
            #expect(result.project.inputErrors.isEmpty, "\(name): \(result.project.inputErrors)")
            let report = Report(result: result, checklists: [], toolVersion: "t", subject: "s")
            let markdown = MarkdownRenderer().render(report)
            #expect(!report.catalogue.isEmpty, "\(name) shows no product")
            for row in report.catalogue.rows { #expect(markdown.contains(row.productID), "\(name): \(row.productID)") }
        }
    }

    @Test func missingLocalizationsAreMarkedInTheMatrix() throws {
        let storekit = """
            { "products" : [
              { "productID" : "com.app.a", "type" : "Consumable", "displayPrice" : "0.99", "localizations" : [ { "locale" : "en_US", "displayName" : "A", "description" : "a" } ] },
              { "productID" : "com.app.b", "type" : "NonConsumable", "displayPrice" : "4.99", "localizations" : [ { "locale" : "en_US", "displayName" : "B", "description" : "b" }, { "locale" : "de", "displayName" : "B", "description" : "b" } ] }
            ] }
            """
        let result = Auditor.audit(files: [InputFile.text("P.storekit", storekit)!], rules: BuiltInRules.all, options: AuditOptions(locales: ["en", "de"], jobs: 1))
        let report = Report(result: result, checklists: [], toolVersion: "t", subject: "s")
        let markdown = MarkdownRenderer().render(report)
        #expect(markdown.contains("| `com.app.a` | **missing** | yes |") || markdown.contains("| `com.app.a` | yes | **missing** |"))
        #expect(markdown.contains("| `com.app.b` | yes | yes |"))
    }
}

@Suite struct DisclosureTableTests {
    @Test func eachPaywallShowsWhatTheRulesFound() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/FlawedApp")
        let result = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all)
        let table = DisclosureTable(results: result.results)
        let byFile = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.location.file, $0.cells) })
        #expect(byFile["RecipeBox/Views/PaywallView.swift"] == [.shown, .missing, .shown])
        #expect(byFile["RecipeBox/Views/UpgradeSheet.swift"] == [.byStoreKit, .byStoreKit, .missing])
        #expect(byFile["PaywallCopy.md"]?[1] == .missing)
    }
}

/// The HTML report's rewrites of cmark's page as the separate passes they were, one after the
/// other: the reference `HTMLRenderer.finish` (one pass) is held equal to.
private enum PassesInTurn {
    /// Status and severity badges (text plus colour, never colour alone) and highlighted
    /// excerpt lines. Only markup the Markdown renderer itself writes is rewritten: input text
    /// reaches cmark escaped and cannot produce these tags.
    static func decorate(_ html: String) -> String {
        // One pass over the bytes: the patterns are fixed markup of our own Markdown renderer
        // and never overlap, so this equals replacing each in turn (which re-scanned the whole
        // page, as UTF-16, once per pattern).
        var replacements: [(pattern: [UInt8], replacement: [UInt8])] = []
        for status in Report.Status.allCases {
            replacements.append((Array(" — <strong>\(status.label)</strong>".utf8),
                                 Array(" — <span class=\"status \(status.rawValue)\">\(status.label)</span>".utf8)))
        }
        for severity in Severity.allCases {
            replacements.append((Array("<p><strong>\(severity.rawValue.uppercased())</strong>".utf8),
                                 Array("<p><span class=\"severity \(severity.rawValue)\">\(severity.rawValue)</span>".utf8)))
        }
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        // The bytes a pattern starts with: every other byte is stepped over at once.
        var starts = [Bool](repeating: false, count: 256)
        for (pattern, _) in replacements { starts[Int(pattern[0])] = true }
        var i = 0
        var copied = 0
        scan: while i < bytes.count {
            guard starts[Int(bytes[i])] else {
                i += 1
                continue
            }
            for (pattern, replacement) in replacements where bytes[i] == pattern[0] && Self.hasPrefix(pattern, in: bytes, at: i) {
                result += bytes[copied..<i]
                result += replacement
                i += pattern.count
                copied = i
                continue scan
            }
            i += 1
        }
        result += bytes[copied...]
        return highlightExcerpts(String(decoding: result, as: UTF8.self))
    }

    /// Wraps each line of a code block in a span; the finding's line (written `> 12 | …` by
    /// the Markdown renderer) gets the `hl` class.
    ///
    /// Works on the page's UTF-8 bytes in one pass: a report with thousands of findings has
    /// thousands of code blocks, and searching the rest of the page again for each one (as
    /// Foundation's `range(of:)` does on Linux, converting the text each time) is quadratic.
    static func highlightExcerpts(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 4)
        var position = 0
        let highlightedPrefix = Array("&gt; ".utf8)
        while let pre = ByteSearch.find("<pre", in: bytes, from: position),
              let open = ByteSearch.find("<code", in: bytes, from: pre.upperBound) {
            guard let tagEnd = ByteSearch.find(">", in: bytes, from: open.upperBound),
                  let close = ByteSearch.find("</code></pre>", in: bytes, from: tagEnd.upperBound)
            else { break }
            result += bytes[position..<tagEnd.upperBound]
            var lines = bytes[tagEnd.upperBound..<close.lowerBound].split(separator: 0x0A, omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            for (index, line) in lines.enumerated() {
                if index > 0 { result.append(0x0A) }
                let highlighted = Self.hasPrefix(highlightedPrefix, in: Array(line), at: 0)
                result += Array("<span class=\"line\(highlighted ? " hl" : "")\">".utf8)
                result += line
                result += Array("</span>".utf8)
            }
            result += Array("\n</code></pre>".utf8)
            position = close.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// A bar of the checklist items by status, after the summary table.
    static func insertProgressBar(into html: String, report: Report) -> String {
        // A byte search: Foundation's `range(of:)` converted the whole page to UTF-16 first.
        let bytes = Array(html.utf8)
        guard let bar = HTMLRenderer.progressBar(for: report), let tableEnd = ByteSearch.find("</table>", in: bytes, from: 0) else { return html }
        var result = Array(bytes[..<tableEnd.upperBound])
        result += Array(bar.utf8)
        result += bytes[tableEnd.upperBound...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The purchase-path section's heading gets an id, and the two tables after it (the
    /// capabilities, the matrix) their classes.
    static func markPurchasePaths(_ html: String) -> String {
        guard let heading = html.range(of: "<h2>Purchase paths</h2>") else { return html }
        var rest = String(html[heading.upperBound...])
        for name in ["capabilities", "paths"] {
            guard let table = rest.range(of: "<table>") else { break }
            rest.replaceSubrange(table, with: "<table class=\"\(name)\">")
        }
        return String(html[..<heading.lowerBound]) + "<h2 id=\"purchase-paths\">Purchase paths</h2>" + rest
    }

    /// Gives `<h3>` headings the ids GitHub would give them, so the checklist's links to
    /// finding groups work in the HTML page too.
    static func addHeadingAnchors(_ html: String) -> String {
        var used: [String: Int] = [:]
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        var position = 0
        while let open = ByteSearch.find("<h3>", in: bytes, from: position) {
            result += bytes[position..<open.lowerBound]
            guard let close = ByteSearch.find("</h3>", in: bytes, from: open.upperBound) else {
                position = open.lowerBound
                break
            }
            let inner = bytes[open.upperBound..<close.lowerBound]
            let text = HTML.unescape(HTML.stripTags(String(decoding: inner, as: UTF8.self)))
            let id = MarkdownText.uniqueSlug(text, used: &used)
            result += Array("<h3 id=\"\(HTML.escape(id))\">".utf8)
            result += inner
            result += Array("</h3>".utf8)
            position = close.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    static func hasPrefix(_ pattern: [UInt8], in bytes: [UInt8], at start: Int) -> Bool {
        guard start + pattern.count <= bytes.count else { return false }
        for k in 0..<pattern.count where bytes[start + k] != pattern[k] { return false }
        return true
    }
}
