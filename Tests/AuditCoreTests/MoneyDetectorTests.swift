import Testing
@testable import AuditCore

/// `MoneyDetector` makes a slice next to an amount into a String only when its edge character
/// may be a symbol's edge. What it finds must be what it found making every slice: the same
/// amounts, texts and offsets, in every currency, spacing, case and Unicode form the symbols
/// can meet.
@Suite struct MoneyDetectorTests {
    static let amounts = ["4.99", "1,299", "1.299,00", "12.–", "600", "9,99", "0.5"]
    static let spacings = ["", " ", "\u{00A0}", "\u{202F}"]
    /// What stands around an amount and its symbol: nothing, a word, a quote, a letter glued
    /// on, an ASCII look-alike of a symbol's edge, and non-ASCII forms of one (a decomposed
    /// "č", the Kelvin sign that lowercases to "k", a full-width dollar).
    static let surroundings = [
        ("", ""), ("Only ", " today"), ("\"", "\""), ("x", "y"), ("K", "c"), ("Kc\u{30C}", ""),
        ("", "/w\u{212A}"), ("\u{FF04}", ""), ("(", ")"), ("e\u{301}", "e\u{301}"), ("🇫🇷", "🇫🇷"),
    ]

    static func texts() -> [String] {
        var texts: [String] = []
        let marks = MoneyDetector.symbols + MoneyDetector.codes.sorted() + ["kr.", "Fr", "US", "ZŁ", "kč"]
        for amount in amounts {
            for mark in marks {
                for spacing in spacings {
                    for (before, after) in surroundings {
                        texts.append(before + mark + spacing + amount + after)
                        texts.append(before + amount + spacing + mark + after)
                    }
                }
            }
            for period in MoneyDetector.periodSuffixes {
                for form in [period, period.uppercased(), period.capitalized] {
                    for (before, after) in surroundings { texts.append(before + amount + form + after) }
                }
            }
        }
        texts += ["v4.99", "Version 4.99 €", "20% off", "10:30 USD", "2024-12-01", "x2.5 $", "Then $59.99 a year",
                  "R$ 19,90 /Month", "1.299,00 € / year", "$4.99$5.99€6", "4.99/MONTH and 9.99 Per Year"]
        return texts
    }

    @Test func findsWhatMakingEverySliceFinds() {
        let texts = Self.texts()
        #expect(texts.count > 10_000)
        var found = 0
        for text in texts {
            let guarded = MoneyDetector.matches(in: text, guarded: true)
            let plain = MoneyDetector.matches(in: text, guarded: false)
            #expect(guarded == plain, "\(text.debugDescription)")
            found += plain.count
        }
        // Not vacuous: most of them hold money.
        #expect(found > texts.count / 2)
    }

    /// `mayMatch`, the byte test run before a literal is made a String, never rules out a text
    /// in which `matches` finds an amount; and it does rule out the common literals with digits
    /// that hold none.
    @Test func mayMatchNeverRulesOutAnAmount() {
        var ruledOut = 0
        // Lower-cased too: a code or symbol written in lower case ("usd 9.99", "chf 12").
        for text in Self.texts().flatMap({ [$0, $0.lowercased()] }) {
            var bytes = Array(text.utf8)
            let may = bytes.withUnsafeMutableBufferPointer { MoneyDetector.mayMatch(UnsafeBufferPointer($0)) }
            if !MoneyDetector.matches(in: text).isEmpty { #expect(may, "\(text.debugDescription)") }
            if !may { ruledOut += 1 }
        }
        #expect(ruledOut > 0)
        for text in ["v4.99", "20% off", "10:30", "2024-12-01", "icon-24", "%d items", "https://example.com/2024/page", "#FF0000", "Build 42"] {
            var bytes = Array(text.utf8)
            #expect(!bytes.withUnsafeMutableBufferPointer { MoneyDetector.mayMatch(UnsafeBufferPointer($0)) }, "\(text)")
        }
    }

    /// An amount's digits are ASCII digits alone, as `isASCII && isWholeNumber` says.
    @Test func asciiDigitsAreTheASCIIWholeNumbers() {
        var characters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += ["\r\n", "٣", "５", "½", "Ⅻ", "𝟗", "1\u{301}", "e\u{301}", "€"]
        for character in characters {
            #expect(character.isASCIIDigit == (character.isASCII && character.isWholeNumber), "\(character.debugDescription)")
        }
        #expect(characters.filter(\.isASCIIDigit).count == 10)
    }

    @Test func matchesAreTheAmountsAsWritten() {
        #expect(MoneyDetector.matches(in: "Only $4.99 today") == [MoneyDetector.Match(text: "$4.99", offset: 5)])
        #expect(MoneyDetector.matches(in: "1.299,00 € / year") == [MoneyDetector.Match(text: "1.299,00 €", offset: 0)])
        #expect(MoneyDetector.matches(in: "9.99/Month") == [MoneyDetector.Match(text: "9.99/Month", offset: 0)])
        #expect(MoneyDetector.matches(in: "19,90 Kc\u{30C}") == [MoneyDetector.Match(text: "19,90 Kc\u{30C}", offset: 0)])
        #expect(MoneyDetector.matches(in: "4.99/w\u{212A}") == [MoneyDetector.Match(text: "4.99/w\u{212A}", offset: 0)])
        #expect(MoneyDetector.matches(in: "version v4.99, 20% off").isEmpty)
    }
}
