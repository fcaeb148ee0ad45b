import Testing
@testable import AuditRules

/// `CopyTranslationMissingRule.formatsUnified` spells every format of a strings-table key one
/// way (`%lld`, `%1$@`, `%.2f` → `%@`; `%%` → `%`). ASCII keys are read byte by byte; that must
/// give what the regular expressions give.
@Suite struct FormatKeyTests {
    @Test func formatsAreSpelledOneWay() {
        let cases: [(String, String)] = [
            ("%lld items", "%@ items"), ("%1$@ of %2$@", "%@ of %@"), ("100%% off %@", "100% off %@"), ("%.2f a month", "%@ a month"),
            ("%-5.3ld", "%@"), ("%hhd and %hd", "%@ and %@"), ("%ls", "%@"), ("%.f stays", "%.f stays"), ("%1$k stays", "%1$k stays"), ("%1$ s", "%@"),
            ("%k%d", "%k%@"), ("no format", "no format"), ("%", "%"), ("%%%d", "%%@"), ("\u{1}%d", "%%@"),
        ]
        for (key, unified) in cases {
            #expect(CopyTranslationMissingRule.formatsUnified(key) == unified, "\(key.debugDescription)")
            #expect(CopyTranslationMissingRule.formatsUnifiedByExpression(key) == unified, "\(key.debugDescription)")
        }
        // Not ASCII: read by the expressions, where an Arabic-Indic digit is a digit too.
        #expect(CopyTranslationMissingRule.formatsUnified("%\u{0663}$@ مشترك") == "%@ مشترك")
    }

    /// Every key of up to four characters from the ones formats are made of, and seeded longer
    /// ones from more of them.
    @Test func bytesAgreeWithTheExpressions() {
        let alphabet: [String] = ["%", "1", "0", "$", "-", ".", "h", "l", "d", "k", " ", "\u{1}"]
        var keys: [String] = [""]
        var checked = 0
        for _ in 0..<4 {
            keys = keys.flatMap { key in alphabet.map { key + $0 } }
            for key in keys {
                #expect(CopyTranslationMissingRule.formatsUnifiedASCII(key) == CopyTranslationMissingRule.formatsUnifiedByExpression(key), "\(key.debugDescription)")
                checked += 1
            }
        }
        #expect(checked == 12 + 144 + 1_728 + 20_736)
        let more: [String] = alphabet + ["q", "z", "t", "j", "@", "s", "S", "p", "#", "+", "2", "9", "x", "%", "%"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        for _ in 0..<3_000 {
            let key = (0..<(5 + next(10))).map { _ in more[next(more.count)] }.joined()
            #expect(CopyTranslationMissingRule.formatsUnifiedASCII(key) == CopyTranslationMissingRule.formatsUnifiedByExpression(key), "\(key.debugDescription)")
        }
    }
}
