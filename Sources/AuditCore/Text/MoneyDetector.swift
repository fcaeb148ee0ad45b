/// Finds money amounts written into text: "$4.99", "4,99 €", "£3", "¥600", "USD 9.99",
/// "9.99/month", "CHF 12.–". Shared by the code and copy rules so both agree on what a
/// hard-coded price is. Deliberately conservative: a bare number is not money, and version
/// numbers ("v4.99"), percentages ("20%"), times ("10:30") and dates never match.
public enum MoneyDetector {
    public struct Match: Sendable, Hashable {
        /// The matched amount as written, currency included.
        public var text: String
        /// Character offset of the match in the scanned text.
        public var offset: Int
    }

    /// Symbols and codes that mark an amount as money when written right before or after it.
    static let symbols: [String] = [
        "US$", "CA$", "AU$", "NZ$", "HK$", "R$", "A$", "C$", "S$", "$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪",
        "₫", "฿", "₱", "¢", "円", "元", "zł", "Kč", "kr", "CHF", "Fr.",
    ]
    static let codes: Set<String> = [
        "USD", "EUR", "GBP", "JPY", "CNY", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "INR", "BRL",
        "MXN", "KRW", "RUB", "TRY", "PLN", "HKD", "SGD", "ZAR", "CZK", "HUF", "ILS", "THB", "IDR", "PHP",
    ]
    static let periodSuffixes: [String] = [
        "/month", "/mo", "/year", "/yr", "/week", "/wk", "/day", " per month", " per year", " per week",
        " a month", " a year", " a week", " monthly", " yearly", " annually",
    ]

    /// Each symbol's first and last character, and each period suffix's first. A text
    /// character next to an amount that is ASCII can be the edge of a symbol written there only
    /// if it is that edge itself: an ASCII character is a grapheme of ASCII scalars, which no
    /// normalization changes, and the edges are single scalars, so a slice ending (or
    /// starting) with a different one never equals the symbol, even lowercased (no character
    /// lowercases to "/" or " "). The slice is made into a String only when it may match: made
    /// for every symbol at every amount, those Strings were most of the time of a file of
    /// 60,000 prices (`MoneyDetectorTests` compares the two ways).
    static let symbolEdges: [(first: Character, last: Character)] = symbols.map { ($0.first!, $0.last!) }
    static let periodSuffixFirsts: [Character] = periodSuffixes.map { $0.first! }
    /// Their lengths in characters, counted once (a String counts its characters by walking them).
    static let symbolLengths = symbols.map(\.count)
    static let periodSuffixLengths = periodSuffixes.map(\.count)

    /// Whether `character` rules out an edge `edge` of a symbol or suffix: it is ASCII and not
    /// that edge. Never, when `guarded` is false (what the tests compare with).
    @inline(__always)
    private static func rulesOut(_ character: Character, _ edge: Character, _ guarded: Bool) -> Bool {
        guarded && character.isASCII && character != edge
    }

    /// False only when `text` (UTF-8) certainly holds no amount `matches` finds: it has no
    /// ASCII digit, or nothing that can mark one as money: no `$`, no non-ASCII byte (the other
    /// symbols), no three capitals (a code, CHF), no `Fr.` or `kr`, no `/m`, `/y`, `/w` or `/d`, and
    /// no ` per `, ` a ` or `ly` (the period suffixes), compared with ASCII case folding. A
    /// test to run before making a String of a literal that is mostly not a price.
    public static func mayMatch(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.contains(where: { $0 &- 0x30 < 10 }) else { return false }
        let count = text.count
        var capitals = 0
        for k in 0..<count {
            let byte = text[k]
            if byte == UInt8(ascii: "$") || byte >= 0x80 { return true }
            if byte &- UInt8(ascii: "A") < 26 {
                capitals += 1
                if capitals == 3 { return true }
            } else {
                capitals = 0
            }
            let folded = byte | 0x20
            let next = k + 1 < count ? text[k + 1] | 0x20 : 0
            switch folded {
            case UInt8(ascii: "r") where k > 0 && text[k - 1] | 0x20 == UInt8(ascii: "k"): return true
            case UInt8(ascii: "r") where k > 0 && text[k - 1] | 0x20 == UInt8(ascii: "f") && next == UInt8(ascii: "."): return true
            case UInt8(ascii: "y") where k > 0 && text[k - 1] | 0x20 == UInt8(ascii: "l"): return true
            default: break
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "m") || next == UInt8(ascii: "y") || next == UInt8(ascii: "w") || next == UInt8(ascii: "d") {
                return true
            }
            if byte == UInt8(ascii: " "), k + 2 < count {
                if next == UInt8(ascii: "a"), text[k + 2] == UInt8(ascii: " ") { return true }
                if next == UInt8(ascii: "p"), k + 4 < count, text[k + 2] | 0x20 == UInt8(ascii: "e"), text[k + 3] | 0x20 == UInt8(ascii: "r"), text[k + 4] == UInt8(ascii: " ") { return true }
            }
        }
        return false
    }

