import AuditCore

/// A JSON document built in a fixed key order and printed the same way every time: two-space
/// indentation, keys in the order given, strings escaped as RFC 8259 requires (no `\/`).
/// Foundation's serializer sorts or shuffles keys and escapes slashes; reports need neither.
indirect enum JSONOutput: Sendable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }
    static func strings(_ texts: [String]) -> JSONOutput { .array(texts.map(JSONOutput.string)) }

    /// The document, ending with a newline.
    var text: String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2) + JSONText.quoted(member.0) + ": "
                member.1.write(to: &out, indent: indent + 2)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                element.write(to: &out, indent: indent + 2)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .string(let text): out += JSONText.quoted(text)
        case .int(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }
}
