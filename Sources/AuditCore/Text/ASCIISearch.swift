/// Foundation's `String.contains(_:)` for an ASCII needle, without Foundation when it can: the
/// rules ask it of every identifier and literal, and Foundation converts each text to UTF-16
/// first. For ASCII text the two agree exactly (no canonical equivalences, no combining marks),
/// so a byte search answers; any other text goes to Foundation as before.
public enum ASCIISearch {
    public static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        var needle = needle
        let answer: Bool? = text.withUTF8 { haystack in
            needle.withUTF8 { word -> Bool? in
                guard !word.isEmpty, haystack.allSatisfy({ $0 < 0x80 }), word.allSatisfy({ $0 < 0x80 }) else { return nil }
                return find(word, in: haystack)
            }
        }
        if let answer { return answer }
        return foundationContains(text, needle)
    }

    /// Whether the bytes of `word` occur in `haystack`.
    public static func find(_ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !word.isEmpty else { return true }
        guard haystack.count >= word.count else { return false }
        for start in 0...(haystack.count - word.count) where haystack[start] == word[0] {
            var same = true
            for k in 1..<word.count where haystack[start + k] != word[k] {
                same = false
                break
            }
            if same { return true }
        }
        return false
    }

    /// Whether `word` (lower-case ASCII; `{` also stands for `[`) occurs in `haystack` with
    /// ASCII case folding: `| 0x20` maps A-Z onto a-z (and `[` onto `{`). A non-ASCII byte
    /// folds to 0xA0 or above, so it never equals an ASCII byte of the word.
    public static func findFolded(_ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !word.isEmpty else { return true }
        guard haystack.count >= word.count else { return false }
        for start in 0...(haystack.count - word.count) where haystack[start] | 0x20 == word[0] {
            var same = true
            for k in 1..<word.count where haystack[start + k] | 0x20 != word[k] {
                same = false
                break
            }
            if same { return true }
        }
        return false
    }
}
