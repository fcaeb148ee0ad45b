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
}
