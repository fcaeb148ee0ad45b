import Testing
@testable import AuditCore

/// Non-trivia tokens as (kind, text) pairs.
private func lex(_ source: String) -> [(TokenKind, String)] {
    let bytes = Array(source.utf8)
    return SwiftLexer.tokenize(bytes).tokens.filter { !$0.kind.isTrivia }.map {
        ($0.kind, String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self))
    }
}

private func kinds(_ source: String) -> [TokenKind] { lex(source).map(\.0) }

private func roundTrips(_ source: String) -> Bool {
    let bytes = Array(source.utf8)
    let tokens = SwiftLexer.tokenize(bytes).tokens
    var rebuilt: [UInt8] = []
    var previousEnd: Int32 = 0
    for token in tokens {
        if token.start != previousEnd || token.end < token.start { return false }
        rebuilt += bytes[Int(token.start)..<Int(token.end)]
        previousEnd = token.end
    }
    return rebuilt == bytes
}

@Suite struct SwiftLexerTests {
    @Test func identifiersKeywordsAndPunctuation() {
        let tokens = lex("let x: Int = foo(a, b: 1)")
        #expect(tokens.map(\.1) == ["let", "x", ":", "Int", "=", "foo", "(", "a", ",", "b", ":", "1", ")"])
        #expect(tokens.map(\.0) == [.identifier, .identifier, .colon, .identifier, .operator, .identifier, .leftParen,
                                    .identifier, .comma, .identifier, .colon, .integerLiteral, .rightParen])
    }

    @Test func lineAndDocComments() {
        let source = "a // SKPaymentQueue\n/// doc\n//// not doc\nb"
        #expect(lex(source).map(\.1) == ["a", "b"])
        let all = SwiftLexer.tokenize(Array(source.utf8)).tokens.map(\.kind).filter(\.isComment)
        #expect(all == [.lineComment, .docLineComment, .lineComment])
    }

    @Test func nestedBlockComments() {
        let source = "a /* outer /* inner SKProduct */ still comment */ b /** doc */ c /**/ d"
        #expect(lex(source).map(\.1) == ["a", "b", "c", "d"])
        let comments = SwiftLexer.tokenize(Array(source.utf8)).tokens.map(\.kind).filter(\.isComment)
        #expect(comments == [.blockComment, .docBlockComment, .blockComment])
    }

    @Test func unterminatedBlockCommentRunsToEndAndIsReported() {
        let output = SwiftLexer.tokenize(Array("a /* never closed\nSKPaymentQueue".utf8))
        #expect(output.tokens.filter { !$0.kind.isTrivia }.count == 1)
        #expect(output.diagnostics.map(\.kind) == [.unterminatedBlockComment])
    }

    @Test func simpleStringsAndEscapes() {
        #expect(lex(#"Text("Buy \"Pro\" now")"#).map(\.0) == [.identifier, .leftParen, .stringStart, .stringSegment, .stringEnd, .rightParen])
        #expect(lex(#""a\\""#).map(\.1) == ["\"", #"a\\"#, "\""])
        #expect(lex(#""""#).map(\.0) == [.stringStart, .stringEnd])
    }

    @Test func interpolationWithNestedParenthesesStringsAndClosures() {
        let source = #""Buy \(product.displayName) for \(format(price(of: p), "x\("y")")) \( items.map { "\($0)" }.joined() )!""#
        let tokens = lex(source)
        #expect(tokens.first?.0 == .stringStart)
        #expect(tokens.last?.0 == .stringEnd)
        #expect(tokens.filter { $0.0 == .interpolationStart }.count == 5)
        #expect(tokens.filter { $0.0 == .interpolationEnd }.count == 5)
        #expect(tokens.filter { $0.0 == .stringStart }.count == 4)
        #expect(tokens.contains { $0.0 == .identifier && $0.1 == "displayName" })
        #expect(tokens.contains { $0.0 == .leftBrace })
        #expect(roundTrips(source))
    }

    @Test func multilineStrings() {
        let source = "let s = \"\"\"\n    Only $4.99 \"quoted\" \\(x)\n    \\\"\"\"\n    \"\"\"\nlet t = 1"
        let tokens = lex(source)
        #expect(tokens.filter { $0.0 == .stringStart }.map(\.1) == ["\"\"\""])
        #expect(tokens.filter { $0.0 == .stringEnd }.count == 1)
        #expect(tokens.suffix(4).map(\.1) == ["let", "t", "=", "1"])
    }

    @Test func rawStringsWithAnyNumberOfHashes() {
        let one = ##"let a = #"raw \(notInterpolated) "quotes" \#(interpolated)"#"##
        let oneTokens = lex(one)
        #expect(oneTokens.filter { $0.0 == .interpolationStart }.map(\.1) == [##"\#("##])
        #expect(oneTokens.last?.0 == .stringEnd)
        let two = ###"let b = ##"contains "# inside"## + x"###
        #expect(lex(two).suffix(2).map(\.1) == ["+", "x"])
        let multi = "let c = #\"\"\"\n  \"\"\" not the end\n  \"\"\"#\nnext"
        #expect(lex(multi).last?.1 == "next")
    }

    /// A raw string whose text starts with quotes (`#"""#` is `"`) is single-line when a quote
    /// and its hashes close it on the opening's line, as Swift decides; otherwise `#"""` opens
    /// a multi-line one.
    @Test func rawSingleLineStringsThatStartWithQuotes() {
        for (source, text) in [(##"#"""#"##, #"""#), (##"#""""#"##, #""""#), (###"##"""##"###, #"""#),
                               (###"##""#"##"###, ##""#"##), (##"#"""a"b"#"##, ##"""a"b"##)] {
            let output = SwiftLexer.tokenize(Array("let s = \(source)\nlet t = 2".utf8))
            #expect(output.diagnostics.isEmpty, "\(source)")
            let tokens = lex("let s = \(source)\nlet t = 2")
            #expect(tokens.map(\.0) == [.identifier, .identifier, .operator, .stringStart, .stringSegment, .stringEnd,
                                        .identifier, .identifier, .operator, .integerLiteral], "\(source)")
            #expect(tokens.first { $0.0 == .stringSegment }?.1 == text, "\(source)")
        }
        // Still multi-line: nothing closes the opening's line, or only `"#` later on another line.
        for source in ["#\"\"\"\n  a \"quoted\" b\n  \"\"\"#", "##\"\"\"\n  \"# not the end\n  \"\"\"##", "#\"\"\"  \n  x\n  \"\"\"#"] {
            let output = SwiftLexer.tokenize(Array("let s = \(source)\nlet t = 2".utf8))
            #expect(output.diagnostics.isEmpty, "\(source)")
            let tokens = lex("let s = \(source)\nlet t = 2")
            #expect(tokens.filter { $0.0 == .stringStart }.map(\.1) == [String(source.prefix { $0 == "#" }) + "\"\"\""], "\(source)")
            #expect(tokens.suffix(4).map(\.1) == ["let", "t", "=", "2"], "\(source)")
        }
    }

    @Test func unterminatedStringEndsAtLineEnd() {
        let output = SwiftLexer.tokenize(Array("let s = \"open\nlet t = 2".utf8))
        let bytes = Array("let s = \"open\nlet t = 2".utf8)
        let texts = output.tokens.filter { !$0.kind.isTrivia }.map { String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self) }
        #expect(texts.suffix(4) == ["let", "t", "=", "2"])
        #expect(output.diagnostics.map(\.kind) == [.unterminatedString])
    }

    @Test func regexLiterals() {
        #expect(lex("let r = /[0-9]+\\/x/").last?.0 == .regexLiteral)
        #expect(lex("let r = #/a/b/#").last?.0 == .regexLiteral)
        #expect(lex("let r = ##/a/#b/##").last?.0 == .regexLiteral)
        #expect(lex("s.contains(/$\\d+/)").map(\.0) == [.identifier, .dot, .identifier, .leftParen, .regexLiteral, .rightParen])
        let multiline = "let r = #/\n  \\d+ # digits\n  /#\nx"
        #expect(lex(multiline).map(\.0) == [.identifier, .identifier, .operator, .regexLiteral, .identifier])
        // Division is not a regex.
        #expect(kinds("let a = b / c / d") == [.identifier, .identifier, .operator, .identifier, .operator, .identifier, .operator, .identifier])
        #expect(kinds("x = (a) / 2 / (b)").filter { $0 == .regexLiteral }.isEmpty)
        #expect(kinds("let half = total/2 + count/3").filter { $0 == .regexLiteral }.isEmpty)
        // A `/` followed by a space cannot start a regex.
        #expect(kinds("let a = [1, / 2]").contains(.regexLiteral) == false)
    }

    @Test func backtickIdentifiersAttributesAndPoundKeywords() {
        let tokens = lex("@MainActor @main struct `default` { #if DEBUG\n#else\n#endif\n}")
        #expect(tokens.map(\.0) == [.attribute, .attribute, .identifier, .backtickIdentifier, .leftBrace, .poundKeyword,
                                    .identifier, .poundKeyword, .poundKeyword, .rightBrace])
        #expect(tokens[3].1 == "`default`")
    }

    @Test func numbers() {
        #expect(kinds("1_000 0xFF 0b1010 0o17 1.5 1e10 2.5E-3 0x1.8p3") == [
            .integerLiteral, .integerLiteral, .integerLiteral, .integerLiteral, .floatLiteral, .floatLiteral, .floatLiteral, .floatLiteral,
        ])
        // Tuple access is not a float.
        #expect(lex("pair.0.1").map(\.1) == ["pair", ".", "0", ".", "1"])
    }

    @Test func operators() {
        #expect(lex("a ?? b...c ..< d -> e != f?.g").map(\.1) == ["a", "??", "b", "...", "c", "..<", "d", "->", "e", "!=", "f", "?", ".", "g"])
        #expect(lex("a+//comment\nb").map(\.1) == ["a", "+", "b"])
        #expect(lex(#"\.isPremium"#).map(\.0) == [.operator, .dot, .identifier])
    }

    @Test func invalidUTF8AndNULAreReportedNotFatal() {
        let binary: [UInt8] = [0x66, 0x75, 0x6E, 0x63, 0xFF, 0xFE, 0x00, 0x41]
        let output = SwiftLexer.tokenize(binary)
        #expect(output.diagnostics.first?.kind == .invalidUTF8)
        #expect(output.diagnostics.first?.offset == 4)
        #expect(SwiftLexer.tokenize([0x61, 0x00, 0x62]).diagnostics.first?.kind == .nulByte)
        // Overlong encodings and surrogates are invalid.
        #expect(SwiftLexer.firstEncodingProblem(in: [0xC0, 0x80]) != nil)
        #expect(SwiftLexer.firstEncodingProblem(in: [0xED, 0xA0, 0x80]) != nil)
        #expect(SwiftLexer.firstEncodingProblem(in: Array("héllo €".utf8)) == nil)
    }

    /// The check steps over 32 and then 8 ASCII bytes at a time: a NUL, a bad byte or a good
    /// non-ASCII character at any offset of a long text must be found (or passed) exactly, and
    /// the stride must resume after a good one.
    @Test func encodingProblemsAreFoundAtEveryOffset() {
        for length in [31, 32, 33, 64, 100] {
            for offset in 0..<length {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                text[offset] = 0
                #expect(SwiftLexer.firstEncodingProblem(in: text) == LexDiagnostic(kind: .nulByte, offset: offset), "NUL at \(offset) of \(length)")
                text[offset] = 0xFF
                #expect(SwiftLexer.firstEncodingProblem(in: text) == LexDiagnostic(kind: .invalidUTF8, offset: offset), "0xFF at \(offset) of \(length)")
                var good = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                good.replaceSubrange(offset..<offset + 1, with: Array("é".utf8))
                #expect(SwiftLexer.firstEncodingProblem(in: good) == nil, "é at \(offset) of \(length)")
                // A good character first, then a NUL further on: found after the stride resumes.
                good.append(contentsOf: [UInt8](repeating: UInt8(ascii: "b"), count: 70))
                good[good.count - 3] = 0
                #expect(SwiftLexer.firstEncodingProblem(in: good) == LexDiagnostic(kind: .nulByte, offset: good.count - 3))
            }
        }
    }

    @Test func shebangAndCRLF() {
        let source = "#!/usr/bin/env swift\r\nprint(1)\r\n"
        #expect(lex(source).map(\.1) == ["print", "(", "1", ")"])
        #expect(roundTrips(source))
    }

    @Test func everyTokenCoversTheInputExactly() {
        let samples = [
            "", "\"", "\"\"\"", "#", "##\"", "/*", "/", "\\(", ")", "`", "@", "#/", "\"\\(", "\"\\(\"\\(",
            #"let x = "a\(b("c\(d)"))e" /* x /* y */ */ // z"#,
            "func f() { let r = /ab+c/; return r }",
            String(repeating: "{(", count: 500),
            "let 🙂 = \"ünïcödé\" + `back tick`",
        ]
        for sample in samples {
            #expect(roundTrips(sample), "round trip failed for \(sample.debugDescription)")
        }
    }

    @Test func randomBytesNeverCrashAndRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("\"#/\\*(){}[]`@ \n\ra1.=<>_$".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let tokens = SwiftLexer.tokenize(bytes).tokens
            var rebuilt: [UInt8] = []
            for token in tokens { rebuilt += bytes[Int(token.start)..<Int(token.end)] }
            #expect(rebuilt == bytes)
        }
    }
}

