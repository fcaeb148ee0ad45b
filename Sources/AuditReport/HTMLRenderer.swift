import AuditCore

/// The report as one self-contained HTML page: the Markdown report rendered by cmark-gfm
/// (safe mode: no raw HTML from inputs), placed in the HTML template.
public struct HTMLRenderer: Sendable {
    public var template: String

    public init(template: String) {
        self.template = template
    }

    public func render(_ report: Report, markdown: String) -> String {
        let body = Self.addHeadingAnchors(CommonMark.html(from: markdown))
        let verdict = report.isReady ? "ready" : "not-ready"
        return Template.fill(template, with: [
            "title": HTML.escape("In-app purchase audit: \(report.subject)"),
            "subject": HTML.escape(report.subject),
            "version": HTML.escape(report.toolVersion),
            "verdict": verdict,
            "body": body,
        ])
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
