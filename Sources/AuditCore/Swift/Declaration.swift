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

    public var kind: Kind
    /// The declared name (`MyApp`, `purchase`, `body`); for an extension the extended type;
    /// for a closure the name of the call it is passed to (`Task`, `task`, `onAppear`), or "".
    public var name: String
    /// Code-token index of the introducing keyword (or of the `{` for a closure).
    public var keyword: Int
    /// Code-token indices of the body's `{` and `}`; `bodyEnd` is -1 when unterminated.
    public var bodyStart: Int
    public var bodyEnd: Int
    /// Index of the enclosing declaration in `SwiftFile.declarations`, or -1.
    public var parent: Int
    /// Attributes written before the declaration: `@main`, `@MainActor`, `@Observable`.
    public var attributes: [String]
    /// Modifiers written before the keyword: `static`, `private`, `final`, `nonisolated`.
    public var modifiers: [String]
    /// Types after the `:` of a type declaration: `App`, `View`, `ObservableObject`, `Sendable`.
    public var inheritedTypes: [String]
    /// For a closure, the code index of the callee's name token (`Task` in `Task { … }`), or -1.
    public var calleeIndex: Int

    public func contains(_ codeIndex: Int) -> Bool {
        codeIndex > bodyStart && (bodyEnd < 0 || codeIndex < bodyEnd)
    }
}
