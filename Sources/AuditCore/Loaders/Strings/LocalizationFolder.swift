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
    ///
    /// Read from the path's bytes, last folder first: splitting the path into Characters cost
    /// 25,000 instructions a path, asked for each table whenever copy rules look a key up
    /// (14 M on the real benchmark corpus). Separators and `.lproj` are ASCII, which no byte of
    /// another character can be in UTF-8.
    public static func locale(ofFile path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
            // The file name is not a folder: folders end before the last separator that has a
            // component after it.
            var end = bytes.count
            while end > 0, isSeparator(bytes[end - 1]) { end -= 1 }
            while end > 0, !isSeparator(bytes[end - 1]) { end -= 1 }
            while end > 0 {
                while end > 0, isSeparator(bytes[end - 1]) { end -= 1 }
                var start = end
                while start > 0, !isSeparator(bytes[start - 1]) { start -= 1 }
                if end - start >= suffix.count, zip(bytes[(end - suffix.count)..<end], suffix).allSatisfy({ $0 == $1 || $1 >= 0x61 && $0 == $1 - 0x20 }) {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(end - suffix.count)]), as: UTF8.self)
                    if name.isEmpty || name.lowercased() == "base" { return nil }
                    return legacyNames[name] ?? name
                }
                end = start
            }
            return nil
        }
    }

    /// `.lproj`; its letters also match in upper case.
    private static let suffix = Array(".lproj".utf8)
}
