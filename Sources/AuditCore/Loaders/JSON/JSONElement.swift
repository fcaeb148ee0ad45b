/// A step from a JSON value to one of its children.
public enum JSONPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}

/// A JSON node seen from the document root: the node (absent when a member is missing), the
/// key path that leads to it, and the file. Loaders decode through it so that every type error
/// names the key path and points at the value, e.g.
/// `"subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod" should be a string, found a number`.
///
/// Accessors come in two forms: `string()` requires the value, `stringIfPresent()` returns nil
/// when the member is missing or `null`. Both throw when the value has the wrong type.
public struct JSONElement: Sendable {
    /// Nil when the member does not exist.
    public let node: JSONNode?
    /// The key path, last step first, shared with the parent's: a child costs one small node
    /// instead of a copy of the whole path (catalogs are walked member by member).
    private let steps: JSONPathSteps?
    public let file: String
    /// Where to point when the node is missing: the object that lacks the member.
    private let anchor: TextPosition

    public init(root: JSONNode, file: String) {
        node = root
        steps = nil
        self.file = file
        anchor = root.position
    }

    private init(node: JSONNode?, parent: JSONElement, step: JSONPathComponent, anchor: TextPosition) {
        self.node = node
        steps = JSONPathSteps(step, after: parent.steps)
        file = parent.file
        self.anchor = anchor
    }

    /// The key path that leads here from the document root.
    public var path: [JSONPathComponent] {
        var path: [JSONPathComponent] = []
        var step = steps
        while let current = step {
            path.append(current.component)
            step = current.parent
        }
        return path.reversed()
    }

    /// The value's position, or the position of the object that lacks it.
    public var position: TextPosition { node?.position ?? anchor }

    public var location: SourceLocation { position.location(in: file) }

    /// True when the member exists and is not `null`.
    public var isPresent: Bool {
        guard let node else { return false }
        if case .null = node.value { return false }
        return true
    }

    /// The member named `key`, which is missing (node nil) when this is not an object or has no
    /// such member. Duplicate keys: the last one wins.
    public func member(_ key: String) -> JSONElement {
        JSONElement(node: node?.member(key), parent: self, step: .key(key), anchor: position)
    }

    // MARK: - Containers

    /// Checks that the value is an object and returns it unchanged, for chaining `member(_:)`.
    public func object() throws(InputError) -> JSONElement {
        guard let node else { throw missing() }
        guard case .object = node.value else { throw typeMismatch(expected: "an object") }
        return self
    }

    public func objectIfPresent() throws(InputError) -> JSONElement? {
        guard isPresent else { return nil }
        return try object()
    }

    /// The object's members in file order, duplicates included.
    public func members() throws(InputError) -> [(key: String, keyPosition: TextPosition, element: JSONElement)] {
        guard let node else { throw missing() }
        guard case .object(let members) = node.value else { throw typeMismatch(expected: "an object") }
        return members.map { member in
            (
                member.key, member.keyPosition,
                JSONElement(node: member.node, parent: self, step: .key(member.key), anchor: member.node.position)
            )
        }
    }

    public func membersIfPresent() throws(InputError) -> [(key: String, keyPosition: TextPosition, element: JSONElement)]? {
        guard isPresent else { return nil }
        return try members()
    }

    public func array() throws(InputError) -> [JSONElement] {
        guard let node else { throw missing() }
        guard case .array(let elements) = node.value else { throw typeMismatch(expected: "an array") }
        return elements.enumerated().map { offset, element in
            JSONElement(node: element, parent: self, step: .index(offset), anchor: element.position)
        }
    }

    public func arrayIfPresent() throws(InputError) -> [JSONElement]? {
        guard isPresent else { return nil }
        return try array()
    }

    // MARK: - Scalars

    public func string() throws(InputError) -> String {
        guard let node else { throw missing() }
        guard case .string(let text) = node.value else { throw typeMismatch(expected: "a string") }
        return text
    }

