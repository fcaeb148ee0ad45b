/// A declaration or closure with a body: the scopes rules reason about ("the `@main` App's
/// `init`", "the closure passed to `Task`", "the paywall view type").
public struct Declaration: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case `struct`, `class`, `enum`, `actor`, `extension`, `protocol`
        case function, initializer, deinitializer, variable, `subscript`
        case closure

        public var isType: Bool {
            switch self {
            case .struct, .class, .enum, .actor, .extension, .protocol: true
            default: false
            }
        }
    }

    // Stored compactly (48 bytes instead of 88: a 50 MB file holds hundreds of thousands of
    // declarations and closures): indices as Int32 (token indices of files under 2 GB), and
    // the three name lists, empty for most (every closure), in one shared box.

    /// The declared name (`MyApp`, `purchase`, `body`); for an extension the extended type;
    /// for a closure the name of the call it is passed to (`Task`, `task`, `onAppear`), or "".
    public var name: String
    private var lists: NameLists?
    /// Code-token index of the introducing keyword (or of the `{` for a closure).
    @CompactIndex public var keyword: Int
    /// Code-token indices of the body's `{` and `}`; `bodyEnd` is -1 when unterminated.
    @CompactIndex public var bodyStart: Int
    @CompactIndex public var bodyEnd: Int
    /// Index of the enclosing declaration in `SwiftFile.declarations`, or -1.
    @CompactIndex public var parent: Int
    /// For a closure, the code index of the callee's name token (`Task` in `Task { … }`), or -1.
    @CompactIndex public var calleeIndex: Int
    public var kind: Kind

    public init(
        kind: Kind, name: String, keyword: Int, bodyStart: Int, bodyEnd: Int, parent: Int,
        attributes: [String], modifiers: [String], inheritedTypes: [String], calleeIndex: Int
    ) {
        self.name = name
        lists = NameLists.make(attributes, modifiers, inheritedTypes)
        self.keyword = keyword
        self.bodyStart = bodyStart
        self.bodyEnd = bodyEnd
        self.parent = parent
        self.calleeIndex = calleeIndex
        self.kind = kind
    }

    /// A declaration whose name lists are already boxed (shared through `NameListsInterner`).
    init(kind: Kind, name: String, keyword: Int, bodyStart: Int, bodyEnd: Int, lists: NameLists?, calleeIndex: Int) {
        self.init(kind: kind, name: name, keyword: keyword, bodyStart: bodyStart, bodyEnd: bodyEnd, parent: -1,
                  attributes: [], modifiers: [], inheritedTypes: [], calleeIndex: calleeIndex)
        self.lists = lists
    }

    /// Attributes written before the declaration: `@main`, `@MainActor`, `@Observable`.
    public var attributes: [String] {
        get { lists?.attributes ?? [] }
        set { lists = NameLists.make(newValue, modifiers, inheritedTypes) }
    }
    /// Modifiers written before the keyword: `static`, `private`, `final`, `nonisolated`.
    public var modifiers: [String] {
        get { lists?.modifiers ?? [] }
        set { lists = NameLists.make(attributes, newValue, inheritedTypes) }
    }
    /// Types after the `:` of a type declaration: `App`, `View`, `ObservableObject`, `Sendable`.
    public var inheritedTypes: [String] {
        get { lists?.inheritedTypes ?? [] }
        set { lists = NameLists.make(attributes, modifiers, newValue) }
    }

    public func contains(_ codeIndex: Int) -> Bool {
        codeIndex > bodyStart && (bodyEnd < 0 || codeIndex < bodyEnd)
    }
}

/// A token or declaration index kept in 4 bytes and read as an `Int`.
@propertyWrapper
public struct CompactIndex: Sendable, Hashable {
    @usableFromInline var stored: Int32

    @inlinable public init(wrappedValue: Int) { stored = Int32(truncatingIfNeeded: wrappedValue) }

    @inlinable public var wrappedValue: Int {
        get { Int(stored) }
        set { stored = Int32(truncatingIfNeeded: newValue) }
    }
}

/// A declaration's attributes, modifiers and inherited types, boxed: one reference in the
/// declaration instead of three arrays, and none at all when the three are empty.
final class NameLists: Sendable, Hashable {
    let attributes: [String]
    let modifiers: [String]
    let inheritedTypes: [String]

    private init(_ attributes: [String], _ modifiers: [String], _ inheritedTypes: [String]) {
        self.attributes = attributes
        self.modifiers = modifiers
        self.inheritedTypes = inheritedTypes
    }

    static func make(_ attributes: [String], _ modifiers: [String], _ inheritedTypes: [String]) -> NameLists? {
        attributes.isEmpty && modifiers.isEmpty && inheritedTypes.isEmpty ? nil : NameLists(attributes, modifiers, inheritedTypes)
    }

    static func == (a: NameLists, b: NameLists) -> Bool {
        a.attributes == b.attributes && a.modifiers == b.modifiers && a.inheritedTypes == b.inheritedTypes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(attributes)
        hasher.combine(modifiers)
        hasher.combine(inheritedTypes)
    }
}

/// One box for each distinct set of name lists in a file: most declarations repeat a few
/// (`private`, `@MainActor`, `: View`), and a box each cost a 50 MB file some 10 MB.
struct NameListsInterner {
    private var boxes: [NameLists: NameLists] = [:]

    mutating func box(_ attributes: [String], _ modifiers: [String], _ inheritedTypes: [String]) -> NameLists? {
        guard let made = NameLists.make(attributes, modifiers, inheritedTypes) else { return nil }
        if let shared = boxes[made] { return shared }
        boxes[made] = made
        return made
    }
}
