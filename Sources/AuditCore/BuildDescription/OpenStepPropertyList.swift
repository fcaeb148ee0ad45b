/// A value of an OpenStep-style ("old-style ASCII") property list, the format of Xcode's
/// `project.pbxproj`: dictionaries `{ key = value; }`, arrays `( a, b, )`, quoted and bare
/// strings, `<hex data>`, and `/* */` and `//` comments. Each value keeps where it starts, so a
/// problem found later (a reference to an object that does not exist) can name its line.
public indirect enum OpenStepValue: Sendable, Hashable {
    case string(String, TextPosition)
    case array([OpenStepValue], TextPosition)
    case dictionary([String: OpenStepValue], TextPosition)
    case data([UInt8], TextPosition)

    public var position: TextPosition {
        switch self {
        case .string(_, let position), .array(_, let position), .dictionary(_, let position), .data(_, let position): position
        }
    }

    public var string: String? {
        if case .string(let text, _) = self { return text }
        return nil
    }

    public var array: [OpenStepValue]? {
        if case .array(let items, _) = self { return items }
        return nil
    }

    public var dictionary: [String: OpenStepValue]? {
        if case .dictionary(let entries, _) = self { return entries }
        return nil
    }

    /// The dictionary entry `key`, nil when this is not a dictionary or has no such key.
    public subscript(key: String) -> OpenStepValue? {
        dictionary?[key]
    }

    /// The strings of an array value (other items left out); empty when it is not an array.
    public var strings: [String] {
        array?.compactMap(\.string) ?? []
    }
}

/// Why a property list could not be parsed, with where.
public struct OpenStepParseError: Error, Sendable, Hashable {
    public var position: TextPosition
    public var reason: String
}

/// Parses OpenStep property lists from UTF-8 bytes. Hand-written over the bytes: a large
/// app's project file is a few megabytes, read on every audit.
public struct OpenStepPropertyListParser {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    /// Nesting depth: a hostile file of a million `{` must be an error, not a stack overflow.
    private var depth = 0
    static let maximumDepth = 256

    public static func parse(_ bytes: [UInt8]) throws(OpenStepParseError) -> OpenStepValue {
        var parser = OpenStepPropertyListParser(bytes: bytes)
        // A UTF-8 byte-order mark is allowed before the first value.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3; parser.lineStart = 3 }
        try parser.skipTrivia()
        let value = try parser.value()
        try parser.skipTrivia()
        if parser.offset < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the property list")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var position: TextPosition {
        TextPosition(line: line, column: offset - lineStart + 1)
    }

    private func error(_ reason: String, at position: TextPosition? = nil) -> OpenStepParseError {
        OpenStepParseError(position: position ?? self.position, reason: reason)
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let c = bytes[offset]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return String(format: "byte 0x%02X", c)
    }

    private mutating func newline(at index: Int) {
        line += 1
        lineStart = index + 1
    }

