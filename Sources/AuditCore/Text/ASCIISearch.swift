import Foundation

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
        search(word, in: haystack, fold: 0)
    }

    /// `findFolded` for a long haystack (a whole file): the C library's `memchr` finds each
    /// byte that can start the word (the word's first byte and its other case), and only
    /// those places are compared. Faster than stepping eight bytes at a time when the first
    /// byte is a common letter, as the `v` of `verif` is in Swift code.
    public static func findFoldedInLongText(_ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = word.first else { return true }
        // A haystack byte h starts a match when h | 0x20 == first: h is `first` or, when
        // `first` has the 0x20 bit, `first` without it (the other case of a letter).
        guard first & 0x20 != 0 else { return false }
        return scan(word, in: haystack, anchor: 0, anchorByte: first, fold: 0x20)
            || scan(word, in: haystack, anchor: 0, anchorByte: first & ~0x20, fold: 0x20)
    }

    /// `find` for a long haystack: `memchr` finds each place holding the word's byte at
    /// `anchor` (choose one rarer in the text than the others), and only those are compared.
    public static func findInLongText(_ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, anchor: Int) -> Bool {
        guard !word.isEmpty else { return true }
        precondition(anchor >= 0 && anchor < word.count)
        return scan(word, in: haystack, anchor: anchor, anchorByte: word[anchor], fold: 0)
    }

    /// Whether `word` occurs with `anchorByte` at its offset `anchor` (each haystack byte
    /// ORed with `fold` before the comparison, the anchor's aside): `memchr` finds the anchors.
    private static func scan(
        _ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, anchor: Int, anchorByte: UInt8, fold: UInt8
    ) -> Bool {
        let n = haystack.count
        let m = word.count
        guard n >= m, let base = haystack.baseAddress else { return false }
        // The anchor byte of a match lies in anchor ..< n - m + anchor + 1.
        var from = anchor
        let end = n - m + anchor + 1
        while from < end, let found = memchr(base + from, Int32(anchorByte), end - from) {
            let offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            let start = offset - anchor
            var k = 0
            while k < m, k == anchor || base[start + k] | fold == word[k] { k += 1 }
            if k == m { return true }
            from = offset + 1
        }
        return false
    }

    /// Whether `word` (lower-case ASCII; `{` also stands for `[`) occurs in `haystack` with
    /// ASCII case folding: `| 0x20` maps A-Z onto a-z (and `[` onto `{`). A non-ASCII byte
    /// folds to 0xA0 or above, so it never equals an ASCII byte of the word.
    public static func findFolded(_ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        search(word, in: haystack, fold: 0x20)
    }

    /// The search behind both: each haystack byte is ORed with `fold` before comparing. Eight
    /// bytes at a time are stepped over while none of them is the word's first byte, which is
    /// most of any text (a file is searched whole by the rules' gates).
    @inline(__always)
    private static func search(_ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, fold: UInt8) -> Bool {
        guard !word.isEmpty else { return true }
        let n = haystack.count
        let m = word.count
        guard n >= m, let base = haystack.baseAddress else { return false }
        let first = word[0]
        let firsts = UInt64(first) &* 0x0101_0101_0101_0101
        let folds = UInt64(fold) &* 0x0101_0101_0101_0101
        let last = n - m
        var start = 0
        while start <= last {
            if start + 8 <= n {
                let bytes = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: start, as: UInt64.self) | folds
                if !WordBytes.hasZeroByte(bytes ^ firsts) {
                    start += 8
                    continue
                }
            }
            if base[start] | fold == first {
                var same = true
                var k = 1
                while k < m {
                    if base[start + k] | fold != word[k] {
                        same = false
                        break
                    }
                    k += 1
                }
                if same { return true }
            }
            start += 1
        }
        return false
    }
}

/// Words looked for together in one pass over a text: the same answer as asking
/// `ASCIISearch.findFolded` (or, with `foldingCase: false`, `find`) of each word, for the
/// rules' prefilters, which ask it of every literal and every catalog text with several words
/// each. Folded words are lower-case ASCII (`{` also stands for `[`).
public struct ASCIINeedles: Sendable, ExpressibleByArrayLiteral {
    private let words: [[UInt8]]
    /// For each byte value, a bit per word that starts with it.
    private let startingWith: [UInt64]
    private let hasEmptyWord: Bool
    /// ORed into each byte of the text before comparing: 0x20 folds ASCII case, 0 does not.
    private let fold: UInt8

    public init(_ needles: [StaticString], foldingCase: Bool = true) {
        self.init(words: needles.map { needle in needle.withUTF8Buffer { Array($0) } }, foldingCase: foldingCase)
    }

    init(words: [[UInt8]], foldingCase: Bool = true) {
        precondition(words.count <= 64, "at most 64 words")
        self.words = words
        fold = foldingCase ? 0x20 : 0
        var table = [UInt64](repeating: 0, count: 256)
        for (index, word) in words.enumerated() where !word.isEmpty {
            table[Int(word[0])] |= 1 << UInt64(index)
        }
        startingWith = table
        hasEmptyWord = words.contains { $0.isEmpty }
    }

    public init(arrayLiteral elements: StaticString...) {
        self.init(elements)
    }

    /// Whether any of the words occurs in `text`.
    public func occur(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        if hasEmptyWord { return true }
        let n = text.count
        return startingWith.withUnsafeBufferPointer { table in
            for start in 0..<n {
                var candidates = table[Int(text[start] | fold)]
                while candidates != 0 {
                    let word = words[candidates.trailingZeroBitCount]
                    candidates &= candidates - 1
                    guard start + word.count <= n else { continue }
                    var k = 1
                    while k < word.count, text[start + k] | fold == word[k] { k += 1 }
                    if k == word.count { return true }
                }
            }
            return false
        }
    }
}
