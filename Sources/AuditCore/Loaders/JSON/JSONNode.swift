/// One JSON value and where it starts in its file.
///
/// Unlike `JSONSerialization` or `Codable`, the tree keeps member order, duplicate keys and the
/// position of every value and key, so that a rule or an error can point at the exact place.
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    /// The position of the value's first byte (`{`, `[`, `"`, a digit or `-`, or a literal).
    public var position: TextPosition

    public init(value: JSONValue, position: TextPosition) {
        self.value = value
        self.position = position
    }

    /// The value of the member named `key` when this node is an object. With duplicate keys the
    /// last one wins, as in `JSONSerialization` and `JSONDecoder`.
    public func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.node
    }
}

public enum JSONValue: Sendable, Hashable {
    /// Members in file order; duplicate keys are kept.
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// The parsed value and the number exactly as written (`"4.90"` stays `4.90`).
    case number(Double, raw: String)
    case bool(Bool)
    case null

    /// The kind of value with an article, for messages: "an object", "a string", "null".
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var keyPosition: TextPosition
    public var node: JSONNode

    public init(key: String, keyPosition: TextPosition, node: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.node = node
    }
}
