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
    @Test func realCodeInOneLargeFileIsTheSameLexedInParts() throws {
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
        let file = SwiftFile(path: "All.swift", bytes: Array(source.utf8), inParts: true)
        // Several parts: the lexer pauses every chunk of tokens.
        #expect(file.code.count > 4 * TokenSink.chunkSize)
        #expect(file.keywordNames.count > 5_000)
        Self.expectSame(source, "the package's sources")
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
}
