/// Which locale a localized file belongs to, from the `.lproj` folder it sits in.
public enum LocalizationFolder {
    /// The folder names of old projects, before Xcode switched to language codes.
    static let legacyNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Italian": "it", "Japanese": "ja",
        "Spanish": "es", "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Danish": "da",
        "Finnish": "fi", "Norwegian": "nb", "Korean": "ko", "Russian": "ru", "Polish": "pl",
        "Chinese": "zh-Hans",
    ]

    /// The locale of a file inside an `.lproj` folder: `App/de.lproj/Localizable.strings` is
    /// "de", `zh-Hans.lproj` is "zh-Hans", `English.lproj` is "en". Nil for `Base.lproj` (the
    /// development language's layouts, not a locale) and for files outside any `.lproj` folder.
    /// The innermost `.lproj` folder wins; `\` separators are accepted too.
    public static func locale(ofFile path: String) -> String? {
        let folders = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).dropLast()
        guard let folder = folders.last(where: { $0.lowercased().hasSuffix(".lproj") }) else { return nil }
        let name = String(folder.dropLast(".lproj".count))
        if name.isEmpty || name.lowercased() == "base" { return nil }
        return legacyNames[name] ?? name
    }
}
