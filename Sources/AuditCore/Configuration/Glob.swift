/// A path pattern from the configuration (`include`, `exclude`, `paywallCopy`), matched against
/// `/`-separated paths relative to the configuration file's folder.
///
/// - `*` matches any run of characters within one path segment, `?` one character;
/// - `**` as a whole segment matches any number of segments, none included;
/// - `[abc]`, `[a-z]`, `[!a-z]` match one character of (or not of) a set;
/// - `{a,b}` matches either alternative (alternatives may hold any of the above);
/// - a pattern without `/` matches a file or folder name at any depth (`*.generated.swift`);
/// - a pattern that matches a folder matches everything inside it (`Pods`, `App/Legacy`).
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// Brace alternatives expanded, each split into segments.
    private let alternatives: [[String]]

    public var description: String { pattern }

    public struct SyntaxError: Error, Sendable, Hashable {
        public var reason: String
    }

    public init(_ pattern: String) throws(SyntaxError) {
        self.pattern = pattern
        var trimmed = pattern
        if trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.hasSuffix("/"), trimmed.count > 1 { trimmed.removeLast() }
        if trimmed.isEmpty || trimmed == "/" { throw SyntaxError(reason: "an empty pattern matches nothing") }
        if trimmed.hasPrefix("/") { throw SyntaxError(reason: "patterns are relative to the configuration file's folder; remove the leading '/'") }
        let expanded = try Self.expandBraces(trimmed)
        alternatives = expanded.map { alternative in
            let segments = alternative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            // A bare name matches at any depth.
            return alternative.contains("/") ? segments : ["**"] + segments
        }
        for segments in alternatives {
            for segment in segments where segment != "**" {
                try Self.validateClasses(segment)
            }
        }
    }

    /// Whether `path` (relative, `/`-separated) or one of its parent folders matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for count in stride(from: parts.count, through: 1, by: -1) {
            let prefix = Array(parts[0..<count])
            for segments in alternatives where Self.match(segments[...], prefix[...]) { return true }
        }
        return false
    }

    /// Whether `path` itself matches, not counting parent folders.
    public func matchesExactly(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        return alternatives.contains { Self.match($0[...], parts[...]) }
    }

    // MARK: Matching

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let segment = path.first, matchSegment(Array(first), Array(segment)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*`, `?` and `[…]` within one segment, by backtracking over the last `*`.
    private static func matchSegment(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0
        var t = 0
        var starP = -1
        var starT = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                starP = p
                starT = t
                p += 1
            } else if p < pattern.count, let next = matchOne(pattern, p, text[t]) {
                p = next
                t += 1
            } else if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// If the pattern element at `p` matches `c`, the index after that element.
    private static func matchOne(_ pattern: [Character], _ p: Int, _ c: Character) -> Int? {
        switch pattern[p] {
        case "?": return p + 1
        case "[":
            guard let close = classEnd(pattern, p) else { return pattern[p] == c ? p + 1 : nil }
            var i = p + 1
            var negated = false
            if i < close, pattern[i] == "!" || pattern[i] == "^" {
                negated = true
                i += 1
            }
            var found = false
            while i < close {
                if i + 2 < close, pattern[i + 1] == "-" {
                    if pattern[i] <= c && c <= pattern[i + 2] { found = true }
                    i += 3
                } else {
                    if pattern[i] == c { found = true }
                    i += 1
                }
            }
            return found != negated ? close + 1 : nil
        case "\\" where p + 1 < pattern.count:
            return pattern[p + 1] == c ? p + 2 : nil
        default:
            return pattern[p] == c ? p + 1 : nil
        }
    }

    private static func classEnd(_ pattern: [Character], _ open: Int) -> Int? {
        var i = open + 1
        if i < pattern.count, pattern[i] == "!" || pattern[i] == "^" { i += 1 }
        if i < pattern.count, pattern[i] == "]" { i += 1 }
        while i < pattern.count {
            if pattern[i] == "]" { return i }
            i += 1
        }
        return nil
    }

    private static func validateClasses(_ segment: String) throws(SyntaxError) {
        let characters = Array(segment)
        for (i, c) in characters.enumerated() where c == "[" && (i == 0 || characters[i - 1] != "\\") {
            if classEnd(characters, i) == nil { throw SyntaxError(reason: "'[' opens a character set that is never closed with ']'") }
        }
    }

    // MARK: Braces

    /// `a{b,c}d` → `abd`, `acd`; nested braces expand from the inside out.
    static func expandBraces(_ text: String) throws(SyntaxError) -> [String] {
        let characters = Array(text)
        var depth = 0
        var open = -1
        var commas: [Int] = []
        for (i, c) in characters.enumerated() {
            if c == "{" {
                if depth == 0 {
                    open = i
                    commas = []
                }
                depth += 1
            } else if c == "}" {
                guard depth > 0 else { throw SyntaxError(reason: "'}' has no matching '{'") }
                depth -= 1
                if depth == 0 {
                    let prefix = String(characters[..<open])
                    let suffix = String(characters[(i + 1)...])
                    let bounds = [open] + commas + [i]
                    var parts: [String] = []
                    for k in 0..<(bounds.count - 1) {
                        parts.append(String(characters[(bounds[k] + 1)..<bounds[k + 1]]))
                    }
                    var result: [String] = []
                    for part in parts {
                        for expanded in try expandBraces(prefix + part + suffix) { result.append(expanded) }
                    }
                    return result
                }
            } else if c == ",", depth == 1 {
                commas.append(i)
            }
        }
        if depth > 0 { throw SyntaxError(reason: "'{' has no matching '}'") }
        return [text]
    }
}