/// The word-at-a-time scans (encoding check, line table) against byte-by-byte references, at
/// every offset around the eight-byte boundaries.
@Suite struct WordScanTests {
    @Test func encodingProblemsAreFoundAtEveryOffset() {
        let text = Array("let price = \"€4.99\" // ok\n".utf8)
        #expect(SwiftLexer.firstEncodingProblem(in: text) == nil)
        for length in 0..<40 {
            let clean = Array(repeating: UInt8(ascii: "a"), count: length)
            #expect(SwiftLexer.firstEncodingProblem(in: clean) == nil)
            for offset in 0..<length {
                var withNul = clean
                withNul[offset] = 0
                #expect(SwiftLexer.firstEncodingProblem(in: withNul)?.offset == offset)
                #expect(SwiftLexer.firstEncodingProblem(in: withNul)?.kind == .nulByte)
                var invalid = clean
                invalid[offset] = 0xFF
                #expect(SwiftLexer.firstEncodingProblem(in: invalid)?.offset == offset)
                #expect(SwiftLexer.firstEncodingProblem(in: invalid)?.kind == .invalidUTF8)
                var multibyte = clean
                multibyte.insert(contentsOf: [0xE2, 0x82, 0xAC], at: offset)
                #expect(SwiftLexer.firstEncodingProblem(in: multibyte) == nil)
            }
        }
    }

