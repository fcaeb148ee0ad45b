extension Project {
    /// Decides which locales the app ships: `--locales` first, then what the inputs declare.
    mutating func resolveLocales(override: [String]?, declared: [String] = [], declaredSource: String = "") {
        if let override, !override.isEmpty {
            shippedLocales = override
            localeSource = "--locales"
            return
        }
        // The app target's project says which languages it ships.
        if !declared.isEmpty {
            shippedLocales = declared
            localeSource = declaredSource
            return
        }
        // What the app's own strings are translated into: catalogs and .lproj folders.
        var translated = Set(stringCatalogs.flatMap(\.locales))
        for path in stringsFiles.map(\.file) + stringsDictionaries.map(\.file) {
            if let locale = LocalizationFolder.locale(ofFile: path) { translated.insert(locale) }
        }
        if !translated.isEmpty {
            shippedLocales = translated.sorted()
            localeSource = "the string catalogs and .lproj folders"
            return
        }
        let configured = Set(storeKitConfigurations.flatMap(\.locales))
        if !configured.isEmpty {
            shippedLocales = configured.sorted()
            localeSource = "the StoreKit configuration files"
            return
        }
        shippedLocales = []
        localeSource = "none found"
    }
}

/// Locale identifiers as written in Xcode files: `en`, `en_US`, `de-DE`, `zh-Hans`, `pt_BR`.
public enum LocaleMatching {
    /// Whether `text` is written in the script of `locale`'s language and not in Latin: a
    /// catalog key "已购买" already reads in Chinese, so with no zh-Hans translation the key
    /// itself is what Chinese customers see. Latin-script languages are never judged this way
    /// (an English key is not German text).
    public static func textIsWritten(_ text: String, inScriptOf locale: String) -> Bool {
        let ranges: [ClosedRange<UInt32>]
        switch language(of: locale) {
        case "zh": ranges = [0x4E00...0x9FFF, 0x3400...0x4DBF]
        case "ja": ranges = [0x3040...0x30FF, 0x4E00...0x9FFF]
        case "ko": ranges = [0xAC00...0xD7AF, 0x1100...0x11FF]
        case "ru", "uk", "bg", "sr", "be", "mk", "kk": ranges = [0x0400...0x04FF]
        case "ar", "fa", "ur": ranges = [0x0600...0x06FF]
        case "he": ranges = [0x0590...0x05FF]
        case "th": ranges = [0x0E00...0x0E7F]
        case "el": ranges = [0x0370...0x03FF]
        case "hi", "mr", "ne": ranges = [0x0900...0x097F]
        default: return false
        }
        var inScript = 0
        var letters = 0
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            if ranges.contains(where: { $0.contains(scalar.value) }) { inScript += 1 }
        }
        return letters > 0 && inScript * 2 > letters
    }

    /// The language part: `de` for `de_DE`, `zh` for `zh-Hans`.
    public static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first ?? Substring(locale)).lowercased()
    }

    static func normalized(_ locale: String) -> String {
        String(locale.map { $0 == "-" ? "_" : $0 }).lowercased()
    }

    /// Whether a localization written `available` serves the shipped locale `wanted`:
    /// the same identifier, or the same language when either names no region or script.
    public static func serves(_ available: String, _ wanted: String) -> Bool {
        // Locale identifiers are ASCII: answered from the bytes, as the rules ask this of every
        // text in every catalog. Anything else takes the general way below.
        var available = available
        var wanted = wanted
        if let answer = available.withUTF8({ a in wanted.withUTF8 { w in servesASCII(a, w) } }) { return answer }
        return servesByText(available, wanted)
    }

    /// `serves` through Strings: for any text, and the reference the byte path is tested against.
    static func servesByText(_ available: String, _ wanted: String) -> Bool {
        let a = normalized(available)
        let w = normalized(wanted)
        if a == w { return true }
        let aHasRegion = ASCIISearch.contains(a, "_")
        let wHasRegion = ASCIISearch.contains(w, "_")
        if aHasRegion && wHasRegion { return false }
        return language(of: a) == language(of: w)
    }

    /// `serves` for ASCII identifiers, nil when either is not ASCII. `-` and `_` are the same
    /// separator and letters compare without regard to case, as `normalized` makes them.
    private static func servesASCII(_ a: UnsafeBufferPointer<UInt8>, _ w: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard ASCIISearch.isASCII(a), ASCIISearch.isASCII(w) else { return nil }
        @inline(__always) func fold(_ c: UInt8) -> UInt8 {
            c == UInt8(ascii: "-") ? UInt8(ascii: "_") : (c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
        }
        func same(_ x: UnsafeBufferPointer<UInt8>.SubSequence, _ y: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
            x.count == y.count && zip(x, y).allSatisfy { fold($0) == fold($1) }
        }
        if same(a[...], w[...]) { return true }
        let isSeparator = { (c: UInt8) in c == UInt8(ascii: "-") || c == UInt8(ascii: "_") }
        if a.contains(where: isSeparator) && w.contains(where: isSeparator) { return false }
        // The language: the first part between separators that is not empty, else the whole.
        func language(_ x: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>.SubSequence {
            var start = 0
            while start < x.count {
                var end = start
                while end < x.count, !isSeparator(x[end]) { end += 1 }
                if end > start { return x[start..<end] }
                start = end + 1
            }
            return x[...]
        }
        return same(language(a), language(w))
    }
}
