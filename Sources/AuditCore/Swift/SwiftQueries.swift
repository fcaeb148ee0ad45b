/// The query layer rules are written in: calls with their arguments and trailing closures,
/// member accesses, modifier chains, string literals, switch statements and enclosing scopes.
/// Every index is an index into `SwiftFile.code`.

public struct Argument: Sendable, Hashable {
    /// `for` in `.storeButton(.visible, for: .restorePurchases)`; nil when unlabelled.
    public var label: String?
    /// Code-token range of the argument's value (after the label and colon).
    public var valueRange: Range<Int>
}

public struct Call: Sendable, Hashable {
    /// The callee's name token: `purchase` in `product.purchase()`, `Text` in `Text("…")`.
    public var name: Int
    /// `(` and its `)`; both -1 for a call made only with a trailing closure (`Task { … }`).
    public var openParen: Int
    public var closeParen: Int
    public var arguments: [Argument]
    /// The `{` of each trailing closure.
    public var trailingClosures: [Int]
    /// The last token of the call, including trailing closures.
    public var end: Int
}

public struct StringLiteral: Sendable, Hashable {
    /// The `stringStart` token.
    public var start: Int
    /// The `stringEnd` token, or the last token of an unterminated literal.
    public var end: Int
    /// The literal text with escapes as written and each interpolation replaced by U+FFFC.
    public var text: String
    public var hasInterpolation: Bool
}

public struct SwitchCase: Sendable, Hashable {
    /// The `case` or `default` token (for `@unknown default`, the `default`).
    public var label: Int
    public var isDefault: Bool
    public var isUnknownDefault: Bool
    /// The patterns between `case` and `:`.
    public var patternRange: Range<Int>
    /// The statements after the `:` up to the next label or the closing brace.
    public var bodyRange: Range<Int>
}

public struct SwitchStatement: Sendable, Hashable {
    public var keyword: Int
    public var subjectRange: Range<Int>
    public var bodyStart: Int
    public var bodyEnd: Int
    public var cases: [SwitchCase]
}

extension SwiftFile {
    // MARK: Scopes

    /// The innermost declaration or closure whose body contains code token `index`.
    public func enclosingDeclaration(of index: Int) -> Int? {
        enclosingDeclaration(of: index, braces: structure.braces)
    }

    /// `enclosingDeclaration(of:)` with the brace table read once by the caller: the scope
    /// queries below run for nearly every site a rule follows, and each read of the lazily
    /// built structure costs an atomic load and a retain and release of its arrays.
    @inline(__always)
    private func enclosingDeclaration(of index: Int, braces: BraceDeclarations) -> Int? {
        guard index >= 0, index < code.count else { return nil }
        var open = Int(parent[index])
        while open >= 0 {
            if code.kinds[open] == .leftBrace, let declaration = braces.declaration(of: open) {
                return declaration
            }
            open = Int(parent[open])
        }
        return nil
    }

    /// The declaration whose body starts at brace `index`, if any.
    public func declaration(openedBy brace: Int) -> Int? {
        guard brace >= 0, brace < code.count else { return nil }
        return braces.declaration(of: brace)
    }

    /// The first declaration of the chain around `index` (innermost first) that passes `test`,
    /// given its index and kind: the one walk behind `declarationChain`, `enclosingType` and
    /// `enclosingFunction`, which the latter two end early without making the chain.
    @inline(__always)
    private func firstEnclosingDeclaration(of index: Int, where test: (Int, Declaration.Kind) -> Bool) -> Int? {
        let structure = structure
        var current = enclosingDeclaration(of: index, braces: structure.braces)
        while let declaration = current {
            if test(declaration, structure.declarations[declaration].kind) { return declaration }
            let parentIndex = structure.declarations[declaration].parent
            current = parentIndex >= 0 ? parentIndex : nil
        }
        return nil
    }

