/// The lexical classes of Swift source that the rules care about. Every byte of a file belongs
/// to exactly one token, so concatenating all token texts gives the file back byte for byte.
public enum TokenKind: UInt8, Sendable, Hashable {
    // Trivia: skipped by the syntax tree, kept so the token stream covers the whole file.
    case whitespace
    case newline
    case lineComment
    case docLineComment
    case blockComment
    case docBlockComment
    /// A shebang line (`#!/usr/bin/swift`) at the very start of a script.
    case shebang

    /// Identifiers and keywords (`let`, `func`, `Transaction`, `$0`). Keywords are not a
    /// separate kind: Swift lets most of them be argument labels and member names.
    case identifier
    /// `` `default` ``: an identifier written with backticks (the backticks are part of the text).
    case backtickIdentifier
    /// `@MainActor`, `@main`, `@unknown`: the `@` and the name.
    case attribute
    /// `#if`, `#else`, `#elseif`, `#endif`, `#available`, `#Preview`, `#selector`, ...
    case poundKeyword
    case integerLiteral
    case floatLiteral

    /// `"`, `"""`, `#"`, `##"""`, ...: opens a string literal.
    case stringStart
    /// Literal text inside a string, escapes included as written.
    case stringSegment
    /// `\(` or `\#(` inside a string: code tokens follow until the matching `interpolationEnd`.
    case interpolationStart
    /// The `)` that closes an interpolation.
    case interpolationEnd
    /// Closes a string literal; absent when the literal is unterminated.
    case stringEnd
    /// `/…/`, `#/…/#`: the whole regex literal as one token.
    case regexLiteral

    case leftBrace
    case rightBrace
    case leftParen
    case rightParen
    case leftBracket
    case rightBracket
    case comma
    case colon
    case semicolon
    /// `.` used for member access or implicit members (`.restorePurchases`).
    case dot
    /// Any other operator: `=`, `==`, `->`, `?`, `!`, `&&`, `...`, `+=`, ...
    case `operator`
    /// A byte that starts no valid token (a stray `\`, invalid UTF-8, NUL).
    case unknown

    public var isTrivia: Bool {
        switch self {
        case .whitespace, .newline, .lineComment, .docLineComment, .blockComment,
             .docBlockComment, .shebang:
            true
        default:
            false
        }
    }

    public var isComment: Bool {
        switch self {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: true
        default: false
        }
    }
}

/// One token: its kind and its byte range in the file. 12 bytes, no String: text is read from
/// the file's bytes only when a rule asks for it.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    public var start: Int32
    public var end: Int32

    @inlinable
    public init(kind: TokenKind, start: Int32, end: Int32) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    public var length: Int { Int(end - start) }
}

/// A lexical problem: invalid UTF-8, an unterminated literal or comment.
public struct LexDiagnostic: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case invalidUTF8
        case nulByte
        case unterminatedString
        case unterminatedBlockComment
        case unterminatedRegex
        case unterminatedBacktick
        /// Brackets nested deeper than the Swift compiler accepts (`SwiftFile.maximumNesting`).
        case nestingTooDeep
    }

    public var kind: Kind
    public var offset: Int

    public var message: String {
        switch kind {
        case .invalidUTF8: "invalid UTF-8 byte: this does not look like a Swift source file"
        case .nulByte: "NUL byte: this looks like a binary file, not Swift source"
        case .unterminatedString: "string literal is not terminated"
        case .unterminatedBlockComment: "block comment is not terminated: '/*' has no matching '*/'"
        case .unterminatedRegex: "regex literal is not terminated"
        case .unterminatedBacktick: "backtick identifier is not terminated"
        case .nestingTooDeep:
            "brackets nest more than \(SwiftFile.maximumNesting) levels deep, which the Swift compiler rejects too: the file is not audited"
        }
    }

    /// Invalid UTF-8 and NUL bytes mean the file is not source text at all.
    public var meansBinary: Bool { kind == .invalidUTF8 || kind == .nulByte }

    /// Rules do not read a file that is not source text or that no compiler would accept.
    public var excludesFile: Bool { meansBinary || kind == .nestingTooDeep }
}

