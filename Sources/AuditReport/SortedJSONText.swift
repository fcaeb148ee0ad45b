import Foundation

extension JSONOutput {
    /// The document as `JSONSerialization` writes it with `[.prettyPrinted, .sortedKeys,
    /// .withoutEscapingSlashes]`, ending with a newline: the folder index's joined JSON and
    /// SARIF have always been written that way, and are now written from the apps' report trees
    /// instead of by parsing each app's text and serializing it again (which cost more than
    /// rendering the reports). Keys are ordered by the same comparison Foundation sorts them
    /// with; `FolderIndexTests` checks the bytes against Foundation's.
    var sortedKeysText: String {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        var orders = KeyOrders()
        writeSorted(to: &out, indent: 0, orders: &orders)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// The order of an object's members by key, for each list of keys met: a report repeats a
    /// few shapes (a finding, a location) thousands of times.
    struct KeyOrders {
        private var known: [[String]: [Int]] = [:]

        mutating func order(of members: [(String, JSONOutput)]) -> [Int] {
            let keys = members.map(\.0)
            if let order = known[keys] { return order }
            let order = keys.indices.sorted { Self.ascending(keys[$0], keys[$1]) }
            known[keys] = order
            return order
        }

        /// Foundation's comparison for `.sortedKeys` (swift-corelibs-foundation's JSONWriter).
        static func ascending(_ a: String, _ b: String) -> Bool {
            a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex, locale: NSLocale.system) == .orderedAscending
        }
    }

    /// A member of an object, the elements of an array, a string or an integer; nil for
    /// another kind of value (the index reads its results' keys this way).
    subscript(key: String) -> JSONOutput? {
        if case .cached(let cached) = self { return cached.value[key] }
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    var elements: [JSONOutput]? {
        switch self {
        case .array(let elements): elements
        case .generated(let count, let element): (0..<count).map(element)
        case .cached(let cached): cached.value.elements
        default: nil
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        if case .cached(let cached) = self { return cached.value.string }
        return nil
    }

    var integer: Int? {
        if case .int(let value) = self { return value }
        if case .cached(let cached) = self { return cached.value.integer }
        return nil
    }

    private func writeSorted(to out: inout [UInt8], indent: Int, orders: inout KeyOrders) {
        switch self {
        case .object(let members):
            out += "{\n".utf8
            let order = orders.order(of: members)
            for (position, index) in order.enumerated() {
                if position > 0 { out += ",\n".utf8 }
                Self.spaces(indent + 2, into: &out)
                Self.appendFoundationQuoted(members[index].0, to: &out)
                out += " : ".utf8
                members[index].1.writeSorted(to: &out, indent: indent + 2, orders: &orders)
            }
            out.append(0x0A)
            Self.spaces(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            Self.writeSortedArray(count: elements.count, { elements[$0] }, to: &out, indent: indent, orders: &orders)
        case .generated(let count, let element):
            Self.writeSortedArray(count: count, element, to: &out, indent: indent, orders: &orders)
        case .cached(let cached):
            // Key orders depend on the keys alone: a fresh table writes the same text.
            out += cached.text(indent: indent, sorted: true) { value, text in
                var own = KeyOrders()
                value.writeSorted(to: &text, indent: indent, orders: &own)
            }
        case .string(let text): Self.appendFoundationQuoted(text, to: &out)
        case .int(let value): out += String(value).utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .null: out += "null".utf8
        }
    }

    private static func writeSortedArray(count: Int, _ element: (Int) -> JSONOutput, to out: inout [UInt8], indent: Int, orders: inout KeyOrders) {
        out += "[\n".utf8
        for index in 0..<count {
            if index > 0 { out += ",\n".utf8 }
            Self.spaces(indent + 2, into: &out)
            element(index).writeSorted(to: &out, indent: indent + 2, orders: &orders)
        }
        out.append(0x0A)
        Self.spaces(indent, into: &out)
        out.append(UInt8(ascii: "]"))
    }

    private static func spaces(_ count: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// A string as Foundation's writer quotes it: `"` and `\` escaped, the control characters
    /// as `\b \f \n \r \t` or `\u00xx` (lower-case hex), everything else (slashes, U+2028) as is.
    static func appendFoundationQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x08: out += "\\b".utf8
            case 0x0C: out += "\\f".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0x00..<0x20: out += ((byte < 0x10 ? "\\u000" : "\\u00") + String(byte, radix: 16)).utf8
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
