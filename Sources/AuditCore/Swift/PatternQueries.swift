/// Navigation that answers `Int?` instead of making callers index `code[k ± n]`, and the enum
/// case patterns Swift code binds values with: `case .a(let x)`, `case let .a(x)`,
/// `case let .a(.b(x))`, `case .a(.b(let x))`, `if case .a(let x) = y`, `guard case … else`.
extension SwiftFile {
    /// The code token after `index`, or nil at the end.
    @inlinable
    public func nextCodeIndex(after index: Int) -> Int? {
        index + 1 < code.count && index >= -1 ? index + 1 : nil
    }

    /// The code token before `index`, or nil at the start.
    @inlinable
    public func previousCodeIndex(before index: Int) -> Int? {
        index >= 1 && index <= code.count ? index - 1 : nil
    }

    /// The code token `offset` tokens from `index` (negative: before), or nil outside the file.
    @inlinable
    public func codeIndex(_ index: Int, offsetBy offset: Int) -> Int? {
        let target = index + offset
        return target >= 0 && target < code.count ? target : nil
    }

    /// The first token at or after `index` (before `limit`) past the effect markers an
    /// expression may start with: `try`, `try?`, `try!`, `await`
    /// (`let r = try? await AppTransaction.shared` gives the `AppTransaction` token).
    public func skippingTryAwait(from index: Int, before limit: Int? = nil) -> Int {
        let end = limit ?? code.count
        var j = index
        while j < end {
            if isIdentifier(j, "try") || isIdentifier(j, "await") || j > index && isIdentifier(j - 1, "try") && (tokenIs(j, "?") || tokenIs(j, "!")) {
                j += 1
            } else {
                break
            }
        }
        return j
    }

    /// Whether code token `index` exists and is of `kind`.
    @inlinable
    public func isKind(_ index: Int, _ kind: TokenKind) -> Bool {
        index >= 0 && index < code.count && code[index].kind == kind
    }

    /// Whether the token `offset` tokens from `index` is of `kind`.
    @inlinable
    public func token(_ index: Int, offsetBy offset: Int, is kind: TokenKind) -> Bool {
        codeIndex(index, offsetBy: offset).map { code[$0].kind == kind } ?? false
    }

    /// The matching bracket of the bracket at `index`, or nil when it has none.
    @inlinable
    public func matchingBracket(of index: Int) -> Int? {
        guard index >= 0, index < code.count else { return nil }
        let other = Int(match[index])
        return other >= 0 ? other : nil
    }

    /// The innermost bracket (`(`, `[`, `{` or interpolation) around `index`, or nil at top level.
    @inlinable
    public func enclosingBracket(of index: Int) -> Int? {
        guard index >= 0, index < code.count else { return nil }
        let open = Int(parent[index])
        return open >= 0 ? open : nil
    }

    /// The innermost bracket around `index` that passes `test`, or nil: `{ isKind($0, .leftBrace) }`
    /// finds the block, body or closure around a token.
    @inlinable
    public func enclosingBracket(of index: Int, where test: (Int) -> Bool) -> Int? {
        var open = enclosingBracket(of: index)
        while let bracket = open, !test(bracket) { open = enclosingBracket(of: bracket) }
        return open
    }

    /// Whether code token `index` is the operator `op` (`=`, `==`, `!=`, `?`).
    @inlinable
    public func isOperator(_ index: Int, _ op: StaticString) -> Bool {
        isKind(index, .operator) && tokenIs(index, op)
    }

    /// Whether code token `index` starts with an ASCII capital (`PlanCard`, `SubscriptionText`:
    /// a type's name, as Swift code writes them), read from its first byte, no String made.
    @inlinable
    public func startsWithCapital(_ index: Int) -> Bool {
        guard index >= 0, index < code.count else { return false }
        return bytes[Int(code[index].start)] &- UInt8(ascii: "A") < 26
    }

    /// Whether code token `index` is a name: an identifier or a `backtick` identifier.
    @inlinable
    public func isName(_ index: Int) -> Bool {
        isKind(index, .identifier) || isKind(index, .backtickIdentifier)
    }

    /// Whether a `.` stands right before code token `index`: a member (`x.name`, `\.name`) or an
    /// implicit member (`.name`).
    @inlinable
    public func isAfterDot(_ index: Int) -> Bool {
        isKind(index - 1, .dot)
    }

    /// Whether code token `index` is an identifier followed by `:`: an argument label
    /// (`contentsOf:`), a parameter or property before its type, a dictionary key.
    @inlinable
    public func isLabel(_ index: Int) -> Bool {
        isKind(index, .identifier) && isKind(index + 1, .colon)
    }

