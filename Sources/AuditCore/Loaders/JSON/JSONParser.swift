/// Parses JSON text (RFC 8259) into a `JSONNode` tree that remembers where every value starts.
///
/// The parser works on UTF-8 bytes with an explicit stack instead of recursion, so no input
/// can overflow the call stack, and it reports the first problem as an `InputError` pointing at
/// the offending byte. It accepts a UTF-8 byte order mark and UTF-16 (transcoded first).
public enum JSONParser {
    /// Deeper nesting is reported as an error. Real configuration files nest fewer than ten
    /// levels; the limit keeps every later recursive walk of a tree (comparing, hashing,
    /// freeing it, or a loader's own) well within the call stack.
    public static let maximumDepth = 512

    public static func parse(bytes: [UInt8], file: String) throws(InputError) -> JSONNode {
        let text = try TextDecoding.utf8Text(from: bytes, file: file)
        var parser = JSONByteParser(text: text, file: file)
        return try parser.parseDocument()
    }
}

/// The parsing state over one file's bytes.
struct JSONByteParser {
    private let bytes: [UInt8]
    private let end: Int
    private let file: String
    private var index: Int
    private var line = 1
    private var lineStart: Int
    /// Reused for strings with escapes so that each string costs one allocation, its own.
    private var scratch: [UInt8] = []
    /// Set when the whole input is known to be well-formed UTF-8 (`SwiftLexer.firstEncodingProblem`):
    /// the string scanner then looks only for quotes, backslashes and control characters, and
    /// skips the bytes of other characters eight at a time instead of checking each sequence.
    /// A string catalog is mostly translations, whose every character was checked here one by
    /// one before `String(decoding:)` checked it again.
    var inputIsValidUTF8 = false

    /// An object or array whose closing bracket has not been read yet. A struct mutated in
    /// place on the stack, so that appending a member never copies the members before it.
    private struct OpenContainer {
        var isObject: Bool
        var start: TextPosition
        var members: [JSONMember] = []
        var elements: [JSONNode] = []
        /// The key of the object member whose value is being read.
        var key = ""
        var keyPosition: TextPosition

        init(isObject: Bool, start: TextPosition) {
            self.isObject = isObject
            self.start = start
            keyPosition = start
        }
    }

    init(text: UTF8Text, file: String) {
        bytes = text.bytes
        end = text.bytes.count
        self.file = file
        index = text.start
        lineStart = text.start
    }

    private var position: TextPosition {
        TextPosition(line: line, column: index - lineStart + 1)
    }

    private func failure(_ reason: String, at position: TextPosition) -> InputError {
        InputError(file: file, line: position.line, column: position.column, reason: reason)
    }

    private func failureHere(_ reason: String) -> InputError {
        failure(reason, at: position)
    }

    // MARK: - Document

    mutating func parseDocument() throws(InputError) -> JSONNode {
        var stack: [OpenContainer] = []
        skipWhitespace()
        if index == end {
            throw failureHere("the file is empty; expected a JSON value")
        }
        parsing: while true {
            skipWhitespace()
            guard index < end else { throw endOfFile(stack, expecting: "a value") }
            var node: JSONNode
            let start = position
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if index < end, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    node = JSONNode(value: .object([]), position: start)
                } else {
                    guard stack.count < JSONParser.maximumDepth else { throw tooDeep(at: start) }
                    stack.append(OpenContainer(isObject: true, start: start))
                    let (key, keyPosition) = try parseKey(stack, afterComma: false)
                    stack[stack.count - 1].key = key
                    stack[stack.count - 1].keyPosition = keyPosition
                    continue parsing
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if index < end, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    node = JSONNode(value: .array([]), position: start)
                } else {
                    guard stack.count < JSONParser.maximumDepth else { throw tooDeep(at: start) }
                    stack.append(OpenContainer(isObject: false, start: start))
                    continue parsing
                }
            default:
                node = JSONNode(value: try parseScalar(stack), position: start)
            }

