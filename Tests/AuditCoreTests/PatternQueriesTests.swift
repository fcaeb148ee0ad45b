import Testing
@testable import AuditCore

private func file(_ source: String) -> SwiftFile { SwiftFile(path: "T.swift", bytes: Array(source.utf8)) }

/// Enum case patterns and the names they bind, in every spelling Swift allows.
@Suite struct PatternQueriesTests {
    /// The names `caseName`'s patterns bind, in source order, with their positions.
    private func bound(_ source: String, _ caseName: String) -> [String] {
        let f = file(source)
        return f.occurrences(of: caseName).flatMap { f.caseBindings(at: $0) }.map { "\(f.text($0.nameIndex))@\($0.position)" }
    }

    @Test func bindingsInEachSpelling() {
        #expect(bound("switch r { case .verified(let t): f(t) }", "verified") == ["t@0"])
        #expect(bound("switch r { case let .verified(t): f(t) }", "verified") == ["t@0"])
        #expect(bound("switch r { case let .success(.verified(t)): f(t) }", "verified") == ["t@0"])
        #expect(bound("switch r { case .success(.verified(let t)): f(t) }", "verified") == ["t@0"])
        #expect(bound("if case .verified(let t) = r { f(t) }", "verified") == ["t@0"])
        #expect(bound("guard case .verified(let t) = r else { return }", "verified") == ["t@0"])
        #expect(bound("switch r { case .unverified(let t, let error): f(t, error) }", "unverified") == ["t@0", "error@1"])
        #expect(bound("switch r { case let .unverified(_, error): f(error) }", "unverified") == ["error@1"])
        // An outer `let` binds bare names; without one a bare name is a value to compare.
        #expect(bound("switch r { case .verified(t): f() }", "verified") == [])
        // The outer case of a nested pattern binds nothing itself.
        #expect(bound("switch r { case let .success(.verified(t)): f(t) }", "success") == [])
        // An expression is not a pattern.
        #expect(bound("let r = VerificationResult.verified(t)", "verified") == [])
    }

    @Test func outermostCaseOfNestedPatterns() {
        let f = file("switch r { case let .success(.verified(t)): f(t)\n case .pending: break }")
        let verified = f.occurrences(of: "verified").first!
        let success = f.occurrences(of: "success").first!
        let pending = f.occurrences(of: "pending").first!
        #expect(f.outermostCasePattern(of: verified) == success)
        #expect(f.outermostCasePattern(of: success) == success)
        #expect(f.outermostCasePattern(of: pending) == pending)
        #expect(f.patternBindsBareNames(verified))
        #expect(!f.patternBindsBareNames(pending))
    }

    @Test func navigationStaysInsideTheFile() {
        let f = file("a.b")
        #expect(f.nextCodeIndex(after: 2) == nil)
        #expect(f.previousCodeIndex(before: 0) == nil)
        #expect(f.codeIndex(0, offsetBy: 2) == 2)
        #expect(f.codeIndex(0, offsetBy: -1) == nil)
        #expect(f.isKind(1, .dot))
        #expect(!f.isKind(3, .dot))
        #expect(!f.isKind(-1, .identifier))
        #expect(f.token(0, offsetBy: 1, is: .dot))
    }

    @Test func tokenTests() {
        let f = file("let total = a == b ? x.count : `default`\nf(contentsOf: url)")
        let equals = f.firstOperator("=", from: 0, before: f.code.count)!
        #expect(f.text(equals) == "=" && f.isOperator(equals, "="))
        #expect(f.variableName(declaredAt: 0).map { f.text($0) } == "total")
        #expect(f.variableName(declaredAt: 1) == nil)
        #expect(f.firstOperator("==", from: 0, before: equals) == nil)
        #expect(f.firstOperator("=", from: 5, before: 2) == nil)
        let count = f.occurrences(of: "count").first!
        #expect(f.isAfterDot(count) && !f.isAfterDot(0))
        let backticked = f.index(of: .backtickIdentifier, after: 0)!
        #expect(f.isName(backticked) && f.isName(0) && !f.isName(equals))
        let contentsOf = f.occurrences(of: "contentsOf").first!
        #expect(f.isLabel(contentsOf) && !f.isLabel(f.occurrences(of: "a").first!))
        #expect(f.firstIdentifier(in: equals..<f.code.count).map { f.text($0) } == "a")
        #expect(f.lastIdentifier(in: 0..<count).map { f.text($0) } == "x")
        #expect(f.index(of: .leftBrace, after: 0) == nil)
        #expect(f.token(contentsOf, containsFolded: "tentsof") && !f.token(-1, containsFolded: "a"))
        // The bracket around `url` that is a `(`, from inside nested brackets too.
        let g = file("f([a, [url]])")
        let url = g.occurrences(of: "url").first!
        #expect(g.enclosingBracket(of: url) { g.isKind($0, .leftParen) } == 1)
        #expect(g.enclosingBracket(of: url) { g.isKind($0, .leftBrace) } == nil)
    }

    @Test func plainLiterals() {
        let plain = file(#"let a = "pro.monthly""#)
        let start = Int(plain.stringStarts[0])
        #expect(plain.plainLiteral(at: start) { $0 != 0x20 })
        #expect(!plain.plainLiteral(at: start) { $0 != UInt8(ascii: "m") })
        let interpolated = file(#"let b = "pro.\(tier)""#)
        #expect(!interpolated.plainLiteral(at: Int(interpolated.stringStarts[0])) { _ in true })
        // An unterminated literal ends at the end of its line.
        let unterminated = file("let c = \"pro.yearly\nlet d = 1")
        #expect(unterminated.plainLiteral(at: Int(unterminated.stringStarts[0])) { $0 != 0x20 })
        #expect(!unterminated.plainLiteral(at: Int(unterminated.stringStarts[0])) { $0 != UInt8(ascii: "y") })
    }

    @Test func statementsAndBlocks() {
        let f = file("func f() {\n    let x = 1\n    if x > 0 {\n        g()\n    } else {\n        h()\n    }\n}")
        let ifKeyword = f.occurrences(of: "if").first!
        let g = f.occurrences(of: "g").first!
        let blocks = f.conditionalBlocks(ofStatementAt: ifKeyword)
        #expect(blocks.count == 2)
        #expect(f.enclosingBrace(of: g) == blocks[0])
        #expect(f.enclosingBrace(of: 0) == nil)
        #expect(f.statementStart(of: g) == g)
        #expect(f.isLastStatement(startingAt: g, inBlock: blocks[0]))
        #expect(f.isLastStatement(startingAt: ifKeyword, inBlock: f.enclosingBrace(of: ifKeyword)!))
        let letKeyword = f.occurrences(of: "let").first!
        #expect(!f.isLastStatement(startingAt: letKeyword, inBlock: f.enclosingBrace(of: letKeyword)!))
    }
}