    /// The chain of declarations around `index`, innermost first.
    public func declarationChain(of index: Int) -> [Int] {
        // Room for the usual depth at once: grown from empty (capacity 1, 3, 7), a chain of
        // four to seven declarations took three allocations (rules ask for the chain of every
        // site they follow).
        var chain: [Int] = []
        chain.reserveCapacity(8)
        _ = firstEnclosingDeclaration(of: index) { declaration, _ in
            chain.append(declaration)
            return false
        }
        return chain
    }

    /// The innermost enclosing type declaration (struct, class, enum, actor, extension).
    public func enclosingType(of index: Int) -> Int? {
        firstEnclosingDeclaration(of: index) { $1.isType }
    }

    /// The innermost enclosing function-like declaration (func, init, computed var), skipping closures.
    public func enclosingFunction(of index: Int) -> Int? {
        firstEnclosingDeclaration(of: index) { _, kind in
            kind == .function || kind == .initializer || kind == .variable || kind == .deinitializer || kind == .subscript
        }
    }

    /// Code-token range of a declaration's body, braces excluded.
    public func bodyRange(of declaration: Int) -> Range<Int> {
        let d = declarations[declaration]
        let end = d.bodyEnd >= 0 ? d.bodyEnd : code.count
        return (d.bodyStart + 1)..<max(d.bodyStart + 1, end)
    }

    /// The whole range of a declaration, from its keyword (or `{`) to its closing brace.
    public func fullRange(of declaration: Int) -> Range<Int> {
        let d = declarations[declaration]
        let end = d.bodyEnd >= 0 ? d.bodyEnd + 1 : code.count
        return d.keyword..<end
    }

    // MARK: Calls

    /// Whether code token `index` names a call: what `call(at:) != nil` says, without
    /// collecting the arguments (for passes over every token).
    public func isCall(at index: Int) -> Bool {
        guard let next = tokenAfterCallee(at: index), next < code.count else { return false }
        if code[next].kind == .leftParen { return !startsLine[next] }
        if code[next].kind == .leftBrace, let d = declaration(openedBy: next) { return declarations[d].kind == .closure }
        return false
    }

    /// For an identifier that may name a call, the token after it and its generic arguments
    /// (`Task<Void, Never>(…)`); nil when it cannot be a callee.
    private func tokenAfterCallee(at index: Int) -> Int? {
        guard index >= 0, index < code.count else { return nil }
        let kind = code[index].kind
        guard kind == .identifier || kind == .backtickIdentifier else { return nil }
        if index > 0, isIdentifier(index - 1, "func") { return nil }
        var next = index + 1
        // Generic arguments: `Task<Void, Never>(…)`, `Foo<T> { … }`.
        if next < code.count, code[next].kind == .operator, tokenIs(next, "<") {
            var j = next + 1
            var depth = 1
            while j < code.count, j < next + 40 {
                if code[j].kind == .operator {
                    let t = text(j)
                    depth += t.filter { $0 == "<" }.count - t.filter { $0 == ">" }.count
                    if depth <= 0 { break }
                } else if code[j].kind == .leftBrace || code[j].kind == .rightBrace || code[j].kind == .semicolon {
                    return nil
                }
                j += 1
            }
            guard depth <= 0 else { return nil }
            next = j + 1
        }
        return next
    }

    /// The call whose callee name is at `index`, if the token is followed by an argument list
    /// or a trailing closure.
    public func call(at index: Int) -> Call? {
        call(at: index, trailingClosures: true)
    }

    /// `call(at:)`, or without trailing closures (then only a call with parentheses, found from
    /// the brackets alone, without the file's declarations).
    private func call(at index: Int, trailingClosures: Bool) -> Call? {
        guard var next = tokenAfterCallee(at: index) else { return nil }
        var result = Call(name: index, openParen: -1, closeParen: -1, arguments: [], trailingClosures: [], end: index)
        if next < code.count, code[next].kind == .leftParen, !startsLine[next] {
            let close = Int(match[next])
            result.openParen = next
            result.closeParen = close
            result.arguments = arguments(open: next, close: close >= 0 ? close : code.count)
            result.end = close >= 0 ? close : code.count - 1
            next = close >= 0 ? close + 1 : code.count
        }
        // Trailing closures: `{ … }` then any `label: { … }`.
        if trailingClosures, next < code.count, code[next].kind == .leftBrace, let d = declaration(openedBy: next), declarations[d].kind == .closure {
            result.trailingClosures.append(next)
            var close = Int(match[next])
            while close >= 0, close + 3 < code.count, code[close + 1].kind == .identifier,
                  code[close + 2].kind == .colon, code[close + 3].kind == .leftBrace {
                result.trailingClosures.append(close + 3)
                close = Int(match[close + 3])
            }
            result.end = close >= 0 ? close : code.count - 1
        }
        guard result.openParen >= 0 || !result.trailingClosures.isEmpty else { return nil }
        return result
    }