    /// Skips white space and comments.
    private mutating func skipTrivia() throws(OpenStepParseError) {
        while offset < bytes.count {
            let c = bytes[offset]
            switch c {
            case 0x20, 0x09, 0x0B, 0x0C:
                offset += 1
            case 0x0A:
                newline(at: offset)
                offset += 1
            case 0x0D:
                if offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 1 }
                newline(at: offset)
                offset += 1
            case UInt8(ascii: "/") where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/"):
                while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            case UInt8(ascii: "/") where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "*"):
                let start = position
                offset += 2
                var closed = false
                while offset < bytes.count {
                    if bytes[offset] == UInt8(ascii: "*"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                        offset += 2
                        closed = true
                        break
                    }
                    if bytes[offset] == 0x0A || (bytes[offset] == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) {
                        newline(at: offset)
                    }
                    offset += 1
                }
                if !closed { throw error("comment '/*' is never closed with '*/'", at: start) }
            default:
                return
            }
        }
    }

    private mutating func value() throws(OpenStepParseError) -> OpenStepValue {
        guard offset < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try dictionary()
        case UInt8(ascii: "("): return try array()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quotedString()
        case UInt8(ascii: "<"): return try data()
        default:
            if let bare = bareString() { return bare }
            throw error("expected a value ('{', '(', a string or '<data>'), found \(describeCurrent())")
        }
    }

    private mutating func enter(_ start: TextPosition) throws(OpenStepParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep", at: start) }
    }

    private mutating func dictionary() throws(OpenStepParseError) -> OpenStepValue {
        let start = position
        try enter(start)
        defer { depth -= 1 }
        offset += 1
        var entries: [String: OpenStepValue] = [:]
        while true {
            try skipTrivia()
            guard offset < bytes.count else { throw error("dictionary opened at line \(start.line) is never closed with '}'") }
            if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .dictionary(entries, start)
            }
            let keyPosition = position
            guard case .string(let key, _) = try keyValue() else {
                throw error("expected a key (a string) in the dictionary, found \(describeCurrent())", at: keyPosition)
            }
            try skipTrivia()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw error("expected '=' after the key \"\(key)\", found \(describeCurrent())")
            }
            offset += 1
            try skipTrivia()
            let value = try value()
            try skipTrivia()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else {
                throw error("expected ';' after the value of \"\(key)\", found \(describeCurrent())")
            }
            offset += 1
            // Xcode never writes a key twice; when a hand edit does, the last one wins, as in
            // Apple's parser.
            entries[key] = value
        }
    }

    private mutating func keyValue() throws(OpenStepParseError) -> OpenStepValue {
        guard offset < bytes.count else { throw error("expected a key, found the end of the file") }
        if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") { return try quotedString() }
        if let bare = bareString() { return bare }
        throw error("expected a key (a string) in the dictionary, found \(describeCurrent())")
    }

    private mutating func array() throws(OpenStepParseError) -> OpenStepValue {
        let start = position
        try enter(start)
        defer { depth -= 1 }
        offset += 1
        var items: [OpenStepValue] = []
        while true {
            try skipTrivia()
            guard offset < bytes.count else { throw error("array opened at line \(start.line) is never closed with ')'") }
            if bytes[offset] == UInt8(ascii: ")") {
                offset += 1
                return .array(items, start)
            }
            items.append(try value())
            try skipTrivia()
            guard offset < bytes.count else { throw error("array opened at line \(start.line) is never closed with ')'") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' in the array, found \(describeCurrent())")
            }
        }
    }

    /// Letters, digits and `_$+/:.-` make a bare string, as in Apple's parser.
    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: "+") || c == UInt8(ascii: "/")
            || c == UInt8(ascii: ":") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
    }

    private mutating func bareString() -> OpenStepValue? {
        let start = position
        let begin = offset
        while offset < bytes.count, Self.isBare(bytes[offset]) {
            // `//` and `/*` start a comment even right after a bare string.
            if bytes[offset] == UInt8(ascii: "/"), offset + 1 < bytes.count,
               bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*") { break }
            offset += 1
        }
        guard offset > begin else { return nil }
        return .string(String(decoding: bytes[begin..<offset], as: UTF8.self), start)
    }

    private mutating func quotedString() throws(OpenStepParseError) -> OpenStepValue {
        let start = position
        let quote = bytes[offset]
        offset += 1
        var text: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw error("string opened here is never closed with \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\"")", at: start) }
            let c = bytes[offset]
            if c == quote {
                offset += 1
                return .string(String(decoding: text, as: UTF8.self), start)
            }
            if c == UInt8(ascii: "\\") {
                offset += 1
                guard offset < bytes.count else { continue }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "a"): text.append(0x07)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "v"): text.append(0x0B)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    // \U followed by up to four hex digits: a UTF-16 unit.
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, offset < bytes.count, let digit = Self.hexValue(bytes[offset]) {
                        value = value * 16 + UInt32(digit)
                        offset += 1
                        digits += 1
                    }
                    TextDecoding.appendUTF8(value, to: &text)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    // Up to three octal digits.
                    var value = UInt32(escaped - UInt8(ascii: "0"))
                    var digits = 1
                    while digits < 3, offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "7") {
                        value = value * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                        offset += 1
                        digits += 1
                    }
                    TextDecoding.appendUTF8(value, to: &text)
                case 0x0A:
                    newline(at: offset - 1)
                    text.append(0x0A)
                default:
                    text.append(escaped)
                }
                continue
            }
            if c == 0x0A || (c == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) { newline(at: offset) }
            text.append(c)
            offset += 1
        }
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func data() throws(OpenStepParseError) -> OpenStepValue {
        let start = position
        offset += 1
        var result: [UInt8] = []
        var high: UInt8?
        while true {
            guard offset < bytes.count else { throw error("data opened here is never closed with '>'", at: start) }
            let c = bytes[offset]
            offset += 1
            if c == UInt8(ascii: ">") {
                if high != nil { throw error("data has an odd number of hex digits", at: start) }
                return .data(result, start)
            }
            if c == 0x20 || c == 0x09 || c == 0x0D { continue }
            if c == 0x0A { newline(at: offset - 1); continue }
            guard let digit = Self.hexValue(c) else {
                offset -= 1
                throw error("expected a hex digit or '>' in data, found \(describeCurrent())")
            }
            if let first = high {
                result.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
    }
}
