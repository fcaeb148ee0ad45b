import Foundation
import Synchronization

/// A lexed and structured Swift source file: the tokens, the code tokens without trivia, the
/// bracket structure and the declarations. Rules query it through the methods in
/// `SwiftQueries.swift`; indices in those queries are indices into `code`.
public final class SwiftFile: Sendable {
    /// Path relative to the audit root.
    public let path: String
    public let bytes: [UInt8]
    /// Where each line starts: made on first use (a location to report), which most files
    /// never need; a file that may name StoreKit has it made before the rules start
    /// (`Auditor.warmUp`).
    public var lines: LineTable { linesCell.get { linesInBackground?.result().get() ?? LineTable(bytes) } }
    private let linesCell = OnceCell<LineTable>()
    /// A file lexed in parts has its line table made from its bytes on a thread of its own
    /// while it is lexed (see `init`); nil for other files.
    private let linesInBackground: BackgroundWork<LineTable, Never>?
    /// Whether the line table was started beside the lexer (for tests).
    var linesStartedInBackground: Bool { linesInBackground != nil }
    /// Every token, trivia included: their texts concatenate to `bytes`. Lexed again on each
    /// use: whitespace is about half of all tokens, and no rule needs it, so the file does not
    /// keep it (at 12 bytes a token it was the largest part of a loaded project).
    public var tokens: [Token] { SwiftLexer.tokenize(bytes).tokens }
    /// The tokens that are not whitespace or comments.
    public let code: TokenList
    /// The code index of every `stringStart` token, ascending: rules that read literals walk
    /// these instead of every token.
    public let stringStarts: [Int32]
    /// Comment tokens, for suppressions and for "is this in a comment" questions.
    public let comments: [Token]
    /// For each code token that opens or closes a bracket, string or interpolation, the index
    /// of its partner; -1 elsewhere or when unbalanced. Built with the file: every audit reads
    /// the calls around nearly every file's literals, and a pass right after lexing finds the
    /// tokens still in the cache (none for a file nested too deep: it is not audited).
    public let match: BracketPartners
    /// For each code token, the index of the innermost open bracket around it; -1 at top level.
    public let parent: EnclosingBrackets
    public var declarations: [Declaration] { structure.declarations }
    /// The declaration each declaration or closure body's `{` opens (not the braces of `if`,
    /// `for`, `switch` ...).
    var braces: BraceDeclarations { structure.braces }
    /// Whether a newline (or comment) stands between code token i-1 and i.
    public let startsLine: LineStartFlags
    public let diagnostics: [LexDiagnostic]
    /// False when the bytes cannot hold a suppression comment (no `iap-audit:`): looked for
    /// while the file is loaded and its bytes are still in the cache, instead of reading every
    /// file again when the filters run.
    let mayHaveSuppression: Bool
    /// The hashes of the file's identifiers: most files do not mention a given name, and the
    /// filter says so without the index.
    let names: HashFilter
    /// The token after each `func`, `var`, `let`, `struct`, `enum`, `class`, `actor`,
    /// `extension` and `protocol` written as an identifier, in order: found while the column
    /// pass hashes every identifier anyway (one table read each), so that the project's "may
    /// some `func NAME` exist" filters and "may this file declare a type named …" read a
    /// short list instead of walking every token again.
    public let keywordNames: [KeywordName]
    /// The code indices of the `init`, `deinit` and `subscript` identifiers, ascending.
    private let unnamedKeywords: [Int32]
    /// Where the syntax tree looks for declarations: the tokens before `keywordNames` and the
    /// `init`, `deinit` and `subscript` identifiers.
    var declarationKeywords: DeclarationKeywordIndices { DeclarationKeywordIndices(named: keywordNames, unnamed: unnamedKeywords) }
    /// The declarations and the identifier index: each built on first use. Most files of an
    /// app never get a question that needs them (no StoreKit name, no paywall), and building
    /// them was most of the cost of loading a file.
    private let structureCell = OnceCell<FileStructure>()
    private let indexCell = OnceCell<IdentifierIndex>()
    private let declarationNamesCell = OnceCell<DeclarationNames>()
    private let literalTextsCell = OnceCell<LiteralTexts>()
    /// `switchStatements()`, found on first use: rules ask it for each binding or call they
    /// follow, and a scan of the whole file per question grew with the square of a large file
    /// (a generated 50 MB file took minutes in transaction_not_finished).
    let switchStatementsCell = OnceCell<[SwitchStatement]>()

    var structure: FileStructure {
        structureCell.get {
            FileStructure(bytes: bytes, code: code, startsLine: startsLine, match: match, parent: parent, tooDeep: isTooDeep,
                          keywords: declarationKeywords)
        }
    }

    /// Where each identifier occurs; see `occurrences(of:)`.
    var identifierIndex: IdentifierIndex {
        indexCell.get { indexInBackground?.result().get() ?? IdentifierIndex(bytes: bytes, code: code) }
    }

    /// A large file's index, being built on a thread of its own since the columns were written
    /// (see `init`); nil for other files.
    private let indexInBackground: BackgroundWork<IdentifierIndex, Never>?
    /// Whether the index was started beside the bracket pass (for tests).
    var indexStartedInBackground: Bool { indexInBackground != nil }

    /// The indices of the declarations whose body's `{` lies in `range` (code token indices),
    /// found by binary search: the declarations are in the order of their braces. A type's
    /// members and closures are those of its full range; a walk over every declaration of the
    /// file for each type grew with the square of a large file.
    public func declarationIndices(bracesIn range: Range<Int>) -> Range<Int> {
        let declarations = declarations
        let start = declarations.firstIndex(notBelow: { $0.bodyStart < range.lowerBound })
        return start..<max(start, declarations.firstIndex(notBelow: { $0.bodyStart < range.upperBound }))
    }

    /// The indices of the declarations named `name`, ascending. A table built on first use:
    /// a rule that asks a file about each of its types scanned every declaration per question,
    /// which grew with the square of a large generated file (thousands of types in one file).
    public func declarationIndices(named name: String) -> [Int] {
        let names = declarationNamesCell.get { DeclarationNames(declarations) }
        guard var index = names.first[name] else { return [] }
        var found: [Int] = []
        while index >= 0 {
            found.append(Int(index))
            index = names.next[Int(index)]
        }
        return found
    }

    /// Whether the declarations, the index or the line table have been built (for tests and
    /// measurements).
    public var isStructureBuilt: Bool { structureCell.isComputed }
    public var isIndexBuilt: Bool { indexCell.isComputed }
    public var isLineTableBuilt: Bool { linesCell.isComputed }

    /// The text of every string literal end to end, made on first use: rules that look for a
    /// word in every literal of every file search it instead of asking each literal.
    public var literalTexts: LiteralTexts { literalTextsCell.get { LiteralTexts(self) } }

    private var isTooDeep: Bool { diagnostics.contains { $0.kind == .nestingTooDeep } }

