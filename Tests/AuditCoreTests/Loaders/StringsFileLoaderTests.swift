import Testing
@testable import AuditCore

@Suite struct StringsFileLoaderTests {
    private func loadFixture(_ name: String) throws -> StringsFile {
        try StringsFileLoader.load(bytes: try LoaderFixtures.bytes("strings/\(name)"), file: "App/\(name)")
    }

    private func loadText(_ text: String) throws(InputError) -> StringsFile {
        try StringsFileLoader.load(bytes: Array(text.utf8), file: "de.lproj/Localizable.strings")
    }

    /// What every encoding of `de/Localizable.strings` must yield: key, value, comment,
    /// key line and column, value line and column.
    static let expectedEntries: [(String, String, String?, Int, Int, Int, Int)] = [
        ("paywall.title", "Alles freischalten", "Title of the paywall", 7, 1, 7, 19),
        ("paywall.cta", "Jetzt abonnieren", "Button under the plans\n(keep it short)", 11, 1, 11, 17),
        ("paywall.terms", "Verlängert sich automatisch um %@ pro Jahr.\nJederzeit kündbar.", nil, 13, 1, 13, 19),
        ("quote", "Sie sagte: \"Gratis!\" \\ \t Ende", nil, 14, 1, 14, 11),
        ("emoji", "😀 é €", nil, 15, 1, 15, 11),
        ("octal", "a\nb\u{0}c", nil, 16, 1, 16, 11),
        ("unquoted_key", "unquoted.value-1", nil, 17, 1, 17, 16),
        ("only_key", "only_key", nil, 18, 1, 18, 1),
        ("multi\nline", "zwei\nZeilen", nil, 19, 1, 20, 9),
        ("paywall.title", "Doppelt", nil, 22, 1, 22, 19),
    ]

    @Test(arguments: [
        ("de/Localizable.strings", TextEncoding.utf8),
        ("de/Localizable-bom.strings", .utf8WithByteOrderMark),
        ("de/Localizable-utf16le-bom.strings", .utf16LittleEndian),
        ("de/Localizable-utf16be.strings", .utf16BigEndian),
    ])
    func readsEveryEncodingAlike(_ name: String, _ encoding: TextEncoding) throws {
        let strings = try loadFixture(name)
        #expect(strings.encoding == encoding)
        #expect(strings.entries.count == Self.expectedEntries.count)
        for (entry, expected) in zip(strings.entries, Self.expectedEntries) {
            let (key, value, comment, line, column, valueLine, valueColumn) = expected
            #expect(entry.key == key)
            #expect(entry.value == value)
            #expect(entry.comment == comment, "\(key)")
            #expect(entry.location == SourceLocation(file: "App/\(name)", line: line, column: column), "\(key)")
            #expect(entry.valueLocation.line == valueLine, "\(key)")
            #expect(entry.valueLocation.column == valueColumn, "\(key)")
        }
        #expect(strings.value(forKey: "paywall.title") == "Doppelt", "the last duplicate wins")
        #expect(strings.value(forKey: "missing") == nil)
    }

