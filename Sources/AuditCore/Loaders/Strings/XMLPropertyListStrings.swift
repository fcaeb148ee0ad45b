import Foundation

/// A strings table saved as an XML property list (`<plist><dict><key>…</key><string>…`), which
/// Xcode accepts in place of the text format and some projects use.
enum XMLPropertyListStrings {
    static func looksLikeXML(_ text: UTF8Text) -> Bool {
        var index = text.start
        while index < text.bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(text.bytes[index]) {
            index += 1
        }
        return index < text.bytes.count && text.bytes[index] == UInt8(ascii: "<")
    }

    /// Foundation parses the original bytes, whose XML declaration names their encoding; the
    /// key positions come from the UTF-8 text.
    static func entries(of text: UTF8Text, original: [UInt8], file: String) throws(InputError) -> [StringsEntry] {
        let bytes = Array(text.bytes[text.start...])
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(original), options: [], format: nil)
        } catch {
            throw InputError(
                file: file, line: 1, column: 1,
                reason: "the file starts like an XML property list but is not a valid one "
                    + "(\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"))")
        }
        guard let dictionary = plist as? [AnyHashable: Any] else {
            throw InputError(
                file: file, line: 1, column: 1,
                reason: "a strings table saved as a property list should hold a dictionary of strings")
        }
        let positions = XMLKeyPositions.topLevelKeys(in: bytes)
        var entries: [StringsEntry] = []
        for (anyKey, anyValue) in dictionary {
            let key = anyKey.base as? String ?? "\(anyKey.base)"
            let location = (positions[key] ?? TextPosition(line: 1, column: 1)).location(in: file)
            guard let value = anyValue as? String else {
                throw InputError(
                    file: file, line: location.line, column: location.column,
                    reason: "the value of \"\(key)\" should be a string")
            }
            entries.append(StringsEntry(key: key, value: value, location: location, valueLocation: location))
        }
        return entries.sorted { ($0.location.line, $0.location.column, $0.key) < ($1.location.line, $1.location.column, $1.key) }
    }
}
