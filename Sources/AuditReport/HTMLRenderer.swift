import AuditCore
import Foundation

/// The report as one self-contained HTML page: the Markdown report rendered by cmark-gfm
/// (safe mode: no raw HTML from inputs), placed in the HTML template.
public struct HTMLRenderer: Sendable {
    public var template: String
    /// Shown in the header when given (`--date`); off by default so reports are reproducible.
    public var date: String?

    /// The findings of one rule listed under one checklist item on the page, at most; the
    /// count of the rest follows (`MarkdownRenderer.maximumFindingsPerRule`).
    public static let findingsPerRule = 100

    public init(template: String, date: String? = nil) {
        self.template = template
        self.date = date
    }

    public func render(_ report: Report, markdown: String) -> String {
        String(decoding: renderUTF8(report, markdown: markdown), as: UTF8.self)
    }

    /// The page as UTF-8 bytes, what `--format html` writes: from cmark's output to the filled
    /// template without a `String` in between, each of which checked the page's bytes again
    /// (three times a page: 22 M instructions for the 27 pages of the real benchmark corpus).
    public func renderUTF8(_ report: Report, markdown: String) -> [UInt8] {
        let body = Self.finishUTF8(CommonMark.htmlUTF8(from: markdown), report: report)
        let verdict = report.isReady ? "ready" : "not-ready"
        return Template.fillUTF8(template, with: [
            "title": Array(HTML.escape("In-app purchase audit: \(report.subject)").utf8),
            "subject": Array(HTML.escape(report.subject).utf8),
            "version": Array(HTML.escape(report.toolVersion).utf8),
            "verdict": Array(verdict.utf8),
            "date": Array((date.map { "<span>Date: <strong>\(HTML.escape($0))</strong></span>" } ?? "").utf8),
            "body": body,
        ])
    }

    /// The index page of a folder holding several apps (`FolderIndex.markdown`).
    public func renderIndex(markdown: String, subject: String, ready: Bool, version: String) -> String {
        Template.fill(template, with: [
            "title": HTML.escape("In-app purchase audit: \(subject)"),
            "subject": HTML.escape(subject),
            "version": HTML.escape(version),
            "verdict": ready ? "ready" : "not-ready",
            "date": date.map { "<span>Date: <strong>\(HTML.escape($0))</strong></span>" } ?? "",
            "body": CommonMark.html(from: markdown),
        ])
    }

    /// What cmark's page becomes: heading anchors, badges, highlighted excerpts and the
    /// progress bar, in one pass over its bytes that stops only at a `<`. It writes what one
    /// pass per rewrite would, applied in turn (`ReportTests` keeps those passes as its
    /// reference); such passes each copied the page, and the HTML report is the last step of
    /// an audit that nothing else runs beside.
    static func finish(_ html: String, report: Report) -> String {
        String(decoding: finishUTF8(Array(html.utf8), report: report), as: UTF8.self)
    }

    /// `finish` over bytes: what `renderUTF8` uses.
    static func finishUTF8(_ html: [UInt8], report: Report) -> [UInt8] {
        let bar = progressBar(for: report)
        return html.withUnsafeBufferPointer { bytes in
            var pass = PagePass(source: bytes, progressBar: bar)
            return pass.run()
        }
    }

    /// The progress bar's markup, or nil for a report without checklist items.
    static func progressBar(for report: Report) -> String? {
        // Counted from the items' statuses in place: copying the items (one array of them, then
        // one for each status) was most of the bar's cost.
        var counts: [Report.Status: Int] = [:]
        var total = 0
        for checklist in report.checklists {
            for index in checklist.items.indices {
                counts[checklist.items[index].status, default: 0] += 1
                total += 1
            }
        }
        guard total > 0 else { return nil }
        var bar = "\n<div class=\"progress\" role=\"img\" aria-label=\"Checklist items by status\">"
        var legend = "<ul class=\"legend\">"
        for status in Report.Status.allCases {
            let count = counts[status, default: 0]
            if count > 0 { bar += "<span class=\"\(status.rawValue)\" style=\"width: \(percent(count, of: total))%\"></span>" }
            legend += "<li class=\"\(status.rawValue)\">\(count) \(status.label)</li>"
        }
        return bar + "</div>\n" + legend + "</ul>\n"
    }

