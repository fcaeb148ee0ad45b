import AuditCore
import Foundation
import Testing
@testable import AuditReport

/// Every format against its golden file in Golden/. After an intended change, regenerate
/// them with `IAP_AUDIT_UPDATE_GOLDEN=1 swift test --filter GoldenFormatTests` (or
/// scripts/update-golden) and review the diff.
@Suite struct GoldenFormatTests {
    static let names = FormatFixture.renderAll(try! FormatFixture.report()).map(\.0)

    @Test(arguments: names)
    func formatMatchesItsGoldenFile(_ name: String) throws {
        let rendered = try #require(FormatFixture.renderAll(try FormatFixture.report()).first { $0.0 == name }?.1)
        let url = FormatFixture.goldenFolder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["IAP_AUDIT_UPDATE_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: url)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(rendered == golden, "\(name) differs from Tests/AuditReportTests/Golden/\(name); if the change is intended, regenerate with: IAP_AUDIT_UPDATE_GOLDEN=1 swift test --filter GoldenFormatTests")
    }

    @Test func everyFormatIsByteIdenticalAcrossRuns() throws {
        let first = FormatFixture.renderAll(try FormatFixture.report(jobs: 1))
        let second = FormatFixture.renderAll(try FormatFixture.report(jobs: 4))
        #expect(first.map(\.0) == second.map(\.0))
        for (a, b) in zip(first, second) {
            #expect(Array(a.1.utf8) == Array(b.1.utf8), "\(a.0) differs between runs")
        }
    }

    @Test func theFixtureCoversWhatTheRenderersMustHandle() throws {
        let report = try FormatFixture.report()
        #expect(report.suppressed.count == 2)
        #expect(report.suppressed.contains { $0.suppression.reason == nil })
        #expect(report.accepted.count == 1)
        #expect(report.findings.contains { $0.ruleID == "input_error" })
        #expect(report.findings.contains { $0.ruleID == "suppression_without_reason" })
        #expect(report.findings.contains { $0.ruleID == "transaction_listener_missing" })
    }
}
