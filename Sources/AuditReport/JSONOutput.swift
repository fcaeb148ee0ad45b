import AuditCore
import Synchronization

/// A JSON document built in a fixed key order and printed the same way every time: two-space
/// indentation, keys in the order given, strings escaped as RFC 8259 requires (no `\/`).
/// Foundation's serializer sorts or shuffles keys and escapes slashes; reports need neither.
indirect enum JSONOutput: Sendable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    /// An array whose elements are made one at a time as it is written, and dropped after:
    /// SARIF's results for tens of thousands of findings are never a tree all at once.
    case generated(count: Int, element: @Sendable (Int) -> JSONOutput)
    /// A value written the same way in many documents (SARIF's rule descriptors, the same in
    /// every app's log of a run): its text is made once for each indentation and reused.
    case cached(CachedJSON)
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }
    static func strings(_ texts: [String]) -> JSONOutput { .array(texts.map(JSONOutput.string)) }

    /// The document, ending with a newline.
    var text: String { String(decoding: utf8, as: UTF8.self) }

    /// `text` as UTF-8 bytes, as written (every string appended is a `String`'s own UTF-8).
    var utf8: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        write(to: &out, indent: 0)
        out.append(0x0A)
        return out
    }

    /// Appends the value as UTF-8 bytes: a SARIF log of thousands of findings is built in
    /// one buffer, without a string for each line's indentation.
    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty {
                out += "{}".utf8
                return
            }
            out += "{\n".utf8
            for (index, member) in members.enumerated() {
                Self.indent(indent + 2, into: &out)
                JSONText.appendQuoted(member.0, to: &out)
                out += ": ".utf8
                member.1.write(to: &out, indent: indent + 2)
                out += (index + 1 < members.count ? ",\n" : "\n").utf8
            }
            Self.indent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            Self.writeArray(count: elements.count, { elements[$0] }, to: &out, indent: indent)
        case .generated(let count, let element):
            Self.writeArray(count: count, element, to: &out, indent: indent)
        case .cached(let cached):
            out += cached.text(indent: indent, sorted: false) { $0.write(to: &$1, indent: indent) }
        case .string(let text): JSONText.appendQuoted(text, to: &out)
        case .int(let value): out += String(value).utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .null: out += "null".utf8
        }
    }

    private static func writeArray(count: Int, _ element: (Int) -> JSONOutput, to out: inout [UInt8], indent: Int) {
        if count == 0 {
            out += "[]".utf8
            return
        }
        out += "[\n".utf8
        for index in 0..<count {
            Self.indent(indent + 2, into: &out)
            element(index).write(to: &out, indent: indent + 2)
            out += (index + 1 < count ? ",\n" : "\n").utf8
        }
        Self.indent(indent, into: &out)
        out.append(UInt8(ascii: "]"))
    }

    private static func indent(_ count: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
}

/// A `JSONOutput` value and its texts as written at each indentation (plain or with sorted
/// keys): the text depends on nothing else, so a value shared by many documents is written
/// once. A 27-app folder wrote the same 40 rule descriptors into each app's SARIF log, a
/// tenth of the audit's instructions.
final class CachedJSON: Sendable {
    let value: JSONOutput
    private let texts = Mutex<[Int: [UInt8]]>([:])

    init(_ value: JSONOutput) { self.value = value }

    /// The value's text at `indent`, made by `write` (the value, into an empty buffer) the first time.
    func text(indent: Int, sorted: Bool, _ write: (JSONOutput, inout [UInt8]) -> Void) -> [UInt8] {
        let key = indent &* 2 &+ (sorted ? 1 : 0)
        if let known = texts.withLock({ $0[key] }) { return known }
        var out: [UInt8] = []
        write(value, &out)
        texts.withLock { $0[key] = out }
        return out
    }
}
