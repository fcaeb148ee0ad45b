/// A lexed and structured Swift source file: the tokens, the code tokens without trivia, the
/// bracket structure and the declarations. Rules query it through the methods in
/// `SwiftQueries.swift`; indices in those queries are indices into `code`.
public struct SwiftFile: Sendable {
    /// Path relative to the audit root.
    public let path: String
    public let bytes: [UInt8]
    public let lines: LineTable
    /// Every token, trivia included: their texts concatenate to `bytes`.
    public let tokens: [Token]
    /// The tokens that are not whitespace or comments.
    public let code: [Token]
    /// Comment tokens, for suppressions and for "is this in a comment" questions.
    public let comments: [Token]
    /// For each code token that opens or closes a bracket, string or interpolation, the index
    /// of its partner; -1 elsewhere or when unbalanced.
    public let match: [Int32]
    /// For each code token, the index of the innermost open bracket around it; -1 at top level.
    public let parent: [Int32]
    public let declarations: [Declaration]
    /// For each code token that is the `{` of a declaration or closure body, its declaration
    /// index; -1 for other tokens (including the braces of `if`, `for`, `switch` ...).
    let declarationOfBrace: [Int32]
    /// Whether a newline (or comment) stands between code token i-1 and i.
    public let startsLine: [Bool]
    public let diagnostics: [LexDiagnostic]

    /// The Swift compiler's limit on nested brackets ("structure nesting level exceeded maximum
    /// of 256"). Deeper files are input errors: every query that walks enclosing scopes would
    /// otherwise cost the depth for each token.
    public static let maximumNesting = 256

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        lines = LineTable(bytes)
        let lexed = SwiftLexer.tokenize(bytes)
        tokens = lexed.tokens
        var diagnostics = lexed.diagnostics
        var code: [Token] = []
        var comments: [Token] = []
        var startsLine: [Bool] = []
        code.reserveCapacity(tokens.count / 2)
        startsLine.reserveCapacity(tokens.count / 2)
        var sawNewline = true
        for token in lexed.tokens {
            if token.kind.isTrivia {
                if token.kind == .newline { sawNewline = true }
                if token.kind.isComment {
                    comments.append(token)
                    if token.kind == .blockComment || token.kind == .docBlockComment {
                        for offset in Int(token.start)..<Int(token.end) where bytes[offset] == 0x0A {
                            sawNewline = true
                            break
                        }
                    }
                }
            } else {
                code.append(token)
                startsLine.append(sawNewline)
                sawNewline = false
            }
        }
        self.code = code
        self.comments = comments
        self.startsLine = startsLine
        let structure: SyntaxTreeBuilder.Structure
        if let tooDeep = Self.firstTooDeepOpener(code) {
            // Not audited: no tree, so no query can be slow on it.
            let none = [Int32](repeating: -1, count: code.count)
            structure = SyntaxTreeBuilder.Structure(match: none, parent: none, declarations: [], declarationOfBrace: none)
            diagnostics.insert(LexDiagnostic(kind: .nestingTooDeep, offset: Int(code[tooDeep].start)),
                               at: diagnostics.first?.meansBinary == true ? 1 : 0)
        } else {
            structure = SyntaxTreeBuilder(bytes: bytes, code: code, startsLine: startsLine).build()
        }
        self.diagnostics = diagnostics
        match = structure.match
        parent = structure.parent
        declarations = structure.declarations
        declarationOfBrace = structure.declarationOfBrace
    }

    /// True when the file is not source text (NUL bytes or invalid UTF-8).
    public var isBinary: Bool { diagnostics.contains { $0.meansBinary } }

    /// True when rules skip the file: it is not source text, or nests deeper than any compiler accepts.
    public var isExcluded: Bool { diagnostics.contains { $0.excludesFile } }

    /// The first opener with `maximumNesting` brackets open around it, if any. Open brackets are
    /// counted per kind, a closer closing one of its own kind, which never undercounts the
    /// nesting the tree builder will find (it also closes brackets left open inside).
    static func firstTooDeepOpener(_ code: [Token]) -> Int? {
        var open = (braces: 0, parens: 0, brackets: 0, interpolations: 0)
        for index in code.indices {
            switch code[index].kind {
            case .leftBrace, .leftParen, .leftBracket, .interpolationStart:
                if open.braces + open.parens + open.brackets + open.interpolations >= maximumNesting { return index }
                switch code[index].kind {
                case .leftBrace: open.braces += 1
                case .leftParen: open.parens += 1
                case .leftBracket: open.brackets += 1
                default: open.interpolations += 1
                }
            case .rightBrace: open.braces = max(0, open.braces - 1)
            case .rightParen: open.parens = max(0, open.parens - 1)
            case .rightBracket: open.brackets = max(0, open.brackets - 1)
            case .interpolationEnd: open.interpolations = max(0, open.interpolations - 1)
            default: break
            }
        }
        return nil
    }

    // MARK: Text

    /// The text of code token `index`.
    public func text(_ index: Int) -> String {
        guard index >= 0, index < code.count else { return "" }
        return text(of: code[index])
    }

    public func text(of token: Token) -> String {
        String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// Whether code token `index` has exactly the text `word`, compared as bytes.
    @inlinable
    public func tokenIs(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0, index < code.count else { return false }
        let token = code[index]
        let length = Int(token.end - token.start)
        guard length == word.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        return word.withUTF8Buffer { w in
            for k in 0..<length where bytes[start + k] != w[k] { return false }
            return true
        }
    }

    /// Whether code token `index` is an identifier with the given text.
    @inlinable
    public func isIdentifier(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0, index < code.count, code[index].kind == .identifier else { return false }
        return tokenIs(index, word)
    }

    /// Whether code token `index` is an identifier whose text is one of `words`.
    public func isIdentifier(_ index: Int, in words: Set<String>) -> Bool {
        guard index >= 0, index < code.count else { return false }
        let kind = code[index].kind
        guard kind == .identifier || kind == .backtickIdentifier else { return false }
        return words.contains(identifierText(index))
    }

    /// Identifier text without backticks.
    public func identifierText(_ index: Int) -> String {
        let raw = text(index)
        if raw.hasPrefix("`"), raw.hasSuffix("`"), raw.count >= 2 {
            return String(raw.dropFirst().dropLast())
        }
        return raw
    }

    // MARK: Positions

    public func location(ofOffset offset: Int) -> SourceLocation {
        let position = lines.position(ofOffset: offset)
        return SourceLocation(file: path, line: position.line, column: position.column)
    }

    /// Where code token `index` starts.
    public func location(of index: Int) -> SourceLocation {
        guard index >= 0, index < code.count else { return location(ofOffset: 0) }
        return location(ofOffset: Int(code[index].start))
    }

    public func line(of index: Int) -> Int { location(of: index).line }

    /// The text of a 1-based line, without its terminator.
    public func lineText(_ line: Int) -> String {
        String(decoding: bytes[lines.range(ofLine: line, in: bytes)], as: UTF8.self)
    }
}
