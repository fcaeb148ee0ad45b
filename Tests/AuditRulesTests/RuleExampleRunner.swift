import AuditCore
import AuditRules
import Testing

/// Runs a rule on one of its examples: strips the `↓` markers, remembers where they were,
/// audits the files in memory with only that rule, and returns both sides for comparison.
struct ExampleOutcome {
    var expected: [AuditCore.SourceLocation]
    var actual: [AuditCore.SourceLocation]
    var findings: [Finding]
    var evidence: [Evidence]
    var notApplicable: String?
    /// Why the rule's item is not checked (`RuleResult.undecided`), when it says so.
    var undecided: String? = nil
}

func run(_ rule: any Rule, on example: RuleExample) -> ExampleOutcome {
    var expected: [AuditCore.SourceLocation] = []
    var inputs: [InputFile] = []
    for file in example.files {
        var clean: [UInt8] = []
        var line = 1
        var column = 1
        for character in file.contents {
            if character == RuleExample.marker {
                expected.append(AuditCore.SourceLocation(file: file.path, line: line, column: column))
                continue
            }
            let bytes = Array(String(character).utf8)
            clean += bytes
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += bytes.count
            }
        }
        let kind = FileKind.classify(file.path) ?? .swift
        inputs.append(InputFile(relativePath: file.path, kind: kind, contents: .success(clean)))
    }
    let audit = Auditor.audit(files: inputs, rules: [rule], options: AuditOptions(locales: example.locales, jobs: 1))
    let result = audit.results[0]
    return ExampleOutcome(
        expected: expected.sorted(),
        actual: result.findings.map(\.location).sorted(),
        findings: result.findings,
        evidence: result.evidence,
        notApplicable: result.notApplicableReason,
        undecided: result.undecidedReason
    )
}

extension RuleExample {
    /// Where the example is written: an issue recorded here points at the example itself
    /// (`XRule.swift:42` or `XRuleExamples.swift:42`), not at the generic test.
    var sourceLocation: Testing.SourceLocation {
        Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1)
    }
}