    /// The type declarations listing `name` among their inherited types (keyword, body's
    /// closing brace): those of `declarations`, found without building the tree when it is
    /// not built yet (a file naming `PreviewProvider` is lexed again without its previews,
    /// and its own tree was built for this alone: 30 M instructions for damus's 181).
    func typeDeclarations(inheriting name: String) -> [(keyword: Int, bodyEnd: Int)] {
        if isTooDeep { return [] }
        if structureCell.isComputed {
            return declarations.filter { $0.kind.isType && $0.inheritedTypes.contains(name) }.map { ($0.keyword, $0.bodyEnd) }
        }
        return SyntaxTreeBuilder(bytes: bytes, code: code, startsLine: startsLine, keywords: declarationKeywords)
            .typeDeclarations(inheriting: name, match: match)
    }

    /// The Swift compiler's limit on nested brackets ("structure nesting level exceeded maximum
    /// of 256"). Deeper files are input errors: every query that walks enclosing scopes would
    /// otherwise cost the depth for each token.
    public static let maximumNesting = 256

    /// Files of at least this many bytes are lexed a part at a time, each part's tokens written
    /// to the columns before the next is lexed (`SwiftLexer.lexInParts`): the tokens of a 50 MB
    /// file took about 2.5 times its size beside the file and its columns, every page of it zeroed by the kernel.
    /// Smaller files are lexed whole, so that their columns have exact sizes.
    static let partsThreshold = 2 << 20

    public convenience init(path: String, bytes: [UInt8]) {
        self.init(path: path, bytes: bytes, inParts: bytes.count >= Self.partsThreshold)
    }

    /// `inParts`: lexed a part at a time (see `partsThreshold`); the file is the same either way.
    init(path: String, bytes: [UInt8], inParts: Bool) {
        self.path = path
        self.bytes = bytes
        // The passes over the bytes alone, for a file lexed in parts, on a thread of their own
        // while it is lexed: the search for a bad byte and for a suppression comment (needed
        // once it is lexed), then the line table (needed by the rules). Lexing a large file
        // keeps about one and a half cores busy (the lexer, and the thread writing its
        // columns): made in that time, the table no longer takes its 19-35 ms (the 50 MB file,
        // six traced runs) from the warm-up, where both cores are busy with the declarations and
        // the index, and the two searches (4-6 ms, three perf runs) no longer hold the lexer back.
        let byteChecks: BackgroundWork<ByteChecks, Never>?
        if inParts {
            let checks = BackgroundWork<ByteChecks, Never> {
                ByteChecks(encodingProblem: SwiftLexer.firstEncodingProblem(in: bytes), mayHaveSuppression: Suppression.mayOccur(in: bytes))
            }
            let lines = BackgroundWork<LineTable, Never> { LineTable(bytes) }
            Thread.detachNewThread {
                checks.run()
                lines.run()
            }
            byteChecks = checks
            linesInBackground = lines
        } else {
            byteChecks = nil
            linesInBackground = nil
        }
        // One pass over the lexer's tokens writes the code columns, the line-start bits, the
        // comments, the name filter and the names after declaration keywords.
        let (columns, openers) = (byteChecks.flatMap { Self.columnsInParts(of: bytes, checks: $0) }) ?? Self.columnsOfWhole(bytes)
        mayHaveSuppression = byteChecks?.result().get().mayHaveSuppression ?? Suppression.mayOccur(in: bytes)
        code = columns.code
        comments = columns.writer.comments
        stringStarts = columns.writer.stringStarts
        startsLine = LineStartFlags(words: columns.lineWords, count: code.count)
        names = columns.writer.names
        keywordNames = columns.writer.keywordNames
        unnamedKeywords = columns.writer.unnamedKeywords
        var diagnostics = columns.diagnostics
        // Nesting past the limit takes as many openers: most files have fewer, and are not
        // walked again.
        if openers >= Self.maximumNesting, let tooDeep = columns.writer.nesting.map(\.firstTooDeep) ?? Self.firstTooDeepOpener(code.kinds) {
            // Not audited: no tree (see `FileStructure`), so no query can be slow on it.
            diagnostics.insert(LexDiagnostic(kind: .nestingTooDeep, offset: Int(code.starts[tooDeep])),
                               at: diagnostics.first?.meansBinary == true ? 1 : 0)
        }
        self.diagnostics = diagnostics
        // A file lexed in parts that may name StoreKit has its index built beside the bracket
        // pass: the audit asks every such file for it (`Auditor.warmUp`), and a 50 MB file's
        // bracket pass ran on one core while the other waited for the index to be asked for.
        if inParts, !diagnostics.contains(where: \.excludesFile), Self.mayNameStoreKit(columns.writer.names) {
            let code = code
            let work = BackgroundWork<IdentifierIndex, Never> { IdentifierIndex(bytes: bytes, code: code) }
            work.start()
            indexInBackground = work
        } else {
            indexInBackground = nil
        }
        if diagnostics.contains(where: { $0.kind == .nestingTooDeep }) {
            match = BracketPartners(RankedColumn(emptyFor: code.count))
            parent = EnclosingBrackets(RankedColumn(emptyFor: code.count))
        } else {
            (match, parent) = SyntaxTreeBuilder(bytes: bytes, code: code, startsLine: startsLine).matchBrackets()
        }
    }

    /// What a file lexed in parts learns from its bytes beside the lexer (see `init`).
    private struct ByteChecks: Sendable {
        var encodingProblem: LexDiagnostic?
        var mayHaveSuppression: Bool
    }

    /// What the columns pass makes of a file's tokens.
    private struct Columns {
        var code: TokenList
        var writer: ColumnWriter
        var lineWords: [UInt64]
        var diagnostics: [LexDiagnostic]
    }

    /// The file lexed whole, then its columns written at their exact sizes (they live as long
    /// as the project), each chunk of tokens freed once written.
    private static func columnsOfWhole(_ bytes: [UInt8]) -> (Columns, openers: Int) {
        SwiftLexer.withTokens(of: bytes, keepingWhitespace: false) { tokens, codeCount, openerCount, diagnostics in
            let (code, writer, lineWords) = writeColumns(capacity: codeCount, bytes: bytes) { write, _ in
                for chunk in 0..<tokens.chunkCount {
                    tokens.releaseChunks(before: chunk)
                    precondition(write(tokens.tokens(inChunk: chunk)), "more code tokens than the lexer counted")
                }
                return true
            }!
            precondition(code.count == codeCount, "fewer code tokens than the lexer counted")
            return (Columns(code: code, writer: writer, lineWords: lineWords, diagnostics: diagnostics), openerCount)
        }
    }