            // A value is complete: hand it to its container, closing every container that ends
            // right after it.
            while !stack.isEmpty {
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    stack[top].members.append(
                        JSONMember(key: stack[top].key, keyPosition: stack[top].keyPosition, node: node))
                    guard index < end else { throw endOfFile(stack, expecting: nil) }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        let (key, keyPosition) = try parseKey(stack, afterComma: true)
                        stack[top].key = key
                        stack[top].keyPosition = keyPosition
                        continue parsing
                    case UInt8(ascii: "}"):
                        index += 1
                        let object = stack.removeLast()
                        node = JSONNode(value: .object(object.members), position: object.start)
                    default:
                        throw unexpected(expecting: "',' or '}' after an object member")
                    }
                } else {
                    stack[top].elements.append(node)
                    guard index < end else { throw endOfFile(stack, expecting: nil) }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        if index < end, bytes[index] == UInt8(ascii: "]") {
                            throw failureHere("expected a value after ',' but found ']' (trailing commas are not allowed in JSON)")
                        }
                        continue parsing
                    case UInt8(ascii: "]"):
                        index += 1
                        let array = stack.removeLast()
                        node = JSONNode(value: .array(array.elements), position: array.start)
                    default:
                        throw unexpected(expecting: "',' or ']' after an array element")
                    }
                }
            }
            skipWhitespace()
            if index < end {
                throw failureHere(
                    "unexpected \(UTF8Validation.characterDescription(in: bytes, at: index, end: end)) "
                        + "after the end of the JSON value")
            }
            return node
        }
    }

    /// Reads `"key"` and the `:` after it, leaving the index at the member's value.
    private mutating func parseKey(
        _ stack: [OpenContainer], afterComma: Bool
    ) throws(InputError) -> (String, TextPosition) {
        skipWhitespace()
        guard index < end else { throw endOfFile(stack, expecting: "a member name") }
        let keyPosition = position
        guard bytes[index] == UInt8(ascii: "\"") else {
            if afterComma, bytes[index] == UInt8(ascii: "}") {
                throw failureHere("expected a member name after ',' but found '}' (trailing commas are not allowed in JSON)")
            }
            throw unexpected(expecting: "a member name in double quotes")
        }
        let key = try parseString(stack)
        skipWhitespace()
        guard index < end else { throw endOfFile(stack, expecting: "':' after the member name") }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw unexpected(expecting: "':' after the member name \"\(key)\"")
        }
        index += 1
        return (key, keyPosition)
    }

    private mutating func parseScalar(_ stack: [OpenContainer]) throws(InputError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return .string(try parseString(stack))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw failureHere("expected a value but found '\(Character(Unicode.Scalar(bytes[index])))'")
        default:
            throw unexpected(expecting: "a value (object, array, string, number, true, false or null)")
        }
    }

    // MARK: - Scalars

    private mutating func expectLiteral(_ literal: StaticString) throws(InputError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        var offset = 0
        let matches = literal.withUTF8Buffer { expected in
            while offset < count, index + offset < end, bytes[index + offset] == expected[offset] {
                offset += 1
            }
            return offset == count
        }
        guard matches, !(index + count < end && isWordByte(bytes[index + count])) else {
            throw failure("invalid word; expected \(literal), a string in double quotes, or a number", at: start)
        }
        index += count
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private func isDigit(at offset: Int) -> Bool {
        offset < end && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
    }

    private mutating func parseNumber() throws(InputError) -> JSONValue {
        let startIndex = index
        let start = position
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard isDigit(at: index) else { throw failureHere("expected a digit after '-'") }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(at: index) {
                throw failure("a number may not start with a leading zero", at: start)
            }
        } else {
            while isDigit(at: index) { index += 1 }
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(at: index) else { throw failureHere("expected a digit after the decimal point") }
            while isDigit(at: index) { index += 1 }
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(at: index) else { throw failureHere("expected a digit in the exponent") }
            while isDigit(at: index) { index += 1 }
        }
        let raw = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        guard let value = Double(raw), value.isFinite else {
            throw failure("the number \(raw) is too large to represent", at: start)
        }
        return .number(value, raw: raw)
    }

    /// Reads a string starting at its opening quote and leaves the index after the closing one.
    private mutating func parseString(_ stack: [OpenContainer]) throws(InputError) -> String {
        let opening = position
        index += 1
        let contentStart = index
        if let plain = try plainString() { return String(decoding: bytes[plain], as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[contentStart..<index])
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
                continue
            }
            let before = index
            try checkStringByte(byte)
            scratch.append(contentsOf: bytes[before..<index])
        }
        throw failureHere(
            "unexpected end of file: the string opened at \(opening) is not closed"
                + openContainersSuffix(stack))
    }

    /// From the byte after a string's opening quote: a string without escapes (nearly every
    /// one) is a slice of the input, whose range this returns, leaving the index after the
    /// closing quote. Nil at the first backslash (the index is at it) or at the end of the
    /// input. Runs of plain bytes are skipped eight at a time, and the scan lands on the first
    /// byte that needs a look.
    private mutating func plainString() throws(InputError) -> Range<Int>? {
        let contentStart = index
        while index < end {
            index = plainStringRunEnd(from: index)
            guard index < end else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return contentStart..<index - 1
            }
            if byte == UInt8(ascii: "\\") { return nil }
            try checkStringByte(byte)
        }
        return nil
    }

    /// The first byte at or after `start` that a string cannot simply contain: a quote, a
    /// backslash, a control character, or a byte of 0x80 and above (whose sequence must be
    /// validated) unless the whole input is known to be valid UTF-8; `end` when there is none.
    /// Eight bytes at a time: each test below marks a byte's high bit, exactly for the
    /// lowest marked byte of the word (a borrow starts only at a byte the test is looking
    /// for), so the lowest mark is where the scan stops. The word is read little-endian, so
    /// that its lowest bits are its first byte. Before, a run stopped at the word and the
    /// bytes before the closing quote went one at a time through the loop, most of the cost
    /// of reading a string catalog's strings.
    private func plainStringRunEnd(from start: Int) -> Int {
        let checksHighBytes = !inputIsValidUTF8
        let highBits: UInt64 = checksHighBytes ? 0x8080_8080_8080_8080 : 0
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            let raw = UnsafeRawPointer(base)
            var i = start
            while i + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // Bytes of 0x80 and above; control characters (below 0x20); quotes and
                // backslashes (the zero bytes of `word ^ 0x22…` and `word ^ 0x5C…`).
                let marks = (word & highBits)
                    | (word &- 0x2020_2020_2020_2020) & ~word
                    | WordBytes.zeroByteBits(word ^ 0x2222_2222_2222_2222)
                    | WordBytes.zeroByteBits(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                let special = marks & 0x8080_8080_8080_8080
                if special != 0 { return i + special.trailingZeroBitCount / 8 }
                i += 8
            }
            while i < end {
                let byte = buffer[i]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80 && checksHighBytes { return i }
                i += 1
            }
            return i
        }
    }

    /// Validates one unescaped character inside a string and moves past it.
    private mutating func checkStringByte(_ byte: UInt8) throws(InputError) {
        if byte < 0x20 {
            if byte == 0x0A || byte == 0x0D {
                throw failureHere("line break inside a string; close the string with '\"' or write \\n")
            }
            throw failureHere(
                "control character U+\(UTF8Validation.hex(UInt32(byte), digits: 4)) inside a string; "
                    + "write it as an escape such as \\t or \\u\(UTF8Validation.hex(UInt32(byte), digits: 4))")
        }
        if byte < 0x80 {
            index += 1
            return
        }
        guard let length = UTF8Validation.sequenceLength(in: bytes, at: index, end: end) else {
            throw failureHere(
                "invalid UTF-8: byte 0x\(UTF8Validation.hex(UInt32(byte), digits: 2)) cannot appear here; "
                    + "save the file as UTF-8")
        }
        index += length
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
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeAt: backslash)
            if scalar >= 0xD800, scalar <= 0xDBFF {
                guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw failure(
                        "\\u\(UTF8Validation.hex(scalar, digits: 4)) is the first half of a surrogate pair; "
                            + "the second half (\\uDC00 to \\uDFFF) is missing", at: backslash)
                }
                let secondEscape = position
                index += 2
                let low = try hexQuad(escapeAt: secondEscape)
                guard low >= 0xDC00, low <= 0xDFFF else {
                    throw failure(
                        "\\u\(UTF8Validation.hex(scalar, digits: 4)) must be followed by a low surrogate "
                            + "(\\uDC00 to \\uDFFF)", at: secondEscape)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00, scalar <= 0xDFFF {
                throw failure(
                    "\\u\(UTF8Validation.hex(scalar, digits: 4)) is the second half of a surrogate pair "
                        + "without a first half", at: backslash)
            }
            TextDecoding.appendUTF8(scalar, to: &scratch)
        default:
            index -= 1
            let escape =
                byte >= 0x21 && byte < 0x7F
                ? "'\\\(Character(Unicode.Scalar(byte)))'"
                : "\\ followed by \(UTF8Validation.characterDescription(in: bytes, at: index, end: end))"
            throw failure(
                "invalid escape \(escape) in a string; "
                    + "JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: backslash)
        }
    }

    /// Reads the four hex digits after `\u`.
    private mutating func hexQuad(escapeAt escape: TextPosition) throws(InputError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < end, let digit = hexValue(bytes[index]) else {
                throw failure("expected four hex digits after \\u", at: escape)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Whitespace and errors

    private mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
                // The indentation after a line break, eight spaces at a time: a string catalog
                // is a third indentation.
                index = spaceRunEnd(from: index)
            case 0x0D:
                index += 1
                if index < end, bytes[index] == 0x0A { index += 1 }
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// The first byte at or after `start` that is not in a run of eight spaces, or where
    /// fewer than eight bytes are left.
    @inline(__always)
    private func spaceRunEnd(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            let raw = UnsafeRawPointer(base)
            var i = start
            while i + 8 <= end, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0x2020_2020_2020_2020 { i += 8 }
            return i
        }
    }

    private func unexpected(expecting expected: String) -> InputError {
        let byte = bytes[index]
        if byte == UInt8(ascii: "/"), index + 1 < end,
            bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
        {
            return failureHere("comments are not allowed in JSON; expected \(expected)")
        }
        if byte >= 0x80, UTF8Validation.sequenceLength(in: bytes, at: index, end: end) == nil {
            return failureHere(
                "invalid UTF-8: byte 0x\(UTF8Validation.hex(UInt32(byte), digits: 2)) cannot appear here; "
                    + "save the file as UTF-8")
        }
        return failureHere(
            "expected \(expected), found \(UTF8Validation.characterDescription(in: bytes, at: index, end: end))")
    }

    private func tooDeep(at position: TextPosition) -> InputError {
        failure("nesting is deeper than \(JSONParser.maximumDepth) levels of objects and arrays", at: position)
    }

    /// The error for input that stops early, naming the innermost container left open.
    private func endOfFile(_ stack: [OpenContainer], expecting expected: String?) -> InputError {
        guard let innermost = stack.last else {
            return failureHere("unexpected end of file; expected \(expected ?? "a value")")
        }
        var reason = "unexpected end of file: \(describe(innermost)) is not closed"
        if let expected { reason += " (expected \(expected))" }
        return failureHere(reason)
    }

    private func openContainersSuffix(_ stack: [OpenContainer]) -> String {
        guard let innermost = stack.last else { return "" }
        return ", nor is \(describe(innermost))"
    }

    private func describe(_ container: OpenContainer) -> String {
        "the \(container.isObject ? "object" : "array") opened at \(container.start)"
    }
}

