import Foundation
import Testing
@testable import AuditCore

/// Reports every identifier `bad` in Swift files: a rule whose findings the filter tests move.
private struct BadWordRule: Rule {
    static let description = RuleDescription(
        identifier: "bad_word", title: "No bad words", severity: .warning, scope: .code, rationale: "r", fix: "f",
        reference: "test", triggeringExamples: [], nonTriggeringExamples: [])
    func check(_ project: Project, into result: inout RuleResult) {
        for file in project.swiftFiles {
            for i in file.code.indices where file.isIdentifier(i, "bad") { result.report(in: file, at: i, "bad word") }
        }
    }
}

private func audit(_ files: [(String, String)]) -> AuditResult {
    Auditor.audit(files: files.compactMap { InputFile.text($0.0, $0.1) }, rules: [BadWordRule()], options: AuditOptions(jobs: 1))
}

@Suite struct GlobTests {
    @Test func segmentsStarsAndFolders() throws {
        #expect(try Glob("*.swift").matches("App/Sources/View.swift"))
        #expect(try Glob("App/*.swift").matches("App/View.swift"))
        #expect(try !Glob("App/*.swift").matches("App/Sub/View.swift"))
        #expect(try Glob("App/**/*.swift").matches("App/View.swift"))
        #expect(try Glob("App/**/*.swift").matches("App/a/b/View.swift"))
        #expect(try Glob("**/Generated/**").matches("App/Generated/X.swift"))
        #expect(try Glob("Pods").matches("Pods/Lib/A.swift"))
        #expect(try Glob("App/Legacy").matches("App/Legacy/A.swift"))
        #expect(try !Glob("App/Legacy").matches("Other/App/Legacy/A.swift"))
        #expect(try Glob("*.{md,txt}").matches("Copy/paywall.txt"))
        #expect(try Glob("File[0-9].swift").matches("File7.swift"))
        #expect(try !Glob("File[!0-9].swift").matches("File7.swift"))
        #expect(try Glob("Pay?all.md").matches("Docs/Paywall.md"))
        #expect(try Glob("./App/").matches("App/A.swift"))
    }

    @Test func badPatternsAreErrors() {
        #expect(throws: Glob.SyntaxError.self) { try Glob("") }
        #expect(throws: Glob.SyntaxError.self) { try Glob("/abs/*.swift") }
        #expect(throws: Glob.SyntaxError.self) { try Glob("a{b,c") }
        #expect(throws: Glob.SyntaxError.self) { try Glob("File[0-9.swift") }
    }
}

@Suite struct ConfigurationTests {
    let known: Set<String> = ["hardcoded_price", "legacy_storekit_api"]

    func parse(_ text: String) throws(Configuration.Error) -> Configuration {
        try Configuration.parse(Array(text.utf8), file: ".iap-audit.json", directory: nil, knownRules: known)
    }

    func error(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try parse("""
            {"$comment": "x", "$schema": "s", "include": ["App"], "exclude": ["**/Generated/**"], "paywallCopy": ["Marketing/*.md"],
             "disabledRules": ["legacy_storekit_api"], "severity": {"hardcoded_price": "error"}, "locales": ["en", "de"],
             "failOn": "warning", "baseline": "baseline.json"}
            """)
        #expect(configuration.include.map(\.pattern) == ["App"])
        #expect(configuration.exclude.map(\.pattern) == ["**/Generated/**"])
        #expect(configuration.paywallCopy?.map(\.pattern) == ["Marketing/*.md"])
        #expect(configuration.disabledRules == ["legacy_storekit_api"])
        #expect(configuration.severities == ["hardcoded_price": .error])
        #expect(configuration.locales == ["en", "de"])
        #expect(configuration.failOn == .warning)
        #expect(configuration.baseline == "baseline.json")
    }

    @Test func theStarterParses() throws {
        let starter = try parse(Configuration.starter)
        #expect(starter.failOn == .error)
        #expect(starter.exclude.map(\.pattern) == ["**/Generated/**"])
    }