    @Test func unmarkedUTF16WithCJKText() throws {
        let text = "/* 購読ボタン */\n\"paywall.cta\" = \"今すぐ購読　一年\";\n"
        var bytes: [UInt8] = []
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let strings = try StringsFileLoader.load(bytes: bytes, file: "ja.lproj/Localizable.strings")
        #expect(strings.encoding == .utf16LittleEndian)
        #expect(strings.entries == [
            StringsEntry(
                key: "paywall.cta", value: "今すぐ購読　一年", comment: "購読ボタン",
                location: SourceLocation(file: "ja.lproj/Localizable.strings", line: 2, column: 1),
                valueLocation: SourceLocation(file: "ja.lproj/Localizable.strings", line: 2, column: 17)),
        ])
    }

    /// Xcode writes `.strings` files that start with the byte order mark twice (`FF FE FF FE`),
    /// and Foundation reads them: so does the loader, with the positions of the text after them.
    @Test func aRepeatedByteOrderMarkIsSkipped() throws {
        let text = "/* Shown on the paywall */\n\"paywall.title\" = \"Alles freischalten\";\n\"cta\" = \"Weiter\";\n"
        var little: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFE]
        for unit in text.utf16 { little += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        var big: [UInt8] = [0xFE, 0xFF, 0xFE, 0xFF, 0xFE, 0xFF]
        for unit in text.utf16 { big += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let utf8 = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(text.utf8)
        for (bytes, encoding) in [(little, TextEncoding.utf16LittleEndian), (big, .utf16BigEndian), (utf8, .utf8WithByteOrderMark)] {
            let strings = try StringsFileLoader.load(bytes: bytes, file: "de.lproj/Localizable.strings")
            #expect(strings.encoding == encoding)
            #expect(strings.entries.map(\.key) == ["paywall.title", "cta"])
            #expect(strings.entries.first?.comment == "Shown on the paywall")
            #expect(strings.entries.first?.location == SourceLocation(file: "de.lproj/Localizable.strings", line: 2, column: 1))
            #expect(strings.entries.first?.valueLocation.column == 19)
        }
        // A byte order mark inside the text is still an error, and its message names it.
        let inside = inputError { try loadText("\"a\" = \"b\";\n\u{FEFF}\"c\" = \"d\";\n") }
        #expect(inside == InputError(
            file: "de.lproj/Localizable.strings", line: 2, column: 1,
            reason: "expected a key in double quotes, found U+FEFF (ZERO WIDTH NO-BREAK SPACE, a byte order mark)"))
        let space = inputError { try loadText("\"a\" = \u{200B}\"b\";\n") }
        #expect(space?.reason == "expected the value of \"a\" in double quotes, found U+200B (ZERO WIDTH SPACE)")
    }

    /// UTF-32 is not read, and the message says that it is UTF-32 rather than binary or broken UTF-16.
    @Test func utf32IsNamed() {
        let text = "\"a\" = \"b\";\n"
        var littleMarked: [UInt8] = [0xFF, 0xFE, 0x00, 0x00]
        var bigMarked: [UInt8] = [0x00, 0x00, 0xFE, 0xFF]
        var littleUnmarked: [UInt8] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let little = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            littleMarked += little
            littleUnmarked += little
            bigMarked += little.reversed()
        }
        for (bytes, order) in [(littleMarked, "little endian"), (bigMarked, "big endian"), (littleUnmarked, "little endian")] {
            let error = inputError { try StringsFileLoader.load(bytes: bytes, file: "x.strings") }
            #expect(error?.location == SourceLocation(file: "x.strings", line: 1, column: 1))
            #expect(error?.reason == "the file is UTF-32 text (\(order)), which is not read; save it as UTF-8 or UTF-16 (iconv -f UTF-32 -t UTF-8 converts it)")
        }
        let catalog = inputError { try StringCatalogLoader.load(bytes: bigMarked, file: "Localizable.xcstrings") }
        #expect(catalog?.reason.hasPrefix("the file is UTF-32 text (big endian)") == true)
    }

    @Test func emptyFilesAndFilesWithOnlyComments() throws {
        #expect(try loadText("").entries.isEmpty)
        #expect(try loadText("/* nothing yet */\n// still nothing\n").entries.isEmpty)
        #expect(try StringsFileLoader.load(bytes: [0xFF, 0xFE], file: "x.strings").entries.isEmpty)
    }

    @Test func commentsAttachToTheNextEntryOnly() throws {
        let strings = try loadText(
            """
            "a" = "1"; // trailing note
            "b" = "2";
            "c" = "3";
            // one
            /* two */
            "d" = /* between */ "4" /* after */ ;
            """)
        #expect(strings.entries.map(\.comment) == [nil, "trailing note", nil, "two"])
        #expect(strings.entries.map(\.value) == ["1", "2", "3", "4"])
    }

    @Test func tableInBraces() throws {
        let strings = try loadText("{\n  \"a\" = \"1\";\n  b = 2;\n}\n")
        #expect(strings.entries.map(\.key) == ["a", "b"])
        #expect(strings.entries.map(\.value) == ["1", "2"])
        #expect(strings.entries[1].location == SourceLocation(file: "de.lproj/Localizable.strings", line: 3, column: 3))
    }

    @Test func tableSavedAsAnXMLPropertyList() throws {
        let strings = try loadText(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>paywall.title</key>
            \t<string>Alles freischalten</string>
            \t<key>paywall.cta</key>
            \t<string>Jetzt &amp; hier</string>
            </dict>
            </plist>
            """)
        #expect(strings.entries.map(\.key) == ["paywall.title", "paywall.cta"])
        #expect(strings.entries.map(\.value) == ["Alles freischalten", "Jetzt & hier"])
        #expect(strings.entries[1].location == SourceLocation(file: "de.lproj/Localizable.strings", line: 6, column: 2))
        let broken = inputError { try loadText("<plist><dict><key>a</key><integer>1</integer></dict></plist>") }
        #expect(broken?.reason == "the value of \"a\" should be a string")
    }

    // MARK: - Errors

    @Test func unterminatedCommentPointsAtTheEndAndNamesTheOpening() throws {
        let error = inputError { try loadFixture("unterminated-comment.strings") }
        #expect(error == InputError(
            file: "App/unterminated-comment.strings", line: 6, column: 1,
            reason: "unexpected end of file: the comment opened at 4:1 is not closed (expected '*/')"))
    }

    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 1, 10, "expected ';' after the value of \"a\""),
        ("\"a\" \"b\";", 1, 4, "expected '=' after the key \"a\""),
        ("\"a\" = \"b;\n", 2, 1, "unexpected end of file: the string opened at 1:7 is not closed"),
        ("\"a\" = \"b\"; ]", 1, 12, "expected a key in double quotes, found ']'"),
        ("\"a\" = ;", 1, 7, "expected the value of \"a\" in double quotes, found ';'"),
        ("\"a\" =", 1, 6, "unexpected end of file: expected the value of \"a\" after '='"),
        ("\"a\"", 1, 4, "unexpected end of file: expected '=' or ';' after the key \"a\""),
        ("\"a\" = \"\\U12\";", 1, 8, "expected four hex digits after \\U"),
        ("\"a\" = \"\\UD83D\";", 1, 8, "first half of a surrogate pair"),
        ("\"a\" = \"\\UDE00\";", 1, 8, "second half of a surrogate pair without a first half"),
        ("\"a\" = \"\\UD83D\\U0041\";", 1, 14, "must be followed by a low surrogate"),
        ("\"a\" = \"b\";\n/* ok */ \"c\" = \"d\"\n", 2, 19, "expected ';' after the value of \"c\""),
        ("{ \"a\" = \"b\";\n", 2, 1, "unexpected end of file: the '{' at 1:1 is not closed"),
        ("{ \"a\" = \"b\"; } \"c\";", 1, 16, "unexpected '\"' after the closing '}'"),
    ])
    func syntaxErrorsPointAtTheProblem(_ text: String, _ line: Int, _ column: Int, _ phrase: String) {
        let error = inputError { try loadText(text) }
        #expect(error?.location == SourceLocation(file: "de.lproj/Localizable.strings", line: line, column: column), "\(text)")
        #expect(error?.reason.contains(phrase) == true, "\(error?.reason ?? "no error")")
    }

    @Test func invalidUTF8InAValueOrComment() {
        let inValue = inputError {
            try StringsFileLoader.load(bytes: Array("\"a\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8), file: "x.strings")
        }
        #expect(inValue?.location == SourceLocation(file: "x.strings", line: 1, column: 8))
        #expect(inValue?.reason.contains("invalid UTF-8: byte 0xC3") == true)

        let inComment = inputError {
            try StringsFileLoader.load(bytes: Array("/* ok\n  x".utf8) + [0xFF] + Array(" */".utf8), file: "x.strings")
        }
        #expect(inComment?.location == SourceLocation(file: "x.strings", line: 2, column: 4))
    }

    @Test func errorsInUTF16FilesUseTheOriginalLineNumbers() {
        let text = "/* Titel */\n\"a\" = \"ä\";\n\"c\" = \"d\"\n"
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let error = inputError { try StringsFileLoader.load(bytes: bytes, file: "x.strings") }
        #expect(error == InputError(
            file: "x.strings", line: 3, column: 10, reason: "expected ';' after the value of \"c\""))
    }

    /// The transcoder writes into the output buffer directly: every length of UTF-8 sequence,
    /// both byte orders, line breaks of each kind, and the errors' positions after them.
    @Test func utf16IsTranscodedByteForByte() throws {
        let text = "a\r\nb\rc\nä€🙂z\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\n"
        for bigEndian in [false, true] {
            var raw: [UInt8] = []
            for unit in text.utf16 { raw += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let bytes = try TextDecoding.transcodeUTF16(raw, from: 0, bigEndian: bigEndian, file: "x.strings")
            #expect(bytes == Array(text.utf8))
            // A broken pair after three lines (CR LF, CR, LF): line 4, column after "ä€🙂z".
            var broken = raw
            broken += bigEndian ? [0xD8, 0x3D, 0x00, 0x41] : [0x3D, 0xD8, 0x41, 0x00]
            let error = inputError { try TextDecoding.transcodeUTF16(broken, from: 0, bigEndian: bigEndian, file: "x.strings") }
            #expect(error?.location.line == 5)
            #expect(error?.location.column == 1)
            #expect(error?.reason == "invalid UTF-16: high surrogate U+D83D is not followed by a low surrogate")
        }
        #expect(try TextDecoding.transcodeUTF16([0xFF, 0xFE], from: 2, bigEndian: false, file: "x.strings") == [])
        // One byte after the mark: no room for a unit, still an error where it breaks.
        let single = inputError { try TextDecoding.transcodeUTF16([0xFF, 0xFE, 0x41], from: 2, bigEndian: false, file: "x.strings") }
        #expect(single?.location == SourceLocation(file: "x.strings", line: 1, column: 1))
        #expect(single?.reason.contains("odd number of bytes") == true)
        // A run of non-ASCII units ended by a lone low surrogate: the error after the run.
        var lone: [UInt8] = []
        for unit in "xé€ไ".utf16 { lone += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        lone += [0x00, 0xDC, 0x41, 0x00]
        let error = inputError { try TextDecoding.transcodeUTF16(lone, from: 0, bigEndian: false, file: "x.strings") }
        #expect(error?.location == SourceLocation(file: "x.strings", line: 1, column: 10))
        #expect(error?.reason.contains("low surrogate U+DC00") == true)
    }

    /// The parser skips plain text eight bytes at a time: each byte it must stop at (a quote,
    /// backslash, line break or non-ASCII byte in a value; `*`, a line break or non-ASCII byte
    /// in a comment) at every offset of those words, and the line count after them.
    @Test func eightByteRunsStopAtEveryOffset() throws {
        for pad in 0..<17 {
            let p = String(repeating: "x", count: pad)
            let text = "/* \(p)*c\(p)ä\(p)\n\(p)e */\n\"\(p)k\" = \"\(p)\\\"\(p)é\(p)\\n\(p)\n\(p)'\t\(p)\";\n// \(p)ü\(p)*\n'\(p)q' = '\(p)\"\(p)';\n"
            let file = try loadText(text)
            #expect(file.entries.count == 2, "pad \(pad)")
            guard file.entries.count == 2 else { continue }
            #expect(file.entries[0].comment == "\(p)*c\(p)ä\(p)\n\(p)e", "pad \(pad)")
            #expect(file.entries[0].key == "\(p)k", "pad \(pad)")
            #expect(file.entries[0].value == "\(p)\"\(p)é\(p)\n\(p)\n\(p)'\t\(p)", "pad \(pad)")
            #expect(file.entries[1].comment == "\(p)ü\(p)*", "pad \(pad)")
            #expect(file.entries[1].key == "\(p)q", "pad \(pad)")
            #expect(file.entries[1].value == "\(p)\"\(p)", "pad \(pad)")
            #expect(file.entries[1].location.line == 6, "pad \(pad)")
        }
    }

    /// A table that is valid UTF-8 (or transcoded UTF-16) passes non-ASCII text eight bytes at
    /// a time, so a run can end inside a character of any length, before a quote, backslash,
    /// line break or `*` at every offset; the same table with an invalid byte at its end is
    /// read character by character and gives the same entries before its error.
    @Test func validTextRunsEndInsideCharactersAtEveryOffset() throws {
        for pad in 0..<9 {
            let p = String(repeating: "x", count: pad)
            for character in ["é", "€", "🙂", "ไทย"] {
                let c = String(repeating: character, count: 3)
                let text = "/* \(c)\(p)*\(c)\n\(p)\(c) */\n\"\(c)\(p)k\" = \"\(p)\(c)\\\"\(c)\(p)\(c)\n\(c)\\n\(p)\";\n// \(p)\(c)*\n'\(p)\(c)' = '\(c)\(p)';\n"
                var utf16: [UInt8] = [0xFF, 0xFE]
                for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
                for bytes in [Array(text.utf8), utf16] {
                    let file = try StringsFileLoader.load(bytes: bytes, file: "th.lproj/Localizable.strings")
                    #expect(file.entries.count == 2, "pad \(pad) \(character)")
                    guard file.entries.count == 2 else { continue }
                    #expect(file.entries[0].comment == "\(c)\(p)*\(c)\n\(p)\(c)", "pad \(pad) \(character)")
                    #expect(file.entries[0].key == "\(c)\(p)k", "pad \(pad) \(character)")
                    #expect(file.entries[0].value == "\(p)\(c)\"\(c)\(p)\(c)\n\(c)\n\(p)", "pad \(pad) \(character)")
                    #expect(file.entries[1].comment == "\(p)\(c)*", "pad \(pad) \(character)")
                    #expect(file.entries[1].key == "\(p)\(c)", "pad \(pad) \(character)")
                    #expect(file.entries[1].value == "\(c)\(p)", "pad \(pad) \(character)")
                    #expect(file.entries[1].location.line == 6, "pad \(pad) \(character)")
                }
                // Invalid at the very end: read the slow way, the same up to there.
                let invalid = Array(text.utf8) + Array("\"z\" = \"".utf8) + [0xFF] + Array("\";\n".utf8)
                let error = inputError { try StringsFileLoader.load(bytes: invalid, file: "x.strings") }
                #expect(error?.location.line == 7, "pad \(pad) \(character)")
                #expect(error?.reason.contains("invalid UTF-8: byte 0xFF") == true, "pad \(pad) \(character)")
            }
        }
    }

    /// Four ASCII code units are transcoded at a time: a unit that must stop it (non-ASCII,
    /// LF, CR) at every offset of those words, in both byte orders.
    @Test func utf16WordsStopAtEveryOffset() throws {
        for pad in 0..<9 {
            let p = String(repeating: "x", count: pad)
            let text = "\(p)é\(p)\n\(p)\r\n\(p)\r\(p)€\(p)🙂\(p)"
            for bigEndian in [false, true] {
                var raw: [UInt8] = []
                for unit in text.utf16 { raw += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
                #expect(try TextDecoding.transcodeUTF16(raw, from: 0, bigEndian: bigEndian, file: "x.strings") == Array(text.utf8), "pad \(pad)")
            }
            // An error's line after the skipped words: "b" has no ';' on line 4.
            let broken = "/*\(p)\n\(p)\r\n\(p)\r*/\"a\" = \"b\""
            var bytes: [UInt8] = [0xFF, 0xFE]
            for unit in broken.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let error = inputError { try StringsFileLoader.load(bytes: bytes, file: "x.strings") }
            #expect(error?.location.line == 4, "pad \(pad)")
        }
    }

    @Test func brokenUTF16IsReportedWhereItBreaks() {
        // "a" = " then an unpaired low surrogate, little endian with a byte order mark.
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "\"a\" = \"".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        bytes += [0x00, 0xDC]
        let error = inputError { try StringsFileLoader.load(bytes: bytes, file: "x.strings") }
        #expect(error == InputError(
            file: "x.strings", line: 1, column: 8,
            reason: "invalid UTF-16: low surrogate U+DC00 without a high surrogate before it"))

        let odd = inputError { try StringsFileLoader.load(bytes: [0xFF, 0xFE, 0x22, 0x00, 0x61], file: "x.strings") }
        #expect(odd?.reason.contains("odd number of bytes") == true)
    }

    @Test func binaryFileIsNotParsed() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
        var generator = SplitMix64(seed: 7)
        for _ in 0..<512 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
        let error = inputError { try StringsFileLoader.load(bytes: bytes, file: "Icon.strings") }
        #expect(error?.location == SourceLocation(file: "Icon.strings", line: 1, column: 1))
        #expect(error?.reason.hasPrefix("the file is binary, not text") == true)
    }

    @Test func neverCrashesOnDamagedInput() throws {
        let bytes = try LoaderFixtures.bytes("strings/de/Localizable.strings")
        for length in 0...bytes.count {
            _ = try? StringsFileLoader.load(bytes: Array(bytes[0..<length]), file: "f")
        }
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            var damaged = bytes
            let offset = Int(generator.next() % UInt64(damaged.count))
            damaged[offset] = UInt8(truncatingIfNeeded: generator.next())
            _ = try? StringsFileLoader.load(bytes: damaged, file: "f")
        }
    }
}
