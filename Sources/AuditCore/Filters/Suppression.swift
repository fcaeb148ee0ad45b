/// An inline suppression comment in a Swift file:
///
///     // iap-audit:disable:next hardcoded_price — the legal team approved this copy
///     Text("Only $4.99")                     // iap-audit:disable:this hardcoded_price — reason
///     // iap-audit:disable legacy_storekit_api — whole file: the macOS 12 fallback
///
/// Several rule ids may be listed (spaces or commas between them), or `all`. The reason
/// follows an em dash (`—`), an en dash, `--` or a lone `-`.
public struct Suppression: Sendable, Hashable {
    public enum Scope: String, Sendable, Hashable {
        /// `disable:next`: the line after the comment.
        case nextLine = "disable:next"
        /// `disable:this`: the comment's own line.
        case thisLine = "disable:this"
        /// `disable`: the whole file.
        case file = "disable"
    }

    public var scope: Scope
    public var ruleIDs: [String]
    /// Nil or empty when the comment gives none.
    public var reason: String?
    /// Where the comment starts.
    public var location: SourceLocation
    /// The line the comment ends on (block comments can span lines).
    public var endLine: Int
    /// The comment's text as written, for messages.
    public var text: String

    public init(scope: Scope, ruleIDs: [String], reason: String?, location: SourceLocation, endLine: Int, text: String) {
        self.scope = scope
        self.ruleIDs = ruleIDs
        self.reason = reason
        self.location = location
        self.endLine = endLine
        self.text = text
    }

    public static let prefix = "iap-audit:"

    /// Whether this suppression covers a finding of `ruleID` at `location`.
    public func covers(ruleID: String, at location: SourceLocation) -> Bool {
        guard location.file == self.location.file, ruleIDs.contains(ruleID) || ruleIDs.contains("all") else { return false }
        switch scope {
        case .file: return true
        case .thisLine: return location.line >= self.location.line && location.line <= endLine
        case .nextLine: return location.line == endLine + 1
        }
    }

    /// What a comment says, when it is an `iap-audit:` directive. `problem` is set for a
    /// directive that cannot be understood (unknown command, no rule id).
    public struct Parsed: Sendable, Hashable {
        public var suppression: Suppression?
        public var problem: String?
        /// Where the comment starts.
        public var location: SourceLocation
    }

    /// Reads one comment token's text. Nil when it is an ordinary comment.
    public static func parse(comment raw: String, location: SourceLocation, endLine: Int) -> Parsed? {
        var body = Substring(raw)
        if body.hasPrefix("/*") {
            body = body.dropFirst(2)
            if body.hasSuffix("*/") { body = body.dropLast(2) }
            while body.first == "*" || body.first == "!" { body = body.dropFirst() }
        } else {
            while body.first == "/" { body = body.dropFirst() }
        }
        body = body.drop(while: \.isWhitespace)
        guard body.hasPrefix(prefix) else { return nil }
        let text = String(raw.split(separator: "\n").first ?? Substring(raw)).trimmingWhitespace
        var rest = body.dropFirst(prefix.count)
        let command = rest.prefix { !$0.isWhitespace }
        rest = rest.dropFirst(command.count)
        guard let scope = Scope(rawValue: String(command)) else {
            let known = [Scope.nextLine, .thisLine, .file].map(\.rawValue)
            let hint = Spelling.closest(to: String(command), among: known).map { "; did you mean \(prefix)\($0)?" } ?? ""
            return Parsed(suppression: nil, problem: "unknown directive '\(prefix)\(command)'\(hint)", location: location)
        }
        // Rule ids up to the reason separator.
        var ids: [String] = []
        var reason: String?
        let words = rest.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "—" || word == "–" || word == "--" || word == "-" {
                reason = words[(index + 1)...].joined(separator: " ")
                break
            }
            if let dash = word.firstIndex(where: { $0 == "—" || $0 == "–" }) {
                // "rule_id—reason" written without spaces.
                ids += word[..<dash].split(separator: ",").map(String.init)
                let after = String(word[word.index(after: dash)...])
                reason = ([after] + words[(index + 1)...]).joined(separator: " ")
                break
            }
            ids += word.split(separator: ",").map(String.init)
            index += 1
        }
        ids = ids.filter { !$0.isEmpty }
        if ids.isEmpty {
            return Parsed(suppression: nil, problem: "'\(prefix)\(command)' names no rule id: write the ids of the findings to suppress, then '—' and why", location: location)
        }
        let trimmedReason = reason?.trimmingWhitespace
        let suppression = Suppression(
            scope: scope, ruleIDs: ids, reason: trimmedReason?.isEmpty == false ? trimmedReason : nil,
            location: location, endLine: endLine, text: text)
        return Parsed(suppression: suppression, problem: nil, location: location)
    }

    /// Every directive in a Swift file's comments.
    /// Whether `bytes` hold the directive prefix anywhere: one pass that rules out the files
    /// without a directive (most). The C library's `memchr` finds each `-` (rarer in code than
    /// the prefix's letters), and only those places are compared.
    static func mayOccur(in bytes: [UInt8]) -> Bool {
        var marker = prefix
        return marker.withUTF8 { word in
            bytes.withUnsafeBufferPointer { ASCIISearch.findInLongText(word, in: $0, anchor: 3) }
        }
    }

    public static func all(in file: SwiftFile) -> [Parsed] {
        var result: [Parsed] = []
        guard file.mayHaveSuppression else { return result }
        for token in file.comments where file.token(token, containsBytes: prefix) {
            let text = file.text(of: token)
            guard text.contains(prefix) else { continue }
            let start = file.location(ofOffset: Int(token.start))
            let end = file.lines.position(ofOffset: max(Int(token.start), Int(token.end) - 1)).line
            if let parsed = parse(comment: text, location: start, endLine: end) { result.append(parsed) }
        }
        return result
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s = s.dropFirst() }
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