    private func arguments(open: Int, close: Int) -> [Argument] {
        var result: [Argument] = []
        var start = open + 1
        var i = open + 1
        while i <= close, i < code.count {
            let token = code[i]
            if i == close || (token.kind == .comma && Int(parent[i]) == open) {
                if start < i {
                    var label: String?
                    var valueStart = start
                    if start + 1 < i, code[start + 1].kind == .colon,
                       code[start].kind == .identifier || code[start].kind == .backtickIdentifier {
                        label = identifierText(start)
                        valueStart = start + 2
                    }
                    result.append(Argument(label: label, valueRange: valueStart..<i))
                }
                start = i + 1
            }
            if token.kind == .leftParen || token.kind == .leftBracket || token.kind == .leftBrace
                || token.kind == .stringStart || token.kind == .interpolationStart, i != open {
                let partner = Int(match[i])
                if partner > i, partner < close { i = partner }
            }
            i += 1
        }
        return result
    }

    /// Every call whose callee name is one of `names`.
    public func calls(named names: Set<String>) -> [Call] {
        var indices: [Int] = []
        for name in names { indices += occurrences(of: name) }
        if names.count > 1 { indices.sort() }
        var result: [Call] = []
        for i in indices {
            if let call = call(at: i) { result.append(call) }
        }
        return result
    }

    /// `calls(named:)` for names asked of every file: their hashes were computed once, and a
    /// file whose name filter has none of them answers without hashing or looking further.
    public func calls(named names: IdentifierNames) -> [Call] {
        occurrences(ofAny: names).compactMap { call(at: $0) }
    }

    public func calls(named name: String) -> [Call] {
        // No set of one name: this is asked of every file.
        occurrences(of: name).compactMap { call(at: $0) }
    }

    /// The call whose argument list directly contains code token `index`, and the argument.
    public func enclosingCall(ofArgument index: Int) -> (call: Call, argument: Argument)? {
        enclosingCall(ofArgument: index, trailingClosures: true)
    }

    /// `enclosingCall(ofArgument:)` for a question about the call's name and arguments only:
    /// its `trailingClosures` are not looked for (empty, `end` at the closing parenthesis),
    /// so the file's declarations are not needed, only its brackets.
    public func enclosingCallArguments(ofArgument index: Int) -> (call: Call, argument: Argument)? {
        enclosingCall(ofArgument: index, trailingClosures: false)
    }

    private func enclosingCall(ofArgument index: Int, trailingClosures: Bool) -> (call: Call, argument: Argument)? {
        guard let (nameIndex, open) = callee(ofArgument: index),
              let call = call(at: nameIndex, trailingClosures: trailingClosures), call.openParen == open,
              let argument = call.arguments.first(where: { $0.valueRange.contains(index) })
        else { return nil }
        return (call, argument)
    }

