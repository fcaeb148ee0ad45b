import Foundation

/// Reads a `.stringsdict` file with Foundation's property list parser, which gives no positions;
/// a light scan of the XML then finds the line of each top-level key.
public enum StringsDictLoader {
    /// Keys that configure a variable rather than hold text a user sees.
    static let specificationKeys: Set<String> = ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"]
    static let pluralOrder = ["zero", "one", "two", "few", "many", "other"]

    public static func load(bytes: [UInt8], file: String) throws(InputError) -> StringsDictFile {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let (line, detail) = describe(error)
            throw InputError(
                file: file, line: line, column: 1,
                reason: "the file is not a valid property list" + (detail.map { " (\($0))" } ?? ""))
        }
        guard let root = dictionary(plist) else {
            throw InputError(
                file: file, line: 1, column: 1,
                reason: "a .stringsdict file should hold a dictionary of keys at the top level")
        }
        let positions = XMLKeyPositions.topLevelKeys(in: bytes)
        var entries: [StringsDictEntry] = []
        for (key, value) in root {
            let location = (positions[key] ?? TextPosition(line: 1, column: 1)).location(in: file)
            var texts: [String] = []
            if let text = value as? String {
                texts.append(text)
            } else if let rule = dictionary(value) {
                collectTexts(from: rule, into: &texts)
            } else {
                throw InputError(
                    file: file, line: location.line, column: location.column,
                    reason: "\"\(key)\" should be a dictionary with NSStringLocalizedFormatKey, found \(kind(of: value))")
            }
            entries.append(StringsDictEntry(key: key, texts: texts, location: location))
        }
        entries.sort { lhs, rhs in
            let lhsKnown = positions[lhs.key] != nil
            let rhsKnown = positions[rhs.key] != nil
            if lhsKnown != rhsKnown { return lhsKnown }
            return (lhs.location.line, lhs.location.column, lhs.key) < (rhs.location.line, rhs.location.column, rhs.key)
        }
        return StringsDictFile(file: file, entries: entries)
    }

    private static func collectTexts(from rule: [String: Any], into texts: inout [String]) {
        if let format = rule["NSStringLocalizedFormatKey"] as? String {
            texts.append(format)
        }
        let keys = rule.keys
            .filter { $0 != "NSStringLocalizedFormatKey" && !specificationKeys.contains($0) }
            .sorted { lhs, rhs in
                let lhsRank = pluralOrder.firstIndex(of: lhs) ?? pluralOrder.count
                let rhsRank = pluralOrder.firstIndex(of: rhs) ?? pluralOrder.count
                return (lhsRank, lhs) < (rhsRank, rhs)
            }
        for key in keys {
            if let text = rule[key] as? String {
                texts.append(text)
            } else if let nested = dictionary(rule[key] as Any) {
                collectTexts(from: nested, into: &texts)
            }
        }
    }

    /// Property lists decode to `[AnyHashable: Any]` on Linux and `[String: Any]` on Darwin.
    private static func dictionary(_ value: Any) -> [String: Any]? {
        if let dictionary = value as? [String: Any] { return dictionary }
        guard let anyKeys = value as? [AnyHashable: Any] else { return nil }
        var dictionary: [String: Any] = [:]
        for (key, value) in anyKeys {
            guard let key = key.base as? String else { return nil }
            dictionary[key] = value
        }
        return dictionary
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: "an array"
        case is Bool: "a boolean"
        case is NSNumber, is Int, is Double: "a number"
        case is Data: "data"
        case is Date: "a date"
        default: "a value of another type"
        }
    }

    /// Foundation's messages name the line ("Close tag on line 5 does not match ..."); keep the
    /// message and point at that line when there is one.
    private static func describe(_ error: Error) -> (line: Int, detail: String?) {
        let nsError = error as NSError
        guard let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String else { return (1, nil) }
        var line = 1
        let words = detail.split(separator: " ")
        for (offset, word) in words.enumerated() where word == "line" && offset + 1 < words.count {
            if let number = Int(words[offset + 1].filter(\.isNumber)), number > 0 {
                line = number
            }
        }
        return (line, detail)
    }
}
