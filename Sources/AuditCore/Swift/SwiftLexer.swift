/// A hand-written Swift lexer over UTF-8 bytes. One pass, no String per token, exact about the
/// lexical forms that decide whether text is code: comments (nested), string literals of every
/// form with interpolation, raw strings, regex literals and backtick identifiers.
///
/// It never fails and never crashes: bytes it cannot classify become `.unknown` tokens and
/// problems are reported as diagnostics. Concatenating the tokens' bytes gives the input back.
public enum SwiftLexer {
    public struct Output: Sendable {
        public var tokens: [Token]
        public var diagnostics: [LexDiagnostic]
    }

    public static func tokenize(_ bytes: [UInt8]) -> Output {
        withTokens(of: bytes, keepingWhitespace: true) { tokens, _, _, diagnostics in
            var all: [Token] = []
            all.reserveCapacity(tokens.count)
            for chunk in 0..<tokens.chunkCount { all.append(contentsOf: tokens.tokens(inChunk: chunk)) }
            return Output(tokens: all, diagnostics: diagnostics)
        }
    }

    /// Lexes `bytes` and hands `body` the tokens (with or without `.whitespace` ones, which
    /// only reproducing the file needs), how many are not trivia, how many open a bracket or
    /// an interpolation, and the diagnostics. The
    /// tokens live in chunks freed when `body` returns or releases them: a file keeps its own
    /// copy of what it needs, so the lexer's output is never an array that grows one append at
    /// a time.
    static func withTokens<Result>(
        of bytes: [UInt8], keepingWhitespace: Bool,
        _ body: (inout TokenSink, _ codeCount: Int, _ openers: Int, [LexDiagnostic]) -> Result
    ) -> Result {
        var diagnostics: [LexDiagnostic] = []
        if let problem = firstEncodingProblem(in: bytes) {
            diagnostics.append(problem)
        }
        var tokens = TokenSink(capacity: bytes.count / (keepingWhitespace ? 3 : 4) + 16, keepingWhitespace: keepingWhitespace)
        bytes.withUnsafeBufferPointer { buffer in
            var state = State(bytes: buffer)
            state.run(into: &tokens, diagnostics: &diagnostics)
        }
        let codeCount = tokens.codeCount
        let openers = tokens.openerCount
        return body(&tokens, codeCount, openers, diagnostics)
    }

    /// Lexes `bytes` a part at a time (no `.whitespace` tokens), handing `consume` each part's
    /// tokens in order; the parts' chunks are reused, so a large file's tokens are never all in
    /// memory (12 bytes each: 2.5 times a file's size). `consume` returns false to stop (the
    /// result is then nil). Returns how many tokens open a bracket or an interpolation, and
    /// the diagnostics. `checkingEncoding: false` leaves out the search for a bad byte (the
    /// first diagnostic otherwise), for a caller that makes it beside the lexer.
    static func lexInParts(
        of bytes: [UInt8], checkingEncoding: Bool = true, _ consume: (UnsafeBufferPointer<Token>) -> Bool
    ) -> (openers: Int, diagnostics: [LexDiagnostic])? {
        var diagnostics: [LexDiagnostic] = []
        if checkingEncoding, let problem = firstEncodingProblem(in: bytes) {
            diagnostics.append(problem)
        }
        var tokens = TokenSink(capacity: TokenSink.chunkSize, keepingWhitespace: false)
        let completed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var state = State(bytes: buffer)
            var going = true
            while true {
                // A chunk's worth of tokens a part: with what the last part left in the chunk
                // being written, the sink holds two or three chunks.
                let done = state.run(into: &tokens, diagnostics: &diagnostics, pause: tokens.count + TokenSink.chunkSize)
                tokens.consumeWritten { part in
                    if going { going = consume(part) }
                }
                if done || !going { return going }
            }
        }
        return completed ? (tokens.openerCount, diagnostics) : nil
    }

    /// The first NUL byte or malformed UTF-8 sequence, which marks a file as not source text.
    static func firstEncodingProblem(in bytes: [UInt8]) -> LexDiagnostic? {
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var i = 0
            // Thirty-two ASCII bytes with no NUL at a time (most of any source file): a high bit
            // or a zero byte in any of four words stops the stride, and the words are looked at
            // one by one below.
            while i < n {
                if let base = b.baseAddress {
                    let raw = UnsafeRawPointer(base)
                    while i + 32 <= n {
                        let w0 = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        let w1 = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                        let w2 = raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                        let w3 = raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                        // A zero byte sets a high bit of its word's zero-byte bits; a high bit of
                        // a word itself stops the stride anyway.
                        let zeros = WordBytes.zeroByteBits(w0) | WordBytes.zeroByteBits(w1) | WordBytes.zeroByteBits(w2) | WordBytes.zeroByteBits(w3)
                        if (w0 | w1 | w2 | w3 | zeros) & 0x8080_8080_8080_8080 != 0 { break }
                        i += 32
                    }
                }
                if i >= n { break }
                // Eight ASCII bytes with no NUL at a time.
                if i + 8 <= n, let base = b.baseAddress {
                    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0, !WordBytes.hasZeroByte(word) {
                        i += 8
                        continue
                    }
                }
                let c = b[i]
                if c < 0x80 {
                    if c == 0 { return LexDiagnostic(kind: .nulByte, offset: i) }
                    i += 1
                    continue
                }
                let length: Int
                let minimum: UInt32
                if c & 0xE0 == 0xC0 { length = 2; minimum = 0x80 }
                else if c & 0xF0 == 0xE0 { length = 3; minimum = 0x800 }
                else if c & 0xF8 == 0xF0 { length = 4; minimum = 0x10000 }
                else { return LexDiagnostic(kind: .invalidUTF8, offset: i) }
                if i + length > n { return LexDiagnostic(kind: .invalidUTF8, offset: i) }
                var scalar = UInt32(c) & (0xFF >> (length + 1))
                for k in 1..<length {
                    let continuation = b[i + k]
                    if continuation & 0xC0 != 0x80 { return LexDiagnostic(kind: .invalidUTF8, offset: i) }
                    scalar = scalar << 6 | UInt32(continuation & 0x3F)
                }
                if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                    return LexDiagnostic(kind: .invalidUTF8, offset: i)
                }
                i += length
            }
            return nil
        }
    }
}