    public static func matches(in text: String) -> [Match] {
        matches(in: text, guarded: true)
    }

    /// `guarded: false` makes every slice next to an amount into a String, as before the
    /// edges were looked at first: the tests check that both find the same.
    static func matches(in text: String, guarded: Bool) -> [Match] {
        // Every amount starts at an ASCII digit: text without one needs no grapheme breaking.
        // (Read as a buffer: the UTF-8 view's iterator cost several instructions a byte, over
        // every catalog text of an app.)
        let isDigit = { (byte: UInt8) in byte &- 0x30 < 10 }
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: isDigit) }) ?? text.utf8.contains(where: isDigit) else { return [] }
        let characters = Array(text)
        var result: [Match] = []
        var i = 0
        while i < characters.count {
            guard characters[i].isASCIIDigit, i == 0 || !characters[i - 1].isASCIIDigit else {
                i += 1
                continue
            }
            let start = i
            let end = amountEnd(characters, from: i)
            defer { i = max(end, i + 1) }
            if isExcluded(characters, start: start, end: end, guarded: guarded) { continue }
            let before = prefix(characters, before: start, guarded: guarded)
            let after = suffix(characters, after: end, guarded: guarded)
            var matchStart = start
            var matchEnd = end
            var isMoney = false
            if let symbol = before {
                isMoney = true
                matchStart = start - symbol.count
            }
            if let symbol = after {
                isMoney = true
                matchEnd = end + symbol.count
            }
            if !isMoney, hasCents(characters, start: start, end: end), let period = periodSuffix(characters, after: end, guarded: guarded) {
                isMoney = true
                matchEnd = end + period
            }
            guard isMoney else { continue }
            let clampedStart = max(0, matchStart)
            let clampedEnd = min(characters.count, matchEnd)
            result.append(Match(text: String(characters[clampedStart..<clampedEnd]).trimmingSpaces, offset: clampedStart))
        }
        return result
    }

    public static func containsMoney(_ text: String) -> Bool { !matches(in: text).isEmpty }

    /// End of an amount: digits with thousands separators and up to two (three for some
    /// currencies) decimals, or a Swiss-style ".–".
    private static func amountEnd(_ c: [Character], from start: Int) -> Int {
        var i = start
        while i < c.count, c[i].isASCIIDigit { i += 1 }
        // Thousands groups: 1,299 / 1.299 / 1'299 / 1 299 (no-break space)
        while i + 4 <= c.count, [",", ".", "'", "\u{00A0}", "\u{202F}"].contains(c[i]),
              c[i + 1].isASCIIDigit, c[i + 2].isASCIIDigit, c[i + 3].isASCIIDigit,
              i + 4 == c.count || !c[i + 4].isASCIIDigit {
            i += 4
        }
        if i + 1 < c.count, c[i] == "." || c[i] == ",", c[i + 1].isASCIIDigit {
            var j = i + 1
            while j < c.count, c[j].isASCIIDigit { j += 1 }
            if j - i - 1 <= 2 { i = j }
        } else if i + 1 < c.count, c[i] == ".", c[i + 1] == "–" || c[i + 1] == "-" {
            i += 2
        }
        return i
    }

    private static func hasCents(_ c: [Character], start: Int, end: Int) -> Bool {
        end - start >= 3 && (c[end - 3] == "." || c[end - 3] == ",")
    }

    /// Versions, percentages, times, dates, ordinals and numbers glued to words are not prices.
    private static func isExcluded(_ c: [Character], start: Int, end: Int, guarded: Bool) -> Bool {
        if start > 0 {
            let previous = c[start - 1]
            if previous == "v" || previous == "V" || previous == ":" || previous == "/" || previous == "#" { return true }
            if previous == "." || previous == "-", start > 1, c[start - 2].isASCIIDigit { return true }
            if previous.isLetter, !symbolEnds(c, at: start, guarded: guarded) { return true }
        }
        if end < c.count {
            let next = c[end]
            if next == "%" || next == ":" || next == "x" || next == "×" { return true }
            if next == ".", end + 1 < c.count, c[end + 1].isASCIIDigit { return true }
            if next == "/", end + 1 < c.count, c[end + 1].isASCIIDigit { return true }
        }
        return false
    }

    private static func symbolEnds(_ c: [Character], at index: Int, guarded: Bool) -> Bool {
        symbols.indices.contains { k in
            let symbol = symbols[k]
            let length = symbolLengths[k]
            guard index >= length, !rulesOut(c[index - 1], symbolEdges[k].last, guarded) else { return false }
            return String(c[(index - length)..<index]) == symbol
        } || (index >= 3 && codes.contains(String(c[(index - 3)..<index])))
    }

    /// A currency symbol or code right before the amount (one space allowed).
    private static func prefix(_ c: [Character], before start: Int, guarded: Bool) -> String? {
        var index = start
        var spacing = ""
        if index > 0, c[index - 1] == " " || c[index - 1] == "\u{00A0}" || c[index - 1] == "\u{202F}" {
            index -= 1
            spacing = String(c[index])
        }
        for k in symbols.indices {
            let symbol = symbols[k]
            let length = symbolLengths[k]
            guard index >= length, !rulesOut(c[index - 1], symbolEdges[k].last, guarded), String(c[(index - length)..<index]) == symbol else { continue }
            // "kr" or "Fr." inside a word is not a currency.
            if symbol.first?.isLetter == true, index - length > 0, c[index - length - 1].isLetter { continue }
            return symbol + spacing
        }
        if index >= 3 {
            let code = String(c[(index - 3)..<index])
            if codes.contains(code), index - 3 == 0 || !c[index - 4].isLetter { return code + spacing }
        }
        return nil
    }

    /// A currency symbol or code right after the amount (one space allowed).
    private static func suffix(_ c: [Character], after end: Int, guarded: Bool) -> String? {
        var index = end
        var spacing = ""
        if index < c.count, c[index] == " " || c[index] == "\u{00A0}" || c[index] == "\u{202F}" {
            index += 1
            spacing = String(c[end])
        }
        for k in symbols.indices {
            let symbol = symbols[k]
            let length = symbolLengths[k]
            guard index + length <= c.count, !rulesOut(c[index], symbolEdges[k].first, guarded), String(c[index..<(index + length)]) == symbol else { continue }
            if symbol.last?.isLetter == true, index + length < c.count, c[index + length].isLetter { continue }
            if symbol == "$" || symbol.hasSuffix("$") { continue } // "$" after an amount is not how prices are written
            return spacing + symbol
        }
        if index + 3 <= c.count {
            let code = String(c[index..<(index + 3)])
            if codes.contains(code), index + 3 == c.count || !c[index + 3].isLetter { return spacing + code }
        }
        return nil
    }

    private static func periodSuffix(_ c: [Character], after end: Int, guarded: Bool) -> Int? {
        for k in periodSuffixes.indices {
            let suffix = periodSuffixes[k]
            let length = periodSuffixLengths[k]
            guard end + length <= c.count, !rulesOut(c[end], periodSuffixFirsts[k], guarded) else { continue }
            if String(c[end..<(end + length)]).lowercased() == suffix {
                if end + length < c.count, c[end + length].isLetter { continue }
                return length
            }
        }
        return nil
    }
}

extension Character {
    /// `isASCII && isWholeNumber`, without the Unicode numeric-type lookup (an ASCII character
    /// is a whole number only as a digit; "\r\n", the one ASCII character of two scalars, has
    /// the value of its line feed).
    var isASCIIDigit: Bool {
        guard let value = asciiValue else { return false }
        return value &- 0x30 < 10
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
