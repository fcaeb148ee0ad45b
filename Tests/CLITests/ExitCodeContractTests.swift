import Foundation
import Testing

/// The README's exit-code contract, one case per situation it documents: 0 when no finding is
/// at or above the --fail-on level, 1 when one is, 2 for a usage, configuration or output error
/// with one line on standard error that says why. (ExitCodeTests, WorkflowExitCodeTests and
/// OutputIntegrityTests check the wording of several of these in more detail.)
@Suite struct ExitCodeContractTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var situation: String
        var files: [String: String]
        var arguments: [String]
        var status: Int32
        var stderr: String = ""
        var testDescription: String { "\(situation) → \(status)" }
    }

    static let warningOnly = ["App/Price.swift": "import SwiftUI\nstruct V: View { var body: some View { Text(\"Only $4.99\") } }\n"]
    static let notesOnly = ["App/A.swift": "let label = \"x\" // iap-audit:disable:this hardcoded_price\n"]
    static let inputErrorOnly = ["App/A.swift": "let a = 1\n", "App/Bad.storekit": "{ \"products\" : ["]
    static let clean = ["App/Util.swift": "struct Util { func add(_ a: Int, _ b: Int) -> Int { a + b } }\n"]
    static let suppressed = ["App/Price.swift": "import SwiftUI\nstruct V: View {\n    // iap-audit:disable:next hardcoded_price — App Store screenshot mode\n    var body: some View { Text(\"Only $4.99\") }\n}\n"]

    static let cases: [Case] = [
        // 0: nothing at or above the level.
        Case(situation: "clean project, strictest level", files: clean, arguments: ["--fail-on", "note"], status: 0),
        Case(situation: "only a warning, default level error", files: warningOnly, arguments: [], status: 0),
        Case(situation: "only notes, level warning", files: notesOnly, arguments: ["--fail-on", "warning"], status: 0),
        Case(situation: "an input error, level never", files: inputErrorOnly, arguments: ["--fail-on", "never"], status: 0),
        Case(situation: "a finding suppressed with a reason", files: suppressed, arguments: ["--fail-on", "note"], status: 0),
        Case(situation: "the configuration lowers the level", files: warningOnly.merging([".iap-audit.json": "{\"failOn\": \"never\"}"]) { $1 }, arguments: [], status: 0),
        Case(situation: "--help", files: clean, arguments: ["--help"], status: 0),
        Case(situation: "--version", files: clean, arguments: ["--version"], status: 0),
        Case(situation: "rules", files: clean, arguments: ["rules"], status: 0),
        Case(situation: "rules ID", files: clean, arguments: ["rules", "hardcoded_price"], status: 0),
        Case(situation: "rules --markdown", files: clean, arguments: ["rules", "--markdown"], status: 0),
        Case(situation: "checklists", files: clean, arguments: ["checklists"], status: 0),
        Case(situation: "init", files: clean, arguments: ["init"], status: 0),
        // 1: a finding at or above the level.
        Case(situation: "a warning, level warning", files: warningOnly, arguments: ["--fail-on", "warning"], status: 1),
        Case(situation: "notes, level note", files: notesOnly, arguments: ["--fail-on", "note"], status: 1),
        Case(situation: "an input error is an error", files: inputErrorOnly, arguments: [], status: 1),
        Case(situation: "the configuration raises a warning to an error", files: warningOnly.merging([".iap-audit.json": "{\"severity\": {\"hardcoded_price\": \"error\"}}"]) { $1 }, arguments: [], status: 1),
        Case(situation: "the command line overrides the configuration's level", files: warningOnly.merging([".iap-audit.json": "{\"failOn\": \"never\"}"]) { $1 }, arguments: ["--fail-on", "warning"], status: 1),
        Case(situation: "--output - with one format", files: warningOnly, arguments: ["--format", "sarif", "--output", "-", "--fail-on", "warning"], status: 1),
        // 2: usage, configuration and output errors.
        Case(situation: "an unknown option", files: clean, arguments: ["--fail-onn", "note"], status: 2, stderr: "did you mean --fail-on?"),
        Case(situation: "an unknown format", files: clean, arguments: ["--format", "pdf"], status: 2, stderr: "pdf"),
        Case(situation: "an unknown level", files: clean, arguments: ["--fail-on", "bogus"], status: 2, stderr: "bogus"),
        Case(situation: "no workers", files: clean, arguments: ["--jobs", "0"], status: 2, stderr: "--jobs"),
        Case(situation: "a path that does not exist", files: clean, arguments: ["Nowhere"], status: 2, stderr: "no such file or folder: Nowhere"),
        Case(situation: "an invalid .iap-audit.json", files: clean.merging([".iap-audit.json": "{\n  \"failOn\": 3\n}"]) { $1 }, arguments: [], status: 2, stderr: ".iap-audit.json:2:"),
        Case(situation: "a missing --config file", files: clean, arguments: ["--config", "none.json"], status: 2, stderr: "none.json"),
        Case(situation: "a missing baseline", files: clean, arguments: ["--baseline", "none.json"], status: 2, stderr: "cannot read the baseline none.json"),
        Case(situation: "an unreadable baseline", files: clean.merging(["broken.json": "{"]) { $1 }, arguments: ["--baseline", "broken.json"], status: 2, stderr: "broken.json:"),
        Case(situation: "--changed-since outside a repository", files: clean, arguments: ["--changed-since", "HEAD~1"], status: 2, stderr: "git repository"),
        Case(situation: "--output - with two formats", files: clean, arguments: ["--format", "md,json", "--output", "-"], status: 2, stderr: "--output -"),
        Case(situation: "--compact without md", files: clean, arguments: ["--format", "json", "--compact"], status: 2, stderr: "--compact"),
        Case(situation: "a checklist naming an unknown rule", files: clean.merging(["lists/x.md": "- [ ] X <!-- rules: no_such_rule -->\n"]) { $1 }, arguments: ["App", "--checklists", "lists"], status: 2, stderr: "no_such_rule"),
        Case(situation: "an unknown rule id", files: clean, arguments: ["rules", "no_such_rule"], status: 2, stderr: "unknown rule 'no_such_rule'"),
        Case(situation: "init over an existing configuration", files: clean.merging([".iap-audit.json": "{}"]) { $1 }, arguments: ["init"], status: 2, stderr: "--force"),
        Case(situation: "an output folder under a file", files: clean.merging(["blocker": "x"]) { $1 }, arguments: ["--output", "blocker/out"], status: 2, stderr: "cannot write the report to blocker/out: blocker is a file, not a folder"),
    ]

    @Test(arguments: cases)
    func exitCode(_ contract: Case) throws {
        let root = try CLI.makeProject(contract.files)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.runBounded(contract.arguments, in: root, seconds: 60, memoryMB: 1024)
        #expect(run.exited && !run.timedOut, "\(contract.situation): crashed or hung")
        #expect(run.status == contract.status, "\(contract.situation): exit \(run.status), stderr: \(run.stderr)")
        if contract.status == 2 {
            #expect(run.stderr.hasPrefix("iap-audit: error: "), "\(contract.situation): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(contract.situation): \(run.stderr)")
            #expect(run.stderr.contains(contract.stderr), "\(contract.situation): \(run.stderr)")
        } else {
            #expect(run.stderr.isEmpty, "\(contract.situation): \(run.stderr)")
        }
    }
}