/// Tokens stored as parallel columns: the kind (1 byte), the start (4 bytes) and the length
/// (1 byte), 6 bytes a token instead of the 12 of `[Token]` (whose stride pads the one-byte
/// kind to four). A token of 255 bytes or more (a long string segment) keeps its end in a
/// short side table. A file keeps every code token for as long as the project lives, so this
/// is the largest part of a loaded project; reading one gives the same `Token` as an array
/// would.
public struct TokenList: RandomAccessCollection, Sendable {
    @usableFromInline let kinds: [TokenKind]
    @usableFromInline let starts: [Int32]
    /// The length, or `LongTokens.marker` for a token whose end is in `long`.
    @usableFromInline let lengths: [UInt8]
    @usableFromInline let long: LongTokens

    init(kinds: [TokenKind], starts: [Int32], lengths: [UInt8], long: LongTokens) {
        precondition(starts.count == kinds.count && lengths.count == kinds.count, "token columns of different lengths")
        self.kinds = kinds
        self.starts = starts
        self.lengths = lengths
        self.long = long
    }

    public init(_ tokens: [Token]) {
        kinds = tokens.map(\.kind)
        starts = tokens.map(\.start)
        var long = LongTokens()
        lengths = tokens.enumerated().map { index, token in
            LongTokens.length(of: index, start: token.start, end: token.end, into: &long)
        }
        self.long = long
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { kinds.count }
    @inlinable public var count: Int { kinds.count }

    /// One bounds check, on `kinds`: the columns have the same count. A caller that
    /// reads only `.kind` then reads only the kinds column (an array's checked read of the
    /// other two could not be dropped, even with its value unused).
    @inlinable @inline(__always)
    public subscript(position: Int) -> Token {
        let kind = kinds[position]
        return starts.withUnsafeBufferPointer { starts in
            lengths.withUnsafeBufferPointer { lengths in
                let start = starts[position]
                return Token(kind: kind, start: start, end: start &+ Int32(long.length(lengths[position], of: position, start: start)))
            }
        }
    }

    /// The length in bytes of token `position`, without reading its kind or start unless it
    /// is long.
    @inlinable @inline(__always)
    public func length(at position: Int) -> Int {
        long.length(lengths[position], of: position, start: starts[position])
    }
}

/// The ends of the tokens of 255 bytes or more, by index (ascending): few in any file, found
/// by binary search.
public struct LongTokens: Sendable {
    /// The length column's value for a token whose end is here.
    public static let marker: UInt8 = 255
    @usableFromInline var indices: [Int32] = []
    @usableFromInline var ends: [Int32] = []

    init() {}

    /// The length column's value for token `index`, recording its end here when it is long.
    /// Tokens must be given in ascending order.
    @inline(__always)
    static func length(of index: Int, start: Int32, end: Int32, into long: inout LongTokens) -> UInt8 {
        let length = end &- start
        return length < Int32(marker) ? UInt8(truncatingIfNeeded: length) : long.record(index, end: end)
    }

    /// Records the end of long token `index`; the length column's marker for it.
    mutating func record(_ index: Int, end: Int32) -> UInt8 {
        indices.append(Int32(truncatingIfNeeded: index))
        ends.append(end)
        return Self.marker
    }

    /// The length of token `index` from its length column's value `stored`: the value itself,
    /// or for the marker the recorded end less `start` (read only then).
    @inlinable @inline(__always)
    func length(_ stored: UInt8, of index: Int, start: @autoclosure () -> Int32) -> Int {
        stored == Self.marker ? Int(end(of: index)) - Int(start()) : Int(stored)
    }

    /// The end of long token `index`. Out of line: callers inline only the common case.
    @inline(never) @usableFromInline
    func end(of index: Int) -> Int32 {
        let low = indices.firstIndex(notBelow: { Int($0) < index })
        precondition(low < indices.count && Int(indices[low]) == index, "token \(index) has no recorded end")
        return ends[low]
    }
}

/// One flag per code token, eight to a byte: whether a newline stands before it.
public struct LineStartFlags: RandomAccessCollection, Sendable {
    @usableFromInline let words: [UInt64]
    public let count: Int

    /// Bit i of `words` (least significant first) is flag i.
    init(words: [UInt64], count: Int) {
        precondition(words.count == (count + 63) / 64)
        self.words = words
        self.count = count
    }

    init(_ flags: [Bool]) {
        var words = [UInt64](repeating: 0, count: (flags.count + 63) / 64)
        for (index, flag) in flags.enumerated() where flag { words[index >> 6] |= 1 << UInt64(index & 63) }
        self.words = words
        count = flags.count
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Bool {
        precondition(position >= 0 && position < count, "index out of range")
        return words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }
}