    @Test func errorsNameTheKeyAndPosition() {
        #expect(error("{\n  \"exclud\": []\n}") == ".iap-audit.json:2:3: unknown key \"exclud\" (did you mean \"exclude\"?); known keys: $schema, $comment, include, exclude, paywallCopy, disabledRules, severity, locales, failOn, baseline, auditSkipped, targets, capabilities, metadata")
        #expect(error("{\"include\": \"App\"}") == ".iap-audit.json:1:13: \"include\" should be an array of strings, found a string")
        #expect(error("{\"include\": [\"App\", 3]}") == ".iap-audit.json:1:21: \"include[1]\" should be a string, found a number")
        #expect(error("{\"failOn\": \"fatal\"}").hasSuffix("\"failOn\" should be \"error\", \"warning\", \"note\" or \"never\", found \"fatal\""))
        #expect(error("{\"severity\": {\"hardcoded_prise\": \"error\"}}").contains("unknown rule id \"hardcoded_prise\" (did you mean hardcoded_price?)"))
        #expect(error("{\"severity\": {\"hardcoded_price\": \"fatal\"}}").contains("\"severity.hardcoded_price\" should be"))
        #expect(error("{\"disabledRules\": [\"nope\"]}").contains("\"disabledRules[0]\": unknown rule id \"nope\""))
        #expect(error("{\"exclude\": [\"/abs\"]}").contains("\"exclude[0]\" is not a valid glob"))
        #expect(error("[]") == ".iap-audit.json:1:1: the configuration should be a JSON object, found an array")
        #expect(error("{\"failOn\": \"error\", \"failOn\": \"note\"}").contains("key \"failOn\" appears twice"))
        #expect(error("{\"include\": [}").contains("not valid JSON"))
    }

    @Test func theFileIsFoundUpwardAndNotPastTheRepository() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("repo/App/Sources")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: root.appendingPathComponent(".iap-audit.json"))
        #expect(Configuration.find(from: nested)?.path == root.appendingPathComponent(".iap-audit.json").path)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        #expect(Configuration.find(from: nested) == nil)
        try Data("{}".utf8).write(to: root.appendingPathComponent("repo/App/.iap-audit.json"))
        #expect(Configuration.find(from: nested)?.lastPathComponent == ".iap-audit.json")
        #expect(Configuration.find(from: nested)?.deletingLastPathComponent().lastPathComponent == "App")
    }

    @Test func selectionAppliesToTheWalk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("selection-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["App/A.swift", "App/Generated/G.swift", "Other/B.swift", "Marketing/offer.md", "Docs/paywall.md"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("let a = 1\n".utf8).write(to: url)
        }
        let selection = FileSelection(base: root, include: [try Glob("App"), try Glob("Marketing"), try Glob("Docs")],
                                      exclude: [try Glob("Generated")], paywallCopy: [try Glob("Marketing/*.md")])
        let found = Discovery.discover(paths: [root], root: root, selection: selection).files
        #expect(found.map(\.relativePath) == ["App/A.swift", "Marketing/offer.md"])
        #expect(found.last?.kind == .copyDocument)
    }
}

@Suite struct SuppressionTests {
    func parse(_ comment: String) -> Suppression.Parsed? {
        Suppression.parse(comment: comment, location: SourceLocation(file: "A.swift", line: 3, column: 5), endLine: 3)
    }

    @Test func directivesAreRead() {
        let next = parse("// iap-audit:disable:next hardcoded_price, legacy_storekit_api — legal approved")?.suppression
        #expect(next?.scope == .nextLine)
        #expect(next?.ruleIDs == ["hardcoded_price", "legacy_storekit_api"])
        #expect(next?.reason == "legal approved")
        #expect(parse("/* iap-audit:disable:this a b -- why */")?.suppression?.ruleIDs == ["a", "b"])
        #expect(parse("/* iap-audit:disable:this a b -- why */")?.suppression?.reason == "why")
        #expect(parse("// iap-audit:disable a - file reason")?.suppression?.scope == .file)
        #expect(parse("// iap-audit:disable:next a—tight")?.suppression?.reason == "tight")
        #expect(parse("// iap-audit:disable:next a")?.suppression?.reason == nil)
        #expect(parse("// iap-audit:disable:next a —  ")?.suppression?.reason == nil)
        #expect(parse("// nothing to see") == nil)
        #expect(parse("// iap-audit:disable:nxt a — r")?.problem?.contains("did you mean iap-audit:disable:next?") == true)
        #expect(parse("// iap-audit:disable:next — only a reason")?.problem?.contains("names no rule id") == true)
    }