    /// The file lexed a part at a time, each part written to columns sized for the most code
    /// tokens a file of its size has (the pages not written are never touched); nil for a file
    /// with more (then lexed whole).
    /// `checks` looks for a bad byte meanwhile: its finding is the first diagnostic, as when
    /// the lexer looks for it first.
    private static func columnsInParts(of bytes: [UInt8], checks: BackgroundWork<ByteChecks, Never>) -> (Columns, openers: Int)? {
        var lexed: (openers: Int, diagnostics: [LexDiagnostic])?
        // Real and generated Swift has one code token per five to six bytes.
        let written = writeColumns(capacity: bytes.count / 2 + 4096, bytes: bytes, checkingNesting: true) { write, columns in
            // Each part is written to the columns on a thread of its own while the next is
            // lexed: the column pass was more than half of a 50 MB file's lexing, on the
            // lexer's core.
            withoutActuallyEscaping(write) { write in
                let pipeline = PartPipeline(write, columns: columns)
                lexed = SwiftLexer.lexInParts(of: bytes, checkingEncoding: false) { part in pipeline.submit(part) }
                let written = pipeline.finish()
                return lexed != nil && written
            }
        }
        guard let (code, writer, lineWords) = written, let lexed else { return nil }
        let diagnostics = (checks.result().get().encodingProblem.map { [$0] } ?? []) + lexed.diagnostics
        return (Columns(code: code, writer: writer, lineWords: lineWords, diagnostics: diagnostics), lexed.openers)
    }

    /// Hands a large file's parts, in order, to a thread that writes them to the columns, while
    /// the lexer goes on: each part is copied into one of a few buffers (the lexer's chunks are
    /// reused once a part is handed over), and the lexer waits only when all are still being
    /// written. `write` runs on that thread alone, one part at a time; `finish` returns once
    /// every part is written, so `write` (which captures the columns being filled) never
    /// outlives the call that made it.
    private final class PartPipeline: @unchecked Sendable {
        private struct Slot {
            var tokens: UnsafeMutablePointer<Token>
            var capacity: Int
            /// Tokens in the slot; -1 marks the end.
            var count: Int
        }

        /// Used on the writing thread only, and let go there before `finish` returns: it may
        /// not outlive the call that made it (`withoutActuallyEscaping`).
        private var write: ((UnsafeBufferPointer<Token>) -> Bool)?
        /// Parts handed over and not yet written, at most: with two, each thread waited for the
        /// other a sixth of a 50 MB file's lexing (perf: the lexer busy 83 % of the time, the
        /// writer 70 %), as one part or the other took longer.
        static let slotCount = 4
        /// The slots in raw memory: each is touched by one thread at a time, as the semaphores
        /// hand it over (an array shared by the two threads would be one value both change).
        private let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        /// The lexer's next slot (the lexer's thread only).
        private var next = 0
        private let free = DispatchSemaphore(value: slotCount)
        private let filled = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)
        /// Set by the writing thread when a part did not fit the columns.
        private let failed = Atomic<Bool>(false)
        /// The columns, whose pages the lexer's thread touches before the writing thread
        /// writes them (`submit`).
        private let columns: ColumnPointers
        /// Code tokens in the parts handed over so far: the writing thread writes the columns
        /// below this (the lexer's thread only).
        private var codeHandedOver = 0

        init(_ write: @escaping (UnsafeBufferPointer<Token>) -> Bool, columns: ColumnPointers) {
            self.write = write
            self.columns = columns
            for index in 0..<Self.slotCount {
                (slots + index).initialize(to: Slot(tokens: .allocate(capacity: TokenSink.chunkSize), capacity: TokenSink.chunkSize, count: 0))
            }
            Thread.detachNewThread { self.writeParts() }
        }

        deinit {
            for index in 0..<Self.slotCount { slots[index].tokens.deallocate() }
            slots.deallocate()
        }

        /// Copies `part` for the writing thread; false once a part did not fit (the lexer stops).
        func submit(_ part: UnsafeBufferPointer<Token>) -> Bool {
            guard !failed.load(ordering: .relaxed) else { return false }
            free.wait()
            let slot = slots + next
            if slot.pointee.capacity < part.count {
                slot.pointee.tokens.deallocate()
                slot.pointee.tokens = .allocate(capacity: part.count)
                slot.pointee.capacity = part.count
            }
            if let base = part.baseAddress { slot.pointee.tokens.initialize(from: base, count: part.count) }
            slot.pointee.count = part.count
            // Pages of the columns this part's code tokens go to, touched here first: the
            // kernel zeroes each new page at its first write, which was three quarters of the
            // writing thread's time on a 50 MB file while this thread waited for it. Only
            // entries from the last part's end on are touched, which the writing thread does
            // not write before it is handed this part (the signal below orders the two).
            var code = 0
            for token in part where !token.kind.isTrivia { code &+= 1 }
            columns.touch(codeHandedOver..<codeHandedOver + code)
            codeHandedOver += code
            next = (next + 1) % Self.slotCount
            filled.signal()
            return true
        }

        /// Waits for every part to be written; false when one did not fit.
        func finish() -> Bool {
            free.wait()
            slots[next].count = -1
            filled.signal()
            done.wait()
            return !failed.load(ordering: .relaxed)
        }

