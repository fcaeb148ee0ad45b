import AuditCore

/// The filled checklists as JUnit XML, for CI systems that show test results: one test suite
/// per checklist, one test case per item. A failed item is a failure carrying its findings;
/// manual and not-applicable items are skipped with the reason; a passed item lists its
/// evidence. Findings of rules no item names get a final "Other findings" suite.
public struct JUnitRenderer: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        var suites: [Suite] = report.checklists.map { checklist in
            Suite(name: checklist.title, id: checklist.name, cases: checklist.items.map { item in
                Case(name: item.text, className: "iap-audit.\(checklist.name)", outcome: outcome(item, report: report))
            })
        }
        let unlisted = report.unlistedFindings
        if !unlisted.isEmpty {
            var byRule: [String: [Finding]] = [:]
            for finding in unlisted { byRule[finding.ruleID, default: []].append(finding) }
            let cases = byRule.keys.sorted().map { id -> Case in
                let findings = byRule[id] ?? []
                let title = report.rules[id]?.title ?? id
                let text = findings.map { line($0) }.joined(separator: "\n")
                if findings.contains(where: { $0.severity >= .warning }) {
                    return Case(name: "\(title) (\(id))", className: "iap-audit.other", outcome: .failure(type: worst(findings), message: count(findings), text: text))
                }
                return Case(name: "\(title) (\(id))", className: "iap-audit.other", outcome: .passed(output: text))
            }
            suites.append(Suite(name: "Other findings", id: "other", cases: cases))
        }
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Self.escape("iap-audit: \(report.subject)"))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"0\">\n"
        for suite in suites {
            out += "  <testsuite name=\"\(Self.escape(suite.name))\" id=\"\(Self.escape(suite.id))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" errors=\"0\" skipped=\"\(suite.skipped)\" time=\"0\">\n"
            for testCase in suite.cases {
                let open = "    <testcase name=\"\(Self.escape(testCase.name))\" classname=\"\(Self.escape(testCase.className))\" time=\"0\""
                switch testCase.outcome {
                case .passed(let output):
                    if output.isEmpty {
                        out += open + "/>\n"
                    } else {
                        out += open + ">\n      <system-out>\(Self.escape(output, attribute: false))</system-out>\n    </testcase>\n"
                    }
                case .failure(let type, let message, let text):
                    out += open + ">\n      <failure type=\"\(type)\" message=\"\(Self.escape(message))\">\(Self.escape(text, attribute: false))</failure>\n    </testcase>\n"
                case .skipped(let message):
                    out += open + ">\n      <skipped message=\"\(Self.escape(message))\"/>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private enum Outcome {
        case passed(output: String)
        case failure(type: String, message: String, text: String)
        case skipped(message: String)
    }

    private struct Case {
        var name: String
        var className: String
        var outcome: Outcome
    }

    private struct Suite {
        var name: String
        var id: String
        var cases: [Case]

        var failures: Int { cases.filter { if case .failure = $0.outcome { true } else { false } }.count }
        var skipped: Int { cases.filter { if case .skipped = $0.outcome { true } else { false } }.count }
    }

    private func outcome(_ item: Report.Item, report: Report) -> Outcome {
        switch item.status {
        case .failed:
            return .failure(type: worst(item.findings), message: count(item.findings), text: item.findings.map { line($0) }.joined(separator: "\n"))
        case .manual:
            return .skipped(message: (["manual check"] + item.notes).joined(separator: ": "))
        case .notChecked:
            return .skipped(message: (["not checked"] + item.notes).joined(separator: ": "))
        case .notApplicable:
            return .skipped(message: (["not applicable"] + item.notes).joined(separator: ": "))
        case .passed:
            var lines = item.evidence.map { evidence in
                "Evidence: \(evidence.message)" + (evidence.location.map { " (\($0))" } ?? "")
            }
            lines += item.findings.map { line($0) }
            return .passed(output: lines.joined(separator: "\n"))
        }
    }

    private func line(_ finding: Finding) -> String {
        "\(finding.location): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]"
    }

    private func worst(_ findings: [Finding]) -> String {
        (findings.map(\.severity).max() ?? .warning).rawValue
    }

    private func count(_ findings: [Finding]) -> String {
        Severity.allCases.reversed().compactMap { severity -> String? in
            let n = findings.filter { $0.severity == severity }.count
            return n > 0 ? "\(n) \(severity.rawValue)\(n == 1 ? "" : "s")" : nil
        }.joined(separator: ", ")
    }

    /// Text and attribute values: markup characters escaped, and characters XML 1.0 cannot
    /// hold at all (most control characters) written as `\u{…}`.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where !attribute: result += "\n"
            case "\t" where !attribute: result += "\t"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    result += "\\u{\(String(v, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

extension JUnitRenderer: ReportRenderer {
    public var format: String { "junit" }
    public var fileName: String { "report.junit.xml" }
    public var summary: String { "JUnit XML: a test suite per checklist, a test case per item" }
    public func render(_ report: Report, in context: RenderContext) -> String { render(report) }
    public func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String? { FolderIndex.junit(apps) }
}