// MARK: - Character classes

/// A bit per byte value that continues an identifier (letters, digits, `_`, `$`, any byte of a
/// non-ASCII character): the lexer's identifier loop reads it instead of a chain of ranges.
nonisolated(unsafe) private let identifierBodyTable: UnsafePointer<Bool> = {
    let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
    for value in 0..<256 { (table + value).initialize(to: isIdentifierBody(UInt8(value))) }
    return UnsafePointer(table)
}()

@inline(__always) private func isIdentifierHead(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x24 || c >= 0x80
}

@inline(__always) private func isIdentifierBody(_ c: UInt8) -> Bool {
    isIdentifierHead(c) || (c >= 0x30 && c <= 0x39)
}

@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

@inline(__always) private func isHexDigit(_ c: UInt8) -> Bool {
    isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
}

/// Operator characters, `.` excluded (it only continues operators that start with a dot).
@inline(__always) private func isOperatorCharacter(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
         UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
         UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
         UInt8(ascii: "~"), UInt8(ascii: "?"):
        true
    default:
        false
    }
}

private let quote = UInt8(ascii: "\"")
private let hash = UInt8(ascii: "#")
private let slash = UInt8(ascii: "/")
private let star = UInt8(ascii: "*")
private let backslash = UInt8(ascii: "\\")
private let newlineByte = UInt8(ascii: "\n")
private let returnByte = UInt8(ascii: "\r")

/// Keywords after which a `/` starts a regex literal rather than dividing.
private let regexPrecedingKeywords: [[UInt8]] = [
    "return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "else",
    "switch", "for", "repeat", "yield", "is", "as", "some", "any", "let", "var",
].map { Array($0.utf8) }

// MARK: - Output

/// Where the lexer writes its tokens, without the uniqueness and capacity checks of
/// `Array.append` on every token (one every few bytes). The tokens are kept in chunks: the
/// first sized for the file (most files fit in it), then chunks of `chunkSize` tokens. A
/// reader that walks them in order releases each chunk it is done with
/// (`releaseChunks(before:)`), so a large file's tokens (12 bytes each) and the 6-byte code
/// columns made from them are never both whole in memory.
struct TokenSink: ~Copyable {
    static let chunkShift = 16
    /// Tokens in every chunk but the first.
    static let chunkSize = 1 << chunkShift

