/// Reads a legacy `.strings` file: UTF-8 (with or without a byte order mark) or UTF-16 (with a
/// byte order mark, or without one, recognised by its NUL bytes).
///
/// The grammar is the one Foundation accepts for strings tables: entries `key = value;` or the
/// shorthand `key;` (value = key), where each side is a string in double (or single) quotes or
/// an unquoted word of letters, digits and `_ $ + / : . -`; `/* */` and `//` comments anywhere
/// between tokens; optionally the whole table in `{ }`. A table saved as an XML property list
/// is read as one too.
public enum StringsFileLoader {
    public static func load(bytes: [UInt8], file: String) throws(InputError) -> StringsFile {
        var text = try TextDecoding.utf8Text(from: bytes, file: file)
        text.skipRepeatedByteOrderMarks()
        if XMLPropertyListStrings.looksLikeXML(text) {
            return StringsFile(
                file: file, encoding: text.encoding,
                entries: try XMLPropertyListStrings.entries(of: text, original: bytes, file: file))
        }
        var parser = StringsParser(text: text, file: file)
        return StringsFile(file: file, encoding: text.encoding, entries: try parser.parseEntries())
    }
}

/// The parsing state over one file's UTF-8 bytes.
struct StringsParser {
    private let bytes: [UInt8]
    private let end: Int
    private let file: String
    private var index: Int
    private var line = 1
    private var lineStart: Int
    private var scratch: [UInt8] = []
    /// The comment most recently read since the last entry.
    private var pendingComment: String?
    /// The line a `//` comment ended on, to join it with a `//` comment on the next line.
    private var lineCommentEndLine: Int?
    /// Whether the whole text is known to be valid UTF-8 (a UTF-16 table transcoded, or a
    /// UTF-8 one checked in one pass): strings and comments then pass non-ASCII bytes eight
    /// at a time instead of validating each character (translations are mostly non-ASCII: a
    /// call and an append a character were a third of parsing damus's tables). A text that is
    /// not is read as before, and its error points at the byte.
    private let inputIsValidUTF8: Bool
    /// ANDed with a word in the runs: a non-ASCII byte stops the run, to be validated, unless
    /// the text is known valid.
    private var nonASCIIStops: UInt64 { inputIsValidUTF8 ? 0 : ~0 }

    init(text: UTF8Text, file: String) {
        bytes = text.bytes
        end = text.bytes.count
        self.file = file
        index = text.start
        lineStart = text.start
        switch text.encoding {
        case .utf16LittleEndian, .utf16BigEndian: inputIsValidUTF8 = true
        case .utf8, .utf8WithByteOrderMark: inputIsValidUTF8 = SwiftLexer.firstEncodingProblem(in: text.bytes) == nil
        }
    }

    private var position: TextPosition {
        TextPosition(line: line, column: index - lineStart + 1)
    }

    private func failure(_ reason: String, at position: TextPosition) -> InputError {
        InputError(file: file, line: position.line, column: position.column, reason: reason)
    }

    mutating func parseEntries() throws(InputError) -> [StringsEntry] {
        var entries: [StringsEntry] = []
        try skipTrivia()
        // The table may be written as a property list dictionary: `{ "a" = "b"; }`.
        var openingBrace: TextPosition?
        if index < end, bytes[index] == UInt8(ascii: "{") {
            openingBrace = position
            index += 1
        }
        while true {
            try skipTrivia()
            if let openingBrace {
                guard index < end else {
                    throw failure("unexpected end of file: the '{' at \(openingBrace) is not closed", at: position)
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    try skipTrivia()
                    guard index == end else {
                        throw failure(
                            "unexpected \(UTF8Validation.characterDescription(in: bytes, at: index, end: end)) "
                                + "after the closing '}'", at: position)
                    }
                    return entries
                }
            }
            guard index < end else { return entries }
            let comment = pendingComment
            pendingComment = nil
            lineCommentEndLine = nil
            let keyPosition = position
            let key = try parseToken(role: "a key")
            let afterKey = position
            try skipTrivia()
            guard index < end else {
                throw failure(
                    "unexpected end of file: expected '=' or ';' after the key \"\(key)\"", at: afterKey)
            }
            var value = key
            var valuePosition = keyPosition
            switch bytes[index] {
            case UInt8(ascii: ";"):
                index += 1
            case UInt8(ascii: "="):
                index += 1
                try skipTrivia()
                guard index < end else {
                    throw failure("unexpected end of file: expected the value of \"\(key)\" after '='", at: position)
                }
                valuePosition = position
                value = try parseToken(role: "the value of \"\(key)\"")
                let afterValue = position
                try skipTrivia()
                guard index < end, bytes[index] == UInt8(ascii: ";") else {
                    throw failure("expected ';' after the value of \"\(key)\"", at: afterValue)
                }
                index += 1
            default:
                throw failure("expected '=' after the key \"\(key)\"", at: afterKey)
            }
            // Comments inside an entry belong to no entry.
            pendingComment = nil
            lineCommentEndLine = nil
            entries.append(
                StringsEntry(
                    key: key, value: value, comment: comment, location: keyPosition.location(in: file),
                    valueLocation: valuePosition.location(in: file)))
        }
    }

