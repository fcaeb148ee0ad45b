extension Project {
    /// Decides which locales the app ships: `--locales` first, then what the inputs declare.
    mutating func resolveLocales(override: [String]?) {
        if let override, !override.isEmpty {
            shippedLocales = override
            localeSource = "--locales"
            return
        }
        shippedLocales = []
        localeSource = "none found"
    }
}