    /// For code token `index` directly inside the parentheses of the call named at `name`
    /// (`callee(ofArgument:)`'s answer, opening at `open`): whether `enclosingCallArguments`
    /// finds that call, and the label token of the argument holding `index`, if labelled.
    /// What that query answers about the argument, without collecting the call's arguments
    /// as Strings: asked of every literal of a project, that was most of its cost.
    public func argumentLabel(of index: Int, callee name: Int, open: Int) -> (isArgument: Bool, label: Int?) {
        guard tokenAfterCallee(at: name) == open, !startsLine[open] else { return (false, nil) }
        if match[open] < 0 {
            // Parentheses never closed: as in `arguments(open:close:)`, only an argument that a
            // comma ends is one.
            guard (index + 1..<code.count).contains(where: { code[$0].kind == .comma && Int(parent[$0]) == open }) else { return (false, nil) }
        }
        // The argument starts after the last comma of these parentheses before `index`, or
        // at the `(`; brackets, strings and interpolations in between are passed over whole.
        var i = index - 1
        while i > open {
            let kind = code[i].kind
            if kind == .comma, Int(parent[i]) == open { break }
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace || kind == .stringEnd || kind == .interpolationEnd {
                let partner = Int(match[i])
                if partner > open, partner < i {
                    i = partner - 1
                    continue
                }
            }
            i -= 1
        }
        let start = i + 1
        // `label: value`; the literal itself is never the label or its colon.
        if start + 1 < index, code[start + 1].kind == .colon, code[start].kind == .identifier || code[start].kind == .backtickIdentifier {
            return (true, start)
        }
        return (true, nil)
    }

    /// The token that would name the call whose parentheses directly hold code token `index`
    /// (`Text` for the literal in `Text("Go")`, `Task` in `Task<Void, Never>(…)`), and the `(`;
    /// nil when `index` is not inside parentheses. A cheap first question before
    /// `enclosingCall(ofArgument:)`: only the brackets are read, no argument is collected.
    public func callee(ofArgument index: Int) -> (name: Int, openParen: Int)? {
        guard index >= 0, index < code.count else { return nil }
        let open = Int(parent[index])
        guard open > 0, code[open].kind == .leftParen else { return nil }
        var nameIndex = open - 1
        if code[nameIndex].kind == .operator, text(nameIndex).hasSuffix(">") {
            var j = nameIndex
            while j > 0, !(code[j].kind == .operator && text(j).contains("<")) { j -= 1 }
            nameIndex = j - 1
        }
        return (nameIndex, open)
    }

    // MARK: Member access

    /// The token before the `.` in front of `index` (`Transaction` for `updates` in
    /// `Transaction.updates`; the `)` in `default().add`), or nil when `index` is not a member.
    public func receiver(of index: Int) -> Int? {
        guard index >= 2, code[index - 1].kind == .dot else { return nil }
        let before = code[index - 2]
        switch before.kind {
        case .identifier:
            // `case .verified`, `return .none`, `in .all`: a keyword, not a receiver.
            return isKeywordBeforeImplicitMember(index - 2) ? nil : index - 2
        case .backtickIdentifier, .rightParen, .rightBracket, .stringEnd, .integerLiteral:
            return index - 2
        case .operator where tokenIs(index - 2, "?") || tokenIs(index - 2, "!"):
            return index - 2
        default:
            return nil
        }
    }

    static let keywordsBeforeImplicitMembers: Set<String> = [
        "case", "return", "in", "where", "if", "guard", "while", "switch", "try", "await", "else", "is", "as",
        "throw", "yield", "let", "var", "repeat", "some", "any",
    ]

    /// `keywordsBeforeImplicitMembers.contains(text(index))`, compared as bytes.
    private func isKeywordBeforeImplicitMember(_ index: Int) -> Bool {
        switch code[index].length {
        case 2: tokenIs(index, "in") || tokenIs(index, "if") || tokenIs(index, "is") || tokenIs(index, "as")
        case 3: tokenIs(index, "try") || tokenIs(index, "let") || tokenIs(index, "var") || tokenIs(index, "any")
        case 4: tokenIs(index, "case") || tokenIs(index, "else") || tokenIs(index, "some")
        case 5: tokenIs(index, "where") || tokenIs(index, "guard") || tokenIs(index, "while") || tokenIs(index, "await")
            || tokenIs(index, "throw") || tokenIs(index, "yield")
        case 6: tokenIs(index, "return") || tokenIs(index, "switch") || tokenIs(index, "repeat")
        default: false
        }
    }