    /// Large files are lexed into chunks that the file frees as it copies them into its
    /// columns. A keyword at the last slot of one chunk, with its name in the next, and the
    /// look-back for regex decisions across a chunk boundary, work as in one buffer.
    @Test func tokensAcrossChunkBoundaries() {
        // `x` and a newline are two tokens each (whitespace is dropped): the `func` below is
        // the first chunk's last token, its newline and name the next chunk's first.
        let chunk = TokenSink.chunkSize
        var source = String(repeating: "x\n", count: chunk / 2 - 1) + "y func\ncrossing() {}\n"
        // Several more chunks, with a declaration in each and a division after a chunk's end.
        for index in 0..<4 {
            source += String(repeating: "a = b / c\n", count: chunk / 6)
            source += "struct Type\(index) { let value = 1 }\n"
        }
        let file = SwiftFile(path: "Big.swift", bytes: Array(source.utf8))
        #expect(file.diagnostics.isEmpty)
        let names = Set(file.declarations.map(\.name))
        #expect(names.isSuperset(of: ["crossing", "Type0", "Type1", "Type2", "Type3"]))
        #expect(roundTrips(source))
        let bytes = Array(source.utf8)
        let code = SwiftLexer.tokenize(bytes).tokens.filter { !$0.kind.isTrivia }
        #expect(code.filter { $0.kind == .regexLiteral }.isEmpty)
        #expect(Array(file.code) == code)
    }

