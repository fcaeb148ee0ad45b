/// What type a value is, where the source says it: the receiver of a call resolved to its
/// declaration, so that `store.start()` is known to call `Store.start` and not the `start` of
/// every type that has one. Nil means the source does not say; callers then fall back to the name.
extension SwiftFile {
    /// The type named by the receiver token at `receiver` (the token before the `.` of a
    /// member access): `self`, a type name (`Store.shared`, `Store()`), or a variable or
    /// parameter whose declaration gives its type (`@StateObject var store = Store()`,
    /// `@EnvironmentObject var store: Store`, `@Environment(Store.self) private var store`,
    /// `let store: Store`, `func buy(using store: Store)`, `let store = Store.shared`).
    public func typeName(ofReceiver receiver: Int) -> String? {
        guard receiver >= 0, receiver < code.count else { return nil }
        // `Store().start()`, `Store.shared.start()`: the call's or the member's base.
        if isKind(receiver, .rightParen), let open = matchingBracket(of: receiver), let callee = previousCodeIndex(before: open) {
            if isKind(callee, .identifier), text(callee).first?.isUppercase == true, self.receiver(of: callee) == nil { return text(callee) }
            return nil
        }
        guard isKind(receiver, .identifier) else { return nil }
        let name = text(receiver)
        if name == "self" || name == "Self" {
            return enclosingType(of: receiver).map { declarations[$0].name }
        }
        if name == "shared" || name == "default" || name == "current", let base = self.receiver(of: receiver),
           isKind(base, .identifier), text(base).first?.isUppercase == true {
            return text(base)
        }
        if self.receiver(of: receiver) != nil { return nil }
        if name.first?.isUppercase == true { return name }
        // The nearest declaration of the name before the receiver, in the scopes around it:
        // a local or a parameter of the enclosing functions, then a stored property of the type.
        var scope = enclosingFunction(of: receiver) ?? enclosingType(of: receiver)
        while let current = scope {
            let declaration = declarations[current]
            let start = declaration.keyword
            let end = declaration.kind.isType ? max(declaration.bodyEnd, start) : receiver
            if let type = declaredType(of: name, in: start..<end) { return type }
            scope = declaration.parent >= 0 ? declaration.parent : nil
        }
        return nil
    }

    /// The type a `var`/`let`/parameter named `name` declared in `range` has, when written.
    private func declaredType(of name: String, in range: Range<Int>) -> String? {
        for i in occurrences(of: name, in: range) where isKind(i, .identifier) {
            guard let before = previousCodeIndex(before: i) else { continue }
            let isBinding = isIdentifier(before, "var") || isIdentifier(before, "let")
            // A parameter: `store: Store`, `using store: Store`, `_ store: Store` inside the
            // parentheses of a function's signature.
            // Not an argument label: `StoreScreen(store: store)` declares nothing.
            let isParameter = !isBinding && enclosingBracket(of: i).map { isKind($0, .leftParen) && isSignature($0) } == true
                && token(i, offsetBy: 1, is: .colon) && (isKind(before, .leftParen) || isKind(before, .comma) || isKind(before, .identifier))
            guard isBinding || isParameter else { continue }
            // `name: Type`, `name: Type?`, `name: Type!`, `name: any Type`, `name: some Type`
            if token(i, offsetBy: 1, is: .colon), var type = codeIndex(i, offsetBy: 2), isKind(type, .identifier) {
                if isIdentifier(type, "any") || isIdentifier(type, "some") {
                    guard let next = nextCodeIndex(after: type), isKind(next, .identifier) else { return nil }
                    type = next
                }
                return text(type)
            }
            // `name = Type(…)`, `name = Type.shared`
            if let equals = nextCodeIndex(after: i), isOperator(equals, "="), let value = nextCodeIndex(after: equals),
               isKind(value, .identifier), text(value).first?.isUppercase == true {
                return text(value)
            }
            // `@Environment(Store.self) var store`
            if isBinding, let attributeType = environmentType(before: before) { return attributeType }
        }
        return nil
    }

    /// Whether the `(` at `open` starts a parameter list: of a function (`func buy(`,
    /// `func load<T>(`), an initializer or subscript (`init(`, `init?(`), or a closure
    /// (`{ (store: Store) in`); not a call's arguments.
    private func isSignature(_ open: Int) -> Bool {
        guard var before = previousCodeIndex(before: open) else { return false }
        if isKind(before, .leftBrace) { return true }
        if isOperator(before, "?") || isOperator(before, "!") { before = previousCodeIndex(before: before) ?? before }
        if isIdentifier(before, "init") || isIdentifier(before, "subscript") { return true }
        // Generic parameters: back to the `<` after the name.
        if isKind(before, .operator), text(before).hasSuffix(">") {
            var k = before
            var steps = 0
            while let previous = previousCodeIndex(before: k), steps < 40,
                  !isKind(previous, .leftBrace), !isKind(previous, .rightBrace), !isKind(previous, .leftParen), !isKind(previous, .rightParen) {
                k = previous
                steps += 1
                if isIdentifier(k, "func") || isIdentifier(k, "init") || isIdentifier(k, "subscript") { return true }
            }
            return false
        }
        guard isName(before) || isKind(before, .operator), let keyword = previousCodeIndex(before: before) else { return false }
        return isIdentifier(keyword, "func")
    }

    /// `Store` in `@Environment(Store.self)` written just before the `var` at `keyword`.
    private func environmentType(before keyword: Int) -> String? {
        var k = keyword
        // Modifiers between the attribute and the keyword: `private`, `fileprivate`.
        while let previous = previousCodeIndex(before: k), isKind(previous, .identifier),
              ["private", "fileprivate", "internal", "public"].contains(text(previous)) { k = previous }
        guard let close = previousCodeIndex(before: k), isKind(close, .rightParen), let open = matchingBracket(of: close),
              let attribute = previousCodeIndex(before: open), isKind(attribute, .attribute), tokenIs(attribute, "@Environment"),
              let type = nextCodeIndex(after: open), isKind(type, .identifier), text(type).first?.isUppercase == true,
              token(type, offsetBy: 1, is: .dot), let member = codeIndex(type, offsetBy: 2), isIdentifier(member, "self")
        else { return nil }
        return text(type)
    }
}
