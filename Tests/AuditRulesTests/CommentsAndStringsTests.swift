import AuditCore
import AuditRules
import Testing

/// No rule may fire on code that only appears inside comments or string literals: the
/// triggering examples of every code rule, commented out or quoted, yield nothing.
@Suite struct CommentsAndStringsTests {
    static func swiftTriggers() -> [String] {
        BuiltInRules.all.filter { $0.description.scope == .code }.flatMap { rule in
            rule.description.triggeringExamples.flatMap { $0.files.filter { $0.path.hasSuffix(".swift") }.map { $0.contents.replacingOccurrences(of: "↓", with: "") } }
        }
    }

    static func audit(_ source: String) -> [Finding] {
        let input = InputFile(relativePath: "Hidden.swift", kind: .swift, contents: .success(Array(source.utf8)))
        return Auditor.audit(files: [input], rules: BuiltInRules.all, options: AuditOptions(jobs: 1)).findings
    }

    @Test func triggeringCodeInsideCommentsNeverFires() {
        for code in Self.swiftTriggers() {
            let lineComments = code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
            let block = "/* outer /* nested */\n" + code.replacingOccurrences(of: "*/", with: "* /") + "\n*/"
            let doc = code.split(separator: "\n", omittingEmptySubsequences: false).map { "/// " + $0 }.joined(separator: "\n") + "\nlet x = 1"
            for source in [lineComments, block, doc] {
                #expect(Self.audit(source).isEmpty, "fired inside a comment:\n\(source)")
            }
        }
    }

    @Test func triggeringCodeInsideStringLiteralsNeverFires() {
        for code in Self.swiftTriggers() {
            let hashes = "###"
            let raw = "let sample = \(hashes)\"\"\"\n\(code)\n\"\"\"\(hashes)\n"
            let findings = Self.audit(raw)
            #expect(findings.isEmpty, "fired inside a string:\n\(raw)\n\(findings.map(\.message))")
        }
    }
}