        private func writeParts() {
            var index = 0
            while true {
                filled.wait()
                let slot = slots[index]
                if slot.count < 0 { break }
                let part = UnsafeBufferPointer(start: slot.tokens, count: slot.count)
                if !failed.load(ordering: .relaxed), write?(part) != true {
                    failed.store(true, ordering: .relaxed)
                }
                index = (index + 1) % Self.slotCount
                free.signal()
            }
            write = nil
            // The end's slot is free again too: a semaphore must be back at its first value
            // when it goes.
            free.signal()
            done.signal()
        }
    }

    /// Columns of room for `capacity` code tokens, filled by `fill` through the function it is
    /// given (which returns false when a part would overflow them); nil when `fill` returns
    /// false. The line-start words are cut to the tokens written. `checkingNesting`: the
    /// writer also looks at the code tokens' nesting as it writes them (`ColumnWriter.nesting`).
    private static func writeColumns(
        capacity: Int, bytes: [UInt8], checkingNesting: Bool = false,
        _ fill: (_ write: (UnsafeBufferPointer<Token>) -> Bool, _ columns: ColumnPointers) -> Bool
    ) -> (TokenList, ColumnWriter, [UInt64])? {
        // Room for one token at least: an empty buffer has no address to write through.
        let capacity = max(capacity, 1)
        var writer = ColumnWriter()
        if checkingNesting { writer.nesting = NestingCheck() }
        var lineWords = [UInt64](repeating: 0, count: (capacity + 63) / 64)
        var starts: [Int32] = []
        var lengths: [UInt8] = []
        var filled = true
        // The columns are written once each, straight from the tokens: no zero fill first.
        let kinds = [TokenKind](unsafeUninitializedCapacity: capacity) { kinds, kindCount in
            starts = [Int32](unsafeUninitializedCapacity: capacity) { starts, startCount in
                lengths = [UInt8](unsafeUninitializedCapacity: capacity) { lengths, lengthCount in
                    bytes.withUnsafeBufferPointer { b in
                        lineWords.withUnsafeMutableBufferPointer { lineWords in
                            let columns = ColumnPointers(kinds: kinds.baseAddress!, starts: starts.baseAddress!, lengths: lengths.baseAddress!,
                                                         lineWords: lineWords.baseAddress!, capacity: capacity)
                            filled = fill({ part in writer.write(part, into: columns, bytes: b) }, columns)
                        }
                    }
                    lengthCount = filled ? writer.count : 0
                }
                startCount = filled ? writer.count : 0
            }
            kindCount = filled ? writer.count : 0
        }
        guard filled else { return nil }
        lineWords.removeLast(lineWords.count - (writer.count + 63) / 64)
        return (TokenList(kinds: kinds, starts: starts, lengths: lengths, long: writer.long), writer, lineWords)
    }

    /// The function declaration whose `func` keyword is code token `keyword`, if any.
    public func function(keywordAt keyword: Int) -> Int? {
        let functionKeywords = structure.functionKeywords
        var low = 0
        var high = functionKeywords.count
        while low < high {
            let middle = (low + high) / 2
            if Int(functionKeywords[middle]) < keyword { low = middle + 1 } else { high = middle }
        }
        guard low < functionKeywords.count, Int(functionKeywords[low]) == keyword else { return nil }
        return Int(structure.functionDeclarations[low])
    }

    /// True when the file is not source text (NUL bytes or invalid UTF-8).
    public var isBinary: Bool { diagnostics.contains { $0.meansBinary } }

    /// True when rules skip the file: it is not source text, or nests deeper than any compiler accepts.
    public var isExcluded: Bool { diagnostics.contains { $0.excludesFile } }

    /// The first opener with `maximumNesting` brackets open around it, if any. Open brackets are
    /// counted per kind, a closer closing one of its own kind, which never undercounts the
    /// nesting the tree builder will find (it also closes brackets left open inside).
    static func firstTooDeepOpener(_ kinds: [TokenKind]) -> Int? {
        var check = NestingCheck()
        kinds.withUnsafeBufferPointer { kinds in
            for kind in kinds {
                check.scan(kind)
                if check.firstTooDeep != nil { break }
            }
        }
        return check.firstTooDeep
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
        // The length column first (most tokens are ruled out by their length), then the bytes
        // through a buffer: the token made whole and each byte read with its bounds checked
        // were the most expensive leaf of the transaction model on a 50 MB file.
        let code = code
        guard index >= 0, index < code.count else { return false }
        let count = word.utf8CodeUnitCount
        let stored = code.lengths[index]
        // A long token's marker never equals a word's length below it.
        guard count < Int(LongTokens.marker) ? Int(stored) == count : code.length(at: index) == count else { return false }
        let start = Int(code.starts[index])
        return bytes.withUnsafeBufferPointer { b in
            word.withUTF8Buffer { w in
                guard let text = b.baseAddress, let spelled = w.baseAddress else { return count == 0 }
                for k in 0..<count where text[start &+ k] != spelled[k] { return false }
                return true
            }
        }
    }

    /// Whether code token `index` has exactly the text `word`, compared as bytes (no String
    /// is made for the token).
    public func tokenIs(_ index: Int, spelled word: String) -> Bool {
        guard index >= 0, index < code.count else { return false }
        let token = code[index]
        let start = Int(token.start)
        let length = Int(token.end) - start
        var word = word
        return word.withUTF8 { w in
            guard w.count == length else { return false }
            for k in 0..<length where bytes[start + k] != w[k] { return false }
            return true
        }
    }

    /// The code indices of the identifiers spelled `name` (backtick identifiers excluded),
    /// ascending: what `code.indices.filter { isIdentifier($0) && text($0) == name }` gives,
    /// from an index built with the file.
    public func occurrences(of name: String) -> Occurrences {
        Occurrences(slice: indexedOccurrences(of: name))
    }

    /// The index's answer, when the name filter does not already say "none" (most files, for
    /// most names: then the index is not built).
    private func indexedOccurrences(of name: String) -> ArraySlice<Int32> {
        indexedOccurrences(of: name, hash: IdentifierIndex.hash(of: name))
    }

    private func indexedOccurrences(of name: String, hash: UInt32) -> ArraySlice<Int32> {
        guard names.mayContain(hash) else { return [] }
        if !indexCell.isComputed, scanInsteadOfIndex() {
            return ArraySlice(scanIdentifiers(spelled: name, firstOnly: false))
        }
        return identifierIndex.occurrences(of: name, in: bytes, code: code)
    }

    /// Lookups answered by a walk over the tokens before the index is built: a file asked about
    /// a name or two (most files, by most rules) costs a walk each, less than building the
    /// index; a file asked about more gets the index.
    private let scans = Atomic<Int>(0)
    private static let scansBeforeIndex = 8

    private func scanInsteadOfIndex() -> Bool {
        scans.add(1, ordering: .relaxed).newValue <= Self.scansBeforeIndex
    }

    /// The code indices of the `.identifier` tokens spelled `name`, ascending (the first only,
    /// when asked): what the index answers, from the file's bytes. `memchr` finds the places
    /// where the name is written (in code, comments or strings), and a binary search over the
    /// token starts keeps those where an identifier token of that length starts: a name is
    /// written a few times in a file of thousands of tokens.
    private func scanIdentifiers(spelled name: String, firstOnly: Bool) -> [Int32] {
        var name = name
        return name.withUTF8 { word in
            var found: [Int32] = []
            guard !word.isEmpty else { return found }
            withTokenBuffers { t in
                var low = 0
                ASCIISearch.forEachIndex(of: word, inLongText: t.bytes) { start in
                    // The first token starting at or after `start` (the hits come in order, so
                    // the search starts after the last one).
                    var high = t.count
                    while low < high {
                        let middle = (low + high) / 2
                        if Int(t.starts[middle]) < start { low = middle + 1 } else { high = middle }
                    }
                    guard low < t.count else { return false }
                    if Int(t.starts[low]) == start, t.kinds[low] == .identifier, t.length(low) == word.count {
                        found.append(Int32(low))
                        if firstOnly { return false }
                    }
                    return true
                }
            }
            return found
        }
    }

    /// The code indices in `range` where identifier `name` occurs, ascending: two binary
    /// searches in the index instead of a look at every token of the range.
    public func occurrences(of name: String, in range: Range<Int>) -> Occurrences {
        occurrences(of: name).within(range)
    }

    /// The code indices of `base.member` (`Transaction.updates`) in `range`, ascending, found
    /// through the index of `member`.
    public func memberAccesses(base: String, member: String, in range: Range<Int>? = nil) -> [Int] {
        // The base is an identifier token: a file that never names it has no such access,
        // whatever it says about a member as common as `shared`.
        guard mentions(base) else { return [] }
        let candidates = range.map { occurrences(of: member, in: $0) } ?? occurrences(of: member)
        return candidates.filter { isMemberAccess($0, base: base, member: member) }
    }

    /// Whether an identifier spelled like one of `names` (backticks aside) occurs in `range`
    /// (all the file by default): `range.contains { isIdentifier($0, in: names) }` through
    /// the index, without a String per token.
    public func containsIdentifier(in names: Set<String>, range: Range<Int>? = nil) -> Bool {
        let range = range ?? code.indices
        if names.contains(where: { !occurrences(of: $0, in: range).isEmpty }) { return true }
        // Backtick identifiers are not indexed; they are rare, so a look at the kinds finds them.
        return range.contains { code[$0].kind == .backtickIdentifier && names.contains(identifierText($0)) }
    }

    /// Whether `base.member` occurs in `range`.
    public func containsMemberAccess(base: String, member: String, in range: Range<Int>) -> Bool {
        guard mentions(base) else { return false }
        return occurrences(of: member, in: range).contains { isMemberAccess($0, base: base, member: member) }
    }

    /// Whether identifier `name` occurs, `hash` being `IdentifierIndex.hash(of: name)`: for
    /// asking every file of a project about one name.
    public func mentions(_ name: String, hash: UInt32) -> Bool {
        guard names.mayContain(hash) else { return false }
        if !indexCell.isComputed, scanInsteadOfIndex() { return !scanIdentifiers(spelled: name, firstOnly: true).isEmpty }
        return identifierIndex.mentions(name, hash: hash, in: bytes, code: code)
    }

    /// Whether identifier `name` occurs (backtick identifiers aside); most files answer from
    /// their name filter, without the index.
    public func mentions(_ name: String) -> Bool {
        mentions(name, hash: IdentifierIndex.hash(of: name))
    }

    /// The code indices of the identifiers spelled like any of `names`, ascending; the names'
    /// hashes were computed once for every file asked.
    public func occurrences(ofAny names: IdentifierNames) -> [Int] {
        occurrences(ofAny: names.names, hashes: names.hashes)
    }

    /// The code indices of the identifiers spelled like any of `names`, ascending.
    public func occurrences(ofAny names: some Sequence<String>) -> [Int] {
        let names = Array(names)
        return occurrences(ofAny: names, hashes: names.map { IdentifierIndex.hash(of: $0) })
    }

    private func occurrences(ofAny names: [String], hashes: [UInt32]) -> [Int] {
        var result: [Int] = []
        var sets = 0
        for (name, hash) in zip(names, hashes) {
            let found = indexedOccurrences(of: name, hash: hash)
            guard !found.isEmpty else { continue }
            result += found.lazy.map { Int($0) }
            sets += 1
        }
        if sets > 1 { result.sort() }
        return result
    }

    /// Whether the string literal opened at code token `start` has `needle` in one of its
    /// literal segments (interpolations are not searched), compared as bytes.
    public func stringLiteral(at start: Int, contains needle: StaticString) -> Bool {
        needle.withUTF8Buffer { stringLiteral(at: start, containsBytes: $0) }
    }

    /// Whether one of `needles` occurs in a literal segment of the string literal opened at
    /// `start` (interpolations are not searched): one pass for several words.
    public func stringLiteral(at start: Int, containsAnyOf needles: ASCIINeedles) -> Bool {
        // The needles reached through a pointer: captured by the closure, their tables (five
        // arrays) were copied, retained and released for every literal asked about.
        withUnsafePointer(to: needles) { needles in
            bytes.withUnsafeBufferPointer { all in
                anySegment(ofLiteralAt: start) { token in
                    needles.pointee.occur(in: UnsafeBufferPointer(rebasing: all[Int(token.start)..<Int(token.end)]))
                }
            }
        }
    }

    public func stringLiteral(at start: Int, contains needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { stringLiteral(at: start, containsBytes: $0) }
    }

    /// Whether the bytes of `token` contain those of `needle`: a test to run before making a
    /// String of a token (Foundation's `contains` of an ASCII needle implies it).
    public func token(_ token: Token, containsBytes needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { bytes(in: token, contain: $0) }
    }

    /// False only when the literal opened at `start` cannot hold any of `needles` (lower-case
    /// ASCII; `{` also stands for `[`) in its text, compared with ASCII case folding: a test
    /// to run before making a String of it for a case-insensitive expression. A literal with
    /// an interpolation, several segments or a non-ASCII byte always may.
    public func stringLiteral(at start: Int, mayContainFolded needles: ASCIINeedles) -> Bool {
        stringLiteral(at: start, mayHaveText: { text in text.contains { $0 >= 0x80 } || needles.occur(in: text) })
    }

    /// False only when the literal opened at `start` certainly has no text `test` passes: a
    /// test to run before making a String of it. Without interpolation a literal is at most
    /// one segment, whose bytes are then its text exactly (`test` decides). With interpolations
    /// (each `\u{FFFC}` in `stringLiteral(at:).text`), `segmentTest` decides on each segment,
    /// where a word of the text must lie whole; without one, or with two segments side by
    /// side, the literal always may.
    @inline(__always)
    public func stringLiteral(
        at start: Int, mayHaveText test: (UnsafeBufferPointer<UInt8>) -> Bool,
        interpolated segmentTest: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil
    ) -> Bool {
        var first: Token?
        var interpolations = 0
        var previousWasSegment = false
        var i = start + 1
        while i < code.count {
            let token = code[i]
            if token.kind == .stringSegment {
                if previousWasSegment { return true }
                if first == nil { first = token }
                previousWasSegment = true
            } else if token.kind == .interpolationStart {
                guard segmentTest != nil else { return true }
                interpolations += 1
                previousWasSegment = false
                let close = interpolationClose(of: i)
                if close < 0 { break }
                i = close
            } else {
                break
            }
            i += 1
        }
        return bytes.withUnsafeBufferPointer { all in
            if interpolations > 0, let segmentTest {
                return anySegment(ofLiteralAt: start) { segmentTest(UnsafeBufferPointer(rebasing: all[Int($0.start)..<Int($0.end)])) }
            }
            guard let segment = first else { return test(UnsafeBufferPointer(rebasing: all[0..<0])) }
            return test(UnsafeBufferPointer(rebasing: all[Int(segment.start)..<Int(segment.end)]))
        }
    }

    /// Whether the file's bytes (code, comments and literals alike) contain `needle`, lower-case
    /// ASCII, ignoring ASCII case: a test that rules a file out before any token is looked at.
    public func containsFolded(_ needle: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { all in needle.withUTF8Buffer { ASCIISearch.findFoldedInLongText($0, in: all) } }
    }

    /// `token(code[index], containsFolded: needle)`; false outside the file.
    public func token(_ index: Int, containsFolded needle: StaticString) -> Bool {
        guard index >= 0, index < code.count else { return false }
        return token(code[index], containsFolded: needle)
    }

    /// Whether the bytes of `token` contain `needle` (lower-case ASCII letters) ignoring ASCII
    /// case: `text(i).lowercased().contains(needle)` without making a String.
    public func token(_ token: Token, containsFolded needle: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[Int(token.start)..<Int(token.end)])
            return needle.withUTF8Buffer { ASCIISearch.findFolded($0, in: text) }
        }
    }

    /// Whether a byte of the literal's segments (not its interpolations) satisfies `test`.
    public func stringLiteral(at start: Int, hasByte test: (UInt8) -> Bool) -> Bool {
        anySegment(ofLiteralAt: start) { token in
            (Int(token.start)..<Int(token.end)).contains { test(bytes[$0]) }
        }
    }

    private func stringLiteral(at start: Int, containsBytes needle: UnsafeBufferPointer<UInt8>) -> Bool {
        anySegment(ofLiteralAt: start) { bytes(in: $0, contain: needle) }
    }

    /// Whether `test` holds for one of the literal segments of the string literal opened at
    /// code token `start`; interpolations are stepped over.
    func anySegment(ofLiteralAt start: Int, _ test: (Token) -> Bool) -> Bool {
        var i = start + 1
        while i < code.count {
            let token = code[i]
            if token.kind == .stringSegment {
                if test(token) { return true }
            } else if token.kind == .interpolationStart {
                let close = interpolationClose(of: i)
                if close < 0 { return false }
                i = close
            } else {
                return false
            }
            i += 1
        }
        return false
    }

    /// Whether the string literal opened at code token `start` has no interpolation and `test`
    /// holds for every byte of its text (escapes as written): a byte-level test to run on every
    /// literal before making a String of it. An unterminated literal ends at the next code.
    @inlinable
    public func plainLiteral(at start: Int, everyByte test: (UInt8) -> Bool) -> Bool {
        var i = start + 1
        while i < code.count {
            let token = code[i]
            if token.kind == .interpolationStart { return false }
            guard token.kind == .stringSegment else { break }
            for offset in Int(token.start)..<Int(token.end) where !test(bytes[offset]) { return false }
            i += 1
        }
        return true
    }

    /// The byte length of the text of the string literal opened at code token `start` (the sum
    /// of its segments, escapes as written), or nil when it has an interpolation: a test to
    /// run before making a String of it.
    public func literalLength(at start: Int) -> Int? {
        var length = 0
        var i = start + 1
        while i < code.count {
            let token = code[i]
            if token.kind == .interpolationStart { return nil }
            guard token.kind == .stringSegment else { break }
            length += Int(token.end - token.start)
            i += 1
        }
        return length
    }

    /// The `interpolationEnd` that closes the interpolation opened at code token `open`, or -1:
    /// what `match[open]` says, found from the lexer's tokens alone so that reading a literal
    /// does not build the file's tree. The lexer nests interpolations exactly (each end closes
    /// the innermost open one), so counting them is matching them.
    public func interpolationClose(of open: Int) -> Int {
        var depth = 0
        var i = open
        while i < code.count {
            switch code[i].kind {
            case .interpolationStart: depth += 1
            case .interpolationEnd:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return -1
    }

    private func bytes(in token: Token, contain word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(token.start)
        let end = Int(token.end)
        guard word.count > 0, end - start >= word.count else { return word.count == 0 }
        return bytes.withUnsafeBufferPointer { ASCIISearch.find(word, in: UnsafeBufferPointer(rebasing: $0[start..<end])) }
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

    /// `IdentifierIndex.hash(of: identifierText(index))` without making the String.
    public func identifierHash(_ index: Int) -> UInt32 {
        guard index >= 0, index < code.count else { return IdentifierIndex.hash(of: "") }
        var start = Int(code[index].start)
        var end = Int(code[index].end)
        if code[index].kind == .backtickIdentifier, end - start >= 2 {
            start += 1
            end -= 1
        }
        return bytes.withUnsafeBufferPointer { IdentifierIndex.hash($0, start, end - start) }
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

/// The declarations by name: each name's first declaration, and for each declaration the next
/// one of the same name (-1 at the last). An array per name cost a generated 50 MB file an
/// allocation for each of its names; this is one table entry per name and 4 bytes a declaration.
struct DeclarationNames: Sendable {
    let first: [String: Int32]
    let next: [Int32]

    init(_ declarations: [Declaration]) {
        var first: [String: Int32] = [:]
        var next = [Int32](repeating: -1, count: declarations.count)
        for index in declarations.indices.reversed() {
            if let following = first.updateValue(Int32(index), forKey: declarations[index].name) { next[index] = following }
        }
        self.first = first
        self.next = next
    }
}

/// The declarations of a file, and its functions by keyword.
final class FileStructure: Sendable {
    let declarations: [Declaration]
    let braces: BraceDeclarations
    /// The keyword token of every function declaration, ascending, and its declaration.
    let functionKeywords: [Int32]
    let functionDeclarations: [Int32]

    init(bytes: [UInt8], code: TokenList, startsLine: LineStartFlags, match: BracketPartners, parent: EnclosingBrackets, tooDeep: Bool,
         keywords: DeclarationKeywordIndices? = nil) {
        let structure: SyntaxTreeBuilder.Structure
        if tooDeep {
            structure = SyntaxTreeBuilder.Structure(match: match, parent: parent, declarations: [], braces: BraceDeclarations())
        } else {
            structure = SyntaxTreeBuilder(bytes: bytes, code: code, startsLine: startsLine, keywords: keywords).declarations(match: match, parent: parent)
        }
        // The array alone in the closures: reading `structure.declarations[$0]` in them
        // copied the whole structure (its columns' retains and releases) on every call, 50 ms
        // on one core for the 50 MB benchmark file's sort while the other core waited.
        let declarations = structure.declarations
        self.declarations = declarations
        braces = structure.braces
        let functions = declarations.indices
            .filter { declarations[$0].kind == .function }
            .sorted { declarations[$0].keyword < declarations[$1].keyword }
        functionKeywords = functions.map { Int32(declarations[$0].keyword) }
        functionDeclarations = functions.map { Int32($0) }
    }
}

/// Which `{` opens which declaration's body: only those braces, sorted, so a file does not
/// keep a slot for every token (most are not declaration braces).
struct BraceDeclarations: Sendable {
    private var braces: [Int32] = []
    private var declarations: [Int32] = []

    mutating func reserveCapacity(_ count: Int) {
        braces.reserveCapacity(count)
        declarations.reserveCapacity(count)
    }

    /// Appends `other`, whose braces all come after these.
    mutating func append(_ other: BraceDeclarations) {
        braces += other.braces
        declarations += other.declarations
    }

    /// Braces must come in ascending order; a brace assigned twice keeps the later declaration.
    mutating func assign(brace: Int, declaration: Int) {
        if let last = braces.last, Int(last) == brace {
            declarations[declarations.count - 1] = Int32(declaration)
        } else {
            braces.append(Int32(brace))
            declarations.append(Int32(declaration))
        }
    }

    func declaration(of brace: Int) -> Int? {
        var low = 0
        var high = braces.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let value = Int(braces[middle])
            if value == brace { return Int(declarations[middle]) }
            if value < brace { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }
}

/// Code indices, ascending, as `Int`s.
public struct Occurrences: RandomAccessCollection, Sendable {
    let slice: ArraySlice<Int32>
    public var startIndex: Int { slice.startIndex }
    public var endIndex: Int { slice.endIndex }
    public subscript(position: Int) -> Int { Int(slice[position]) }

    /// Those inside `range` (of code token indices), found by binary search: the occurrences
    /// are in file order. A rule asking about many ranges of one file looks the name up once.
    public func within(_ range: Range<Int>) -> Occurrences {
        func firstIndex(notBelow bound: Int) -> Int {
            var low = slice.startIndex
            var high = slice.endIndex
            while low < high {
                let middle = (low + high) / 2
                if Int(slice[middle]) < bound { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return Occurrences(slice: slice[firstIndex(notBelow: range.lowerBound)..<firstIndex(notBelow: range.upperBound)])
    }
}

/// A file's token columns and bytes as buffers, valid inside `SwiftFile.withTokenBuffers`:
/// for passes over every token, which would otherwise check the columns' bounds per token.
public struct TokenBuffers {
    public let kinds: UnsafeBufferPointer<TokenKind>
    public let starts: UnsafeBufferPointer<Int32>
    @usableFromInline let lengths: UnsafeBufferPointer<UInt8>
    @usableFromInline let long: LongTokens
    public let bytes: UnsafeBufferPointer<UInt8>

    /// The number of code tokens.
    @inlinable public var count: Int { kinds.count }

    @inlinable public func length(_ index: Int) -> Int {
        long.length(lengths[index], of: index, start: starts[index])
    }

    /// Where code token `index` ends (exclusive byte offset).
    @inlinable public func end(_ index: Int) -> Int { Int(starts[index]) + length(index) }

    /// Whether code token `index` (in range) is spelled `word`.
    @inlinable
    public func spells(_ index: Int, _ word: StaticString) -> Bool {
        let start = Int(starts[index])
        guard length(index) == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { w in
            var k = 0
            while k < w.count, bytes[start + k] == w[k] { k += 1 }
            return k == w.count
        }
    }

    /// The bytes of code token `index`.
    @inlinable
    public func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(starts[index])..<end(index)])
    }
}

extension SwiftFile {
    /// Calls `body` with the code tokens' columns and the file's bytes as buffers.
    public func withTokenBuffers<Result>(_ body: (TokenBuffers) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { b in
            try code.kinds.withUnsafeBufferPointer { kinds in
                try code.starts.withUnsafeBufferPointer { starts in
                    try code.lengths.withUnsafeBufferPointer { lengths in
                        try body(TokenBuffers(kinds: kinds, starts: starts, lengths: lengths, long: code.long, bytes: b))
                    }
                }
            }
        }
    }
}

extension SwiftFile {
    /// The indices of the code tokens of `kind`, ascending: `memchr` over the kinds column, so
    /// a file without any (most files have no `#` keyword) costs next to nothing.
    public func codeIndices(ofKind kind: TokenKind) -> [Int] {
        var result: [Int] = []
        code.kinds.withUnsafeBufferPointer { kinds in
            guard let base = kinds.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset < kinds.count,
                  let found = memchr(raw + offset, Int32(unsafeBitCast(kind, to: UInt8.self)), kinds.count - offset) {
                let index = raw.distance(to: UnsafeRawPointer(found))
                result.append(index)
                offset = index + 1
            }
        }
        return result
    }
}

/// Identifier names with their `IdentifierIndex` hashes, computed once: for a rule that asks
/// every file about the same names (most files answer from their name filter alone).
public struct IdentifierNames: Sendable {
    public let names: [String]
    let hashes: [UInt32]

    public init(_ names: some Sequence<String>) {
        self.names = names.sorted()
        hashes = self.names.map { IdentifierIndex.hash(of: $0) }
    }
}

/// Where `ColumnWriter` writes a file's code columns: room for `capacity` code tokens.
private struct ColumnPointers {
    let kinds: UnsafeMutablePointer<TokenKind>
    let starts: UnsafeMutablePointer<Int32>
    let lengths: UnsafeMutablePointer<UInt8>
    /// Zeroed, a word for each 64 code tokens of `capacity`.
    let lineWords: UnsafeMutablePointer<UInt64>
    let capacity: Int

    /// Writes a byte into each page of the kinds and lengths of the entries in `range`
    /// (clamped to `capacity`), and of the starts of its first quarter, that lies wholly at or
    /// after the range's first entry: the first write to a page is the one the kernel zeroes
    /// it for. The entries are not initialized (the bytes written are overwritten when they
    /// are). That is half the columns' bytes: the rest is zeroed as the writer writes it, so
    /// that the two threads of a file lexed in parts share the zeroing about as their other
    /// work leaves them room (the lexer touching every page left the writer waiting on it).
    func touch(_ range: Range<Int>) {
        let range = range.clamped(to: 0..<capacity)
        guard !range.isEmpty else { return }
        func touch(_ base: UnsafeMutableRawPointer, stride: Int, _ range: Range<Int>) {
            let page = 4096
            let start = range.lowerBound * stride
            let end = range.upperBound * stride
            // The first page boundary at or after the first entry.
            let address = Int(bitPattern: base) + start
            var offset = start + (page - address % page) % page
            while offset < end {
                (base + offset).storeBytes(of: 0, as: UInt8.self)
                offset += page
            }
        }
        touch(UnsafeMutableRawPointer(kinds), stride: MemoryLayout<TokenKind>.stride, range)
        touch(UnsafeMutableRawPointer(lengths), stride: MemoryLayout<UInt8>.stride, range)
        touch(UnsafeMutableRawPointer(starts), stride: MemoryLayout<Int32>.stride, range.lowerBound..<range.lowerBound + range.count / 4)
    }
}

/// The columns pass over a file's tokens, given in order in one or more parts: the code
/// columns, the line-start bits, the comments, the string starts, the name filter and the
/// names after declaration keywords.
private struct ColumnWriter {
    /// Code tokens written.
    private(set) var count = 0
    /// Whether a newline (or a comment holding one) came since the last code token.
    private var sawNewline = true
    /// The declaration keyword that is the last code token written: the next one is its name.
    private var pendingKeyword: DeclarationKeyword?
    var comments: [Token] = []
    var stringStarts: [Int32] = []
    var keywordNames: [KeywordName] = []
    /// The code indices of the `init`, `deinit` and `subscript` identifiers.
    var unnamedKeywords: [Int32] = []
    var long = LongTokens()
    var names = HashFilter(bitCountLog2: 13)
    /// The nesting of the code tokens written, when set before the first part (a file lexed in
    /// parts): looked at in the writing loop, where each token's kind is at hand (a pass of its
    /// own over each part, after it was written, was a fifth of the writing thread's time on a
    /// 50 MB file). Files lexed whole are looked at afterwards, and only when they have enough
    /// openers to nest too deep.
    var nesting: NestingCheck?

    /// Writes `tokens`' code tokens after those written; false, writing nothing more, when
    /// they would pass the columns' capacity.
    mutating func write(_ tokens: UnsafeBufferPointer<Token>, into columns: ColumnPointers, bytes b: UnsafeBufferPointer<UInt8>) -> Bool {
        if keywordNames.isEmpty {
            // About one code token in fourteen follows a declaration keyword (the 20 MB
            // benchmark corpus): room for most files' names at once instead of growing the
            // array five or six times (no more memory than the doubling leaves unused).
            keywordNames.reserveCapacity(min(columns.capacity, tokens.count) / 16)
        }
        // The state moved into locals for the loop (the arrays too, so that appending to them
        // stays in place), and back after it: read through `self` in the loop, it cost a
        // tenth more than the pass written inline.
        var state = (next: count, sawNewline: sawNewline, pending: pendingKeyword)
        let checksNesting = nesting != nil
        var check = nesting ?? NestingCheck()
        var lists = (comments: [Token](), stringStarts: [Int32](), keywordNames: [KeywordName](), unnamedKeywords: [Int32](), long: LongTokens())
        swap(&lists.comments, &comments)
        swap(&lists.stringStarts, &stringStarts)
        swap(&lists.keywordNames, &keywordNames)
        swap(&lists.unnamedKeywords, &unnamedKeywords)
        swap(&lists.long, &long)
        let written = names.withInserter { names in
            Self.write(tokens, into: columns, bytes: b, state: &state, lists: &lists, names: names, nesting: &check, checksNesting: checksNesting)
        }
        if checksNesting { nesting = check }
        swap(&lists.comments, &comments)
        swap(&lists.stringStarts, &stringStarts)
        swap(&lists.keywordNames, &keywordNames)
        swap(&lists.unnamedKeywords, &unnamedKeywords)
        swap(&lists.long, &long)
        (count, sawNewline, pendingKeyword) = state
        return written
    }

    @inline(__always)
    private static func write(
        _ tokens: UnsafeBufferPointer<Token>, into columns: ColumnPointers, bytes b: UnsafeBufferPointer<UInt8>,
        state: inout (next: Int, sawNewline: Bool, pending: DeclarationKeyword?),
        lists: inout (comments: [Token], stringStarts: [Int32], keywordNames: [KeywordName], unnamedKeywords: [Int32], long: LongTokens),
        names: HashFilterInserter, nesting: inout NestingCheck, checksNesting: Bool
    ) -> Bool {
        let keywordTable = DeclarationKeywordTable.shared
        let keywordTags = keywordTable.tags
        let keywordShift = keywordTable.shift
        let (kinds, starts, lengths, lineWords, capacity) = (columns.kinds, columns.starts, columns.lengths, columns.lineWords, columns.capacity)
        var (next, sawNewline, pending) = state
        defer { state = (next, sawNewline, pending) }
        for token in tokens {
            let kind = token.kind
            if kind.isTrivia {
                if kind == .newline {
                    sawNewline = true
                } else if kind.isComment {
                    lists.comments.append(token)
                    if !sawNewline, kind == .blockComment || kind == .docBlockComment {
                        for offset in Int(token.start)..<Int(token.end) where b[offset] == 0x0A {
                            sawNewline = true
                            break
                        }
                    }
                }
                continue
            }
            guard next < capacity else { return false }
            if checksNesting { nesting.scan(kind) }
            (kinds + next).initialize(to: kind)
            (starts + next).initialize(to: token.start)
            (lengths + next).initialize(to: LongTokens.length(of: next, start: token.start, end: token.end, into: &lists.long))
            if sawNewline { lineWords[next >> 6] |= 1 << UInt64(next & 63) }
            sawNewline = false
            if let keyword = pending {
                lists.keywordNames.append(KeywordName(keyword: keyword, index: Int32(next), hash: DeclarationKeywordTable.nameHash(of: token, b)))
                pending = nil
            }
            if kind == .identifier {
                let start = Int(token.start)
                let hash = IdentifierIndex.hash(b, start, Int(token.end) - start)
                names.insert(hash)
                // One table read rules out nearly every identifier that is not a declaration
                // keyword.
                if keywordTags[Int(hash &>> keywordShift)] != DeclarationKeywordTable.none,
                   let tag = keywordTable.tag(hash: hash, b, start, Int(token.end) - start) {
                    if let keyword = DeclarationKeyword(rawValue: tag) {
                        pending = keyword
                    } else {
                        lists.unnamedKeywords.append(Int32(next))
                    }
                }
            } else if kind == .stringStart {
                lists.stringStarts.append(Int32(next))
            }
            next += 1
        }
        return true
    }
}

/// `SwiftFile.firstTooDeepOpener` a code token at a time: the open brackets of each kind so
/// far, and the first opener with `SwiftFile.maximumNesting` open around it.
struct NestingCheck: Sendable {
    private var braces = 0
    private var parens = 0
    private var brackets = 0
    private var interpolations = 0
    /// Code tokens looked at.
    private var seen = 0
    private(set) var firstTooDeep: Int?

    /// Looks at the next code token; once an opener is too deep, it stays the one found.
    @inline(__always)
    mutating func scan(_ kind: TokenKind) {
        // One comparison for the tokens that are no bracket (most of them): the brackets and
        // interpolations are the kinds from `interpolationStart` to `rightBracket` (with the
        // string ends and regexes between them).
        if kind.rawValue &- Self.first <= Self.last &- Self.first { scanBracket(kind) }
        seen &+= 1
    }

    private static let first = TokenKind.interpolationStart.rawValue
    private static let last = TokenKind.rightBracket.rawValue

    private mutating func scanBracket(_ kind: TokenKind) {
        guard firstTooDeep == nil else { return }
        switch kind {
        case .leftBrace, .leftParen, .leftBracket, .interpolationStart:
            if braces + parens + brackets + interpolations >= SwiftFile.maximumNesting {
                firstTooDeep = seen
                return
            }
            switch kind {
            case .leftBrace: braces += 1
            case .leftParen: parens += 1
            case .leftBracket: brackets += 1
            default: interpolations += 1
            }
        case .rightBrace: braces = max(0, braces - 1)
        case .rightParen: parens = max(0, parens - 1)
        case .rightBracket: brackets = max(0, brackets - 1)
        case .interpolationEnd: interpolations = max(0, interpolations - 1)
        default: break
        }
    }
}
