import Foundation
import Testing

/// The HTML report as a reviewer sees it: rendered by headless Chromium (Debian's `chromium`,
/// installed by scripts/setup) at desktop and phone widths, printed to PDF, and its DOM checked.
/// Screenshots and the PDF stay in .build/browser-artifacts for people to look at.
@Suite(.serialized) struct BrowserTests {
    static var chromium: String? {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return nil
    }

    static let artifacts = CLI.packageRoot.appendingPathComponent(".build/browser-artifacts")

    static func browser(_ arguments: [String]) throws -> String {
        let chromium = try #require(chromium, "Chromium is missing: run scripts/setup --browser")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--disable-dev-shm-usage", "--user-data-dir=\(FileManager.default.temporaryDirectory.path)/iap-audit-chromium-\(UUID().uuidString)"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func report(for folder: URL, output: URL) throws {
        try CLI.run([folder.path, "--output", output.path, "--fail-on", "never", "--quiet"], in: CLI.packageRoot)
    }

    @Test func flawedExampleReportRendersWithEveryItemAndFinding() throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let output = Self.artifacts.appendingPathComponent("flawed")
        try Self.report(for: CLI.packageRoot.appendingPathComponent("Examples/FlawedApp"), output: output)
        let page = output.appendingPathComponent("report.html")
        let markdown = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)

        let dom = try Self.browser(["--dump-dom", page.absoluteString])
        #expect(dom.contains("Verdict: not ready for review."))
        #expect(dom.contains("class=\"progress\""))
        // Every checklist item of the Markdown is a list item in the page.
        let items = markdown.split(separator: "\n").filter { $0.hasPrefix("- [ ] ") || $0.hasPrefix("- [x] ") }
        #expect(items.count >= 40)
        #expect(dom.components(separatedBy: "type=\"checkbox\"").count - 1 == items.count)
        // Every finding has its severity badge and location link.
        let findings = markdown.components(separatedBy: "\n#### Not met: ").count - 1
        #expect(findings >= 20)
        #expect(dom.components(separatedBy: "class=\"severity ").count - 1 == findings)
        #expect(dom.components(separatedBy: "class=\"line hl\"").count - 1 == findings)

        for (name, size) in [("desktop", "1280,2400"), ("phone", "390,2400")] {
            let png = Self.artifacts.appendingPathComponent("flawed-\(name).png")
            try? FileManager.default.removeItem(at: png)
            _ = try Self.browser(["--window-size=\(size)", "--screenshot=\(png.path)", page.absoluteString])
            let bytes = try Data(contentsOf: png)
            #expect(bytes.count > 20_000, "\(name) screenshot is suspiciously small")
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
        let pdf = Self.artifacts.appendingPathComponent("flawed.pdf")
        try? FileManager.default.removeItem(at: pdf)
        _ = try Self.browser(["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)", page.absoluteString])
        let pdfBytes = try Data(contentsOf: pdf)
        #expect(pdfBytes.starts(with: Array("%PDF".utf8)))
        #expect(pdfBytes.count > 20_000)
    }

    @Test func hostileInputsRunNoScriptAndAddNoElements() throws {
        let payload = #"<script>document.title='pwned'</script><img src=x onerror="document.title='pwned'"> [click](javascript:document.title='pwned') </code></pre><b>bold</b> ]]> -->"#
        let root = try CLI.makeProject([
            "App/<img src=x onerror=alert(1)>.swift": "let x = 1\n",
            "App/PaywallView.swift": """
                import StoreKit
                import SwiftUI
                struct PaywallView: View {
                    let product: Product
                    // \(payload)
                    var body: some View {
                        Text("\(payload.replacingOccurrences(of: "\"", with: "'")) $4.99")
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                    }
                }
                """,
            "PaywallCopy.md": "# Pro \(payload)\n\nTry free for 7 days! \(payload)\n\n<script>document.title='pwned'</script>\n",
            "Products.storekit": #"{ "products" : [ { "productID" : "com.app.<script>", "type" : "Consumable", "referenceName" : "</td><script>document.title='pwned'</script>", "localizations" : [ { "locale" : "en_US", "displayName" : "<img src=x onerror=alert(1)>", "description" : "x" } ] } ] }"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out")
        try Self.report(for: root, output: output)
        let html = try String(contentsOf: output.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("Content-Security-Policy"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("href=\"javascript:"))

        let dom = try Self.browser(["--dump-dom", output.appendingPathComponent("report.html").absoluteString])
        #expect(dom.contains("<title>In-app purchase audit: "))
        #expect(!dom.contains("pwned</title>"))
        #expect(!dom.contains("<script"))
        #expect(!dom.contains("<img"))
        #expect(!dom.contains("<b>bold</b>"))
        // No tag carries an event handler or a javascript: URL (text is serialized escaped, so
        // every `<` in the DOM starts a real tag).
        let tags = dom.split(separator: "<").dropFirst().map { $0.prefix { $0 != ">" }.lowercased() }
        #expect(!tags.contains { $0.contains("onerror") || $0.contains("onload") || $0.contains("javascript:") })
        // The payload is shown as text.
        #expect(dom.contains("&lt;script&gt;"))
    }
}