    public func stringIfPresent() throws(InputError) -> String? {
        guard isPresent else { return nil }
        return try string()
    }

    public func double() throws(InputError) -> Double {
        guard let node else { throw missing() }
        guard case .number(let value, _) = node.value else { throw typeMismatch(expected: "a number") }
        return value
    }

    public func doubleIfPresent() throws(InputError) -> Double? {
        guard isPresent else { return nil }
        return try double()
    }

    /// A whole number; `1.5` or `1e30` are type errors.
    public func int() throws(InputError) -> Int {
        guard let node else { throw missing() }
        guard case .number(let value, let raw) = node.value else {
            throw typeMismatch(expected: "a whole number")
        }
        guard value.rounded() == value, let whole = Int(exactly: value) else {
            throw InputError(
                file: file, line: position.line, column: position.column,
                reason: "\(pathDescription) should be a whole number, found \(raw)")
        }
        return whole
    }

    public func intIfPresent() throws(InputError) -> Int? {
        guard isPresent else { return nil }
        return try int()
    }

    public func bool() throws(InputError) -> Bool {
        guard let node else { throw missing() }
        guard case .bool(let flag) = node.value else { throw typeMismatch(expected: "true or false") }
        return flag
    }

    public func boolIfPresent() throws(InputError) -> Bool? {
        guard isPresent else { return nil }
        return try bool()
    }

    /// A string, or a number as written in the file (`4.90` stays "4.90"). Xcode writes prices
    /// and some identifiers as strings, hand-written files often as numbers.
    public func textIfPresent() throws(InputError) -> String? {
        guard let node, isPresent else { return nil }
        switch node.value {
        case .string(let text): return text
        case .number(_, let raw): return raw
        default: throw typeMismatch(expected: "a string or a number")
        }
    }

    /// An array of strings, such as a code offer's eligibility list.
    public func stringsIfPresent() throws(InputError) -> [String]? {
        guard let elements = try arrayIfPresent() else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            strings.append(try element.string())
        }
        return strings
    }

    // MARK: - Errors

    /// The key path in the usual notation, quoted: `"products[0].localizations[1].locale"`;
    /// keys that are not plain identifiers are written `['like this']`.
    public var pathDescription: String {
        if steps == nil { return "the top-level value" }
        var text = ""
        for component in path {
            switch component {
            case .index(let offset):
                text += "[\(offset)]"
            case .key(let key):
                if Self.isPlainKey(key) {
                    text += text.isEmpty ? key : ".\(key)"
                } else {
                    text += "[\(Self.quoted(key))]"
                }
            }
        }
        return "\"\(text)\""
    }

    /// An error at this value saying what it should have been.
    public func typeMismatch(expected: String) -> InputError {
        let found = node?.value.kindDescription ?? "nothing"
        return InputError(
            file: file, line: position.line, column: position.column,
            reason: "\(pathDescription) should be \(expected), found \(found)")
    }

    /// An error at this value with a reason of the caller's own, prefixed with the key path.
    public func invalid(_ problem: String) -> InputError {
        InputError(
            file: file, line: position.line, column: position.column,
            reason: "\(pathDescription) \(problem)")
    }

    private func missing() -> InputError {
        InputError(
            file: file, line: position.line, column: position.column,
            reason: "\(pathDescription) is missing")
    }

    private static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
    }

    /// Keys that are not identifiers, such as string catalog keys, are written `['like this']`
    /// so that they read well inside the double-quoted path.
    private static func quoted(_ key: String) -> String {
        var text = "'"
        for character in key {
            switch character {
            case "'": text += "\\'"
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        return text + "'"
    }
}

/// One step of a `JSONElement`'s key path and the steps before it.
private final class JSONPathSteps: Sendable {
    let component: JSONPathComponent
    let parent: JSONPathSteps?

    init(_ component: JSONPathComponent, after parent: JSONPathSteps?) {
        self.component = component
        self.parent = parent
    }
}