    /// `count` of `total` as a percentage with two decimals, as `String(format: "%.2f")` writes
    /// `Double(count) * 100 / Double(total)`: from integers, rounding half to even. (The
    /// quotient's double is within 2⁻⁵³ of the exact ratio, far closer than a ratio of numbers
    /// this small comes to a rounding boundary, and one that lies on a boundary is a double.)
    /// `String(format:)` cast each argument at run time: a third of a millisecond a report.
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0, count >= 0, count <= 1 << 32, total <= 1 << 32 else {
            return String(format: "%.2f", Double(count) * 100 / Double(total))
        }
        let scaled = count * 10_000
        var hundredths = scaled / total
        let remainder = scaled % total
        if remainder * 2 > total || remainder * 2 == total && hundredths % 2 == 1 { hundredths += 1 }
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The pass of `HTMLRenderer.finish` over cmark's page. Every rewrite starts at a `<` of
/// markup cmark wrote: text from inputs reaches the page escaped, so `memchr` steps from one
/// `<` to the next and the bytes between are copied as they are.
private struct PagePass {
    let source: UnsafeBufferPointer<UInt8>
    let progressBar: String?
    private var output: [UInt8] = []
    private var usedSlugs: [String: Int] = [:]
    /// -1 before the purchase-path heading, then how many of its tables are still to mark.
    private var pathTables = -1
    private static let pathsHeading = Array("<h2>Purchase paths</h2>".utf8)

    init(source: UnsafeBufferPointer<UInt8>, progressBar: String?) {
        self.source = source
        self.progressBar = progressBar
    }

    /// `(pattern, replacement)` for the status and severity badges; a status pattern also
    /// needs `statusLead` right before it (see `decorate`).
    private static let statusBadges: [(pattern: [UInt8], replacement: [UInt8])] = Report.Status.allCases.map { status in
        (Array("<strong>\(status.label)</strong>".utf8), Array("<span class=\"status \(status.rawValue)\">\(status.label)</span>".utf8))
    }
    private static let statusLead = Array(" — ".utf8)
    private static let severityBadges: [(pattern: [UInt8], replacement: [UInt8])] = Severity.allCases.map { severity in
        (Array("<p><strong>\(severity.rawValue.uppercased())</strong>".utf8),
         Array("<p><span class=\"severity \(severity.rawValue)\">\(severity.rawValue)</span>".utf8))
    }