    /// A file keeps each token's length in one byte; tokens of 255 bytes or more keep their
    /// end aside. Every token reads back as the lexer made it, through the list and the buffers.
    @Test(arguments: [0, 1, 254, 255, 256, 70_000])
    func longTokensKeepTheirEnds(length: Int) {
        let long = String(repeating: "a", count: length)
        let source = """
            let short = "x"
            let text = "\(long)"
            let \(long.isEmpty ? "b" : long) = 1 // \(long)
            let after = "\(long)\\(short)\(long)"
            """
        let bytes = Array(source.utf8)
        let file = SwiftFile(path: "Long.swift", bytes: bytes)
        let code = SwiftLexer.tokenize(bytes).tokens.filter { !$0.kind.isTrivia }
        #expect(Array(file.code) == code)
        let texts = file.withTokenBuffers { t in
            (0..<t.count).map { String(decoding: t.text($0), as: UTF8.self) }
        }
        #expect(texts == code.map { String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self) })
        #expect(file.withTokenBuffers { t in (0..<t.count).allSatisfy { t.end($0) == Int(code[$0].end) } })
    }

    @Test func lineStartsAreFoundAtEveryOffset() {
        for length in 1..<40 {
            for offset in 0..<length {
                for ending: [UInt8] in [[0x0A], [0x0D], [0x0D, 0x0A]] {
                    var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
                    bytes.replaceSubrange(offset..<offset + 1, with: ending)
                    let expected: [Int32] = [0, Int32(offset + ending.count)]
                    #expect(LineTable(bytes).lineStarts == expected, "length \(length), offset \(offset), \(ending)")
                }
            }
        }
    }

