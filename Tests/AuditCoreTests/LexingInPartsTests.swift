import Foundation
import Testing
@testable import AuditCore

/// A large file is lexed a part at a time, each part's tokens written to the file's columns
/// before the next is lexed and their chunks reused (`SwiftFile.partsThreshold`). The file
/// must be exactly the file lexed whole: every column, the comments, the names after
/// declaration keywords, the name filter, the diagnostics and the brackets.
@Suite struct LexingInPartsTests {
    /// Every field the lexing makes, for comparing a file lexed in parts with one lexed whole.
    struct Made: Equatable {
        var code: [Token]
        var longEnds: [Int]
        var comments: [Token]
        var stringStarts: [Int32]
        var startsLine: [Bool]
        var keywordNames: [KeywordName]
        var nameBits: [Int]
        var diagnostics: [String]
        var match: [Int32]
        var parent: [Int32]

        init(_ file: SwiftFile) {
            code = Array(file.code)
            longEnds = file.withTokenBuffers { t in (0..<t.count).map { t.end($0) } }
            comments = file.comments
            stringStarts = file.stringStarts
            startsLine = Array(file.startsLine)
            keywordNames = file.keywordNames
            var bits: [Int] = []
            file.names.forEachSetBit { bits.append($0) }
            nameBits = bits
            diagnostics = file.diagnostics.map { "\($0.kind) \($0.offset)" }
            match = file.code.indices.map { file.match[$0] }
            parent = file.code.indices.map { file.parent[$0] }
        }
    }

    static func expectSame(_ source: String, _ comment: Comment) {
        let bytes = Array(source.utf8)
        let whole = Made(SwiftFile(path: "Whole.swift", bytes: bytes, inParts: false))
        let partsFile = SwiftFile(path: "Parts.swift", bytes: bytes, inParts: true)
        let parts = Made(partsFile)
        // The names after declaration keywords are also what a plain walk over the code finds
        // (both ways share the writer: a keyword whose name is in the next part is lost by
        // both, or by neither).
        var plain: [KeywordName] = []
        for i in partsFile.code.indices.dropLast() where partsFile.code[i].kind == .identifier {
            guard let keyword = DeclarationKeyword.allCases.first(where: { $0.spelling == partsFile.text(i) }) else { continue }
            plain.append(KeywordName(keyword: keyword, index: Int32(i + 1), hash: partsFile.identifierHash(i + 1)))
        }
        #expect(parts.keywordNames == plain, "\(comment): keyword names")
        // Field by field, naming the first place they differ (a whole file's columns are too
        // long to print).
        func same<T: Equatable>(_ name: String, _ a: [T], _ b: [T]) {
            let first = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? (a.count == b.count ? nil : a.count)
            #expect(first == nil, "\(comment): \(name) differ at \(first ?? 0) of \(a.count) / \(b.count): \(first.flatMap { $0 < a.count ? "\(a[$0])" : nil } ?? "-") / \(first.flatMap { $0 < b.count ? "\(b[$0])" : nil } ?? "-")")
        }
        same("code", whole.code, parts.code)
        same("long ends", whole.longEnds, parts.longEnds)
        same("comments", whole.comments, parts.comments)
        same("string starts", whole.stringStarts, parts.stringStarts)
        same("line starts", whole.startsLine, parts.startsLine)
        same("keyword names", whole.keywordNames, parts.keywordNames)
        same("name filter", whole.nameBits, parts.nameBits)
        same("diagnostics", whole.diagnostics, parts.diagnostics)
        same("partners", whole.match, parts.match)
        same("parents", whole.parent, parts.parent)
    }

