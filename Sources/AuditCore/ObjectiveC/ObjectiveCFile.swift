/// An Objective-C source file (`.m`, `.mm`) as the StoreKit checks read it: its code tokens
/// (comments and preprocessor lines left out), matched brackets, the methods of its
/// `@implementation`s with their selectors, every message send `[receiver selector:arg …]`
/// with its selector and arguments, and its string literals.
public struct ObjectiveCFile: Sendable {
    public let path: String
    public let bytes: [UInt8]
    public let lines: LineTable
    /// Code tokens: no trivia, no tokens of preprocessor directive lines.
    public let code: [Token]
    /// For a bracket token, the index of its partner (`-1` when unmatched); `-1` otherwise.
    public let match: [Int32]
    public let diagnostics: [LexDiagnostic]
    /// Whether the file imports StoreKit (`#import <StoreKit/StoreKit.h>`, `@import StoreKit;`).
    public let importsStoreKit: Bool
    /// Preprocessor directives: the directive's name (`define`, `if`, `import`) and the byte
    /// range of its whole line(s).
    public let directives: [(name: String, bytes: Range<Int>)]
    public private(set) var methods: [Method] = []
    public private(set) var sends: [MessageSend] = []
    /// The `stringStart` indices of the file's literals (each run of adjacent ones once): found
    /// once, since every check that reads literals walks them.
    public let stringStarts: [Int]

    /// A method of an `@implementation`: `- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions { … }`.
    public struct Method: Sendable {
        /// `-` (instance) or `+` (class).
        public var isClassMethod: Bool
        /// The class (or category's class) it belongs to.
        public var className: String
        /// `paymentQueue:updatedTransactions:`, `restore`, `buyProduct:`.
        public var selector: String
        /// The selector's first part without its colon: the name Swift calls it by.
        public var baseName: String
        /// The `-`/`+` token.
        public var start: Int
        /// The return type's tokens (between the first parentheses).
        public var returnType: Range<Int>
        /// Parameter names, one per selector part that takes one.
        public var parameters: [String]
        /// `{` … `}`: indices of the braces.
        public var body: ClosedRange<Int>
        /// A React Native bridge method (`RCT_EXPORT_METHOD(restorePurchases:…) { … }`): the
        /// app's JavaScript calls it, from code iap-audit does not read.
        public var exportedToJavaScript = false
        /// The code between the braces.
        public var inside: Range<Int> { body.lowerBound + 1..<body.upperBound }
    }

