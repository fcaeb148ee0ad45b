extension Project {
    /// Decides which locales the app ships: `--locales` first, then what the inputs declare.
    mutating func resolveLocales(override: [String]?) {
        if let override, !override.isEmpty {
            shippedLocales = override
            localeSource = "--locales"
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
        let a = normalized(available)
        let w = normalized(wanted)
        if a == w { return true }
        let aHasRegion = ASCIISearch.contains(a, "_")
        let wHasRegion = ASCIISearch.contains(w, "_")
        if aHasRegion && wHasRegion { return false }
        return language(of: a) == language(of: w)
    }
}
