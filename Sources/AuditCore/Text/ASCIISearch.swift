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
                guard !word.isEmpty, isASCII(haystack), isASCII(word) else { return nil }
                return find(word, in: haystack)
            }
        }
        if let answer { return answer }
        return foundationContains(text, needle)
    }

    /// Whether every byte is ASCII: eight bytes at a time (a byte at a time was most of the
    /// time `contains` took on the paywall texts of a large app).
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= n {
            high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < n {
            high |= UInt64(base[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
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
        return scan(word, in: haystack, anchor: 0, anchorByte: first, fold: 0x20) != nil
            || scan(word, in: haystack, anchor: 0, anchorByte: first & ~0x20, fold: 0x20) != nil
    }

    /// `find` for a long haystack: `memchr` finds each place holding the word's byte at
    /// `anchor` (choose one rarer in the text than the others), and only those are compared.
    public static func findInLongText(_ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, anchor: Int) -> Bool {
        guard !word.isEmpty else { return true }
        precondition(anchor >= 0 && anchor < word.count)
        return scan(word, in: haystack, anchor: anchor, anchorByte: word[anchor], fold: 0) != nil
    }

    /// Where the first occurrence of `word` in `haystack` starts, found as in `findInLongText`
    /// with the word's rarest byte in English text as the anchor (the `R` of `/verifyReceipt`,
    /// not its `t`).
    public static func firstIndex(of word: UnsafeBufferPointer<UInt8>, inLongText haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !word.isEmpty else { return 0 }
        let anchor = rarestByte(of: word)
        return scan(word, in: haystack, anchor: anchor, anchorByte: word[anchor], fold: 0)
    }

    /// Calls `body` with where each occurrence of `word` (not empty) in `haystack` starts, in
    /// order, overlapping ones included, until it returns false; found as `firstIndex(of:inLongText:)`
    /// finds the first.
    public static func forEachIndex(of word: UnsafeBufferPointer<UInt8>, inLongText haystack: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        guard !word.isEmpty, let base = haystack.baseAddress else { return }
        let anchor = rarestByte(of: word)
        var from = 0
        while from < haystack.count,
              let start = scan(word, in: UnsafeBufferPointer(start: base + from, count: haystack.count - from), anchor: anchor, anchorByte: word[anchor], fold: 0) {
            guard body(from + start) else { return }
            from += start + 1
        }
    }

    /// The offset of the byte of `word` (not empty) rarest in text, the last of equals.
    private static func rarestByte(of word: UnsafeBufferPointer<UInt8>) -> Int {
        var anchor = word.count - 1
        rarity.withUnsafeBufferPointer { rarity in
            for k in word.indices where rarity[Int(word[k])] > rarity[Int(word[anchor])] { anchor = k }
        }
        return anchor
    }

    /// Per byte value, higher for a byte rarer in text: an upper-case letter above a digit
    /// above a lower-case letter (ranked by frequency in English) above punctuation and spaces.
    private static let rarity: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for (rank, letter) in "etaoinshrdlcumwfgypbvkjxqz".utf8.enumerated() { table[Int(letter)] = UInt8(10 + rank) }
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(digit)] = 40 }
        for letter in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(letter)] = 60 }
        return table
    }()

    /// Where the first occurrence of `word` with `anchorByte` at its offset `anchor` starts
    /// (each haystack byte ORed with `fold` before the comparison, the anchor's aside):
    /// `memchr` finds the anchors.
    private static func scan(
        _ word: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, anchor: Int, anchorByte: UInt8, fold: UInt8
    ) -> Int? {
        let n = haystack.count
        let m = word.count
        guard n >= m, let base = haystack.baseAddress else { return nil }
        // The anchor byte of a match lies in anchor ..< n - m + anchor + 1.
        var from = anchor
        let end = n - m + anchor + 1
        while from < end, let found = memchr(base + from, Int32(anchorByte), end - from) {
            let offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            let start = offset - anchor
            var k = 0
            while k < m, k == anchor || base[start + k] | fold == word[k] { k += 1 }
            if k == m { return start }
            from = offset + 1
        }
        return nil
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

/// Words looked for together in one pass over a text: for ASCII words, the same answer as
/// asking `ASCIISearch.findFolded` (or, with `foldingCase: false`, `find`) of each word, for the
/// rules' prefilters, which ask it of every literal and every catalog text with several words
/// each. Folded words are lower-case ASCII (`{` also stands for `[`); a word's non-ASCII
/// bytes are compared exactly.
public struct ASCIINeedles: Sendable, ExpressibleByArrayLiteral {
    /// The words, for `adding(_:)`.
    private let words: [[UInt8]]
    /// The words end to end, and where each starts (`offsets[i] ..< offsets[i + 1]`): the
    /// search reads them without touching an array per word.
    private let joined: [UInt8]
    private let offsets: [Int]
    /// For each byte value of the text, a bit per word that starts with it as compared
    /// (folded in advance, so the pass over the text reads one table entry per byte).
    private let startingWith: [UInt64]
    /// The same for the byte after: a bit per word whose second byte it is as compared, and
    /// every one-byte word's bit. Two table reads rule out most places where a word's first
    /// byte stands (an `s` or an `o` in any English text) without comparing.
    private let secondIs: [UInt64]
    /// The bits of the one-byte words (the only ones that can start at a text's last byte).
    private let oneByteWords: UInt64
    /// Whether one of the words is the empty word (which occurs in every text).
    public let hasEmptyWord: Bool
    /// ORed into each ASCII byte of the text before comparing: 0x20 folds ASCII case, 0 does
    /// not. Non-ASCII bytes are compared as they are.
    private let fold: UInt8

    public init(_ needles: [StaticString], foldingCase: Bool = true) {
        self.init(words: needles.map { needle in needle.withUTF8Buffer { Array($0) } }, foldingCase: foldingCase)
    }

    init(words: [[UInt8]], foldingCase: Bool = true) {
        precondition(words.count <= 64, "at most 64 words")
        self.words = words
        let folding: UInt8 = foldingCase ? 0x20 : 0
        fold = folding
        var first = [UInt64](repeating: 0, count: 256)
        var second = [UInt64](repeating: 0, count: 256)
        var short: UInt64 = 0
        var offsets = [0]
        for (index, word) in words.enumerated() {
            offsets.append(offsets[offsets.count - 1] + word.count)
            if !word.isEmpty { first[Int(word[0])] |= 1 << UInt64(index) }
            if word.count >= 2 { second[Int(word[1])] |= 1 << UInt64(index) } else { short |= 1 << UInt64(index) }
        }
        let table = (0..<256).map { value in first[Int(Self.folded(UInt8(value), folding))] }
        secondIs = (0..<256).map { value in second[Int(Self.folded(UInt8(value), folding))] | short }
        oneByteWords = short
        joined = words.flatMap { $0 }
        self.offsets = offsets
        startingWith = table
        hasEmptyWord = words.contains { $0.isEmpty }
    }

    public init(arrayLiteral elements: StaticString...) {
        self.init(elements)
    }

    /// These words and `others`, compared the same way. Non-ASCII bytes are never folded, so
    /// a non-ASCII word (`サイト`, `ſ`) is found exactly: one pass looks for both kinds.
    public func adding(_ others: [StaticString]) -> ASCIINeedles {
        ASCIINeedles(words: words + others.map { word in word.withUTF8Buffer { Array($0) } }, foldingCase: fold != 0)
    }

    /// A text byte as compared: an ASCII byte ORed with `fold`, a non-ASCII one as it is
    /// (its 0x80 bit, shifted onto 0x20, takes the fold away).
    @inline(__always)
    private static func folded(_ byte: UInt8, _ fold: UInt8) -> UInt8 {
        byte | (fold & ~(byte &>> 2))
    }

    /// Where the first occurrence of any of the words in `text` starts.
    public func firstOccurrence(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        if hasEmptyWord { return 0 }
        let n = text.count
        guard n > 0 else { return nil }
        let fold = fold
        return startingWith.withUnsafeBufferPointer { table in
            secondIs.withUnsafeBufferPointer { secondTable in
                joined.withUnsafeBufferPointer { joined in
                    offsets.withUnsafeBufferPointer { offsets in
                        var start = 0
                        while start < n {
                            // Bytes that start no word are passed four at a time while four
                            // are left (one bound test, the table read from a register).
                            let words = table.baseAddress!
                            skip: while start &+ 4 <= n {
                                if words[Int(text[start])] != 0 { break skip }
                                if words[Int(text[start &+ 1])] != 0 { start &+= 1; break skip }
                                if words[Int(text[start &+ 2])] != 0 { start &+= 2; break skip }
                                if words[Int(text[start &+ 3])] != 0 { start &+= 3; break skip }
                                start &+= 4
                            }
                            guard start < n else { break }
                            defer { start &+= 1 }
                            var candidates = words[Int(text[start])]
                            if candidates == 0 { continue }
                            candidates &= start + 1 < n ? secondTable[Int(text[start + 1])] : oneByteWords
                            while candidates != 0 {
                                let index = candidates.trailingZeroBitCount
                                candidates &= candidates - 1
                                let from = offsets[index]
                                let count = offsets[index + 1] - from
                                guard start + count <= n else { continue }
                                var k = 2
                                while k < count, Self.folded(text[start + k], fold) == joined[from + k] { k += 1 }
                                if k >= count { return start }
                            }
                        }
                        return nil
                    }
                }
            }
        }
    }

    /// Whether any of the words occurs in `text`.
    @inline(__always)
    public func occur(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOccurrence(in: text) != nil
    }
}
