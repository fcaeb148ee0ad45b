/// Where each member's value starts, for every JSON object of a StoreKit configuration, keyed
/// by where the object starts.
///
/// The model records the position of each product, group and localization object; this lets a
/// rule point at the offending value itself (a too-long `displayName`, `"familyShareable" :
/// true`) instead of at the object that holds it, without a position field per property.
public struct StoreKitMemberLocations: Sendable, Hashable {
    private var table: [TextPosition: [String: TextPosition]] = [:]
    private var file: String

    public init(file: String) {
        self.file = file
    }

    /// Records every object under `root`. With duplicate keys the last one wins, as in
    /// `JSONNode.member(_:)`.
    public init(root: JSONNode, file: String) {
        self.file = file
        var pending = [root]
        while let node = pending.popLast() {
            switch node.value {
            case .object(let members):
                var positions: [String: TextPosition] = [:]
                for member in members {
                    positions[member.key] = member.node.position
                    pending.append(member.node)
                }
                table[node.position] = positions
            case .array(let elements):
                pending.append(contentsOf: elements)
            case .string, .number, .bool, .null:
                break
            }
        }
    }

    /// The position of the value of `key` in the object that starts at `object`, or nil when
    /// that object has no such member (or is not in this file).
    public func location(of key: String, in object: SourceLocation) -> SourceLocation? {
        guard object.file == file else { return nil }
        let start = TextPosition(line: object.line, column: object.column)
        return table[start]?[key]?.location(in: file)
    }
}