    @Test func scopesCoverTheRightLines() throws {
        let at = SourceLocation(file: "A.swift", line: 3, column: 1)
        let next = try #require(Suppression.parse(comment: "// iap-audit:disable:next r — x", location: at, endLine: 3)?.suppression)
        #expect(next.covers(ruleID: "r", at: SourceLocation(file: "A.swift", line: 4, column: 9)))
        #expect(!next.covers(ruleID: "r", at: SourceLocation(file: "A.swift", line: 5, column: 1)))
        #expect(!next.covers(ruleID: "other", at: SourceLocation(file: "A.swift", line: 4, column: 1)))
        #expect(!next.covers(ruleID: "r", at: SourceLocation(file: "B.swift", line: 4, column: 1)))
        let all = try #require(Suppression.parse(comment: "// iap-audit:disable all — x", location: at, endLine: 3)?.suppression)
        #expect(all.covers(ruleID: "anything", at: SourceLocation(file: "A.swift", line: 90, column: 1)))
    }

    @Test func suppressedFindingsAreSetAsideWithTheirComment() {
        let result = Filters.apply(audit([("A.swift", """
            let x = bad // iap-audit:disable:this bad_word — kept for the demo
            // iap-audit:disable:next bad_word
            let y = bad
            let z = bad
            // iap-audit:disable:next bad_word — nothing here
            let w = 1
            """)]), options: FilterOptions(knownRules: ["bad_word"]))
        #expect(result.findings.filter { $0.ruleID == "bad_word" }.map(\.location.line) == [4])
        #expect(result.setAside.count == 2)
        if case .suppressed(let suppression) = result.setAside.first?.reason {
            #expect(suppression.reason == "kept for the demo")
        } else {
            Issue.record("expected a suppressed finding")
        }
        let notes = result.findings.filter { $0.severity == .note }
        #expect(notes.map(\.ruleID) == ["suppression_without_reason", "suppression_unused"])
        #expect(notes.map(\.location.line) == [2, 5])
        #expect(notes.allSatisfy { !$0.fingerprint.isEmpty && $0.excerpt != nil })
        #expect(result.results.map(\.rule.identifier) == ["bad_word", "suppression_unused", "suppression_without_reason"])
    }
}

@Suite struct BaselineAndChangeTests {
    @Test func severityOverridesChangeTheRuleAndItsFindings() {
        let result = Filters.apply(audit([("A.swift", "let x = bad\n")]), options: FilterOptions(severities: ["bad_word": .error]))
        #expect(result.findings.map(\.severity) == [.error])
        #expect(result.results[0].rule.severity == .error)
    }

    @Test func aBaselineSurvivesAnEditAboveTheFinding() throws {
        let before = audit([("A.swift", "import Foundation\nlet x = bad\n")])
        let document = Baseline.document(for: before.findings)
        let baseline = try Baseline.parse(Array(document.utf8), file: "baseline.json")
        #expect(baseline.fingerprints.count == 1)
        let after = audit([("A.swift", "import Foundation\n// a new comment\n\n   let   x =   bad\nlet y = bad\n")])
        let filtered = Filters.apply(after, options: FilterOptions(baseline: baseline))
        #expect(filtered.findings.map(\.location.line) == [5])
        #expect(filtered.setAside.map(\.reason) == [.accepted])
        #expect(filtered.setAside.first?.finding.location.line == 4)
    }

