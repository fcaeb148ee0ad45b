import AuditCore
import Foundation

/// The report as one self-contained HTML page: the Markdown report rendered by cmark-gfm
/// (safe mode: no raw HTML from inputs), placed in the HTML template.
public struct HTMLRenderer: Sendable {
    public var template: String
    /// Shown in the header when given (`--date`); off by default so reports are reproducible.
    public var date: String?

    public init(template: String, date: String? = nil) {
        self.template = template
        self.date = date
    }

    public func render(_ report: Report, markdown: String) -> String {
        var body = Self.addHeadingAnchors(CommonMark.html(from: markdown))
        body = Self.decorate(body)
        body = Self.insertProgressBar(into: body, report: report)
        let verdict = report.isReady ? "ready" : "not-ready"
        return Template.fill(template, with: [
            "title": HTML.escape("In-app purchase audit: \(report.subject)"),
            "subject": HTML.escape(report.subject),
            "version": HTML.escape(report.toolVersion),
            "verdict": verdict,
            "date": date.map { "<span>Date: <strong>\(HTML.escape($0))</strong></span>" } ?? "",
            "body": body,
        ])
    }

    /// Status and severity badges (text plus colour, never colour alone) and highlighted
    /// excerpt lines. Only markup the Markdown renderer itself writes is rewritten: input text
    /// reaches cmark escaped and cannot produce these tags.
    static func decorate(_ html: String) -> String {
        var result = html
        for status in Report.Status.allCases {
            result = result.replacingOccurrences(
                of: " — <strong>\(status.label)</strong>",
                with: " — <span class=\"status \(status.rawValue)\">\(status.label)</span>")
        }
        for severity in Severity.allCases {
            result = result.replacingOccurrences(
                of: "<p><strong>\(severity.rawValue.uppercased())</strong>",
                with: "<p><span class=\"severity \(severity.rawValue)\">\(severity.rawValue)</span>")
        }
        return highlightExcerpts(result)
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
        var rest = 0
        func find(_ needle: StaticString, from start: Int) -> Int? {
            needle.withUTF8Buffer { needle in
                guard let first = needle.first, bytes.count >= needle.count else { return nil }
                var i = start
                while i <= bytes.count - needle.count {
                    if bytes[i] == first {
                        var k = 1
                        while k < needle.count, bytes[i + k] == needle[k] { k += 1 }
                        if k == needle.count { return i }
                    }
                    i += 1
                }
                return nil
            }
        }
        while let pre = find("<pre", from: rest), let open = find("<code", from: pre + 4) {
            guard let tagEnd = find(">", from: open + 5), let close = find("</code></pre>", from: tagEnd + 1) else { break }
            result += bytes[rest...tagEnd]
            var lines = bytes[(tagEnd + 1)..<close].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            for (number, line) in lines.enumerated() {
                if number > 0 { result.append(UInt8(ascii: "\n")) }
                let highlighted = line.starts(with: "&gt; ".utf8)
                result += (highlighted ? "<span class=\"line hl\">" : "<span class=\"line\">").utf8
                result += line
                result += "</span>".utf8
            }
            result += "\n</code></pre>".utf8
            rest = close + "</code></pre>".utf8.count
        }
        result += bytes[rest...]
        return String(decoding: result, as: UTF8.self)
    }

    /// A bar of the checklist items by status, after the summary table.
    static func insertProgressBar(into html: String, report: Report) -> String {
        let items = report.checklists.flatMap(\.items)
        guard !items.isEmpty, let tableEnd = html.range(of: "</table>") else { return html }
        var bar = "\n<div class=\"progress\" role=\"img\" aria-label=\"Checklist items by status\">"
        var legend = "<ul class=\"legend\">"
        for status in Report.Status.allCases {
            let count = items.filter { $0.status == status }.count
            let percent = Double(count) * 100 / Double(items.count)
            if count > 0 { bar += "<span class=\"\(status.rawValue)\" style=\"width: \(String(format: "%.2f", percent))%\"></span>" }
            legend += "<li class=\"\(status.rawValue)\">\(count) \(status.label)</li>"
        }
        bar += "</div>\n" + legend + "</ul>\n"
        var result = html
        result.insert(contentsOf: bar, at: tableEnd.upperBound)
        return result
    }

    /// Gives `<h3>` headings the ids GitHub would give them, so the checklist's links to
    /// finding groups work in the HTML page too.
    static func addHeadingAnchors(_ html: String) -> String {
        var used: [String: Int] = [:]
        var result = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<h3>") {
            result += rest[..<open.lowerBound]
            guard let close = rest.range(of: "</h3>", range: open.upperBound..<rest.endIndex) else {
                rest = rest[open.lowerBound...]
                break
            }
            let inner = rest[open.upperBound..<close.lowerBound]
            let text = HTML.unescape(HTML.stripTags(String(inner)))
            let id = MarkdownText.uniqueSlug(text, used: &used)
            result += "<h3 id=\"\(HTML.escape(id))\">" + inner + "</h3>"
            rest = rest[close.upperBound...]
        }
        result += rest
        return result
    }
}

enum HTML {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static func stripTags(_ html: String) -> String {
        var result = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { result.append(character) }
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// `{{name}}` placeholders. Values are inserted as given: callers escape them.
public enum Template {
    public static func fill(_ template: String, with values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
                rest = rest[open.lowerBound...]
                break
            }
            let key = rest[open.upperBound..<close.lowerBound].trimmed
            if let value = values[key] {
                result += value
            } else {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        result += rest
        return result
    }
}
