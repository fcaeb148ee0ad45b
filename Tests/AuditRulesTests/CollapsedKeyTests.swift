import Testing
@testable import AuditRules

/// `CopyTranslationMissingRule.collapsed` returns a key with nothing to collapse as it is,
/// without splitting it; every other key is split and joined as before.
@Suite struct CollapsedKeyTests {
    @Test func keysWithNothingToCollapseAreUnchanged() {
        for key in ["Subscribe", "Start your free trial", "Café crème", "価格 は 月額", "a", "%@ per month", "x\u{0301} y", "Unlock\u{00A0}Pro"] {
            #expect(CopyTranslationMissingRule.collapsed(key) == key)
        }
    }

    @Test func whiteSpaceIsStillCollapsed() {
        #expect(CopyTranslationMissingRule.collapsed("") == "")
        #expect(CopyTranslationMissingRule.collapsed(" Start") == "Start")
        #expect(CopyTranslationMissingRule.collapsed("Start ") == "Start")
        #expect(CopyTranslationMissingRule.collapsed("Start  your\ttrial") == "Start your trial")
        #expect(CopyTranslationMissingRule.collapsed("Start your \\\n    free trial") == "Start your free trial")
        #expect(CopyTranslationMissingRule.collapsed("Say \\\"hi\\\"") == "Say \"hi\"")
        #expect(CopyTranslationMissingRule.collapsed("Line one\nline two") == "Line one line two")
        // A carriage return and line feed are one character, not a separator: kept as written.
        #expect(CopyTranslationMissingRule.collapsed("One\r\ntwo") == "One\r\ntwo")
    }

    /// `collapsed` (byte by byte where it can) gives what the character path gives: every text
    /// of up to five characters drawn from the ones that matter (spaces, line breaks, tabs,
    /// carriage returns, backslashes, quotes, letters, a letter of two bytes, a combining
    /// accent that joins the character before it, an ideograph, an Arabic number sign that
    /// joins the character after it).
    @Test func theByteWayAgreesWithTheCharacterWay() {
        let alphabet: [String] = ["a", " ", "\n", "\t", "\\", "\"", "\r", "é", "\u{0301}", "日", "\u{0600}"]
        var texts: [String] = [""]
        var checked = 0
        for _ in 0..<5 {
            texts = texts.flatMap { text in alphabet.map { text + $0 } }
            for text in texts {
                if CopyTranslationMissingRule.bytesAreCharacters(text) {
                    #expect(CopyTranslationMissingRule.collapsedBytes(text) == CopyTranslationMissingRule.collapsedCharacters(text), "\(text.debugDescription)")
                }
                #expect(CopyTranslationMissingRule.collapsed(text) == CopyTranslationMissingRule.collapsedCharacters(text), "\(text.debugDescription)")
                checked += 1
            }
        }
        #expect(checked == 11 + 121 + 1331 + 14641 + 161_051)
    }
}