    /// Files of many lines: those that end every line with LF alone are read with `memchr`,
    /// the rest a word at a time; both must find what a reading byte by byte finds.
    @Test func lineStartsOfManyLinesMatchAByteByByteReading() {
        func byteByByte(_ bytes: [UInt8]) -> [Int32] {
            var starts: [Int32] = [0]
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(Int32(i + 1)) }
                i += 1
            }
            return starts
        }
        var lines: [[UInt8]] = []
        for n in 0..<200 { lines.append(Array(repeating: UInt8(ascii: "a") + UInt8(n % 26), count: (n * 7) % 45)) }
        let joined = lines.joined(separator: [0x0A]).map { $0 }
        for bytes in [joined, joined + [0x0A], [0x0A] + joined, joined + [0x0A, 0x0A], [0x0A, 0x0A]] {
            #expect(LineTable(bytes).lineStarts == byteByByte(bytes))
            #expect(LineTable(bytes).lineStarts.count == bytes.count(where: { $0 == 0x0A }) + 1)
        }
        // CR LF and lone CRs: the table is made for at most one line per LF and CR.
        let crlf = lines.joined(separator: [0x0D, 0x0A]).map { $0 }
        let lone = lines.joined(separator: [0x0D]).map { $0 }
        for bytes in [crlf, crlf + [0x0D], lone, lone + [0x0D, 0x0A, 0x0D]] {
            #expect(LineTable(bytes).lineStarts == byteByByte(bytes))
        }
        // One carriage return anywhere sends the file to the word reading.
        for position in [0, 1, joined.count / 2, joined.count - 1] {
            var mixed = joined
            mixed.insert(0x0D, at: position)
            #expect(LineTable(mixed).lineStarts == byteByByte(mixed), "CR at \(position)")
        }
    }
}