    /// Every chunk, nil once released.
    private var chunks: [UnsafeMutablePointer<Token>?]
    /// How many tokens the first chunk holds.
    private let firstCapacity: Int
    /// The next free slot of the chunk being written, its first slot, and its end.
    private var cursor: UnsafeMutablePointer<Token>
    private var chunkBase: UnsafeMutablePointer<Token>
    private var limit: UnsafeMutablePointer<Token>
    /// Tokens in the chunks before the one being written.
    private var countBefore = 0
    var count: Int { countBefore &+ chunkBase.distance(to: cursor) }
    /// Trivia tokens kept (newlines, comments, whitespace when kept): counted instead of code
    /// tokens, which are most tokens, so that appending one only stores it and bumps `count`.
    private var triviaCount = 0
    /// Tokens that are not trivia.
    var codeCount: Int { count - triviaCount }
    /// `{`, `(`, `[` and interpolation starts: a file with fewer than the compiler's nesting
    /// limit cannot nest too deep, and is not walked again to see whether it does.
    private(set) var openerCount = 0
    /// False drops `.whitespace` tokens (the lexer never looks back at one).
    let keepingWhitespace: Bool
    /// Released chunks kept for the next ones (`consumeWritten`), so that a large file lexed a
    /// part at a time touches a few chunks' memory instead of all its tokens'.
    private var spare: [UnsafeMutablePointer<Token>] = []
    /// Tokens handed to `consumeWritten` so far.
    private var consumed = 0
    /// The last non-trivia token in the released chunks and its index (-1: none), for the
    /// lexer's look back past trivia (`State.lastSignificant`) when its chunk is gone.
    private(set) var significantBeforeKept = -1
    private var significantToken = Token(kind: .unknown, start: 0, end: 0)
    /// The first token of the first chunk not released.
    private(set) var firstKept = 0

    init(capacity: Int, keepingWhitespace: Bool) {
        firstCapacity = min(max(16, capacity), Self.chunkSize)
        cursor = .allocate(capacity: firstCapacity)
        chunkBase = cursor
        limit = cursor + firstCapacity
        chunks = [cursor]
        self.keepingWhitespace = keepingWhitespace
    }

    deinit {
        for chunk in chunks { chunk?.deallocate() }
        for chunk in spare { chunk.deallocate() }
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        if token.kind == .whitespace, !keepingWhitespace { return }
        if cursor == limit { addChunk() }
        cursor.initialize(to: token)
        cursor += 1
        if token.kind.isTrivia { triviaCount &+= 1 }
        switch token.kind {
        case .leftBrace, .leftParen, .leftBracket, .interpolationStart: openerCount &+= 1
        default: break
        }
    }

    @inline(never)
    private mutating func addChunk() {
        countBefore = count
        cursor = spare.popLast() ?? .allocate(capacity: Self.chunkSize)
        chunkBase = cursor
        limit = cursor + Self.chunkSize
        chunks.append(cursor)
    }

    /// The chunk holding token `index`, and the token's place in it.
    @inline(__always)
    private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
        if index < firstCapacity { return (0, index) }
        let rest = index - firstCapacity
        return (1 + rest >> Self.chunkShift, rest & (Self.chunkSize - 1))
    }

    /// Token `index`, which must not be in a released chunk.
    @inline(__always)
    subscript(index: Int) -> Token {
        // The lexer looks back a token or two: mostly into the chunk being written.
        let back = count &- index
        if back > 0, back <= chunkBase.distance(to: cursor) {
            return (cursor - back).pointee
        }
        let (chunk, offset) = locate(index)
        if let tokens = chunks[chunk] { return tokens[offset] }
        // Of a released chunk, only the token the lexer may still look back at is kept.
        precondition(index == significantBeforeKept, "token \(index) was released")
        return significantToken
    }

    var chunkCount: Int { chunks.count }

    /// The tokens of chunk `chunk`, which must not be released.
    func tokens(inChunk chunk: Int) -> UnsafeBufferPointer<Token> {
        let start = chunk == 0 ? 0 : firstCapacity + (chunk - 1) << Self.chunkShift
        let capacity = chunk == 0 ? firstCapacity : Self.chunkSize
        return UnsafeBufferPointer(start: chunks[chunk]!, count: max(0, min(capacity, count - start)))
    }

    /// Hands `body` the tokens written since the last call (in one or more runs, in order),
    /// then keeps for new tokens the chunks read whole, but the one being written: the
    /// lexer then writes a large file's tokens into the same two chunks over and over.
    mutating func consumeWritten(_ body: (UnsafeBufferPointer<Token>) -> Void) {
        precondition(firstCapacity == Self.chunkSize, "a file lexed in parts has chunks of one size")
        let end = count
        while consumed < end {
            let chunk = consumed >> Self.chunkShift
            let offset = consumed & (Self.chunkSize - 1)
            let run = min(Self.chunkSize - offset, end - consumed)
            body(UnsafeBufferPointer(start: chunks[chunk]! + offset, count: run))
            consumed += run
        }
        // Every chunk before the one being written has been read whole.
        let writing = chunks.count - 1
        while released < writing {
            let tokens = chunks[released]!
            for offset in stride(from: Self.chunkSize - 1, through: 0, by: -1) where !tokens[offset].kind.isTrivia {
                significantBeforeKept = released << Self.chunkShift + offset
                significantToken = tokens[offset]
                break
            }
            spare.append(tokens)
            chunks[released] = nil
            released += 1
            firstKept = released << Self.chunkShift
        }
    }

    /// Frees the chunks before `chunk`: their tokens may no longer be read.
    mutating func releaseChunks(before chunk: Int) {
        while released < min(chunk, chunks.count) {
            chunks[released]?.deallocate()
            chunks[released] = nil
            released += 1
        }
    }

    /// The chunks before this one have been freed.
    private var released = 0
}