    /// `.restorePurchases` with no receiver: an implicit member expression.
    public func isImplicitMember(_ index: Int) -> Bool {
        index >= 1 && code[index - 1].kind == .dot && receiver(of: index) == nil
    }

    /// Whether `index` is `member` accessed on a receiver named `base` (`Transaction.updates`),
    /// also through a module qualifier (`StoreKit.Transaction.updates`).
    public func isMemberAccess(_ index: Int, base: String, member: String) -> Bool {
        guard index >= 0, index < code.count, code[index].kind == .identifier, tokenIs(index, spelled: member),
              let receiver = receiver(of: index), code[receiver].kind == .identifier
        else { return false }
        return tokenIs(receiver, spelled: base)
    }

    /// Modifier calls chained after the expression that ends at `end`:
    /// `SubscriptionStoreView(…)` `.storeButton(…)` `.subscriptionStorePolicyDestination(…)`.
    public func modifierChain(after end: Int) -> [Call] {
        var result: [Call] = []
        var i = end + 1
        // Modifiers inside `#if os(iOS)` … `#endif` belong to the chain; those of a `#if DEBUG`
        // branch (or the `#else` of a `#if !DEBUG`) are not in what ships.
        var inDebugBranch = false
        var elseIsDebug = false
        while i < code.count {
            if code[i].kind == .poundKeyword {
                if tokenIs(i, "#if") || tokenIs(i, "#elseif") {
                    var j = i + 1
                    var debug = false
                    var negated = false
                    while j < code.count, !startsLine[j] {
                        if tokenIs(j, "DEBUG") {
                            debug = true
                            negated = isOperator(j - 1, "!")
                        }
                        j += 1
                    }
                    inDebugBranch = debug && !negated
                    elseIsDebug = debug && negated
                    i = j
                    continue
                }
                if tokenIs(i, "#else") {
                    inDebugBranch = elseIsDebug
                } else if tokenIs(i, "#endif") {
                    inDebugBranch = false
                } else {
                    break
                }
                i += 1
                continue
            }
            guard i + 1 < code.count, code[i].kind == .dot, code[i + 1].kind == .identifier else { break }
            guard let call = call(at: i + 1) else {
                // A property in the chain (`.foregroundStyle(.secondary).bold`): step over it.
                i += 2
                continue
            }
            if !inDebugBranch { result.append(call) }
            i = call.end + 1
        }
        return result
    }

    // MARK: Strings

    /// Every string literal in the file (literals inside interpolations too).
    public func stringLiterals() -> [StringLiteral] {
        var result: [StringLiteral] = []
        for i in stringStarts.lazy.map({ Int($0) }) {
            result.append(stringLiteral(at: i))
        }
        return result
    }

    public func stringLiteral(at start: Int) -> StringLiteral {
        var text = ""
        var hasInterpolation = false
        var i = start + 1
        var end = start
        while i < code.count {
            let token = code[i]
            if token.kind == .stringSegment {
                text += self.text(of: token)
                end = i
            } else if token.kind == .interpolationStart {
                hasInterpolation = true
                text += "\u{FFFC}"
                let close = interpolationClose(of: i)
                if close < 0 { break }
                i = close
                end = i
            } else if token.kind == .stringEnd {
                end = i
                break
            } else {
                break
            }
            i += 1
        }
        return StringLiteral(start: start, end: end, text: text, hasInterpolation: hasInterpolation)
    }

    // MARK: Switch statements

    /// Every switch statement of the file, in order (made once per file).
    public func switchStatements() -> [SwitchStatement] {
        switchStatementsCell.get { findSwitchStatements() }
    }