    mutating func run() -> [UInt8] {
        output.reserveCapacity(source.count + source.count / 4)
        var anchoring = true
        var highlighting = true
        var bar = progressBar.map { Array($0.utf8) }
        var copied = 0
        var i = 0
        while let open = next(UInt8(ascii: "<"), from: i, before: source.count) {
            i = open + 1
            if anchoring, starts(with: "<h3>", at: open) {
                if let close = find("</h3>", from: open + 4) {
                    // The id is GitHub's for the heading's text, as cmark wrote it.
                    copy(copied..<open)
                    let inner = (open + 4)..<close
                    let text = HTML.unescape(HTML.stripTags(String(decoding: UnsafeBufferPointer(rebasing: source[inner]), as: UTF8.self)))
                    let id = MarkdownText.uniqueSlug(text, used: &usedSlugs)
                    output += "<h3 id=\"\(HTML.escape(id))\">".utf8
                    decorate(inner)
                    output += "</h3>".utf8
                    i = close + 5
                    copied = i
                    continue
                }
                anchoring = false
            }
            if highlighting, starts(with: "<pre", at: open) {
                if let code = find("<code", from: open + 4), let tagEnd = find(">", from: code + 5),
                   let close = find("</code></pre>", from: tagEnd + 1) {
                    copy(copied..<(tagEnd + 1))
                    highlightLines((tagEnd + 1)..<close)
                    output += "\n</code></pre>".utf8
                    i = close + 13
                    copied = i
                    continue
                }
                highlighting = false
            }
            // The purchase-path section: an anchor, and classes on its two tables (the
            // capabilities, then the matrix) so that narrow screens stack the matrix's rows.
            if pathTables < 0, starts(with: Self.pathsHeading, at: open) {
                copy(copied..<open)
                output += "<h2 id=\"purchase-paths\">Purchase paths</h2>".utf8
                pathTables = 2
                i = open + Self.pathsHeading.count
                copied = i
                continue
            }
            if pathTables > 0, starts(with: "<table>", at: open) {
                copy(copied..<open)
                output += (pathTables == 2 ? "<table class=\"capabilities\">" : "<table class=\"paths\">").utf8
                pathTables -= 1
                i = open + 7
                copied = i
                continue
            }
            if let table = bar, starts(with: "</table>", at: open) {
                copy(copied..<(open + 8))
                output += table
                bar = nil
                i = open + 8
                copied = i
                continue
            }
            if let (length, replacement) = badge(at: open) {
                copy(copied..<open)
                output += replacement
                i = open + length
                copied = i
            }
        }
        copy(copied..<source.count)
        return output
    }

    /// Copies `range`, with its badges rewritten.
    private mutating func decorate(_ range: Range<Int>) {
        var copied = range.lowerBound
        var i = range.lowerBound
        while let open = next(UInt8(ascii: "<"), from: i, before: range.upperBound) {
            i = open + 1
            guard let (length, replacement) = badge(at: open), open + length <= range.upperBound else { continue }
            copy(copied..<open)
            output += replacement
            i = open + length
            copied = i
        }
        copy(copied..<range.upperBound)
    }

    /// The badge that starts at `open`: the length of the markup it replaces, and its markup.
    private func badge(at open: Int) -> (Int, [UInt8])? {
        if starts(with: "<p><strong>", at: open) {
            for (pattern, replacement) in Self.severityBadges where starts(with: pattern, at: open) {
                return (pattern.count, replacement)
            }
        } else if starts(with: "<strong>", at: open), open >= Self.statusLead.count,
                  starts(with: Self.statusLead, at: open - Self.statusLead.count) {
            for (pattern, replacement) in Self.statusBadges where starts(with: pattern, at: open) {
                return (pattern.count, replacement)
            }
        }
        return nil
    }

    /// Each line of a code block in a span; the finding's line (`> 12 | …`) with `hl`.
    private mutating func highlightLines(_ range: Range<Int>) {
        var start = range.lowerBound
        var index = 0
        while start <= range.upperBound {
            let end = next(0x0A, from: start, before: range.upperBound) ?? range.upperBound
            // A last line left empty by the final newline is not a line.
            if end == range.upperBound, start == end { break }
            if index > 0 { output.append(0x0A) }
            output += (starts(with: "&gt; ", at: start) && start + 5 <= end ? "<span class=\"line hl\">" : "<span class=\"line\">").utf8
            copy(start..<end)
            output += "</span>".utf8
            index += 1
            start = end + 1
        }
    }

    private mutating func copy(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
    }

    private func next(_ byte: UInt8, from start: Int, before end: Int) -> Int? {
        guard start < end, let base = source.baseAddress,
              let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        var i = start
        let first = pattern.utf8Start.pointee
        while let candidate = next(first, from: i, before: source.count) {
            if starts(with: pattern, at: candidate) { return candidate }
            i = candidate + 1
        }
        return nil
    }

    private func starts(with pattern: StaticString, at index: Int) -> Bool {
        pattern.withUTF8Buffer { starts(with: $0, at: index) }
    }

