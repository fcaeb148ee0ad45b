/// Making text from the audited repository safe to place in Markdown: every character that
/// could start markup is backslash-escaped, so input can never become a link, HTML or a
/// table break. cmark-gfm then HTML-escapes the text itself.
enum MarkdownText {
    private static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "!", "|", "~", "&", "#", "{", "}", "(", ")", "$"]

    /// Inline text: one line, markup characters escaped.
    static func escape(_ text: String) -> String {
        escapeASCII(text) ?? escapeCharacters(text)
    }

    /// `escape` character by character: for any text, and what the ASCII path is tested against.
    static func escapeCharacters(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" || character == "\t" {
                result.append(" ")
            } else if special.contains(character) {
                result.append("\\")
                result.append(character)
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `escape` for ASCII text, where every character is one byte (but `\r\n`, one character
    /// and one space): the reports escape every path and message, and walking characters
    /// was most of the Markdown renderer's time. Nil for any other text.
    private static func escapeASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var needsWork = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte < 0x20 || specialBytes[Int(byte)] { needsWork = true }
            }
            guard needsWork else { return String(decoding: bytes, as: UTF8.self) }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 8)
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0x0A || byte == 0x09 {
                    result.append(0x20)
                } else if byte == 0x0D {
                    result.append(0x20)
                    if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                } else if specialBytes[Int(byte)] {
                    result.append(UInt8(ascii: "\\"))
                    result.append(byte)
                } else {
                    result.append(byte)
                }
                i += 1
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `special` as a table of ASCII bytes.
    private static let specialBytes: [Bool] = (0..<128).map { byte in special.contains(Character(Unicode.Scalar(UInt8(byte)))) }

    /// An inline code span that holds any text: the fence is longer than any backtick run inside.
    static func code(_ text: String) -> String {
        let flat = text.replacingNewlines
        let fence = String(repeating: "`", count: longestRun(of: "`", in: flat) + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") || flat.isEmpty ? " " : ""
        return fence + pad + flat + pad + fence
    }

    /// An inline code span inside a table cell. GitHub's tables split cells at every `|` not
    /// escaped with a backslash, even inside a code span, so an input with a `|` would end the
    /// cell in the middle of the span and the rest of it would be read as Markdown (links,
    /// images, emphasis). Each `|` is escaped; the table removes that backslash before the span
    /// is read. A run of backslashes before a `|` is made odd, so that it cannot escape the escape.
    static func tableCode(_ text: String) -> String {
        if let ascii = tableCodeASCII(text) { return ascii }
        return tableCodeByCharacters(text)
    }

    /// `tableCode` for ASCII text, from its bytes (each character one byte, `\r\n` one
    /// character): product ids and paths fill the reports' tables. Nil for other text.
    private static func tableCodeASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 4)
            var backslashes = 0
            var longestTicks = 0
            var ticks = 0
            var i = 0
            while i < bytes.count {
                var byte = bytes[i]
                if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                if byte == 0x0A || byte == 0x0D { byte = 0x20 }
                if byte == UInt8(ascii: "|") {
                    if backslashes % 2 == 0 { escaped.append(UInt8(ascii: "\\")) }
                    escaped.append(byte)
                } else {
                    escaped.append(byte)
                }
                backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
                ticks = byte == UInt8(ascii: "`") ? ticks + 1 : 0
                longestTicks = max(longestTicks, ticks)
                i += 1
            }
            let fence = String(repeating: "`", count: longestTicks + 1)
            let pad = escaped.first == UInt8(ascii: "`") || escaped.last == UInt8(ascii: "`") || escaped.isEmpty ? " " : ""
            return fence + pad + String(decoding: escaped, as: UTF8.self) + pad + fence
        }
    }

    /// `tableCode` character by character: for any text, and the reference for the byte path.
    static func tableCodeByCharacters(_ text: String) -> String {
        var escaped = ""
        var backslashes = 0
        for character in text.replacingNewlines {
            if character == "|" {
                escaped += backslashes % 2 == 0 ? "\\|" : "|"
            } else {
                escaped.append(character)
            }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return code(escaped)
    }

    /// A fenced code block that holds any text.
    static func codeBlock(_ text: String, language: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: text) + 1))
        return "\(fence)\(language)\n\(text)\n\(fence)"
    }

    static func longestRun(of character: Character, in text: String) -> Int {
        // ASCII text (nearly every excerpt) is read as bytes, where each character is one.
        if let byte = character.asciiValue, let run = longestASCIIRun(of: byte, in: text) { return run }
        return longestRunOfCharacters(character, in: text)
    }

    /// `longestRun` character by character: for any text, and what the ASCII path is tested against.
    static func longestRunOfCharacters(_ character: Character, in text: String) -> Int {
        longestRun(of: character, among: text)
    }

    /// `longestRun` for ASCII text; nil for any other.
    private static func longestASCIIRun(of byte: UInt8, in text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes in bytes.contains { $0 >= 0x80 } ? nil : longestRun(of: byte, among: bytes) }
    }

    private static func longestRun<Elements: Sequence>(of element: Elements.Element, among elements: Elements) -> Int
    where Elements.Element: Equatable {
        var longest = 0
        var current = 0
        for other in elements {
            if other == element {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
        }
        return longest
    }

    /// GitHub's heading anchor: lower-cased, punctuation dropped, spaces to hyphens.
    static func slug(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                result.append(character)
            } else if character == " " {
                result.append("-")
            }
        }
        return result
    }

    /// A slug made unique in document order the way GitHub does: "x", "x-1", "x-2".
    static func uniqueSlug(_ text: String, used: inout [String: Int]) -> String {
        let base = slug(text)
        if let count = used[base] {
            used[base] = count + 1
            return "\(base)-\(count)"
        }
        used[base] = 1
        return base
    }

    /// A link destination: percent-encode what would end or break it.
    static func destination(_ path: String) -> String {
        // From the UTF-8 bytes: every character encoded is ASCII, and any other scalar's
        // bytes are copied as they are (what appending the scalar does).
        var path = path
        return path.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 8)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "%"): result.append(contentsOf: "%25".utf8)
                case UInt8(ascii: " "): result.append(contentsOf: "%20".utf8)
                case UInt8(ascii: "("): result.append(contentsOf: "%28".utf8)
                case UInt8(ascii: ")"): result.append(contentsOf: "%29".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "%3C".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "%3E".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "%22".utf8)
                case UInt8(ascii: "\\"): result.append(contentsOf: "%5C".utf8)
                case UInt8(ascii: "`"): result.append(contentsOf: "%60".utf8)
                // A `|` would end a table cell the link is in.
                case UInt8(ascii: "|"): result.append(contentsOf: "%7C".utf8)
                case 0x00..<0x20: continue
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `destination` scalar by scalar: the reference the byte path is tested against.
    static func destinationByScalars(_ path: String) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case " ": result += "%20"
            case "(": result += "%28"
            case ")": result += "%29"
            case "<": result += "%3C"
            case ">": result += "%3E"
            case "\"": result += "%22"
            case "\\": result += "%5C"
            case "`": result += "%60"
            // A `|` would end a table cell the link is in.
            case "|": result += "%7C"
            default:
                if scalar.value < 0x20 { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// Each line break (LF, CR, CR LF) as one space.
    var replacingNewlines: String {
        // Most texts (paths, product ids, messages) have none: returned as they are, found by
        // their bytes. Mapping every Character was 47,000 instructions a 60-byte path (a
        // report's files in no target: 1 % of the real benchmark corpus's audit).
        guard utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return self }
        return String(map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