    private func findSwitchStatements() -> [SwitchStatement] {
        var result: [SwitchStatement] = []
        for i in code.indices where isIdentifier(i, "switch") && (i == 0 || code[i - 1].kind != .dot) {
            var j = i + 1
            while j < code.count, code[j].kind != .leftBrace {
                if code[j].kind == .leftParen || code[j].kind == .leftBracket || code[j].kind == .stringStart {
                    let partner = Int(match[j])
                    if partner > j { j = partner }
                }
                if code[j].kind == .rightBrace || code[j].kind == .semicolon { break }
                j += 1
            }
            guard j < code.count, code[j].kind == .leftBrace else { continue }
            let bodyEnd = Int(match[j]) >= 0 ? Int(match[j]) : code.count
            var labels: [(index: Int, isDefault: Bool, isUnknown: Bool)] = []
            for k in (j + 1)..<bodyEnd where Int(parent[k]) == j {
                if isIdentifier(k, "case") {
                    let previous = code[k - 1]
                    if previous.kind == .comma { continue }
                    if previous.kind == .identifier, ["if", "guard", "while", "for"].contains(text(k - 1)) { continue }
                    labels.append((k, false, false))
                } else if isIdentifier(k, "default"), k + 1 < code.count, code[k + 1].kind == .colon {
                    let unknown = code[k - 1].kind == .attribute && text(k - 1) == "@unknown"
                    labels.append((k, true, unknown))
                }
            }
            var cases: [SwitchCase] = []
            for (n, label) in labels.enumerated() {
                var colon = label.index + 1
                while colon < bodyEnd {
                    if code[colon].kind == .colon, Int(parent[colon]) == j { break }
                    colon += 1
                }
                var nextLabel = n + 1 < labels.count ? labels[n + 1].index : bodyEnd
                if nextLabel > 0, code[nextLabel - 1].kind == .attribute { nextLabel -= 1 }
                let bodyStart = min(colon + 1, nextLabel)
                cases.append(SwitchCase(
                    label: label.index, isDefault: label.isDefault, isUnknownDefault: label.isUnknown,
                    patternRange: (label.index + 1)..<min(colon, bodyEnd), bodyRange: bodyStart..<max(bodyStart, nextLabel)
                ))
            }
            result.append(SwitchStatement(keyword: i, subjectRange: (i + 1)..<j, bodyStart: j, bodyEnd: bodyEnd, cases: cases))
        }
        return result
    }

    // MARK: Searching

    /// Code indices in `range` of identifiers with text `name`.
    public func identifiers(_ name: StaticString, in range: Range<Int>? = nil) -> [Int] {
        let range = range ?? code.indices
        return range.filter { isIdentifier($0, name) }
    }

    /// Whether any identifier in `range` has text `name`.
    public func contains(identifier name: StaticString, in range: Range<Int>) -> Bool {
        range.contains { isIdentifier($0, name) }
    }

    /// Whether the file imports StoreKit (or its SwiftUI overlay).
    public var importsStoreKit: Bool {
        // The name filter answers for most files without the identifier index (or hashing).
        (mentions("StoreKit", hash: Self.storeKitHash) || mentions("_StoreKit_SwiftUI", hash: Self.storeKitSwiftUIHash))
            && (imports.contains("StoreKit") || imports.contains("_StoreKit_SwiftUI"))
    }

    /// Whether an identifier of the file may be `StoreKit` or `_StoreKit_SwiftUI`, from the
    /// name filter alone (no lookup: a false yes is rare and only costs work).
    var mayNameStoreKit: Bool { Self.mayNameStoreKit(names) }

    static func mayNameStoreKit(_ names: HashFilter) -> Bool {
        names.mayContain(storeKitHash) || names.mayContain(storeKitSwiftUIHash)
    }

    private static let storeKitHash = IdentifierIndex.hash(of: "StoreKit")
    private static let storeKitSwiftUIHash = IdentifierIndex.hash(of: "_StoreKit_SwiftUI")

    /// `import StoreKit`-style imports.
    public var imports: [String] {
        occurrences(of: "import").compactMap { i in
            guard isIdentifier(i, "import"), i + 1 < code.count else { return nil }
            var j = i + 1
            // `import struct Foo.Bar`, `@testable import X`
            if code[j].kind == .identifier, ["struct", "class", "enum", "protocol", "func", "var", "typealias", "let"].contains(text(j)) { j += 1 }
            return j < code.count ? text(j) : nil
        }
    }
}