    /// `[receiver part:arg part:arg]`.
    public struct MessageSend: Sendable {
        public var open: Int
        public var close: Int
        public var receiver: Range<Int>
        /// `finishTransaction:`, `defaultQueue`, `addPayment:`.
        public var selector: String
        /// The first selector token: where a finding about the send points.
        public var selectorStart: Int
        /// Each argument's tokens, in selector order.
        public var arguments: [Range<Int>]
        /// The method the send is written in, when it is in one.
        public var method: Int?
    }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        lines = LineTable(bytes)
        let (tokens, diagnostics) = ObjectiveCLexer.tokenize(bytes)
        self.diagnostics = diagnostics
        var code: [Token] = []
        code.reserveCapacity(tokens.count / 2)
        var directives: [(String, Range<Int>)] = []
        var importsStoreKit = false
        var k = 0
        while k < tokens.count {
            let token = tokens[k]
            if token.kind == .poundKeyword {
                // The directive runs to the end of its line; a continuation is whitespace.
                var end = k + 1
                while end < tokens.count, tokens[end].kind != .newline { end += 1 }
                let name = String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
                    .drop { $0 == "#" || $0 == " " || $0 == "\t" }
                let range = Int(token.start)..<Int(end < tokens.count ? tokens[end].start : Int32(bytes.count))
                directives.append((String(name), range))
                if name == "import" || name == "include" {
                    let text = String(decoding: bytes[range], as: UTF8.self)
                    if text.contains("<StoreKit/") { importsStoreKit = true }
                }
                k = end
                continue
            }
            if !token.kind.isTrivia { code.append(token) }
            k += 1
        }
        self.code = code
        self.directives = directives
        var match = [Int32](repeating: -1, count: code.count)
        var stack: [Int] = []
        for (index, token) in code.enumerated() {
            switch token.kind {
            case .leftBrace, .leftParen, .leftBracket:
                stack.append(index)
            case .rightBrace, .rightParen, .rightBracket:
                let opener: TokenKind = token.kind == .rightBrace ? .leftBrace : token.kind == .rightParen ? .leftParen : .leftBracket
                if let position = stack.lastIndex(where: { code[$0].kind == opener }) {
                    match[stack[position]] = Int32(index)
                    match[index] = Int32(stack[position])
                    stack.removeSubrange(position...)
                }
            default:
                break
            }
        }
        self.match = match
        stringStarts = code.indices.filter { code[$0].kind == .stringStart && !($0 > 0 && code[$0 - 1].kind == .stringEnd) }
        for (index, token) in code.enumerated() where token.kind == .attribute {
            if Self.text(of: token, in: bytes) == "@import", index + 1 < code.count, Self.text(of: code[index + 1], in: bytes) == "StoreKit" {
                importsStoreKit = true
            }
        }
        self.importsStoreKit = importsStoreKit
        methods = findMethods()
        sends = findSends()
    }

    // MARK: Reading tokens

    static func text(of token: Token, in bytes: [UInt8]) -> String {
        String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    public func text(_ index: Int) -> String { Self.text(of: code[index], in: bytes) }

    public func isKind(_ index: Int, _ kind: TokenKind) -> Bool {
        index >= 0 && index < code.count && code[index].kind == kind
    }

    public func isIdentifier(_ index: Int, _ name: String) -> Bool {
        guard isKind(index, .identifier), code[index].length == name.utf8.count else { return false }
        return text(index) == name
    }

    public func isOperator(_ index: Int, _ name: String) -> Bool {
        isKind(index, .operator) && text(index) == name
    }

    public func partner(of index: Int) -> Int? {
        guard index >= 0, index < match.count, match[index] >= 0 else { return nil }
        return Int(match[index])
    }

    public func location(of index: Int) -> SourceLocation {
        let offset = index < code.count ? Int(code[index].start) : bytes.count
        let position = lines.position(ofOffset: offset)
        return SourceLocation(file: path, line: position.line, column: position.column)
    }

    public func line(of index: Int) -> Int { lines.position(ofOffset: Int(code[index].start)).line }

    /// Whether the raw bytes contain `word` (a quick filter before looking at tokens).
    public func mentions(_ word: String) -> Bool {
        let needle = Array(word.utf8)
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { ASCIISearch.firstIndex(of: $0, inLongText: haystack) != nil }
        }
    }

    /// Indices of identifier tokens spelled `name`.
    public func occurrences(of name: String, in range: Range<Int>? = nil) -> [Int] {
        let range = range ?? 0..<code.count
        let length = name.utf8.count
        return range.filter { code[$0].kind == .identifier && code[$0].length == length && text($0) == name }
    }

    /// The text of the string literal whose `stringStart` is at `index` (escapes as written),
    /// with the literals written after it without anything between (`@"a" @"b"`).
    public func stringLiteral(at index: Int) -> String {
        var result = ""
        var k = index
        while isKind(k, .stringStart) {
            k += 1
            if isKind(k, .stringSegment) {
                result += text(k)
                k += 1
            }
            if isKind(k, .stringEnd) { k += 1 } else { break }
        }
        return result
    }


    /// The method whose body holds `index`.
    public func method(containing index: Int) -> Int? {
        methods.firstIndex { $0.body.contains(index) }
    }

    /// The end of the statement that holds `index`: its `;` (or the block's closing brace).
    public func statementEnd(from index: Int) -> Int {
        var k = index
        while k < code.count {
            switch code[k].kind {
            case .semicolon: return k
            case .rightBrace: return k
            case .leftBrace, .leftParen, .leftBracket:
                if let close = partner(of: k) { k = close }
            default: break
            }
            k += 1
        }
        return code.count
    }

    /// The innermost `{` that encloses `index`.
    public func enclosingBrace(of index: Int) -> Int? {
        var k = index - 1
        while k >= 0 {
            if code[k].kind == .rightBrace, let open = partner(of: k) {
                k = open - 1
                continue
            }
            if code[k].kind == .leftBrace { return k }
            k -= 1
        }
        return nil
    }

    // MARK: Structure

    private func findMethods() -> [Method] {
        var result: [Method] = []
        var className = ""
        var k = 0
        var inImplementation = false
        while k < code.count {
            let token = code[k]
            if token.kind == .attribute {
                let name = text(k)
                if name == "@implementation", k + 1 < code.count, code[k + 1].kind == .identifier {
                    className = text(k + 1)
                    inImplementation = true
                } else if name == "@end" {
                    inImplementation = false
                }
                k += 1
                continue
            }
            if inImplementation, token.kind == .identifier, token.length >= 16, Self.bridgeMacros.contains(text(k)),
               k + 1 < code.count, code[k + 1].kind == .leftParen, let parametersClose = partner(of: k + 1),
               let parsed = parseBridgeMethod(at: k, parametersClose: parametersClose, className: className) {
                result.append(parsed)
                k = parsed.body.upperBound + 1
                continue
            }
            if token.kind == .leftBrace, let close = partner(of: k) {
                // A function's or an ivar block's body: methods are not nested in braces.
                k = close + 1
                continue
            }
            guard inImplementation, token.kind == .operator, token.length == 1,
                  bytes[Int(token.start)] == UInt8(ascii: "-") || bytes[Int(token.start)] == UInt8(ascii: "+"),
                  k + 1 < code.count, code[k + 1].kind == .leftParen, let typeClose = partner(of: k + 1)
            else {
                k += 1
                continue
            }
            if let parsed = parseMethod(at: k, typeClose: typeClose, className: className) {
                result.append(parsed)
                k = parsed.body.upperBound + 1
            } else {
                k += 1
            }
        }
        return result
    }

    private func parseMethod(at start: Int, typeClose: Int, className: String) -> Method? {
        var k = typeClose + 1
        var selector = ""
        var parameters: [String] = []
        var baseName = ""
        while k < code.count {
            if code[k].kind == .leftBrace || code[k].kind == .semicolon { break }
            if code[k].kind == .identifier, k + 1 < code.count, code[k + 1].kind == .colon {
                if baseName.isEmpty { baseName = text(k) }
                selector += text(k) + ":"
                k += 2
                if k < code.count, code[k].kind == .leftParen, let close = partner(of: k) { k = close + 1 }
                if k < code.count, code[k].kind == .identifier {
                    parameters.append(text(k))
                    k += 1
                }
                continue
            }
            if selector.isEmpty, code[k].kind == .identifier {
                selector = text(k)
                baseName = selector
                k += 1
                // What follows a unary selector before its body: attributes, macros.
                while k < code.count, code[k].kind != .leftBrace, code[k].kind != .semicolon {
                    if code[k].kind == .leftParen, let close = partner(of: k) { k = close }
                    k += 1
                }
                break
            }
            // `, ...` of a variadic method, availability macros.
            if code[k].kind == .leftParen, let close = partner(of: k) { k = close }
            k += 1
        }
        guard !selector.isEmpty, k < code.count, code[k].kind == .leftBrace, let close = partner(of: k) else { return nil }
        return Method(
            isClassMethod: bytes[Int(code[start].start)] == UInt8(ascii: "+"), className: className, selector: selector,
            baseName: baseName, start: start, returnType: start + 2..<typeClose, parameters: parameters, body: k...close
        )
    }

    /// React Native's macros that export a method to JavaScript.
    static let bridgeMacros: Set<String> = ["RCT_EXPORT_METHOD", "RCT_REMAP_METHOD", "RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD"]

    /// `RCT_EXPORT_METHOD(purchase:(NSString *)productID resolver:(RCTPromiseResolveBlock)resolve) { … }`,
    /// `RCT_REMAP_METHOD(jsName, selector…)`, `RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(name)`:
    /// a method whose selector is written inside the macro's parentheses.
    private func parseBridgeMethod(at start: Int, parametersClose: Int, className: String) -> Method? {
        guard isKind(parametersClose + 1, .leftBrace), let close = partner(of: parametersClose + 1) else { return nil }
        var k = start + 2
        if text(start) == "RCT_REMAP_METHOD" {
            while k < parametersClose, !isKind(k, .comma) { k += 1 }
            k += 1
        }
        var selector = ""
        var baseName = ""
        var parameters: [String] = []
        while k < parametersClose {
            if code[k].kind == .identifier, k + 1 < parametersClose, code[k + 1].kind == .colon {
                if baseName.isEmpty { baseName = text(k) }
                selector += text(k) + ":"
                k += 2
                if k < parametersClose, code[k].kind == .leftParen, let typeClose = partner(of: k) { k = typeClose + 1 }
                if k < parametersClose, code[k].kind == .identifier {
                    parameters.append(text(k))
                    k += 1
                }
                continue
            }
            if selector.isEmpty, code[k].kind == .identifier {
                selector = text(k)
                baseName = selector
                break
            }
            if code[k].kind == .leftParen, let partner = partner(of: k) { k = partner }
            k += 1
        }
        guard !selector.isEmpty else { return nil }
        var method = Method(
            isClassMethod: false, className: className, selector: selector, baseName: baseName, start: start,
            returnType: start..<start, parameters: parameters, body: parametersClose + 1...close
        )
        method.exportedToJavaScript = true
        return method
    }

    /// Tokens after which `[` is a subscript (`array[0]`, `dict[@"key"]`), not a message send.
    private func endsExpression(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        switch code[index].kind {
        case .identifier:
            return !Self.keywordsBeforeExpressions.contains(text(index))
        case .rightParen:
            // `f(x)[0]` ends an expression; `if (flag) [self restore]` and a cast
            // `(NSString *)[dict objectForKey:key]` do not.
            guard let open = partner(of: index), open > 0 else { return true }
            if code[open - 1].kind == .identifier || code[open - 1].kind == .attribute { return !Self.statementHeads.contains(text(open - 1)) }
            return !isCast(open + 1..<index)
        case .rightBracket, .stringEnd, .integerLiteral, .floatLiteral:
            return true
        default:
            return false
        }
    }

    /// `NSString *`, `id`, `NSArray<SKProduct *> *`: the inside of a cast's parentheses.
    private func isCast(_ range: Range<Int>) -> Bool {
        guard let first = range.first, code[first].kind == .identifier else { return false }
        var pointer = false
        for k in range {
            switch code[k].kind {
            case .identifier, .comma: continue
            case .operator:
                let op = text(k)
                if op == "*" || op == "**" { pointer = true; continue }
                if op == "<" || op == ">" { continue }
                return false
            default: return false
            }
        }
        let name = text(first)
        return pointer || range.count == 1 && (name == "id" || name.first?.isUppercase == true)
    }

    private static let statementHeads: Set<String> = ["if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__", "@synchronized"]

    private static let keywordsBeforeExpressions: Set<String> = ["return", "in", "case", "else", "do", "sizeof", "typeof", "__typeof__", "throw", "@throw", "yield"]

    private func findSends() -> [MessageSend] {
        var result: [MessageSend] = []
        var methodIndex = 0
        for open in code.indices where code[open].kind == .leftBracket {
            guard let close = partner(of: open), close > open + 1 else { continue }
            if open > 0 {
                if endsExpression(open - 1) { continue }
                // `@[…]`: an array literal.
                if code[open - 1].kind == .operator, code[open - 1].length == 1, bytes[Int(code[open - 1].start)] == UInt8(ascii: "@") { continue }
            }
            // The selector starts at the first top-level name after a complete receiver that is
            // followed by `:` or ends the brackets.
            var k = open + 1
            var selectorStart: Int?
            while k < close {
                if k > open + 1, code[k].kind == .identifier, endsExpression(k - 1),
                   k + 1 == close || code[k + 1].kind == .colon {
                    selectorStart = k
                    break
                }
                if let partner = partner(of: k), partner > k { k = partner }
                k += 1
            }
            guard let first = selectorStart else { continue }
            var selector = ""
            var arguments: [Range<Int>] = []
            if first + 1 == close {
                selector = text(first)
            } else {
                var part = first
                while part < close {
                    selector += text(part) + ":"
                    var end = part + 2
                    // The argument runs to the next top-level `name:` after a complete value.
                    while end < close {
                        if code[end].kind == .identifier, end + 1 < close, code[end + 1].kind == .colon, end > part + 2,
                           endsExpression(end - 1) || code[end - 1].kind == .rightBrace { break }
                        if let partner = partner(of: end), partner > end { end = partner }
                        end += 1
                    }
                    arguments.append(part + 2..<min(end, close))
                    part = end
                }
            }
            while methodIndex < methods.count, methods[methodIndex].body.upperBound < open { methodIndex += 1 }
            let method = methodIndex < methods.count && methods[methodIndex].body.contains(open) ? methodIndex : nil
            result.append(MessageSend(
                open: open, close: close, receiver: open + 1..<first, selector: selector,
                selectorStart: first, arguments: arguments, method: method
            ))
        }
        return result
    }

    /// The sends whose selector is `selector`.
    public func sends(_ selector: String) -> [MessageSend] {
        sends.filter { $0.selector == selector }
    }

    /// The source text of a token range, from its first token's start to its last token's end.
    public func text(of range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last, first < code.count, last < code.count else { return "" }
        return String(decoding: bytes[Int(code[first].start)..<Int(code[last].end)], as: UTF8.self)
    }
}

extension ObjectiveCFile {
    /// Test code: a file that imports XCTest, or lies in a folder named for tests
    /// (`RMStoreTests/`, `Tests/`). The build description's test targets are left out before.
    static func isTestCode(_ file: ObjectiveCFile) -> Bool {
        if file.directives.contains(where: { directive in
            directive.name == "import" && String(decoding: file.bytes[directive.bytes], as: UTF8.self).contains("XCTest")
        }) { return true }
        if file.code.indices.contains(where: { file.code[$0].kind == .attribute && file.text($0) == "@import" && $0 + 1 < file.code.count && file.text($0 + 1) == "XCTest" }) {
            return true
        }
        return file.path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") || $0 == "Test" || $0 == "UITests" }
    }
}