    /// The name a `let` or `var` at `keyword` declares (`x` in `let x = …`), or nil when
    /// `keyword` is not `let`/`var` followed by an identifier.
    @inlinable
    public func variableName(declaredAt keyword: Int) -> Int? {
        guard isIdentifier(keyword, "let") || isIdentifier(keyword, "var"), isKind(keyword + 1, .identifier) else { return nil }
        return keyword + 1
    }

    /// The first operator `op` from `start` up to `end` (excluded; nested brackets included),
    /// or nil: the `=` of an assignment or of `if case … = subject`.
    @inlinable
    public func firstOperator(_ op: StaticString, from start: Int, before end: Int) -> Int? {
        var k = start
        while k < end {
            if isOperator(k, op) { return k }
            k += 1
        }
        return nil
    }

    /// The first token of `kind` after `index`, or nil: the `{` that opens the body of
    /// `for await update in Transaction.updates {`.
    @inlinable
    public func index(of kind: TokenKind, after index: Int) -> Int? {
        var k = index + 1
        while k < code.count {
            if code[k].kind == kind { return k }
            k += 1
        }
        return nil
    }

    /// The first identifier of `range`, or nil.
    @inlinable
    public func firstIdentifier(in range: Range<Int>) -> Int? {
        range.first { isKind($0, .identifier) }
    }

    /// The last identifier of `range`, or nil.
    @inlinable
    public func lastIdentifier(in range: Range<Int>) -> Int? {
        range.last { isKind($0, .identifier) }
    }
}

/// A name bound by an enum case pattern: `t` in `.verified(let t)` or `case let .success(.verified(t))`.
public struct PatternBinding: Sendable, Hashable {
    /// The bound name's token.
    public var nameIndex: Int
    /// The case name the value is an associated value of (`verified`).
    public var caseIndex: Int
    /// Which associated value (0-based): `error` in `.unverified(let t, let error)` is 1.
    public var position: Int
}

extension SwiftFile {
    /// Whether `index` names a case in a pattern or expression: `.verified(` (implicit member).
    public func isCasePattern(_ index: Int) -> Bool {
        code.indices.contains(index) && code[index].kind == .identifier && isImplicitMember(index) && token(index, offsetBy: 1, is: .leftParen)
    }

    /// The outermost case of a nested pattern around the case at `index`: `success` for
    /// `verified` in `.success(.verified(let t))`; `index` itself when it is not nested.
    public func outermostCasePattern(of index: Int) -> Int {
        var top = index
        while let open = enclosingBracket(of: top), code[open].kind == .leftParen,
              let name = previousCodeIndex(before: open), isCasePattern(name) {
            top = name
        }
        return top
    }

    /// Whether a `let`/`var` written before the whole pattern binds its bare names:
    /// `case let .verified(t)`, `if case let .success(.verified(t)) = r`.
    public func patternBindsBareNames(_ caseIndex: Int) -> Bool {
        let top = outermostCasePattern(of: caseIndex)
        guard let dot = previousCodeIndex(before: top), let before = previousCodeIndex(before: dot) else { return false }
        return isIdentifier(before, "let") || isIdentifier(before, "var")
    }

    /// The names the case pattern at `index` binds directly (not those of cases nested in it):
    /// `t` and `error` in `.unverified(let t, let error)`, `t` in `case let .verified(t)`.
    /// `_` binds nothing.
    public func caseBindings(at index: Int) -> [PatternBinding] {
        guard isCasePattern(index), let open = nextCodeIndex(after: index), let close = matchingBracket(of: open), close > open else { return [] }
        let bare = patternBindsBareNames(index)
        var result: [PatternBinding] = []
        var position = 0
        var start = open + 1
        var k = open + 1
        while k <= close {
            if k == close || (code[k].kind == .comma && enclosingBracket(of: k) == open) {
                // One associated value: `let t`, `t` (under an outer `let`), `label: let t`.
                var first = start
                if first + 1 < k, code[first].kind == .identifier, code[first + 1].kind == .colon { first += 2 }
                var name: Int?
                if first + 1 < k, isIdentifier(first, "let") || isIdentifier(first, "var"), code[first + 1].kind == .identifier {
                    name = first + 1
                } else if bare, first + 1 == k, code[first].kind == .identifier {
                    name = first
                }
                if let name, !tokenIs(name, "_") {
                    result.append(PatternBinding(nameIndex: name, caseIndex: index, position: position))
                }
                position += 1
                start = k + 1
            }
            if k < close, code[k].kind == .leftParen || code[k].kind == .leftBracket, let inner = matchingBracket(of: k), inner > k { k = inner }
            k += 1
        }
        return result
    }
}