    private func starts(with pattern: [UInt8], at index: Int) -> Bool {
        pattern.withUnsafeBufferPointer { starts(with: $0, at: index) }
    }

    private func starts(with pattern: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index >= 0, index + pattern.count <= source.count, let base = source.baseAddress, let word = pattern.baseAddress else {
            return false
        }
        return memcmp(base + index, word, pattern.count) == 0
    }
}

/// Searches in UTF-8 bytes, for fixed ASCII markup such as a template's `{{`: Foundation's
/// String search converted the rest of the text to UTF-16 on every call.
enum ByteSearch {
    static func find(_ pattern: StaticString, in bytes: [UInt8], from start: Int) -> Range<Int>? {
        pattern.withUTF8Buffer { word -> Range<Int>? in
            guard word.count > 0, bytes.count >= word.count, start <= bytes.count - word.count else { return nil }
            var i = start
            let last = bytes.count - word.count
            while i <= last {
                if bytes[i] == word[0] {
                    var same = true
                    for k in 1..<word.count where bytes[i + k] != word[k] {
                        same = false
                        break
                    }
                    if same { return i..<(i + word.count) }
                }
                i += 1
            }
            return nil
        }
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
        // Over the template's bytes: Foundation's `range(of:)` bridged the template to UTF-16
        // for every placeholder. The page is written straight into the string's storage (as
        // long as `filledCount` says): a Markdown page of 60,000 findings was copied into a
        // byte array, then into the string.
        let bytes = Array(template.utf8)
        let views = values.mapValues(\.utf8)
        return String(unsafeUninitializedCapacity: filledCount(bytes, values: views)) { out in write(bytes, values: views, into: out) }
    }

    /// `fill` with the values, and the page, as UTF-8 bytes.
    public static func fillUTF8(_ template: String, with values: [String: [UInt8]]) -> [UInt8] {
        let bytes = Array(template.utf8)
        return [UInt8](unsafeUninitializedCapacity: filledCount(bytes, values: values)) { out, count in count = write(bytes, values: values, into: out) }
    }

    /// The template's parts in order: its own bytes (a range), or a value for a placeholder
    /// `values` names.
    private static func forEachPart<Value: Collection<UInt8>>(_ bytes: [UInt8], values: [String: Value], _ body: (Range<Int>?, Value?) -> Void) {
        var position = 0
        while let open = ByteSearch.find("{{", in: bytes, from: position) {
            body(position..<open.lowerBound, nil)
            guard let close = ByteSearch.find("}}", in: bytes, from: open.upperBound) else {
                position = open.lowerBound
                break
            }
            let key = String(decoding: bytes[open.upperBound..<close.lowerBound], as: UTF8.self).trimmed
            if let value = values[key] {
                body(nil, value)
            } else {
                body(open.lowerBound..<close.upperBound, nil)
            }
            position = close.upperBound
        }
        body(position..<bytes.count, nil)
    }

    /// The filled page's length: a placeholder may be written more than once (the built-in
    /// page names `{{version}}` three times; a template of one's own may repeat `{{body}}`),
    /// so the template's length and each value's once is not always room enough.
    private static func filledCount<Value: Collection<UInt8>>(_ bytes: [UInt8], values: [String: Value]) -> Int {
        var count = 0
        forEachPart(bytes, values: values) { range, value in count += range?.count ?? value?.count ?? 0 }
        return count
    }

    /// The template's bytes with each `{{name}}` that `values` names replaced, written into
    /// `out` (`filledCount` long); the count written.
    private static func write<Value: Collection<UInt8>>(_ bytes: [UInt8], values: [String: Value], into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        forEachPart(bytes, values: values) { range, value in
            if let range {
                count = out[count...].initialize(fromContentsOf: bytes[range])
            } else if let value {
                count = out[count...].initialize(fromContentsOf: value)
            }
        }
        return count
    }
}