// MARK: - State machine

private struct StringContext {
    var hashes: Int
    var multiline: Bool
    /// Where the literal's opening delimiter is, for diagnostics.
    var openOffset: Int
    /// Parentheses opened inside the interpolation and not yet closed.
    var parenDepth: Int
}

private struct State {
    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    var pos = 0
    var interpolations: [StringContext] = []

    /// `identifierBodyTable`, read once per file.
    let identifierBody: UnsafePointer<Bool>

    init(bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
        n = bytes.count
        identifierBody = identifierBodyTable
    }

    @inline(__always) func byte(at index: Int) -> UInt8 { index < n ? b[index] : 0 }

    /// Index of the last non-trivia token so far, for regex-versus-division and number
    /// decisions: found by looking back (rarely asked, and past a token or two of trivia)
    /// rather than recorded with every token.
    func lastSignificant(in tokens: borrowing TokenSink) -> Int {
        var index = tokens.count - 1
        while index >= 0 {
            // Released chunks (a file lexed in parts) kept their last non-trivia token.
            if index < tokens.firstKept { return tokens.significantBeforeKept }
            if !tokens[index].kind.isTrivia { return index }
            index -= 1
        }
        return index
    }

    /// A token from `start` to the current position.
    @inline(__always)
    func emit(_ kind: TokenKind, from start: Int, into tokens: inout TokenSink) {
        emit(kind, from: start, to: pos, into: &tokens)
    }