    // MARK: - Tokens

    /// `role` names the token in the error for a missing one: made only then (an interpolated
    /// string for every value of the damus tables' 15,000 entries was 25 M instructions).
    private mutating func parseToken(role: @autoclosure () -> String) throws(InputError) -> String {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try parseQuotedString(quote: byte)
        }
        let start = index
        while index < end, Self.isUnquotedByte(bytes[index]) {
            index += 1
        }
        guard index > start else {
            throw failure(
                "expected \(role()) in double quotes, found "
                    + UTF8Validation.characterDescription(in: bytes, at: index, end: end), at: position)
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isUnquotedByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"),
            UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// Reads a string from its opening quote to its closing one. Line breaks may appear inside.
    private mutating func parseQuotedString(quote: UInt8) throws(InputError) -> String {
        let opening = position
        index += 1
        scratch.removeAll(keepingCapacity: true)
        let quoteWord = 0x0101_0101_0101_0101 &* UInt64(quote)
        while index < end {
            // Text without a quote, backslash, line break or non-ASCII byte to validate: eight
            // bytes at a time, copied at once (a table is mostly such text).
            let runStart = index
            index = runEnd(from: index) { word in
                word & nonASCIIStops | WordBytes.zeroByteBits(word ^ quoteWord) | WordBytes.zeroByteBits(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                    | WordBytes.zeroByteBits(word ^ 0x0A0A_0A0A_0A0A_0A0A) | WordBytes.zeroByteBits(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            }
            if index > runStart { scratch.append(contentsOf: bytes[runStart..<index]) }
            guard index < end else { break }
            let byte = bytes[index]
            switch byte {
            case quote:
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0x0A:
                scratch.append(byte)
                index += 1
                newLine()
            case 0x0D:
                scratch.append(byte)
                index += 1
                if index < end, bytes[index] == 0x0A {
                    scratch.append(0x0A)
                    index += 1
                }
                newLine()
            case 0..<0x80:
                scratch.append(byte)
                index += 1
            default:
                // A run can end inside a character: in a valid text each byte stands alone.
                if inputIsValidUTF8 {
                    scratch.append(byte)
                    index += 1
                    continue
                }
                guard let length = UTF8Validation.sequenceLength(in: bytes, at: index, end: end) else {
                    throw failure(
                        "invalid UTF-8: byte 0x\(UTF8Validation.hex(UInt32(byte), digits: 2)) cannot appear here; "
                            + "save the file as UTF-8 or UTF-16", at: position)
                }
                scratch.append(contentsOf: bytes[index..<(index + length)])
                index += length
            }
        }
        throw failure("unexpected end of file: the string opened at \(opening) is not closed", at: position)
    }

    private mutating func parseEscape() throws(InputError) {
        let backslash = position
        index += 1
        guard index < end else {
            throw failure("unexpected end of file inside an escape sequence", at: backslash)
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "a"): scratch.append(0x07)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "v"): scratch.append(0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // Up to three octal digits, as in C: `\0` is NUL, `\012` a line feed.
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") {
                value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            TextDecoding.appendUTF8(value, to: &scratch)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeAt: backslash)
            if scalar >= 0xD800, scalar <= 0xDBFF {
                let second = position
                guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw failure(
                        "\\U\(UTF8Validation.hex(scalar, digits: 4)) is the first half of a surrogate pair; "
                            + "the second half (\\UDC00 to \\UDFFF) is missing", at: backslash)
                }
                index += 2
                let low = try hexQuad(escapeAt: second)
                guard low >= 0xDC00, low <= 0xDFFF else {
                    throw failure(
                        "\\U\(UTF8Validation.hex(scalar, digits: 4)) must be followed by a low surrogate "
                            + "(\\UDC00 to \\UDFFF)", at: second)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00, scalar <= 0xDFFF {
                throw failure(
                    "\\U\(UTF8Validation.hex(scalar, digits: 4)) is the second half of a surrogate pair "
                        + "without a first half", at: backslash)
            }
            TextDecoding.appendUTF8(scalar, to: &scratch)
        case 0x0A, 0x0D:
            // A backslash before a line break keeps the break, like any other escaped character.
            index -= 1
        default:
            // `\"`, `\\`, `\'` and any other escaped character stand for themselves.
            index -= 1
            guard let length = UTF8Validation.sequenceLength(in: bytes, at: index, end: end) else {
                throw failure(
                    "invalid UTF-8: byte 0x\(UTF8Validation.hex(UInt32(bytes[index]), digits: 2)) cannot appear here; "
                        + "save the file as UTF-8 or UTF-16", at: position)
            }
            scratch.append(contentsOf: bytes[index..<(index + length)])
            index += length
        }
    }

    /// Reads the four hex digits after `\U` or `\u`.
    private mutating func hexQuad(escapeAt escape: TextPosition) throws(InputError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < end, let digit = Self.hexValue(bytes[index]) else {
                throw failure("expected four hex digits after \\U", at: escape)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Whitespace and comments

    private mutating func newLine() {
        line += 1
        lineStart = index
    }

    /// Skips whitespace and comments, remembering the last comment for the next entry.
    private mutating func skipTrivia() throws(InputError) {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0B, 0x0C:
                index += 1
            case 0x0A:
                index += 1
                newLine()
            case 0x0D:
                index += 1
                if index < end, bytes[index] == 0x0A { index += 1 }
                newLine()
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "/"):
                try skipLineComment()
            default:
                return
            }
        }
    }

    private mutating func skipBlockComment() throws(InputError) {
        let opening = position
        index += 2
        let contentStart = index
        while index < end {
            // To the next `*`, line break or non-ASCII byte to validate, eight bytes at a time.
            index = runEnd(from: index) { word in
                word & nonASCIIStops | WordBytes.zeroByteBits(word ^ 0x2A2A_2A2A_2A2A_2A2A)
                    | WordBytes.zeroByteBits(word ^ 0x0A0A_0A0A_0A0A_0A0A) | WordBytes.zeroByteBits(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            }
            guard index < end else { break }
            switch bytes[index] {
            case UInt8(ascii: "*") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "/"):
                pendingComment = commentText(contentStart..<index)
                lineCommentEndLine = nil
                index += 2
                return
            case 0x0A:
                index += 1
                newLine()
            case 0x0D:
                index += 1
                if index < end, bytes[index] == 0x0A { index += 1 }
                newLine()
            default:
                try skipCommentCharacter()
            }
        }
        throw failure("unexpected end of file: the comment opened at \(opening) is not closed (expected '*/')", at: position)
    }

    private mutating func skipLineComment() throws(InputError) {
        let commentLine = line
        index += 2
        let contentStart = index
        while index < end {
            index = runEnd(from: index) { word in
                word & nonASCIIStops | WordBytes.zeroByteBits(word ^ 0x0A0A_0A0A_0A0A_0A0A) | WordBytes.zeroByteBits(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            }
            guard index < end, bytes[index] != 0x0A, bytes[index] != 0x0D else { break }
            try skipCommentCharacter()
        }
        let text = commentText(contentStart..<index)
        if let previous = pendingComment, lineCommentEndLine == commentLine - 1 {
            pendingComment = previous + "\n" + text
        } else {
            pendingComment = text
        }
        lineCommentEndLine = commentLine
    }

    /// Comments must be valid UTF-8 like the rest of the file.
    private mutating func skipCommentCharacter() throws(InputError) {
        // A run can end inside a character: in a valid text each byte stands alone.
        guard bytes[index] >= 0x80, !inputIsValidUTF8 else {
            index += 1
            return
        }
        guard let length = UTF8Validation.sequenceLength(in: bytes, at: index, end: end) else {
            throw failure(
                "invalid UTF-8: byte 0x\(UTF8Validation.hex(UInt32(bytes[index]), digits: 2)) cannot appear here; "
                    + "save the file as UTF-8 or UTF-16", at: position)
        }
        index += length
    }

    /// The start of the first eight-byte word at or after `start` in which `stops` (the word
    /// ORed with the `WordBytes.zeroByteBits` of the word against each byte looked for) has a
    /// high bit, or where fewer than eight bytes are left; the caller looks at its bytes one
    /// by one. The callers OR in the word itself unless the text is known valid UTF-8 (a
    /// non-ASCII byte then stops it, to be validated).
    @inline(__always)
    private func runEnd(from start: Int, _ stops: (UInt64) -> UInt64) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            let raw = UnsafeRawPointer(base)
            var i = start
            while i + 8 <= end, stops(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            return i
        }
    }

    /// The comment's text without surrounding spaces and line breaks.
    private func commentText(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
