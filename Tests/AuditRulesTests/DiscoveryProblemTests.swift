import AuditCore
import AuditRules
import Foundation
import Synchronization
import Testing

/// A path discovery cannot list is one input error and changes nothing else: the same
/// findings (fingerprints, excerpts), evidence and file counts as the audit without it, and
/// every rule run once.
@Suite struct DiscoveryProblemTests {
    /// Audits `paths` and counts how many rule checks ran.
    static func audit(_ paths: [URL], root: URL) -> (AuditResult, checks: Int) {
        let checks = Atomic<Int>(0)
        let options = AuditOptions(jobs: 2, observer: { event in
            if case .advanced(.checking) = event { checks.add(1, ordering: .relaxed) }
        })
        let result = Auditor.audit(paths: paths, root: root, rules: BuiltInRules.all, options: options)
        return (result, checks.load(ordering: .relaxed))
    }

    static func expectSameAudit(_ with: AuditResult, as without: AuditResult, problem: String) {
        let problems = with.findings.filter { $0.ruleID == "input_error" && $0.location.file == problem }
        #expect(problems.count == 1, "\(with.findings.filter { $0.ruleID == "input_error" })")
        let rest = with.findings.filter { !($0.ruleID == "input_error" && $0.location.file == problem) }
        #expect(!without.findings.isEmpty)
        #expect(without.findings.contains { $0.excerpt != nil })
        #expect(rest == without.findings)
        #expect(rest.map(\.fingerprint) == without.findings.map(\.fingerprint))
        #expect(rest.map(\.excerpt) == without.findings.map(\.excerpt))
        #expect(with.fileCounts == without.fileCounts)
        #expect(with.project.swiftFiles.count == without.project.swiftFiles.count)
        #expect(with.project.inputErrors.count == without.project.inputErrors.count + 1)
        #expect(with.results.map(\.evidence) == without.results.map(\.evidence))
    }

    @Test func aPathThatDoesNotExistIsOneInputErrorAndChangesNothingElse() throws {
        let root = try ParallelAuditTests.writeCorpus(megabytes: 0.1, seed: 5)
        defer { try? FileManager.default.removeItem(at: root) }
        let (without, checksWithout) = Self.audit([root], root: root)
        let missing = root.appendingPathComponent("Missing")
        let (with, checksWith) = Self.audit([root, missing], root: root)
        #expect(checksWithout == BuiltInRules.all.count)
        #expect(checksWith == BuiltInRules.all.count, "every rule runs once")
        Self.expectSameAudit(with, as: without, problem: "Missing")
    }

    @Test(.enabled(if: getuid() != 0, "root lists any folder whatever its mode"))
    func aFolderThatCannotBeListedIsOneInputErrorAndChangesNothingElse() throws {
        let root = try ParallelAuditTests.writeCorpus(megabytes: 0.1, seed: 5)
        defer { try? FileManager.default.removeItem(at: root) }
        let (without, _) = Self.audit([root], root: root)
        let locked = root.appendingPathComponent("Locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data("let x = 1\n".utf8).write(to: locked.appendingPathComponent("Hidden.swift"))
        chmod(locked.path, 0o000)
        defer { chmod(locked.path, 0o755) }
        let (with, checks) = Self.audit([root], root: root)
        #expect(checks == BuiltInRules.all.count, "every rule runs once")
        Self.expectSameAudit(with, as: without, problem: "Locked")
    }
}
