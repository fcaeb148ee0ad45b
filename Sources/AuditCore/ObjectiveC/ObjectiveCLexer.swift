/// Splits Objective-C (and Objective-C++) source into tokens of the same kinds as Swift's:
/// every byte belongs to exactly one token, so the token texts concatenated give the file back.
///
/// What the StoreKit checks need from the language, and nothing more: comments, `@"…"` and
/// C string literals (escapes kept as written), character literals, numbers, identifiers,
/// `@` keywords (`@interface`, `@implementation`, `@end`, `@selector`), preprocessor
/// directives (`#if`, `#ifdef`, `#import`) as pound keywords, brackets and operators (the
/// block caret `^` is an operator). The lexer never fails: a byte that starts no token is an
/// `unknown` token, an unterminated literal or comment ends at the line end or the file end
/// with a diagnostic.
public enum ObjectiveCLexer {
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 4)
        var diagnostics: [LexDiagnostic] = []
        let n = bytes.count
        var i = 0
        // A `#` starts a directive only as a line's first code byte.
        var atLineStart = true
        func add(_ kind: TokenKind, _ start: Int, _ end: Int) {
            tokens.append(Token(kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end)))
        }
        while i < n {
            let c = bytes[i]
            let start = i
            switch c {
            case 0x0A:
                add(.newline, i, i + 1)
                i += 1
                atLineStart = true
                continue
            case 0x0D:
                i += (i + 1 < n && bytes[i + 1] == 0x0A) ? 2 : 1
                add(.newline, start, i)
                atLineStart = true
                continue
            case 0x20, 0x09, 0x0B, 0x0C:
                while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0B || bytes[i] == 0x0C { i += 1 }
                add(.whitespace, start, i)
                continue
            case UInt8(ascii: "\\") where i + 1 < n && (bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D):
                // A line continuation: the directive or macro goes on.
                i += 1
                add(.whitespace, start, i)
                continue
            case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "/"):
                while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                add(.lineComment, start, i)
                continue
            case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "*"):
                i += 2
                var closed = false
                while i < n {
                    if bytes[i] == UInt8(ascii: "*"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                        i += 2
                        closed = true
                        break
                    }
                    i += 1
                }
                if !closed { diagnostics.append(LexDiagnostic(kind: .unterminatedBlockComment, offset: start)) }
                add(.blockComment, start, i)
                continue
            default:
                break
            }
            let lineStart = atLineStart
            atLineStart = false
            switch c {
            case UInt8(ascii: "#") where lineStart:
                i += 1
                while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
                while i < n, isIdentifierByte(bytes[i]) { i += 1 }
                add(.poundKeyword, start, i)
                // `#pragma mark - URL's`, `#warning don't ship`: free text to the line end, not code.
                let name = directive(bytes, start, i)
                if name.hasSuffix("pragma") || name.hasSuffix("warning") || name.hasSuffix("error") {
                    let rest = i
                    while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                    if i > rest { add(.lineComment, rest, i) }
                    continue
                }
                // `#import <StoreKit/StoreKit.h>`: the header name is one string literal.
                if i < n, bytes[i] == 0x20 || bytes[i] == 0x09 {
                    var j = i
                    while j < n, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                    if j < n, bytes[j] == UInt8(ascii: "<"), directive(bytes, start, i).hasSuffix("import") || directive(bytes, start, i).hasSuffix("include") {
                        add(.whitespace, i, j)
                        var k = j + 1
                        while k < n, bytes[k] != UInt8(ascii: ">"), bytes[k] != 0x0A, bytes[k] != 0x0D { k += 1 }
                        if k < n, bytes[k] == UInt8(ascii: ">") { k += 1 }
                        add(.regexLiteral, j, k)
                        i = k
                    }
                }
            case UInt8(ascii: "@") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "\""):
                add(.stringStart, i, i + 2)
                i = string(bytes, from: i + 2, into: &tokens, diagnostics: &diagnostics, opener: start)
            case UInt8(ascii: "\""):
                add(.stringStart, i, i + 1)
                i = string(bytes, from: i + 1, into: &tokens, diagnostics: &diagnostics, opener: start)
            case UInt8(ascii: "'"):
                // A character literal: one token, as a number.
                i += 1
                while i < n, bytes[i] != UInt8(ascii: "'"), bytes[i] != 0x0A, bytes[i] != 0x0D {
                    i += bytes[i] == UInt8(ascii: "\\") && i + 1 < n && bytes[i + 1] != 0x0A && bytes[i + 1] != 0x0D ? 2 : 1
                }
                if i < n, bytes[i] == UInt8(ascii: "'") { i += 1 } else { diagnostics.append(LexDiagnostic(kind: .unterminatedString, offset: start)) }
                add(.integerLiteral, start, i)
            case UInt8(ascii: "@") where i + 1 < n && isIdentifierStart(bytes[i + 1]):
                i += 1
                while i < n, isIdentifierByte(bytes[i]) { i += 1 }
                add(.attribute, start, i)
            case _ where isIdentifierStart(c):
                while i < n, isIdentifierByte(bytes[i]) { i += 1 }
                add(.identifier, start, i)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                i = number(bytes, from: i, into: &tokens)
            case UInt8(ascii: ".") where i + 1 < n && isDigit(bytes[i + 1]):
                i = number(bytes, from: i, into: &tokens)
            case UInt8(ascii: "{"): add(.leftBrace, i, i + 1); i += 1
            case UInt8(ascii: "}"): add(.rightBrace, i, i + 1); i += 1
            case UInt8(ascii: "("): add(.leftParen, i, i + 1); i += 1
            case UInt8(ascii: ")"): add(.rightParen, i, i + 1); i += 1
            case UInt8(ascii: "["): add(.leftBracket, i, i + 1); i += 1
            case UInt8(ascii: "]"): add(.rightBracket, i, i + 1); i += 1
            case UInt8(ascii: ","): add(.comma, i, i + 1); i += 1
            case UInt8(ascii: ";"): add(.semicolon, i, i + 1); i += 1
            case UInt8(ascii: ":") where !(i + 1 < n && bytes[i + 1] == UInt8(ascii: ":")):
                add(.colon, i, i + 1); i += 1
            case UInt8(ascii: ".") where !(i + 2 < n && bytes[i + 1] == UInt8(ascii: ".") && bytes[i + 2] == UInt8(ascii: ".")):
                add(.dot, i, i + 1); i += 1
            default:
                if let length = operatorLength(bytes, at: i) {
                    add(.operator, i, i + length)
                    i += length
                } else {
                    if c == 0 {
                        diagnostics.append(LexDiagnostic(kind: .nulByte, offset: i))
                    }
                    add(.unknown, i, i + 1)
                    i += 1
                }
            }
        }
        return (tokens, diagnostics)
    }

    /// The tokens of a string literal's contents and its closing quote, from `start` (after the
    /// opening quote). Ends at the closing `"`, or unterminated at the line end.
    private static func string(_ bytes: [UInt8], from start: Int, into tokens: inout [Token], diagnostics: inout [LexDiagnostic], opener: Int) -> Int {
        let n = bytes.count
        var i = start
        while i < n, bytes[i] != UInt8(ascii: "\""), bytes[i] != 0x0A, bytes[i] != 0x0D {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < n {
                // An escaped newline continues the literal on the next line.
                i += (bytes[i + 1] == 0x0D && i + 2 < n && bytes[i + 2] == 0x0A) ? 3 : 2
            } else {
                i += 1
            }
        }
        if i > start { tokens.append(Token(kind: .stringSegment, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: i))) }
        if i < n, bytes[i] == UInt8(ascii: "\"") {
            tokens.append(Token(kind: .stringEnd, start: Int32(truncatingIfNeeded: i), end: Int32(truncatingIfNeeded: i + 1)))
            return i + 1
        }
        diagnostics.append(LexDiagnostic(kind: .unterminatedString, offset: opener))
        return i
    }

    private static func number(_ bytes: [UInt8], from start: Int, into tokens: inout [Token]) -> Int {
        let n = bytes.count
        var i = start
        var isFloat = false
        let isHex = i + 1 < n && bytes[i] == UInt8(ascii: "0") && (bytes[i + 1] | 0x20) == UInt8(ascii: "x")
        while i < n {
            let c = bytes[i]
            if isDigit(c) || isIdentifierByte(c) && c < 0x80 {
                // An exponent's sign belongs to the number: `1e-3`, `0x1p+4`.
                let lower = c | 0x20
                if (lower == UInt8(ascii: "e") && !isHex) || (lower == UInt8(ascii: "p") && isHex) {
                    isFloat = true
                    if i + 1 < n, bytes[i + 1] == UInt8(ascii: "+") || bytes[i + 1] == UInt8(ascii: "-") { i += 1 }
                }
                i += 1
            } else if c == UInt8(ascii: "."), !(i + 1 < n && bytes[i + 1] == UInt8(ascii: ".")) {
                isFloat = true
                i += 1
            } else {
                break
            }
        }
        tokens.append(Token(kind: isFloat ? .floatLiteral : .integerLiteral, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: i)))
        return i
    }

    private static let operators: [[UInt8]] = ["<<=", ">>=", "...", "->", "++", "--", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "::"].map { Array($0.utf8) }

    private static func operatorLength(_ bytes: [UInt8], at i: Int) -> Int? {
        for op in operators where i + op.count <= bytes.count {
            var same = true
            for k in 0..<op.count where bytes[i + k] != op[k] {
                same = false
                break
            }
            if same { return op.count }
        }
        switch bytes[i] {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
             UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "@"),
             UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "#"), UInt8(ascii: "\\"), UInt8(ascii: "`"):
            return 1
        default:
            return nil
        }
    }

    private static func directive(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// Letters, `_`, `$`, and the bytes of non-ASCII characters (clang accepts those in names).
    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || c == 0x5F || c == 0x24 || c >= 0x80
    }

    @inline(__always) static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || isDigit(c)
    }
}
