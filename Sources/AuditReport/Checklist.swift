/// A review checklist: GitHub-flavoured Markdown task list items, each tagged in an HTML
/// comment with the rules that answer it (`<!-- rules: a, b -->`) and/or why a person has to
/// check it (`<!-- manual: reason -->`).
public struct Checklist: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        /// The item's Markdown text, tag removed.
        public var text: String
        public var ruleIDs: [String]
        public var manualReason: String?
        /// Line in the checklist file, for error messages.
        public var line: Int
    }

    /// File name without extension: `storekit-review`.
    public var name: String
    public var title: String
    public var introduction: String
    public var items: [Item]

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String
        public var description: String { "\(file):\(line):1: \(reason)" }
    }

    public static func parse(name: String, markdown: String, knownRules: Set<String>) throws(ParseError) -> Checklist {
        var title = name
        var introduction: [String] = []
        var items: [Item] = []
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingTrailingCarriageReturn }
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if line.hasPrefix("# "), items.isEmpty, title == name {
                title = String(line.dropFirst(2)).trimmed
            } else if line.hasPrefix("- [ ] ") || line.hasPrefix("- [x] ") || line.hasPrefix("* [ ] ") {
                var text = String(line.dropFirst(6))
                var ruleIDs: [String] = []
                var manual: String?
                if let open = text.range(of: "<!--"), let close = text.range(of: "-->", range: open.upperBound..<text.endIndex) {
                    let tag = String(text[open.upperBound..<close.lowerBound])
                    text = String(text[..<open.lowerBound]).trimmed
                    for part in tag.split(separator: ";") {
                        let field = part.trimmed
                        if field.hasPrefix("rules:") {
                            ruleIDs += field.dropFirst(6).split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
                        } else if field.hasPrefix("manual:") {
                            manual = String(field.dropFirst(7)).trimmed
                        } else if !field.isEmpty {
                            throw ParseError(file: name, line: number, reason: "unknown tag '\(field)': use 'rules: id, id' or 'manual: reason'")
                        }
                    }
                }
                for id in ruleIDs where !knownRules.contains(id) {
                    throw ParseError(file: name, line: number, reason: "unknown rule id '\(id)'")
                }
                if ruleIDs.isEmpty, manual == nil {
                    manual = "Not checked automatically."
                }
                items.append(Item(text: text, ruleIDs: ruleIDs, manualReason: manual, line: number))
            } else if items.isEmpty, !line.trimmed.isEmpty, !line.hasPrefix("#") {
                introduction.append(line.trimmed)
            }
        }
        if items.isEmpty {
            throw ParseError(file: name, line: 1, reason: "no task-list items ('- [ ] …') found")
        }
        return Checklist(name: name, title: title, introduction: introduction.joined(separator: " "), items: items)
    }
}

extension StringProtocol {
    var trimmed: String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s = s.dropFirst() }
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    var trimmingTrailingCarriageReturn: String {
        hasSuffix("\r") ? String(dropLast()) : String(self)
    }
}
