import AuditCore
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
        // Each run gets a profile folder of its own (about 2 MB), removed when Chromium exits.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)"] + arguments
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
        #expect(dom.contains("Passes at --fail-on never:"))
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

    /// Tags and attributes in serialized HTML, in order: `[(tag, [(attribute, value)])]`.
    /// Text is serialized escaped, so every `<` starts a tag.
    static func tags(in html: String) -> [(name: String, attributes: [(name: String, value: String)])] {
        var result: [(String, [(String, String)])] = []
        for chunk in html.split(separator: "<").dropFirst() {
            guard let first = chunk.first, first.isLetter else { continue }
            let tag = chunk.prefix { $0 != ">" }
            let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
            var attributes: [(String, String)] = []
            var rest = tag.dropFirst(name.count)
            while true {
                rest = rest.drop { $0.isWhitespace || $0 == "/" }
                guard !rest.isEmpty else { break }
                let attribute = String(rest.prefix { !$0.isWhitespace && $0 != "=" }).lowercased()
                rest = rest.dropFirst(attribute.count)
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst()
                    if let quote = rest.first, quote == "\"" || quote == "'" {
                        value = String(rest.dropFirst().prefix { $0 != quote })
                        rest = rest.dropFirst(value.count + 2)
                    } else {
                        value = String(rest.prefix { !$0.isWhitespace })
                        rest = rest.dropFirst(value.count)
                    }
                }
                attributes.append((attribute, value))
            }
            result.append((name, attributes))
        }
        return result
    }

    /// Payloads in every place an input reaches the page: file and folder names, Swift string
    /// literals, comments and suppression reasons, StoreKit product, group and locale names,
    /// string catalogs and tables, and paywall copy with Markdown link tricks. A payload that
    /// ran would change the title or mark the document; one that was parsed would add an element
    /// or attribute the report itself never writes.
    @Test func payloadsInEveryInputAddNothingToThePage() throws {
        let run = "document.title='pwned';document.documentElement.setAttribute('data-pwned','1')"
        let payload = [
            "<script>\(run)</script>", "<img src=x onerror=\"\(run)\">", "<svg onload=\(run)>",
            "[click](javascript:\(run))", "[click]( javascript:\(run) )", "<javascript:\(run)>", "![x](javascript:\(run))",
            "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "[vb](vbscript:msgbox)",
            "[ref][evil]\n\n[evil]: javascript:\(run)", "</code></pre><iframe src=javascript:\(run)>", "`` ` ``</code>",
            "**bold-injected** _em-injected_ <b>b-injected</b>", "{{title}} {{body}}", "&lt;script&gt;", "| a | <td onclick=x> |",
            "<!-- x --> <![CDATA[ ]]> -->", "\"><a href=javascript:\(run)>x</a>",
        ].joined(separator: " ")
        let inline = payload.replacingOccurrences(of: "\n", with: " ")
        let quoted = inline.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let storekit = """
            { "products" : [ { "productID" : "com.app.\(quoted)", "type" : "Consumable", "referenceName" : "\(quoted)",
                "localizations" : [ { "locale" : "en_US", "displayName" : "\(quoted)", "description" : "$4.99 \(quoted)" },
                                    { "locale" : "<img src=x onerror=\(run)>", "displayName" : "x", "description" : "" } ] } ],
              "subscriptionGroups" : [ { "id" : "1", "name" : "\(quoted)", "localizations" : [ ],
                "subscriptions" : [ { "productID" : "com.app.sub", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "\(quoted)", "localizations" : [ ] } ] } ] }
            """
        let folder = "Evil <img src=x onerror=\(run)> [x](javascript:alert(1))"
        let root = try CLI.makeProject([
            "\(folder)/App/<svg onload=\(run)>.swift": "let x = 1\n",
            "\(folder)/App/\"><img src=x onerror=\(run)>.swift": "import SwiftUI\nlet banner = Text(\"Only $1.99\")\n",
            "\(folder)/App/javascript:\(run).swift": "import SwiftUI\nlet banner = Text(\"Now $2.99\")\n",
            "\(folder)/App/PaywallView.swift": """
                import StoreKit
                import SwiftUI
                struct PaywallView: View {
                    let product: Product
                    // \(inline)
                    var body: some View {
                        // iap-audit:disable:next hardcoded_price — \(inline)
                        Text("$9.99")
                        Text("\(quoted) $4.99")
                        Text(\"\"\"
                            \(payload.replacingOccurrences(of: "\\", with: "\\\\"))
                            \"\"\")
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                    }
                }
                """,
            "\(folder)/Paywall-copy.md": "# Pro \(inline)\n\nTry free for 7 days! \(payload)\n\n<script>\(run)</script>\n\n[Terms](javascript:\(run))\n",
            "\(folder)/Products.storekit": storekit,
            "\(folder)/Localizable.xcstrings": """
                { "sourceLanguage" : "en", "strings" : { "\(quoted)" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "translated", "value" : "\(quoted) $4.99" } },
                  "de" : { "stringUnit" : { "state" : "new", "value" : "" } } } } }, "version" : "1.0" }
                """,
            "\(folder)/de.lproj/Paywall.strings": "\"\(quoted)\" = \"\(quoted) 4,99 €\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out")
        try CLI.run([root.appendingPathComponent(folder).path, "--output", output.path, "--fail-on", "never", "--quiet"], in: root)
        let page = output.appendingPathComponent("report.html")
        let html = try String(contentsOf: page, encoding: .utf8)

        // The Content-Security-Policy: nothing may load or run but the page's own styles.
        let policies = Self.tags(in: html).filter { $0.name == "meta" && $0.attributes.contains { $0.name == "http-equiv" && $0.value.lowercased() == "content-security-policy" } }
        #expect(policies.count == 1)
        let policy = policies.first?.attributes.first { $0.name == "content" }?.value ?? ""
        #expect(policy.contains("default-src 'none'"))
        for loose in ["script-src", "unsafe-eval", "http:", "https:", "*", "connect-src", "frame-src"] {
            #expect(!policy.contains(loose), "CSP allows \(loose): \(policy)")
        }

        // The page's vocabulary: what the same renderer writes for the example app.
        let benignOutput = root.appendingPathComponent("benign")
        try Self.report(for: CLI.packageRoot.appendingPathComponent("Examples/FlawedApp"), output: benignOutput)
        let benign = Self.tags(in: try String(contentsOf: benignOutput.appendingPathComponent("report.html"), encoding: .utf8))
        let allowedTags = Set(benign.map(\.name))
        let allowedAttributes = Set(benign.flatMap { tag in tag.attributes.map { "\(tag.name)[\($0.name)]" } })

        let dom = try Self.browser(["--dump-dom", page.absoluteString])
        #expect(dom.contains("<title>In-app purchase audit: Evil &lt;img"))
        #expect(!dom.contains("pwned</title>"))
        #expect(!Self.tags(in: dom).contains { $0.attributes.contains { $0.name == "data-pwned" } }, "a payload ran")
        for (source, text) in [("file", html), ("DOM", dom)] {
            let tags = Self.tags(in: text)
            #expect(tags.count > 100, "\(source): suspiciously few tags")
            for tag in tags {
                #expect(allowedTags.contains(tag.name), "\(source): input-derived element <\(tag.name)>")
                for attribute in tag.attributes {
                    #expect(allowedAttributes.contains("\(tag.name)[\(attribute.name)]"), "\(source): input-derived attribute \(attribute.name) on <\(tag.name)>")
                    let value = attribute.value.lowercased().filter { !$0.isWhitespace }
                    #expect(!value.hasPrefix("javascript:") && !value.hasPrefix("data:") && !value.hasPrefix("vbscript:"), "\(source): \(tag.name) \(attribute.name)=\(attribute.value)")
                }
                // Links go to the report itself, the audited files, or the rule reference.
                for href in tag.attributes.filter({ $0.name == "href" }).map(\.value) where !href.hasPrefix("#") {
                    let scheme = href.prefix { $0 != "/" && $0 != "#" && $0 != "?" }
                    #expect(!scheme.contains(":") || href.hasPrefix("https://github.com/iap-audit/"), "\(source): link to \(href)")
                }
            }
        }
        // Markdown in inputs is shown, not applied.
        #expect(dom.contains("**bold-injected**"))
        #expect(dom.contains("&lt;b&gt;b-injected&lt;/b&gt;"))
        #expect(!dom.contains("<strong>bold-injected</strong>"))
        #expect(dom.contains("{{title}} {{body}}"))
    }

    /// cmark-gfm renders the page in safe mode (no CMARK_OPT_UNSAFE): raw HTML and dangerous
    /// link schemes are dropped even from Markdown the renderer did not escape.
    @Test func commonMarkRunsInSafeMode() {
        let html = CommonMark.html(from: "<script>alert(1)</script>\n\n[a](javascript:alert(1)) <img src=x onerror=alert(1)> [b](vbscript:x)\n")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("vbscript:"))
        #expect(html.contains("raw HTML omitted"))
    }
}