/// The counts of LF and CR that size the line table: exact next to every other byte value,
/// the bytes whose bits are one off (0x0B, 0x8A, 0x09), zero and 0xFF, at every offset in a
/// word and in the tail after the last whole word.
@Test func byteCountsAreExactWhateverTheBytesAroundThem() {
    let others: [UInt8] = [0x00, 0x01, 0x09, 0x0B, 0x0C, 0x0E, 0x7F, 0x80, 0x8A, 0x8D, 0xFE, 0xFF, 0x20, 0x61]
    for target: UInt8 in [0x0A, 0x0D] {
        for length in 0..<27 {
            for filler in others {
                for position in 0..<max(length, 1) {
                    var bytes = Array(repeating: filler, count: length)
                    for index in stride(from: position, to: length, by: 3) { bytes[index] = target }
                    let expected = bytes.count(where: { $0 == target })
                    let counts = bytes.withUnsafeBufferPointer { LineTable.lineBreakCounts(in: $0) }
                    let counted = target == 0x0A ? counts.lineFeeds : counts.returns
                    #expect(counted == expected, "byte \(target) among \(filler), length \(length), from \(position)")
                }
            }
        }
    }
    // Both in one word, side by side (CR LF) and apart: each counted once, in its own count.
    let mixed: [UInt8] = Array("a\r\nb\rc\n\r\r\n\n d\r".utf8)
    for start in 0..<mixed.count {
        let bytes = Array(mixed[start...] + mixed[..<start])
        let counts = bytes.withUnsafeBufferPointer { LineTable.lineBreakCounts(in: $0) }
        #expect(counts.lineFeeds == bytes.count(where: { $0 == 0x0A }) && counts.returns == bytes.count(where: { $0 == 0x0D }), "rotated by \(start)")
    }
}

/// Which ASCII bytes continue and start an identifier, every one of them: `$`, `_`, letters
/// and (after the first) digits; bytes above 0x7F belong to identifiers too.
@Test func identifierBytesAreExactlyTheLettersDigitsUnderscoreAndDollar() {
    func isBody(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x24
    }
    for byte in UInt8(1)...UInt8(0x7F) {
        let middle = SwiftLexer.tokenize(Array("x".utf8) + [byte] + Array("y".utf8)).tokens
        #expect((middle.count == 1 && middle[0].kind == .identifier) == isBody(byte), "byte \(byte) inside a name")
        let head = SwiftLexer.tokenize([byte] + Array("y".utf8)).tokens
        let startsName = head.count == 1 && head[0].kind == .identifier
        #expect(startsName == (isBody(byte) && !(byte >= 0x30 && byte <= 0x39)), "byte \(byte) starting a name")
    }
    #expect(SwiftLexer.tokenize(Array("préis".utf8)).tokens.map(\.kind) == [.identifier])
}