    /// This package's own sources, the example apps and the accuracy corpus, one after the
    /// other in one file: hundreds of thousands of tokens, so many parts and chunk boundaries,
    /// in the shapes real code has (strings of every kind, comments, regex literals, `#if`).
    static func packageSource() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var source = ""
        for folder in ["Sources", "Examples", "Tests/Corpus"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            var paths: [String] = []
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { paths.append(url.path) }
            }
            for path in paths.sorted() { source += String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) + "\n" }
        }
        return source
    }

    @Test func realCodeInOneLargeFileIsTheSameLexedInParts() throws {
        let source = try Self.packageSource()
        let file = SwiftFile(path: "All.swift", bytes: Array(source.utf8), inParts: true)
        // Several parts: the lexer pauses every chunk of tokens.
        #expect(file.code.count > 4 * TokenSink.chunkSize)
        #expect(file.keywordNames.count > 5_000)
        Self.expectSame(source, "the package's sources")
    }

    /// The nesting is looked at part by part as the parts are written: the opener nested too
    /// deep in a later part is the one a look at the whole file finds, and the file is left
    /// out the same way.
    @Test func nestingTooDeepInALaterPartIsFoundAsInTheWholeFile() {
        let filler = String(repeating: "let value = compute(1, [2, 3]) { $0 + 1 }\n", count: 20_000)
        let depth = SwiftFile.maximumNesting + 3
        let deep = "let deep = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n"
        let source = filler + deep + filler
        let file = SwiftFile(path: "Deep.swift", bytes: Array(source.utf8), inParts: true)
        // The deep brackets come parts after the first (the filler is 19 code tokens a line).
        #expect(20_000 * 19 > 4 * TokenSink.chunkSize)
        #expect(file.isExcluded)
        let tooDeep = file.diagnostics.filter { $0.kind == .nestingTooDeep }.map(\.offset)
        // The opener with 256 open around it: the 257th.
        #expect(tooDeep == [filler.utf8.count + "let deep = ".utf8.count + SwiftFile.maximumNesting])
        Self.expectSame(source, "nested too deep after \(filler.utf8.count) bytes")
        // Nested as deep as allowed, and no deeper: not left out.
        let allowed = "let deep = " + String(repeating: "(", count: SwiftFile.maximumNesting) + "1" + String(repeating: ")", count: SwiftFile.maximumNesting) + "\n"
        let fine = SwiftFile(path: "Fine.swift", bytes: Array((filler + allowed + filler).utf8), inParts: true)
        #expect(!fine.diagnostics.contains { $0.kind == .nestingTooDeep })
        Self.expectSame(filler + allowed + filler, "nested as deep as allowed")
    }

    /// `NestingCheck` passes over a token by one comparison of its kind's raw value with the
    /// bracket kinds' range: every opener and closer kind must still count, whatever order
    /// `TokenKind` lists them in.
    @Test func nestingCheckCountsEveryBracketKind() {
        let openers: [TokenKind] = [.leftBrace, .leftParen, .leftBracket, .interpolationStart]
        let closers: [TokenKind: TokenKind] = [.leftBrace: .rightBrace, .leftParen: .rightParen, .leftBracket: .rightBracket, .interpolationStart: .interpolationEnd]
        for opener in openers {
            // The opener with `maximumNesting` open around it is too deep.
            var deep = NestingCheck()
            for _ in 0...SwiftFile.maximumNesting { deep.scan(opener) }
            #expect(deep.firstTooDeep == SwiftFile.maximumNesting, "\(opener)")
            // Its closer closes one: the same count of openers then reaches one level less.
            var closed = NestingCheck()
            for _ in 0..<SwiftFile.maximumNesting { closed.scan(opener) }
            closed.scan(closers[opener]!)
            closed.scan(.identifier)
            closed.scan(opener)
            #expect(closed.firstTooDeep == nil, "\(opener) closed by \(closers[opener]!)")
            closed.scan(opener)
            #expect(closed.firstTooDeep == SwiftFile.maximumNesting + 3, "\(opener)")
        }
    }

    /// What the parts must carry across: a declaration keyword whose name comes more than a
    /// chunk of trivia later, the lexer's look back for a `/` or a number past a chunk of
    /// comments (its token's chunk reused by then), and literals and comments that span a
    /// part's end.
    @Test func stateThatSpansPartsIsCarried() {
        let chunk = TokenSink.chunkSize
        let trivia = String(repeating: "// comment\n", count: chunk + 10)
        let cases: [(String, String)] = [
            ("a keyword and its name", "func\n" + trivia + "crossing() {}\n"),
            ("a backtick name", "var\n" + trivia + "`class` = 1\n"),
            // After an identifier a `/` divides; after nothing (the start of a file) it would
            // open the regex `/x/`.
            ("division after an identifier", "let a = b\n" + trivia + "/x/ 2\n"),
            ("a regex after an operator", "let a = b +\n" + trivia + "/ c /\n"),
            ("a regex after return", "func f() {\nreturn\n" + trivia + "/ab+/\n}\n"),
            ("a number after a dot", "let t = x.\n" + trivia + "0\n"),
            ("a keyword at the end", "let x = 1\n" + trivia + "func"),
            ("only trivia", trivia),
            ("a multiline string", "let s = \"\"\"\n" + String(repeating: "line \\(x + \"y\")\n", count: chunk) + "\"\"\"\nfunc after() {}\n"),
            ("an unterminated interpolation", "let s = \"\\(" + String(repeating: "a\n", count: chunk)),
            ("a block comment", "/*\n" + String(repeating: "x\n", count: chunk) + "*/ func g() {}\n"),
            ("long tokens", String(repeating: "let \(String(repeating: "n", count: 300)) = \"\(String(repeating: "v", count: 300))\"\n", count: chunk / 4)),
            ("brackets", String(repeating: "f(a: [1, 2], b: { x in x })\n", count: chunk / 4)),
        ]
        for (name, source) in cases {
            Self.expectSame(source, Comment(rawValue: name))
        }
    }

    /// A file with more code tokens than the columns made for its size (one a byte) is lexed
    /// whole instead, and is the same.
    @Test func moreTokensThanRoomFallsBackToLexingWhole() {
        let source = String(repeating: ";", count: SwiftFile.partsThreshold + 10_000)
        let file = SwiftFile(path: "Semicolons.swift", bytes: Array(source.utf8))
        #expect(file.code.count == source.utf8.count)
        Self.expectSame(source, "semicolons")
    }

    /// Files from the threshold up are lexed in parts; the result is the file lexed whole.
    @Test func largeFilesAreLexedInParts() {
        let line = "struct Type { let value = [1, 2, 3]; func f() -> Int { value.count } } // note\n"
        let source = String(repeating: line, count: SwiftFile.partsThreshold / line.utf8.count + 1)
        let bytes = Array(source.utf8)
        #expect(bytes.count >= SwiftFile.partsThreshold)
        let file = SwiftFile(path: "Large.swift", bytes: bytes)
        #expect(Made(file) == Made(SwiftFile(path: "Large.swift", bytes: bytes, inParts: false)))
        // Lexed in parts, the columns have room for a code token every two bytes.
        #expect(file.code.kinds.capacity >= bytes.count / 2)
    }

    /// A large file's bracket columns are written where they stay (no copy at their exact
    /// sizes): every partner and parent is the one the copying pass finds, on real code of
    /// more tokens than the threshold and on a small file made to take the same path.
    @Test func bracketColumnsWrittenInPlaceAreTheCopiedOnes() throws {
        let large = try Self.packageSource()
        let small = "func f() { let a = [1, (2)]; if a.isEmpty { print(\"\\(a)\") } }\n#if DEBUG\nfunc g() {\n#else\nfunc g() {\n#endif\n}\n"
        for (name, source) in [("the package's sources", large), ("a small file", small)] {
            let file = SwiftFile(path: "All.swift", bytes: Array(source.utf8), inParts: false)
            if name != "a small file" { #expect(file.code.count >= SyntaxTreeBuilder.columnsInPlaceCount, "\(name) takes the in-place path by default") }
            let builder = SyntaxTreeBuilder(bytes: file.bytes, code: file.code, startsLine: file.startsLine)
            let inPlace = builder.matchBrackets(inPlace: true)
            let copied = builder.matchBrackets(inPlace: false)
            let partners = file.code.indices.map { inPlace.match[$0] }
            let partnerDifference = file.code.indices.first { partners[$0] != copied.match[$0] }
            #expect(partnerDifference == nil, "\(name): the partner of token \(partnerDifference ?? -1) differs")
            let parentDifference = file.code.indices.first { inPlace.parent[$0] != copied.parent[$0] }
            #expect(parentDifference == nil, "\(name): the parent of token \(parentDifference ?? -1) differs")
            // Not vacuous: brackets were matched and nested.
            #expect(partners.filter { $0 >= 0 }.count > 10, "\(name): matched brackets")
        }
    }

    /// A file lexed in parts looks for a bad byte and a suppression comment beside the lexer:
    /// what it finds is what the file lexed whole finds, the bad byte first among the
    /// diagnostics (before the lexer's own, and before a bracket nested too deep).
    @Test func badBytesAndSuppressionsInLargeFilesAreFoundBesideTheLexer() {
        let filler = Array(String(repeating: "let value = compute(1, [2, 3]) { $0 + 1 }\n", count: 60_000).utf8)
        let depth = SwiftFile.maximumNesting + 3
        let deep = Array(("let deep = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n").utf8)
        let suppression = Array("// iap-audit:disable hardcoded_price\n".utf8)
        let unterminated = Array("let open = \"never closed\n".utf8)
        let cases: [(String, [UInt8])] = [
            ("a NUL byte", filler + [0x6C, 0x00, 0x0A] + filler + unterminated),
            ("invalid UTF-8", filler + [0xFF, 0x0A] + deep + filler),
            ("a suppression comment", filler + suppression + filler + unterminated),
            ("clean", filler + filler),
        ]
        for (name, bytes) in cases {
            #expect(bytes.count >= SwiftFile.partsThreshold, "\(name)")
            let parts = SwiftFile(path: "Parts.swift", bytes: bytes, inParts: true)
            let whole = SwiftFile(path: "Whole.swift", bytes: bytes, inParts: false)
            #expect(parts.diagnostics == whole.diagnostics, "\(name)")
            #expect(parts.mayHaveSuppression == whole.mayHaveSuppression, "\(name)")
            #expect(parts.isExcluded == whole.isExcluded, "\(name)")
            #expect(parts.code.count == whole.code.count, "\(name)")
        }
        let nul = SwiftFile(path: "Nul.swift", bytes: cases[0].1, inParts: true)
        #expect(nul.diagnostics.first == LexDiagnostic(kind: .nulByte, offset: filler.count + 1))
        #expect(nul.diagnostics.count > 1, "the unterminated string after it is found too")
        let invalid = SwiftFile(path: "Invalid.swift", bytes: cases[1].1, inParts: true)
        #expect(invalid.diagnostics.first == LexDiagnostic(kind: .invalidUTF8, offset: filler.count))
        #expect(invalid.diagnostics.dropFirst().first?.kind == .nestingTooDeep)
        #expect(SwiftFile(path: "Suppressed.swift", bytes: cases[2].1, inParts: true).mayHaveSuppression)
        #expect(!SwiftFile(path: "Clean.swift", bytes: cases[3].1, inParts: true).mayHaveSuppression)
    }

    /// A file lexed in parts has its line table made beside the lexer, and it is the table made
    /// from the bytes alone, line feeds and carriage returns alike; a small file makes its table
    /// on first use.
    @Test func largeFilesMakeTheirLineTableBesideTheLexer() {
        for (name, ending) in [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")] {
            let line = "let price = \"$4.99\" // one line" + ending
            let source = String(repeating: line, count: SwiftFile.partsThreshold / line.utf8.count + 1) + "let last = 1"
            let file = SwiftFile(path: "Large.swift", bytes: Array(source.utf8))
            #expect(file.linesStartedInBackground, "\(name)")
            let expected = LineTable(file.bytes)
            #expect(file.lines == expected, "\(name)")
            #expect(file.lines.lineStarts.count == SwiftFile.partsThreshold / line.utf8.count + 2, "\(name): one entry a line")
            #expect(file.isLineTableBuilt, "\(name)")
            // A position reported in the last line is where the table says.
            let last = file.code.count - 1
            #expect(file.line(of: last) == expected.lineStarts.count, "\(name)")
        }
        let small = SwiftFile(path: "Small.swift", bytes: Array("let a = 1\nlet b = 2\n".utf8))
        #expect(!small.linesStartedInBackground && !small.isLineTableBuilt)
        #expect(small.lines == LineTable(small.bytes))
    }

    /// A file lexed in parts that may name StoreKit has its identifier index started beside the
    /// bracket pass, and it is the index built on demand; one that names no StoreKit does not
    /// (the audit may never ask it).
    @Test func largeStoreKitFilesBuildTheirIndexInTheBackground() {
        let line = "struct Pass { let product: Product?; func buy() async throws { _ = try await product?.purchase() } }\n"
        let body = String(repeating: line, count: SwiftFile.partsThreshold / line.utf8.count + 1)
        let storeKit = Array(("import StoreKit\n" + body).utf8)
        let file = SwiftFile(path: "Store.swift", bytes: storeKit)
        #expect(file.indexStartedInBackground)
        let direct = IdentifierIndex(bytes: file.bytes, code: file.code)
        let names: Set<String> = ["StoreKit", "Pass", "product", "Product", "buy", "purchase", "import", "missing"]
        var written: [String: [Int32]] = [:]
        for i in file.code.indices where file.code[i].kind == .identifier {
            let text = file.text(i)
            if names.contains(text) { written[text, default: []].append(Int32(i)) }
        }
        for name in names.sorted() {
            let expected = written[name] ?? []
            #expect(Array(file.identifierIndex.occurrences(of: name, in: file.bytes, code: file.code)) == expected, "\(name)")
            #expect(Array(direct.occurrences(of: name, in: file.bytes, code: file.code)) == expected, "\(name) (direct)")
        }
        #expect(file.isIndexBuilt)
        let plain = SwiftFile(path: "Plain.swift", bytes: Array(body.utf8))
        #expect(plain.code.count > 0 && !plain.indexStartedInBackground)
        #expect(!SwiftFile(path: "Small.swift", bytes: Array("import StoreKit\n".utf8)).indexStartedInBackground)
    }

    /// Declarations are listed in the order of their bodies' braces, whether the parts found
    /// are merged (their braces ascend, as in nearly all code) or sorted (a declaration inside
    /// another's header, whose brace comes before the outer one's).
    @Test func declarationsAreInTheOrderOfTheirBraces() throws {
        let header = "func f(x: () -> Void = { func g() {} }) { let h = { 2 } }\nstruct S { var v: Int { get { 1 } } }\n"
        for (name, source) in [("the package's sources", try Self.packageSource()), ("a declaration in a header", header)] {
            let file = SwiftFile(path: "All.swift", bytes: Array(source.utf8), inParts: false)
            let builder = SyntaxTreeBuilder(bytes: file.bytes, code: file.code, startsLine: file.startsLine)
            for inHalves in [false, true] {
                let declarations = builder.declarations(match: file.match, parent: file.parent, inHalves: inHalves).declarations
                let descending = declarations.indices.dropFirst().first { declarations[$0].bodyStart < declarations[$0 - 1].bodyStart }
                #expect(descending == nil, "\(name): declaration \(descending ?? -1) comes before its brace's turn")
                if name == "a declaration in a header" {
                    // The default value's closure (named for the function whose header holds
                    // it), g, f's body, h's closure, S, v, get.
                    #expect(declarations.map(\.name).filter { $0 == "g" || $0 == "f" || $0 == "S" || $0 == "v" } == ["f", "g", "f", "S", "v"])
                    #expect(declarations.first?.kind == .closure)
                    #expect(declarations.count { $0.kind == .closure } == 2)
                }
            }
        }
    }

    /// The tree looks for declarations only at the keywords the column pass listed: it finds
    /// every declaration, kind, name, body and list, and every type declaration inheriting a
    /// name, that a look at every identifier finds, on real code (lexed whole and in parts) and
    /// on the forms where a keyword is no declaration or one is easy to miss.
    @Test func declarationsFoundAtTheListedKeywordsAreTheOnesFoundAtEveryIdentifier() throws {
        let forms = """
            final class Store: NSObject, ObservableObject {
                init() { super.init() }
                convenience init<T>(_ t: T) { self.init() }
                deinit { print("gone") }
                subscript(i: Int) -> Int { get { i } set { } }
                class func make() -> Store { .init() }
                class var shared: Store { Store() }
                let `init` = 1
                func `class`() {}
            }
            enum E: CaseIterable { case a; var v: Int { if let x = Optional(1) { return x }; return 0 } }
            struct P: PreviewProvider { static var previews: some View { Text("\(1)") } }
            extension Store { subscript(key k: String) -> String { k } }
            actor A { deinit {} }
            protocol Q { init(q: Int) }
            let c = { (x: Int) in x }
            """
        let package = try Self.packageSource()
        for (name, source, inParts) in [("the package's sources", package, false), ("the package's sources in parts", package, true), ("the forms", forms, false)] {
            let file = SwiftFile(path: "All.swift", bytes: Array(source.utf8), inParts: inParts)
            let everyIdentifier = SyntaxTreeBuilder(bytes: file.bytes, code: file.code, startsLine: file.startsLine)
            let listed = SyntaxTreeBuilder(bytes: file.bytes, code: file.code, startsLine: file.startsLine, keywords: file.declarationKeywords)
            let whole = everyIdentifier.declarations(match: file.match, parent: file.parent).declarations
            let found = listed.declarations(match: file.match, parent: file.parent).declarations
            #expect(found.count == whole.count, "\(name): count")
            let firstDifference = found.indices.first { $0 >= whole.count || found[$0] != whole[$0] }
            #expect(firstDifference == nil, "\(name): declaration \(firstDifference ?? -1) differs")
            #expect(file.declarations == whole, "\(name): the file's own tree")
            // The keywords counted in a range (the room reserved for a large range's
            // declarations) are those listed in it, at every cut.
            let keywords = file.declarationKeywords
            for cut in [0, 1, file.code.count / 3, file.code.count / 2, file.code.count] {
                for range in [0..<cut, cut..<file.code.count] {
                    var listedCount = 0
                    keywords.forEach(in: range) { _ in listedCount += 1 }
                    #expect(keywords.count(in: range) == listedCount, "\(name): keywords in \(range)")
                }
            }
            for inherited in ["PreviewProvider", "ObservableObject", "CaseIterable", "View"] {
                let expected = everyIdentifier.typeDeclarations(inheriting: inherited, match: file.match)
                let actual = listed.typeDeclarations(inheriting: inherited, match: file.match)
                #expect(actual.map(\.keyword) == expected.map(\.keyword) && actual.map(\.bodyEnd) == expected.map(\.bodyEnd), "\(name): \(inherited)")
            }
            if name == "the forms" {
                // Not vacuous: each kind the unnamed keywords start, and none for `super.init()`,
                // `.init()` or a protocol's requirement (no body).
                #expect(whole.count { $0.kind == .initializer } == 2)
                #expect(whole.count { $0.kind == .deinitializer } == 2)
                #expect(whole.count { $0.kind == .subscript } == 2)
                #expect(whole.contains { $0.kind == .function && $0.name == "make" })
            }
        }
    }

    /// A large file's declarations are found in two halves at once: every declaration, its
    /// kind, name, body, lists and parent, and every declaration brace, are those one walk over
    /// all the tokens finds, on real code and on a small file with a declaration at its middle.
    @Test func declarationsFoundInHalvesAreTheOnesFoundWhole() throws {
        let small = "struct A: View {\n  @State private var x = 1\n  var body: some View { Text(\"a\").onAppear { x += 1 } }\n}\nfinal class B { func f() { let c = { 1 }; _ = c } }\n"
        for (name, source) in [("the package's sources", try Self.packageSource()), ("a small file", small)] {
            let file = SwiftFile(path: "All.swift", bytes: Array(source.utf8), inParts: false)
            if name != "a small file" { #expect(file.code.count >= SyntaxTreeBuilder.declarationsInHalvesCount, "\(name) takes the halves by default") }
            let builder = SyntaxTreeBuilder(bytes: file.bytes, code: file.code, startsLine: file.startsLine)
            let halves = builder.declarations(match: file.match, parent: file.parent, inHalves: true)
            let whole = builder.declarations(match: file.match, parent: file.parent, inHalves: false)
            #expect(halves.declarations.count == whole.declarations.count, "\(name): count")
            let firstDifference = halves.declarations.indices.first { $0 >= whole.declarations.count || halves.declarations[$0] != whole.declarations[$0] }
            #expect(firstDifference == nil, "\(name): declaration \(firstDifference ?? -1) differs")
            let braces = file.code.indices.filter { file.code[$0].kind == .leftBrace }
            let braceDifference = braces.first { halves.braces.declaration(of: $0) != whole.braces.declaration(of: $0) }
            #expect(braceDifference == nil, "\(name): the declaration of brace \(braceDifference ?? -1) differs")
            // Not vacuous: nested declarations and closures on both sides of the middle.
            #expect(whole.declarations.contains { $0.kind == .closure && $0.keyword > file.code.count / 2 }, "\(name): a closure in the second half")
            #expect(whole.declarations.contains { $0.parent >= 0 && $0.keyword < file.code.count / 2 }, "\(name): a nested declaration in the first half")
        }
    }
}