// MARK: - Reading without a tree

/// Reading one value at a time, for a loader that knows the shape it expects (a string
/// catalog) and builds its own values as it reads, without a tree of every value to free
/// after. It accepts exactly the JSON the tree parser accepts; a value of another type than
/// asked is an error too. A loader that meets any error gives up on this reader and parses
/// the tree, whose errors say what is wrong and where.
extension JSONByteParser {
    /// A member name as read: where its bytes are when written without escapes (nearly
    /// always), else its decoded text.
    struct MemberName {
        let bytes: Range<Int>
        let decoded: String?
        let position: TextPosition
    }

    /// Where the next value starts (after `firstMember`, `nextMember` or `beginDocument`).
    var valuePosition: TextPosition { position }

    /// Skips leading whitespace; the document must not be empty.
    mutating func beginDocument() throws(InputError) {
        skipWhitespace()
        if index == end { throw failureHere("the file is empty; expected a JSON value") }
    }

    /// Nothing but whitespace may follow the document's value.
    mutating func endDocument() throws(InputError) {
        skipWhitespace()
        if index < end { throw unexpected(expecting: "the end of the file") }
    }

    /// At a value: true after its `{` when it is an object, false after `null`; an error for
    /// any other value. `depth` counts the objects and arrays open around it.
    mutating func openObject(depth: Int) throws(InputError) -> Bool {
        guard index < end else { throw endOfFile([], expecting: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < JSONParser.maximumDepth else { throw tooDeep(at: position) }
            index += 1
            return true
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return false
        default:
            throw unexpected(expecting: "an object or null")
        }
    }

    /// Right after an object's `{`: its first member's name, leaving the index at the member's
    /// value, or nil after an empty object's `}`.
    mutating func firstMember() throws(InputError) -> MemberName? {
        skipWhitespace()
        if index < end, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        return try memberName(afterComma: false)
    }

    /// After a member's value: the next member's name, or nil after the object's `}`.
    mutating func nextMember() throws(InputError) -> MemberName? {
        skipWhitespace()
        guard index < end else { throw endOfFile([], expecting: nil) }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return try memberName(afterComma: true)
        case UInt8(ascii: "}"):
            index += 1
            return nil
        default:
            throw unexpected(expecting: "',' or '}' after an object member")
        }
    }

