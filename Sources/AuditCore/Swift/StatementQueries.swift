/// Statements and the blocks they own, read from the brackets and line starts: where the
/// statement around a token starts and ends, the `if`/`guard`/`while` blocks, and simple
/// assignments. Every index is an index into `SwiftFile.code`.
extension SwiftFile {
    /// Whether code token `index` sits inside a string interpolation (`"\(transaction.id)"`):
    /// text for people or logs, not a value the program keys on.
    public func isInsideInterpolation(_ index: Int) -> Bool {
        enclosingBracket(of: index) { isKind($0, .interpolationStart) } != nil
    }

    /// The innermost `{` around code token `index` (a body, block or closure), or nil at top level.
    public func enclosingBrace(of index: Int) -> Int? {
        enclosingBracket(of: index) { isKind($0, .leftBrace) }
    }

    /// The first `{` from `index` on that is not inside parentheses or brackets: for an
    /// `if`/`while` condition list, its body; for a `guard`'s, its `else` block. Nil when none
    /// comes before `limit`.
    public func conditionBodyBrace(from index: Int, before limit: Int? = nil) -> Int? {
        let end = min(limit ?? code.count, code.count)
        var i = index
        while i < end {
            if isKind(i, .leftBrace) { return i }
            if isKind(i, .leftParen) || isKind(i, .leftBracket), let close = matchingBracket(of: i), close > i { i = close }
            i += 1
        }
        return nil
    }

    /// The first token of the statement that contains `index`, inside its innermost brace.
    /// A line that starts with an operator or a dot, or follows a `,`, `(`, `[` or an operator,
    /// continues the statement above.
    public func statementStart(of index: Int) -> Int {
        let brace = enclosingBrace(of: index)
        let first = (brace ?? -1) + 1
        var k = index
        while k > first {
            if enclosingBrace(of: k) == brace, startsLine[k] || code[k - 1].kind == .semicolon,
               !isContinuation(k) {
                return k
            }
            k -= 1
        }
        return first
    }

    private func isContinuation(_ k: Int) -> Bool {
        switch code[k].kind {
        case .operator, .dot, .comma, .rightParen, .rightBracket: return true
        default: break
        }
        switch code[k - 1].kind {
        case .operator:
            // `value!` or `value?` at the end of a line ends an expression.
            let text = self.text(k - 1)
            return text != "!" && text != "?"
        case .comma, .dot, .leftParen, .leftBracket: return true
        default: return false
        }
    }

    /// The end (exclusive) of the statement that starts at `start`: the next statement start
    /// in the same brace, or the brace's end.
    public func statementEnd(from start: Int) -> Int {
        let brace = enclosingBrace(of: start)
        let limit = brace.flatMap { brace in matchingBracket(of: brace).flatMap { $0 > brace ? $0 : nil } } ?? code.count
        var k = start + 1
        while k < limit {
            if code[k].kind == .leftBrace || code[k].kind == .leftParen || code[k].kind == .leftBracket
                || code[k].kind == .stringStart {
                let close = Int(match[k])
                if close > k {
                    // `} else {`, `} catch {` and a chain on the next line continue the statement.
                    k = close + 1
                    continue
                }
            }
            if enclosingBrace(of: k) == brace, startsLine[k] || code[k - 1].kind == .semicolon,
               !isContinuation(k), !isIdentifier(k, "else"), !isIdentifier(k, "catch") {
                return k
            }
            k += 1
        }
        return limit
    }

    /// Whether the statement that starts at `start` runs to the end of the block `brace` around
    /// it (its last statement, or the whole body of a single-expression closure or property).
    /// A block that is never closed ends with the file.
    public func isLastStatement(startingAt start: Int, inBlock brace: Int) -> Bool {
        statementEnd(from: start) >= Int(match[brace])
    }

    /// The blocks (`{` indices) that belong to an `if`, `guard` or `while` statement starting at
    /// `start`: the first is the body (for `guard`, the `else` block), the rest are `else` blocks.
    public func conditionalBlocks(ofStatementAt start: Int) -> [Int] {
        let end = statementEnd(from: start)
        let brace = enclosingBrace(of: start)
        var blocks: [Int] = []
        var k = start + 1
        while k < end {
            if code[k].kind == .leftBrace, enclosingBrace(of: k) == brace, declaration(openedBy: k) == nil {
                blocks.append(k)
                let close = Int(match[k])
                guard close > k else { break }
                k = close + 1
                continue
            }
            k += 1
        }
        return blocks
    }

    /// The range inside a `{ … }` block, braces excluded.
    public func blockRange(_ open: Int) -> Range<Int> {
        let close = match[open] > open ? Int(match[open]) : code.count
        return (open + 1)..<max(open + 1, close)
    }

    /// `.name` or `Type.name`: a reference to an enum case or static member called `name`.
    @inlinable
    public func isCaseReference(_ index: Int, _ name: StaticString) -> Bool {
        isIdentifier(index, name) && isAfterDot(index)
    }

    /// Assignments `flag = true`/`false` (also `self.flag = …`) in `range`, as (flag token, value).
    public func booleanAssignments(in range: Range<Int>) -> [(flag: Int, value: Bool)] {
        var result: [(Int, Bool)] = []
        for k in range where isOperator(k, "=") && k >= 1 && k + 1 < code.count {
            guard code[k - 1].kind == .identifier, isIdentifier(k + 1, "true") || isIdentifier(k + 1, "false") else { continue }
            // `== true` is a comparison token of its own, so `=` here is an assignment.
            result.append((k - 1, isIdentifier(k + 1, "true")))
        }
        return result
    }
}