    @Test func baselineDocumentsAreSortedAndStable() {
        let findings = audit([("B.swift", "let b = bad\n"), ("A.swift", "let a = bad\nlet c = bad\n")]).findings
        #expect(Baseline.document(for: findings) == Baseline.document(for: findings.reversed()))
        #expect(Baseline.document(for: findings).contains("\"version\": 2"))
        #expect(Baseline.document(for: []).contains("\"findings\": []"))
    }

    /// Version 1 files (paths from the folder audited) are still read, and say so.
    @Test func versionOneBaselinesAreRead() throws {
        let old = try Baseline.parse(Array("{\"version\": 1, \"findings\": [{\"fingerprint\": \"abc\"}]}".utf8), file: "b.json")
        #expect(old.fingerprints == ["abc"] && !old.pathsFromRepositoryRoot)
        #expect(try Baseline.parse(Array(Baseline.document(for: []).utf8), file: "b.json").pathsFromRepositoryRoot)
    }

    @Test func malformedBaselinesAreErrors() {
        #expect(throws: Baseline.Error.self) { try Baseline.parse(Array("{".utf8), file: "b.json") }
        #expect(throws: Baseline.Error.self) { try Baseline.parse(Array("{\"version\": 3, \"findings\": []}".utf8), file: "b.json") }
        #expect(throws: Baseline.Error.self) { try Baseline.parse(Array("{\"version\": 1, \"findings\": [{}]}".utf8), file: "b.json") }
    }

    @Test func unifiedDiffsGiveAddedLines() {
        let diff = """
            diff --git a/App/A.swift b/App/A.swift
            index 1111111..2222222 100644
            --- a/App/A.swift
            +++ b/App/A.swift
            @@ -3 +3,2 @@ struct A {
            -    let old = 1
            +    let new = 1
            +    let more = 2
            @@ -10,2 +11,0 @@
            -gone
            -gone too
            @@ -20,0 +21 @@
            +added
            diff --git a/Old.swift b/Old.swift
            deleted file mode 100644
            --- a/Old.swift
            +++ /dev/null
            @@ -1 +0,0 @@
            -let x = 1
            diff --git "a/Sp\\303\\251cial\\tname.swift" "b/Sp\\303\\251cial\\tname.swift"
            --- "a/Sp\\303\\251cial\\tname.swift"
            +++ "b/Sp\\303\\251cial\\tname.swift"
            @@ -1 +1 @@
            -a
            +b
            """
        let changes = ChangedLines.parse(diff: diff, revision: "HEAD~1")
        #expect(changes.lines["App/A.swift"] == [3, 4, 21])
        #expect(changes.files.contains("Old.swift"))
        #expect(changes.lines["Spécial\tname.swift"] == [1])
        #expect(changes.contains(line: 4, in: "App/A.swift"))
        #expect(!changes.contains(line: 5, in: "App/A.swift"))
    }

    @Test func changedLinesKeepOnlyFindingsOnThemOrProjectLevelOnes() {
        let result = audit([("A.swift", "let a = bad\nlet b = bad\n"), ("B.swift", "let c = bad\n")])
        let changes = ChangedLines(revision: "HEAD~1", lines: ["A.swift": [2]])
        let lineOnly = Filters.apply(result, options: FilterOptions(changes: changes))
        #expect(lineOnly.findings.map(\.location.description) == ["A.swift:2:9"])
        #expect(lineOnly.setAside.filter { $0.reason == .unchanged }.count == 2)
        let projectLevel = Filters.apply(result, options: FilterOptions(changes: changes, changeScopes: ["bad_word": .lineOrAnyFile([.swift])]))
        #expect(projectLevel.findings.count == 3)
        let storeKitOnly = Filters.apply(result, options: FilterOptions(changes: changes, changeScopes: ["bad_word": .lineOrAnyFile([.storeKitConfiguration])]))
        #expect(storeKitOnly.findings.count == 1)
    }

    @Test func findingsGetAFullRegion() {
        let result = audit([("A.swift", "let price = \"x\"; let y = bad\n")])
        #expect(result.findings.first?.end == TextPosition(line: 1, column: 29))
    }
}
