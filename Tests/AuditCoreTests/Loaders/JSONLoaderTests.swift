import Foundation
import Testing
@testable import AuditCore

@Suite struct JSONLoaderTests {
    // MARK: - Values and positions

    @Test func parsesEveryKindOfValueWithItsPosition() throws {
        let root = try parseJSON(
            """
            {
              "name" : "Pro",
              "prices": [1, -2.5e3, 4.90],
              "flags": {"a": true, "b": null, "a": false},
              "text": "caf\\u00e9 \\n\\ud83d\\ude00 \\/ é",
              "x": ["é", 1]
            }
            """)
        #expect(root.position == TextPosition(line: 1, column: 1))
        guard case .object(let members) = root.value else {
            Issue.record("root is not an object")
            return
        }
        #expect(members.map(\.key) == ["name", "prices", "flags", "text", "x"])
        #expect(members[0].keyPosition == TextPosition(line: 2, column: 3))
        #expect(members[0].node == JSONNode(value: .string("Pro"), position: TextPosition(line: 2, column: 12)))

        let prices = try #require(root.member("prices"))
        #expect(prices.position == TextPosition(line: 3, column: 13))
        guard case .array(let elements) = prices.value else {
            Issue.record("prices is not an array")
            return
        }
        #expect(elements.map(\.position.column) == [14, 17, 25])
        #expect(elements[1].value == .number(-2500, raw: "-2.5e3"))
        #expect(elements[2].value == .number(4.9, raw: "4.90"))

        let flags = try #require(root.member("flags"))
        guard case .object(let flagMembers) = flags.value else {
            Issue.record("flags is not an object")
            return
        }
        #expect(flagMembers.map(\.key) == ["a", "b", "a"], "duplicate keys are kept in order")
        #expect(flags.member("a")?.value == .bool(false), "the last duplicate wins")
        #expect(flags.member("b")?.value == .null)

        #expect(root.member("text")?.value == .string("café \n😀 / é"))

        // Columns count UTF-8 bytes: "é" takes two.
        guard case .array(let mixed) = try #require(root.member("x")).value else {
            Issue.record("x is not an array")
            return
        }
        #expect(mixed[1].position == TextPosition(line: 6, column: 15))
    }

    @Test func scalarsAtTheTopLevel() throws {
        #expect(try parseJSON(" true ").value == .bool(true))
        #expect(try parseJSON("null").value == .null)
        #expect(try parseJSON("\"\"").value == .string(""))
        #expect(try parseJSON("-0").value == .number(0, raw: "-0"))
        #expect(try parseJSON("1E+2").value == .number(100, raw: "1E+2"))
        #expect(try parseJSON("1e-999").value == .number(0, raw: "1e-999"), "underflow rounds to zero")
    }

    @Test func skipsAUTF8ByteOrderMarkWithoutShiftingColumns() throws {
        let root = try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8), file: "bom.json")
        #expect(root.position == TextPosition(line: 1, column: 1))
        #expect(root.member("a")?.position == TextPosition(line: 1, column: 7))
    }

    @Test func readsUTF16WithAByteOrderMark() throws {
        let text = "{\n  \"name\": \"Jahresabo für 9,99 €\"\n}"
        var littleEndian: [UInt8] = [0xFF, 0xFE]
        var bigEndian: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            littleEndian += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bigEndian += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [littleEndian, bigEndian] {
            let root = try JSONParser.parse(bytes: bytes, file: "utf16.json")
            #expect(root.member("name")?.value == .string("Jahresabo für 9,99 €"))
            #expect(root.member("name")?.position == TextPosition(line: 2, column: 11))
        }
    }

    @Test func readsUTF16WithoutAByteOrderMark() throws {
        var bytes: [UInt8] = []
        for unit in "[\"a\", \n \"b\"]".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let root = try JSONParser.parse(bytes: bytes, file: "utf16.json")
        guard case .array(let elements) = root.value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.map(\.value) == [.string("a"), .string("b")])
        #expect(elements[1].position == TextPosition(line: 2, column: 2))
    }

    @Test func countsCRLFAsOneLineBreak() {
        let error = inputError { try parseJSON("{\r\n\"a\": x}") }
        #expect(error?.location == SourceLocation(file: "test.json", line: 2, column: 6))
    }

    @Test func acceptsExactlyTheMaximumDepth() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try parseJSON(text)
    }

    // MARK: - Errors

    /// Each case: input, expected line, column, and a phrase the reason must contain.
    static let errorCases: [(String, Int, Int, String)] = [
        ("", 1, 1, "the file is empty"),
        ("  \n ", 2, 2, "the file is empty"),
        ("{\n  \"products\" : [\n    {\n      \"productID\" : \"a\"\n", 5, 1,
         "unexpected end of file: the object opened at 3:5 is not closed"),
        ("[1, 2", 1, 6, "the array opened at 1:1 is not closed"),
        ("{\"a\": \"abc", 1, 11, "the string opened at 1:7 is not closed, nor is the object opened at 1:1"),
        ("{\"a\"", 1, 5, "expected ':' after the member name"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after an object member, found '\"'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element"),
        ("{a: 1}", 1, 2, "expected a member name in double quotes, found 'a'"),
        ("[\"a\\x\"]", 1, 4, "invalid escape '\\x' in a string"),
        ("[\"\\u12G4\"]", 1, 3, "expected four hex digits after \\u"),
        ("[\"\\ud83d\"]", 1, 3, "first half of a surrogate pair"),
        ("[\"\\ude00\"]", 1, 3, "second half of a surrogate pair"),
        ("[\"a\tb\"]", 1, 4, "control character U+0009 inside a string"),
        ("[\"a\nb\"]", 1, 4, "line break inside a string"),
        ("{} x", 1, 4, "unexpected 'x' after the end of the JSON value"),
        ("[1e999]", 1, 2, "the number 1e999 is too large to represent"),
        ("[-1e400]", 1, 2, "too large"),
        ("[01]", 1, 2, "leading zero"),
        ("[1.]", 1, 4, "expected a digit after the decimal point"),
        ("[-]", 1, 3, "expected a digit after '-'"),
        ("[1e]", 1, 4, "expected a digit in the exponent"),
        ("[tru]", 1, 2, "invalid word; expected true"),
        ("[nulls]", 1, 2, "invalid word; expected null"),
        ("[1,]", 1, 4, "trailing commas are not allowed"),
        ("{\"a\": 1,\n}", 2, 1, "trailing commas are not allowed"),
        ("{\"a\": }", 1, 7, "expected a value but found '}'"),
        ("// comment\n{}", 1, 1, "comments are not allowed in JSON"),
        ("['a']", 1, 2, "expected a value (object, array, string, number, true, false or null), found '''"),
        // An invisible character is named by its code point, never shown as a blank between quotes.
        ("\u{FEFF}\u{FEFF}{}", 1, 1, "found U+FEFF (ZERO WIDTH NO-BREAK SPACE, a byte order mark)"),
        ("[1, \u{200B}2]", 1, 5, "found U+200B (ZERO WIDTH SPACE)"),
        ("{\u{00A0}\"a\": 1}", 1, 2, "found U+00A0 (NO-BREAK SPACE)"),
        ("[1, \u{E000}]", 1, 5, "found U+E000"),
        ("[1, \u{2028}]", 1, 5, "found U+2028 (LINE SEPARATOR)"),
        ("[1, é]", 1, 5, "found 'é'"),
    ]

    @Test(arguments: errorCases)
    func reportsTheOffendingByte(_ testCase: (String, Int, Int, String)) {
        let (text, line, column, phrase) = testCase
        let error = inputError { try parseJSON(text) }
        #expect(error?.location == SourceLocation(file: "test.json", line: line, column: column), "\(text)")
        #expect(error?.reason.contains(phrase) == true, "\(error?.reason ?? "no error") for \(text)")
    }

    @Test func reportsInvalidUTF8InsideAndOutsideStrings() {
        let inString = inputError { try JSONParser.parse(bytes: [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D], file: "x.json") }
        #expect(inString == InputError(
            file: "x.json", line: 1, column: 4,
            reason: "invalid UTF-8: byte 0xFF cannot appear here; save the file as UTF-8"))

        // An overlong encoding of '/' and a truncated three-byte sequence.
        let overlong = inputError { try JSONParser.parse(bytes: Array("[\"".utf8) + [0xC0, 0xAF, 0x22, 0x5D], file: "x.json") }
        #expect(overlong?.location.column == 3)
        let truncated = inputError { try JSONParser.parse(bytes: Array("[\"ab".utf8) + [0xE2, 0x82], file: "x.json") }
        #expect(truncated?.location.column == 5)

        let outside = inputError { try JSONParser.parse(bytes: [0x5B, 0xC3, 0x28, 0x5D], file: "x.json") }
        #expect(outside?.location.column == 2)
        #expect(outside?.reason.contains("invalid UTF-8") == true)
    }

    /// Strings are skipped eight bytes at a time while every byte is plain ASCII: a quote, a
    /// backslash, a control character or a non-ASCII character at any offset from the string's
    /// start (so at every place in a word) must still be seen, decoded, or reported at its column.
    @Test func seesEverySpecialByteAtEveryOffsetInAString() throws {
        for offset in 0..<20 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 19 - offset)
            // Decoded like Foundation does.
            for (written, meant) in [("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u00e9", "é"), ("é", "é"), ("€", "€"), ("😀", "😀")] {
                let text = "[\"\(before)\(written)\(after)\", 1]"
                guard case .array(let elements) = try parseJSON(text).value, case .string(let value) = elements.first?.value else {
                    Issue.record("no string in \(text)")
                    continue
                }
                #expect(value == before + meant + after, "\(text)")
                let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
                #expect(foundation?.first as? String == value, "\(text)")
            }
            // Reported where they are (column of the byte: `[` and `"` come first).
            let control = inputError { try parseJSON("[\"\(before)\u{01}\(after)\"]") }
            #expect(control?.location.column == offset + 3)
            #expect(control?.reason.contains("control character U+0001") == true)
            let invalid = inputError { try JSONParser.parse(bytes: Array("[\"\(before)".utf8) + [0xFF] + Array("\(after)\"]".utf8), file: "x.json") }
            #expect(invalid?.location.column == offset + 3)
            let unclosed = inputError { try parseJSON("[\"\(before)\(after)") }
            #expect(unclosed?.reason.contains("is not closed") == true)
        }
    }

    @Test func reportsABinaryFileAsBinary() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48]
        let error = inputError { try JSONParser.parse(bytes: png, file: "image.storekit") }
        #expect(error?.location == SourceLocation(file: "image.storekit", line: 1, column: 1))
        #expect(error?.reason.contains("the file is binary, not text") == true)
    }

    @Test func rejectsDeepNestingWithoutOverflowingTheStack() {
        let text = String(repeating: "[", count: 100_000)
        let error = inputError { try parseJSON(text) }
        #expect(error?.location == SourceLocation(file: "test.json", line: 1, column: 513))
        #expect(error?.reason == "nesting is deeper than 512 levels of objects and arrays")

        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(inputError { try parseJSON(objects) }?.reason.contains("nesting is deeper") == true)
    }

    /// Every prefix of a real-shaped file, and bytes flipped at every offset, must parse or fail
    /// with an InputError; none may crash.
    @Test func neverCrashesOnDamagedInput() throws {
        let bytes = try LoaderFixtures.bytes("storekit/v4.0-offers.storekit")
        var errors = 0
        for length in 0..<bytes.count {
            if inputError({ try JSONParser.parse(bytes: Array(bytes[0..<length]), file: "f") }) != nil {
                errors += 1
            }
        }
        // The file ends in "}\n": only the prefix without the final line break is complete.
        #expect(errors == bytes.count - 1)

        var generator = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            var damaged = bytes
            for _ in 0..<3 {
                let offset = Int(generator.next() % UInt64(damaged.count))
                damaged[offset] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = inputError { try JSONParser.parse(bytes: damaged, file: "f") }
        }
        for _ in 0..<500 {
            let noise = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = inputError { try JSONParser.parse(bytes: noise, file: "f") }
        }
    }

    // MARK: - Typed access

    static let groups = """
        {
          "subscriptionGroups" : [
            {
              "subscriptions" : [
                { "recurringSubscriptionPeriod" : "P1M" },
                { "recurringSubscriptionPeriod" : 3, "groupNumber" : 1.5, "displayPrice" : 4.90 }
              ]
            }
          ],
          "strings" : { "Hello world" : { "comment" : 5 } },
          "nothing" : null
        }
        """

    @Test func typeErrorsNameTheKeyPathAndPointAtTheValue() throws {
        let root = JSONElement(root: try parseJSON(Self.groups, file: "Products.storekit"), file: "Products.storekit")
        let subscriptions = try root.member("subscriptionGroups").array()[0].member("subscriptions").array()
        #expect(try subscriptions[0].member("recurringSubscriptionPeriod").string() == "P1M")

        let error = inputError { try subscriptions[1].member("recurringSubscriptionPeriod").string() }
        #expect(error == InputError(
            file: "Products.storekit", line: 6, column: 43,
            reason: "\"subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod\" should be a string, found a number"))

        let fraction = inputError { try subscriptions[1].member("groupNumber").int() }
        #expect(fraction?.reason == "\"subscriptionGroups[0].subscriptions[1].groupNumber\" should be a whole number, found 1.5")
        #expect(try subscriptions[1].member("displayPrice").textIfPresent() == "4.90")

        let oddKey = inputError { try root.member("strings").member("Hello world").member("comment").stringIfPresent() }
        #expect(oddKey?.reason == "\"strings['Hello world'].comment\" should be a string, found a number")
        #expect(oddKey?.location.line == 10)
    }

    @Test func missingAndNullMembersAreAbsent() throws {
        let root = JSONElement(root: try parseJSON(Self.groups), file: "test.json")
        #expect(try root.member("nothing").stringIfPresent() == nil)
        #expect(try root.member("absent").arrayIfPresent() == nil)
        #expect(!root.member("nothing").isPresent)
        #expect(root.member("nothing").node != nil)

        let missing = inputError { try root.member("version").member("major").int() }
        #expect(missing == InputError(file: "test.json", line: 1, column: 1, reason: "\"version.major\" is missing"))

        let notAnObject = inputError { try root.member("subscriptionGroups").object() }
        #expect(notAnObject?.reason == "\"subscriptionGroups\" should be an object, found an array")
        let rootError = inputError { try JSONElement(root: try parseJSON("[]"), file: "test.json").object() }
        #expect(rootError?.reason == "the top-level value should be an object, found an array")
    }

    /// Indentation after a line break is skipped eight spaces at a time: every length, and the
    /// positions of the values after it.
    @Test func indentationOfEveryLength() throws {
        for width in 0..<20 {
            let spaces = String(repeating: " ", count: width)
            let text = "{\n\(spaces)\"a\" :\n\(spaces)\t\"b\",\n\(spaces) \"c\" : [\n\(spaces)1 ]\n\(spaces)}\n"
            let root = try parseJSON(text)
            #expect(root.member("a")?.position == TextPosition(line: 3, column: width + 2), "width \(width)")
            #expect(root.member("a")?.value == .string("b"), "width \(width)")
            guard case .array(let elements)? = root.member("c")?.value else {
                Issue.record("width \(width): no array")
                continue
            }
            #expect(elements.first?.position == TextPosition(line: 5, column: width + 1), "width \(width)")
        }
    }
}

/// A small deterministic generator so that the damage test is reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
