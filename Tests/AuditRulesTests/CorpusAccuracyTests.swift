import AuditCore
import AuditRules
import Foundation
import Testing

/// Precision and recall of the code rules over the accuracy corpus in Tests/Corpus: small
/// realistic apps, each with the exact findings a careful reviewer expects. Only rules that
/// exist are scored; the corpus also lists findings for rules still to come.
@Suite struct CorpusAccuracyTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

    struct Key: Hashable, CustomStringConvertible {
        var app: String
        var rule: String
        var path: String
        var line: Int
        var description: String { "\(app)/\(path):\(line) \(rule)" }
    }

    static func apps() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
            .filter { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/expected-findings.tsv").path) }
            .sorted()
    }

    @Test func codeRulesReachNinetyPercentPrecisionAndRecall() throws {
        let apps = Self.apps()
        #expect(apps.count >= 12, "the corpus needs at least 12 apps, found \(apps.count)")
        let scored = Set(BuiltInRules.all.filter { $0.description.scope == .code || $0.description.scope == .input }.map { $0.description.identifier })
        var expected = Set<Key>()
        var actual = Set<Key>()
        for app in apps {
            let root = Self.corpus.appendingPathComponent(app)
            let text = try String(contentsOf: root.appendingPathComponent("expected-findings.tsv"), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count >= 3, let number = Int(fields[2]), scored.contains(fields[0]) else { continue }
                expected.insert(Key(app: app, rule: fields[0], path: fields[1], line: number))
            }
            let result = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all)
            for finding in result.findings where scored.contains(finding.ruleID) {
                actual.insert(Key(app: app, rule: finding.ruleID, path: finding.location.file, line: finding.location.line))
            }
        }
        let truePositives = expected.intersection(actual).count
        let precision = actual.isEmpty ? 1 : Double(truePositives) / Double(actual.count)
        let recall = expected.isEmpty ? 1 : Double(truePositives) / Double(expected.count)
        let falsePositives = actual.subtracting(expected).sorted { $0.description < $1.description }
        let falseNegatives = expected.subtracting(actual).sorted { $0.description < $1.description }
        print("Corpus accuracy over \(apps.count) apps and \(scored.count) rules: precision \(String(format: "%.3f", precision)) (\(truePositives)/\(actual.count)), recall \(String(format: "%.3f", recall)) (\(truePositives)/\(expected.count))")
        for key in falsePositives { print("  false positive: \(key)") }
        for key in falseNegatives { print("  missed: \(key)") }
        #expect(precision >= 0.9, "precision \(precision); false positives: \(falsePositives)")
        #expect(recall >= 0.9, "recall \(recall); missed: \(falseNegatives)")
    }
}