/// A string segment ends at its first backslash, quote or line break wherever that falls in
/// the eight-byte words the lexer scans a literal's text by, and whatever the bytes around it.
@Test(arguments: 0..<20)
func stringSegmentsEndAtTheFirstSpecialByteWhateverItsOffset(offset: Int) {
    let text = String(repeating: "ab cé", count: 6)
    // The first `offset` bytes, cut back to whole characters (é is two bytes).
    var cut = offset
    while cut > 0, cut < text.utf8.count, Array(text.utf8)[cut] & 0xC0 == 0x80 { cut -= 1 }
    let plain = String(decoding: Array(text.utf8).prefix(cut), as: UTF8.self)
    // An interpolation: the segment before it is the text up to the backslash.
    let interpolated = lex("s = \"\(plain)\\(x)tail\"")
    #expect(interpolated.map(\.0) == [.identifier, .operator, .stringStart] + (plain.isEmpty ? [] : [.stringSegment])
        + [.interpolationStart, .identifier, .interpolationEnd, .stringSegment, .stringEnd], "offset \(offset)")
    if !plain.isEmpty { #expect(interpolated[3].1 == plain) }
    // An escaped quote does not end the literal: one segment to the closing quote.
    let escaped = lex("s = \"\(plain)\\\"\(plain)\"")
    #expect(escaped.map(\.0) == [.identifier, .operator, .stringStart, .stringSegment, .stringEnd], "offset \(offset)")
    #expect(escaped[3].1 == plain + "\\\"" + plain)
    // A line break ends a single-line literal (unterminated), not a multi-line one.
    for lineBreak in ["\n", "\r\n"] {
        let bytes = Array("s = \"\(plain)\(lineBreak)t = 1".utf8)
        let output = SwiftLexer.tokenize(bytes)
        #expect(output.diagnostics.map(\.kind) == [.unterminatedString])
        let segments = output.tokens.filter { $0.kind == .stringSegment }
        #expect(segments.map { Int($0.end - $0.start) } == (plain.isEmpty ? [] : [plain.utf8.count]), "offset \(offset)")
        #expect(roundTrips("s = \"\(plain)\(lineBreak)t = 1"))
    }
    let multiline = lex("s = \"\"\"\n\(plain)\n\(plain)\n\"\"\"")
    #expect(multiline.map(\.0) == [.identifier, .operator, .stringStart, .stringSegment, .stringEnd], "offset \(offset)")
    #expect(multiline[3].1 == "\n\(plain)\n\(plain)\n")
}

/// A line comment ends at its line's LF or CR wherever that falls in the eight-byte words the
/// lexer scans by; the code on the next line is lexed as code.
@Test(arguments: 0..<20)
func lineCommentsEndAtTheLineBreakWhateverItsOffset(offset: Int) {
    let text = String(String(repeating: "note \"x\" ", count: 4).prefix(offset))
    for lineBreak in ["\n", "\r\n", "\r"] {
        let source = "a // \(text)\(lineBreak)b"
        let tokens = SwiftLexer.tokenize(Array(source.utf8)).tokens
        let comment = tokens.first { $0.kind == .lineComment }
        #expect(comment.map { Int($0.end - $0.start) } == 3 + text.utf8.count, "offset \(offset)")
        #expect(lex(source).map(\.1) == ["a", "b"])
        #expect(roundTrips(source))
    }
    // A comment that runs to the end of the file.
    #expect(lex("a // \(text)").map(\.1) == ["a"])
}

/// Names of every length from 1 to 19 end where they end (four bytes a step, then one by
/// one), before punctuation, a space, a non-ASCII letter inside them or the end of the file;
/// indentation of any width (eight spaces a step) is one whitespace token.
@Test(arguments: 1..<20)
func namesAndIndentationOfEveryLength(length: Int) {
    let name = String(String(repeating: "ab_9$", count: 4).prefix(length))
    #expect(lex("\(name)(x)").map(\.1) == [name, "(", "x", ")"])
    #expect(lex("\(name) y").map(\.1) == [name, "y"])
    #expect(lex(name).map(\.1) == [name])
    #expect(lex("é\(name)é.z").map(\.1) == ["é\(name)é", ".", "z"])
    for indent in [String(repeating: " ", count: length), String(repeating: " ", count: length) + "\t ", "\t" + String(repeating: " ", count: length)] {
        let source = "a\n\(indent)b\(indent)"
        let tokens = SwiftLexer.tokenize(Array(source.utf8)).tokens
        #expect(tokens.map(\.kind) == [.identifier, .newline, .whitespace, .identifier, .whitespace])
        #expect(tokens.filter { $0.kind == .whitespace }.map { Int($0.end - $0.start) } == [indent.utf8.count, indent.utf8.count])
    }
}