    @inline(__always)
    func emit(_ kind: TokenKind, from start: Int, to end: Int, into tokens: inout TokenSink) {
        tokens.append(Token(kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end)))
    }

    /// Lexes from `pos` to the end, or, with `pause`, to the first line end after the sink
    /// holds `pause` tokens; returns whether it reached the end (called again, it goes on).
    @discardableResult
    mutating func run(into tokens: inout TokenSink, diagnostics: inout [LexDiagnostic], pause: Int = .max) -> Bool {
        // The bytes and their count as locals: read from the state for every token otherwise.
        let b = b
        let n = n
        if pos == 0 && n >= 2 && b[0] == hash && b[1] == UInt8(ascii: "!") {
            skipToEndOfLine()
            emit(.shebang, from: 0, into: &tokens)
        }
        // The position is a local of this loop, written to the state only around the helpers
        // that read and move it (strings, comments, numbers, operators, `#`): the state is in
        // memory, and most tokens are names, spaces and punctuation handled here.
        var p = pos
        while p < n {
            let start = p
            let c = b[p]
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                var end = p + 1
                // Indentation: eight spaces at a time first.
                if let base = b.baseAddress {
                    let raw = UnsafeRawPointer(base)
                    while end &+ 8 <= n, raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) == 0x2020_2020_2020_2020 { end &+= 8 }
                }
                while end < n {
                    let next = b[end]
                    guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == 0x0B || next == 0x0C else { break }
                    end += 1
                }
                p = end
                emit(.whitespace, from: start, to: p, into: &tokens)
            case newlineByte, returnByte:
                p += c == returnByte && byte(at: p + 1) == newlineByte ? 2 : 1
                emit(.newline, from: start, to: p, into: &tokens)
                // Between two tokens, outside any literal: the state is all in `pos` and
                // `interpolations`.
                if tokens.count >= pause, p < n {
                    pos = p
                    return false
                }
            case slash:
                pos = p
                let next = byte(at: pos + 1)
                if next == slash {
                    let isDoc = byte(at: pos + 2) == slash && byte(at: pos + 3) != slash
                    skipToEndOfLine()
                    emit(isDoc ? .docLineComment : .lineComment, from: start, into: &tokens)
                } else if next == star {
                    let isDoc = byte(at: pos + 2) == star && byte(at: pos + 3) != slash
                    if !skipBlockComment() {
                        diagnostics.append(LexDiagnostic(kind: .unterminatedBlockComment, offset: start))
                    }
                    emit(isDoc ? .docBlockComment : .blockComment, from: start, into: &tokens)
                } else if regexMayStart(tokens: tokens), let end = bareRegexEnd(from: pos) {
                    pos = end
                    emit(.regexLiteral, from: start, into: &tokens)
                } else {
                    lexOperator(into: &tokens)
                }
                p = pos
            case quote:
                pos = p
                lexStringStart(hashes: 0, into: &tokens, diagnostics: &diagnostics)
                p = pos
            case hash:
                pos = p
                lexHash(into: &tokens, diagnostics: &diagnostics)
                p = pos
            case UInt8(ascii: "@"):
                p += 1
                if isIdentifierHead(byte(at: p)) {
                    while p < n, isIdentifierBody(b[p]) { p += 1 }
                    emit(.attribute, from: start, to: p, into: &tokens)
                } else {
                    emit(.unknown, from: start, to: p, into: &tokens)
                }
            case UInt8(ascii: "`"):
                p += 1
                while p < n, b[p] != UInt8(ascii: "`"), b[p] != newlineByte, b[p] != returnByte { p += 1 }
                if p < n, b[p] == UInt8(ascii: "`") {
                    p += 1
                    emit(.backtickIdentifier, from: start, to: p, into: &tokens)
                } else {
                    p = start + 1
                    diagnostics.append(LexDiagnostic(kind: .unterminatedBacktick, offset: start))
                    emit(.unknown, from: start, to: p, into: &tokens)
                }
            case UInt8(ascii: "("):
                p += 1
                if !interpolations.isEmpty { interpolations[interpolations.count - 1].parenDepth += 1 }
                emit(.leftParen, from: start, to: p, into: &tokens)
            case UInt8(ascii: ")"):
                p += 1
                if let context = interpolations.last {
                    if context.parenDepth == 0 {
                        interpolations.removeLast()
                        emit(.interpolationEnd, from: start, to: p, into: &tokens)
                        pos = p
                        lexStringBody(context, into: &tokens, diagnostics: &diagnostics)
                        p = pos
                        continue
                    }
                    interpolations[interpolations.count - 1].parenDepth -= 1
                }
                emit(.rightParen, from: start, to: p, into: &tokens)
            case UInt8(ascii: "{"):
                p += 1
                emit(.leftBrace, from: start, to: p, into: &tokens)
            case UInt8(ascii: "}"):
                p += 1
                emit(.rightBrace, from: start, to: p, into: &tokens)
            case UInt8(ascii: "["):
                p += 1
                emit(.leftBracket, from: start, to: p, into: &tokens)
            case UInt8(ascii: "]"):
                p += 1
                emit(.rightBracket, from: start, to: p, into: &tokens)
            case UInt8(ascii: ","):
                p += 1
                emit(.comma, from: start, to: p, into: &tokens)
            case UInt8(ascii: ":"):
                p += 1
                emit(.colon, from: start, to: p, into: &tokens)
            case UInt8(ascii: ";"):
                p += 1
                emit(.semicolon, from: start, to: p, into: &tokens)
            case UInt8(ascii: "."):
                if byte(at: p + 1) == UInt8(ascii: ".") {
                    // `...`, `..<` and other operators that start with a dot.
                    p += 1
                    while p < n, b[p] == UInt8(ascii: ".") || (isOperatorCharacter(b[p]) && !startsComment(at: p)) {
                        p += 1
                    }
                    emit(.operator, from: start, to: p, into: &tokens)
                } else {
                    p += 1
                    emit(.dot, from: start, to: p, into: &tokens)
                }
            case backslash:
                // Key-path expressions: `\.isPremium`, `\Store.products`.
                p += 1
                emit(.operator, from: start, to: p, into: &tokens)
            case 0x30...0x39:
                pos = p
                lexNumber(into: &tokens)
                p = pos
            case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x80...0xFF:
                // An identifier (or keyword): its head is one of these bytes.
                let body = identifierBody
                var end = p + 1
                // Four bytes a step while four are left (one bounds test for four table
                // reads), then the rest one by one.
                scan: while end &+ 4 <= n {
                    if !body[Int(b[end])] { break scan }
                    if !body[Int(b[end &+ 1])] { end &+= 1; break scan }
                    if !body[Int(b[end &+ 2])] { end &+= 2; break scan }
                    if !body[Int(b[end &+ 3])] { end &+= 3; break scan }
                    end &+= 4
                }
                while end < n, body[Int(b[end])] { end += 1 }
                p = end
                emit(.identifier, from: start, to: p, into: &tokens)
            default:
                if isOperatorCharacter(c) {
                    pos = p
                    lexOperator(into: &tokens)
                    p = pos
                } else {
                    p += 1
                    emit(.unknown, from: start, to: p, into: &tokens)
                }
            }
        }
        pos = p
        if !interpolations.isEmpty {
            // An interpolation still open at end of file means its string never closed.
            diagnostics.append(LexDiagnostic(kind: .unterminatedString, offset: interpolations[0].openOffset))
        }
        return true
    }

    // MARK: Comments

    /// To the line's LF or CR: eight bytes at a time on a local position (line comments are
    /// a good part of most files), then byte by byte.
    mutating func skipToEndOfLine() {
        var i = Self.wordsWithout(b, from: pos, n) {
            WordBytes.zeroByteBits($0 ^ 0x0A0A_0A0A_0A0A_0A0A) | WordBytes.zeroByteBits($0 ^ 0x0D0D_0D0D_0D0D_0D0D)
        }
        while i < n, b[i] != newlineByte, b[i] != returnByte { i += 1 }
        pos = i
    }

    /// The start of the first eight-byte word at or after `start` in which `stops` (the
    /// `WordBytes.zeroByteBits` of the word against the bytes looked for, ORed) has a high
    /// bit, or where fewer than eight bytes are left: the byte-by-byte loop after it finds the
    /// byte itself.
    @inline(__always)
    static func wordsWithout(_ b: UnsafeBufferPointer<UInt8>, from start: Int, _ n: Int, stops: (UInt64) -> UInt64) -> Int {
        var i = start
        guard let base = b.baseAddress else { return i }
        let raw = UnsafeRawPointer(base)
        while i + 8 <= n {
            if stops(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        return i
    }

    /// Skips a (nested) block comment starting at `pos`. Returns false when it runs to end of file.
    mutating func skipBlockComment() -> Bool {
        pos += 2
        var depth = 1
        while pos < n {
            let c = b[pos]
            if c == star, byte(at: pos + 1) == slash {
                pos += 2
                depth -= 1
                if depth == 0 { return true }
            } else if c == slash, byte(at: pos + 1) == star {
                pos += 2
                depth += 1
            } else {
                pos += 1
            }
        }
        return false
    }

    @inline(__always) func startsComment(at index: Int) -> Bool {
        b[index] == slash && (byte(at: index + 1) == slash || byte(at: index + 1) == star)
    }

    // MARK: Operators and numbers

    mutating func lexOperator(into tokens: inout TokenSink) {
        let start = pos
        pos += 1
        while pos < n, isOperatorCharacter(b[pos]), !startsComment(at: pos) { pos += 1 }
        emit(.operator, from: start, into: &tokens)
    }

    mutating func lexNumber(into tokens: inout TokenSink) {
        let start = pos
        var isFloat = false
        let previous = lastSignificant(in: tokens)
        let afterDot = previous >= 0 && tokens[previous].kind == .dot
            && tokens[previous].end == Int32(truncatingIfNeeded: start)
        if b[pos] == UInt8(ascii: "0"), byte(at: pos + 1) == UInt8(ascii: "x") || byte(at: pos + 1) == UInt8(ascii: "X") {
            pos += 2
            while pos < n, isHexDigit(b[pos]) || b[pos] == UInt8(ascii: "_") { pos += 1 }
            if !afterDot, byte(at: pos) == UInt8(ascii: "."), isHexDigit(byte(at: pos + 1)) {
                isFloat = true
                pos += 1
                while pos < n, isHexDigit(b[pos]) || b[pos] == UInt8(ascii: "_") { pos += 1 }
            }
            if byte(at: pos) == UInt8(ascii: "p") || byte(at: pos) == UInt8(ascii: "P") {
                isFloat = true
                skipExponent()
            }
        } else if b[pos] == UInt8(ascii: "0"), byte(at: pos + 1) == UInt8(ascii: "b") || byte(at: pos + 1) == UInt8(ascii: "o") {
            pos += 2
            while pos < n, isHexDigit(b[pos]) || b[pos] == UInt8(ascii: "_") { pos += 1 }
        } else {
            while pos < n, isDigit(b[pos]) || b[pos] == UInt8(ascii: "_") { pos += 1 }
            // `x.0.1` is tuple access, not a float; `1.5` is a float; `1.description` is a member.
            if !afterDot, byte(at: pos) == UInt8(ascii: "."), isDigit(byte(at: pos + 1)) {
                isFloat = true
                pos += 1
                while pos < n, isDigit(b[pos]) || b[pos] == UInt8(ascii: "_") { pos += 1 }
            }
            if !afterDot, byte(at: pos) == UInt8(ascii: "e") || byte(at: pos) == UInt8(ascii: "E") {
                let sign = byte(at: pos + 1)
                let digit = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") ? byte(at: pos + 2) : sign
                if isDigit(digit) {
                    isFloat = true
                    skipExponent()
                }
            }
        }
        emit(isFloat ? .floatLiteral : .integerLiteral, from: start, into: &tokens)
    }

    mutating func skipExponent() {
        pos += 1
        if byte(at: pos) == UInt8(ascii: "+") || byte(at: pos) == UInt8(ascii: "-") { pos += 1 }
        while pos < n, isDigit(b[pos]) || b[pos] == UInt8(ascii: "_") { pos += 1 }
    }

    // MARK: `#`: raw strings, extended regexes, pound keywords

    mutating func lexHash(into tokens: inout TokenSink, diagnostics: inout [LexDiagnostic]) {
        let start = pos
        var hashes = 0
        while byte(at: pos + hashes) == hash { hashes += 1 }
        let next = byte(at: pos + hashes)
        if next == quote {
            lexStringStart(hashes: hashes, into: &tokens, diagnostics: &diagnostics)
        } else if next == slash {
            lexExtendedRegex(hashes: hashes, into: &tokens, diagnostics: &diagnostics)
        } else if hashes == 1, isIdentifierHead(next) {
            pos += 1
            while pos < n, isIdentifierBody(b[pos]) { pos += 1 }
            emit(.poundKeyword, from: start, into: &tokens)
        } else {
            pos += hashes
            emit(.unknown, from: start, into: &tokens)
        }
    }

    mutating func lexExtendedRegex(hashes: Int, into tokens: inout TokenSink, diagnostics: inout [LexDiagnostic]) {
        let start = pos
        pos += hashes + 1
        // `#/` followed by a newline opens a multi-line regex; otherwise it ends on this line.
        let multiline = byte(at: pos) == newlineByte || byte(at: pos) == returnByte
        while pos < n {
            let c = b[pos]
            if c == backslash {
                pos += 2
                continue
            }
            if !multiline, c == newlineByte || c == returnByte { break }
            if c == slash, closingHashes(at: pos + 1, count: hashes) {
                pos += 1 + hashes
                emit(.regexLiteral, from: start, into: &tokens)
                return
            }
            pos += 1
        }
        pos = min(pos, n)
        diagnostics.append(LexDiagnostic(kind: .unterminatedRegex, offset: start))
        emit(.regexLiteral, from: start, into: &tokens)
    }

    @inline(__always) func closingHashes(at index: Int, count: Int) -> Bool {
        if count == 0 { return true }
        if index + count > n { return false }
        for k in 0..<count where b[index + k] != hash { return false }
        return true
    }

    /// Whether a `/` here may open a bare regex literal: only where an expression can start.
    func regexMayStart(tokens: borrowing TokenSink) -> Bool {
        let last = lastSignificant(in: tokens)
        guard last >= 0 else { return true }
        let previous = tokens[last]
        switch previous.kind {
        case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .interpolationStart:
            return true
        case .operator:
            // A postfix `!`/`?` glued to an operand (`x! / 2`) ends an expression.
            let text = b[Int(previous.start)]
            if previous.length == 1, text == UInt8(ascii: "!") || text == UInt8(ascii: "?") {
                return previous.start > 0 && isIdentifierBody(b[Int(previous.start) - 1]) == false
            }
            return true
        case .identifier:
            let length = previous.length
            let start = Int(previous.start)
            for keyword in regexPrecedingKeywords where keyword.count == length {
                var same = true
                for k in 0..<length where b[start + k] != keyword[k] {
                    same = false
                    break
                }
                if same { return true }
            }
            return false
        default:
            return false
        }
    }

    /// The end of a bare `/…/` regex starting at `start`, or nil when the text cannot be one
    /// (it starts or ends with a space, or has no closing `/` on this line).
    func bareRegexEnd(from start: Int) -> Int? {
        let first = byte(at: start + 1)
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == newlineByte
            || first == returnByte || first == 0 || first == UInt8(ascii: "=") && byte(at: start + 2) == UInt8(ascii: " ") {
            return nil
        }
        var i = start + 1
        var inClass = false
        while i < n {
            let c = b[i]
            if c == newlineByte || c == returnByte { return nil }
            if c == backslash {
                i += 2
                continue
            }
            if c == UInt8(ascii: "[") { inClass = true }
            else if c == UInt8(ascii: "]") { inClass = false }
            else if c == slash, !inClass {
                let before = b[i - 1]
                if before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") { return nil }
                return i + 1
            }
            i += 1
        }
        return nil
    }

    // MARK: Strings

    mutating func lexStringStart(hashes: Int, into tokens: inout TokenSink, diagnostics: inout [LexDiagnostic]) {
        let start = pos
        pos += hashes + 1
        var multiline = byte(at: pos) == quote && byte(at: pos + 1) == quote
        if multiline, hashes > 0, closesOnItsLine(from: pos + 1, hashes: hashes) {
            // `#"""#` or `#""""#`: a raw single-line string whose text starts with quotes. As
            // Swift decides: a quote and the hashes later on the opening's line close it.
            multiline = false
        }
        if multiline { pos += 2 }
        emit(.stringStart, from: start, into: &tokens)
        lexStringBody(StringContext(hashes: hashes, multiline: multiline, openOffset: start, parenDepth: 0), into: &tokens, diagnostics: &diagnostics)
    }

    /// Whether a quote followed by `hashes` hashes comes at or after `from` before the line ends.
    func closesOnItsLine(from start: Int, hashes: Int) -> Bool {
        var i = start
        while i < n {
            let c = b[i]
            if c == newlineByte || c == returnByte { return false }
            if c == quote, closingHashes(at: i + 1, count: hashes) { return true }
            i += 1
        }
        return false
    }

    /// Lexes string text up to the closing delimiter or the next interpolation. On an
    /// interpolation it pushes the string's context and returns to code lexing; the matching
    /// `)` resumes here.
    mutating func lexStringBody(_ context: StringContext, into tokens: inout TokenSink, diagnostics: inout [LexDiagnostic]) {
        let segmentStart = pos
        let hashes = context.hashes
        while pos < n {
            // Text up to the next backslash, quote or line break is only part of the segment.
            pos = Self.segmentRunEnd(b, from: pos, n)
            guard pos < n else { break }
            let c = b[pos]
            if c == backslash {
                if closingHashes(at: pos + 1, count: hashes) {
                    let afterHashes = pos + 1 + hashes
                    if byte(at: afterHashes) == UInt8(ascii: "(") {
                        if pos > segmentStart {
                            tokens.append(Token(kind: .stringSegment, start: Int32(truncatingIfNeeded: segmentStart), end: Int32(truncatingIfNeeded: pos)))
                        }
                        let interpolationStart = pos
                        pos = afterHashes + 1
                        emit(.interpolationStart, from: interpolationStart, into: &tokens)
                        interpolations.append(StringContext(hashes: hashes, multiline: context.multiline, openOffset: context.openOffset, parenDepth: 0))
                        return
                    }
                    // An escape: skip the escaped character (a CR LF continuation counts as one).
                    pos = min(afterHashes + 1, n)
                    if pos < n, b[pos - 1] == returnByte, b[pos] == newlineByte { pos += 1 }
                    continue
                }
                pos += 1
                continue
            }
            if c == quote {
                let closes: Bool
                let delimiterLength: Int
                if context.multiline {
                    closes = byte(at: pos + 1) == quote && byte(at: pos + 2) == quote && closingHashes(at: pos + 3, count: hashes)
                    delimiterLength = 3 + hashes
                } else {
                    closes = closingHashes(at: pos + 1, count: hashes)
                    delimiterLength = 1 + hashes
                }
                if closes {
                    if pos > segmentStart {
                        tokens.append(Token(kind: .stringSegment, start: Int32(truncatingIfNeeded: segmentStart), end: Int32(truncatingIfNeeded: pos)))
                    }
                    let end = pos
                    pos += delimiterLength
                    emit(.stringEnd, from: end, into: &tokens)
                    return
                }
                pos += 1
                continue
            }
            if !context.multiline, c == newlineByte || c == returnByte {
                break
            }
            pos += 1
        }
        if pos > segmentStart {
            tokens.append(Token(kind: .stringSegment, start: Int32(truncatingIfNeeded: segmentStart), end: Int32(truncatingIfNeeded: pos)))
        }
        diagnostics.append(LexDiagnostic(kind: .unterminatedString, offset: context.openOffset))
    }

    /// The first backslash, quote, LF or CR at or after `start` (or `n`): eight bytes at a time
    /// on a local position (apps hold long literals: copy, JSON, SQL), then byte by byte.
    @inline(__always)
    static func segmentRunEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int, _ n: Int) -> Int {
        var i = wordsWithout(b, from: start, n) {
            WordBytes.zeroByteBits($0 ^ 0x5C5C_5C5C_5C5C_5C5C) | WordBytes.zeroByteBits($0 ^ 0x2222_2222_2222_2222)
                | WordBytes.zeroByteBits($0 ^ 0x0A0A_0A0A_0A0A_0A0A) | WordBytes.zeroByteBits($0 ^ 0x0D0D_0D0D_0D0D_0D0D)
        }
        while i < n {
            let c = b[i]
            if c == backslash || c == quote || c == newlineByte || c == returnByte { return i }
            i += 1
        }
        return i
    }
}