    /// `"name"` and the `:` after it, leaving the index at the value.
    private mutating func memberName(afterComma: Bool) throws(InputError) -> MemberName {
        skipWhitespace()
        guard index < end else { throw endOfFile([], expecting: "a member name") }
        let namePosition = position
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw unexpected(expecting: afterComma ? "a member name after ','" : "a member name in double quotes")
        }
        let opening = index
        index += 1
        let name: MemberName
        if let plain = try plainString() {
            name = MemberName(bytes: plain, decoded: nil, position: namePosition)
        } else {
            // Escapes (or no closing quote): decoded, or reported, as the tree parser does.
            index = opening
            name = MemberName(bytes: opening..<opening, decoded: try parseString([]), position: namePosition)
        }
        skipWhitespace()
        guard index < end else { throw endOfFile([], expecting: "':' after the member name") }
        guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expecting: "':' after the member name") }
        index += 1
        skipWhitespace()
        guard index < end else { throw endOfFile([], expecting: "a value") }
        return name
    }

    /// Whether a member's name is `literal`.
    func name(_ name: MemberName, is literal: StaticString) -> Bool {
        if let decoded = name.decoded { return decoded == literal.description }
        guard name.bytes.count == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { word in
            var k = 0
            while k < word.count, bytes[name.bytes.lowerBound + k] == word[k] { k += 1 }
            return k == word.count
        }
    }

    /// A member's name as text.
    func text(of name: MemberName) -> String {
        name.decoded ?? String(decoding: bytes[name.bytes], as: UTF8.self)
    }

    /// At a value: a string's text, or nil for `null`; an error for any other value.
    mutating func optionalString() throws(InputError) -> String? {
        switch bytes[index] {
        case UInt8(ascii: "\""): return try parseString([])
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return nil
        default: throw unexpected(expecting: "a string or null")
        }
    }

    /// At a value: a string's text or a number as written, or nil for `null`.
    mutating func optionalText() throws(InputError) -> String? {
        switch bytes[index] {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard case .number(_, let raw) = try parseNumber() else { return nil }
            return raw
        default: return try optionalString()
        }
    }

    /// At a value: true or false, or nil for `null`.
    mutating func optionalBool() throws(InputError) -> Bool? {
        switch bytes[index] {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return nil
        default: throw unexpected(expecting: "true, false or null")
        }
    }

    /// Reads past the value at the index, checking it as the tree parser would. `depth`
    /// counts the objects and arrays open around it.
    mutating func skipValue(depth: Int) throws(InputError) {
        guard index < end else { throw endOfFile([], expecting: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard try openObject(depth: depth) else { return }
            var member = try firstMember()
            while member != nil {
                try skipValue(depth: depth + 1)
                member = try nextMember()
            }
        case UInt8(ascii: "["):
            guard depth < JSONParser.maximumDepth else { throw tooDeep(at: position) }
            index += 1
            skipWhitespace()
            if index < end, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < end else { throw endOfFile([], expecting: nil) }
                switch bytes[index] {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                    if index < end, bytes[index] == UInt8(ascii: "]") { throw failureHere("trailing comma") }
                case UInt8(ascii: "]"):
                    index += 1
                    return
                default:
                    throw unexpected(expecting: "',' or ']' after an array element")
                }
            }
        default:
            _ = try parseScalar([])
        }
    }
}
