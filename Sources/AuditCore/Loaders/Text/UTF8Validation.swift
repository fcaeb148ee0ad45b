/// Strict UTF-8 checks for the byte parsers, which must point at the exact byte that is wrong
/// instead of letting `String(decoding:)` replace it silently.
enum UTF8Validation {
    /// The length (1 to 4) of the well-formed UTF-8 sequence that starts at `index`, or nil when
    /// the bytes there are not well-formed (stray continuation byte, overlong form, surrogate,
    /// value above U+10FFFF, or a sequence cut off by `end`).
    static func sequenceLength(in bytes: [UInt8], at index: Int, end: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            upperBound = 0x9F
        case 0xF0:
            length = 4
            lowerBound = 0x90
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            upperBound = 0x8F
        default:
            return nil
        }
        guard index + length <= end else { return nil }
        let second = bytes[index + 1]
        guard second >= lowerBound, second <= upperBound else { return nil }
        var offset = 2
        while offset < length {
            let next = bytes[index + offset]
            guard next >= 0x80, next <= 0xBF else { return nil }
            offset += 1
        }
        return length
    }

    /// How to name the character at `index` in an error message: the character itself when it
    /// is printable, its code point when it is not, or the raw byte when it is not valid UTF-8.
    static func characterDescription(in bytes: [UInt8], at index: Int, end: Int) -> String {
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        if byte < 0x80 {
            return "U+\(hex(UInt32(byte), digits: 4))"
        }
        guard let length = sequenceLength(in: bytes, at: index, end: end) else {
            return "byte 0x\(hex(UInt32(byte), digits: 2)), which is not valid UTF-8"
        }
        let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        if let scalar = text.unicodeScalars.first, let name = invisibleName(scalar) { return name }
        return "'\(text)'"
    }

    /// "U+FEFF (ZERO WIDTH NO-BREAK SPACE, a byte order mark)" for a character that shows as
    /// nothing or as a blank (format characters, spaces other than U+0020, line and paragraph
    /// separators, controls, private use, unassigned), nil for one that can be shown.
    static func invisibleName(_ scalar: Unicode.Scalar) -> String? {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .privateUse, .unassigned, .surrogate:
            break
        default:
            return nil
        }
        var notes: [String] = []
        if let name = properties.name ?? properties.nameAlias { notes.append(name) }
        if scalar.value == 0xFEFF { notes.append("a byte order mark") }
        let code = "U+\(hex(scalar.value, digits: 4))"
        return notes.isEmpty ? code : "\(code) (\(notes.joined(separator: ", ")))"
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
