import Foundation
import Testing

/// On Linux with transparent huge pages given on request, an audit starts itself again with
/// glibc's `glibc.malloc.hugetlb=1`: the user sees the same audit, and the programs it runs
/// (`git` for `--changed-since`) see the user's environment, not the tunable.
@Suite struct HugePagesTests {
    static var kernelGivesHugePagesOnRequest: Bool {
        let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
        return mode?.contains("[madvise]") == true
    }

    /// A committed project, and a `git` first on PATH that writes its environment to a file
    /// and then runs the real one.
    static func projectWithRecordingGit() throws -> (project: URL, bin: URL, record: URL) {
        let project = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        try git(["init", "-q"], in: project)
        try git(["add", "."], in: project)
        try git(["commit", "-q", "-m", "first"], in: project)
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let realGit = directories.map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/git"
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-fake-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let record = bin.appendingPathComponent("environment")
        let fake = bin.appendingPathComponent("git")
        try "#!/bin/sh\nenv >> '\(record.path)'\nexec '\(realGit)' \"$@\"\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        return (project, bin, record)
    }

    /// `glibc.malloc.arena_max` for this machine's cores, as the audit adds it.
    static var arenas: String { "glibc.malloc.arena_max=\(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))" }

    @Test(.enabled(if: kernelGivesHugePagesOnRequest))
    func theAuditRunsWithHugePagesAndLeavesTheEnvironmentAsItWas() throws {
        let (project, bin, record) = try Self.projectWithRecordingGit()
        defer {
            try? FileManager.default.removeItem(at: project)
            try? FileManager.default.removeItem(at: bin)
        }
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try CLI.run(["--verbose", "--changed-since", "HEAD", "--fail-on", "never"], in: project,
                              environment: ["PATH": path, "GLIBC_TUNABLES": "glibc.malloc.perturb=0", "IAP_AUDIT_NO_HUGEPAGES": "0"])
        // The user's tunable, then huge pages, then heaps made writable (and advised) whole,
        // then an arena a core.
        // Once the workers' heap is made, the pad goes down to one 2 MB page (with two cores or
        // fewer: on more, more arenas are made later, and need the pad).
        let lowered = sysconf(Int32(_SC_NPROCESSORS_ONLN)) <= 2 ? ", its top pad lowered to 2 MB once the workers' heap was made" : ""
        #expect(run.stdout.contains("Memory: malloc asks for 2 MB pages (GLIBC_TUNABLES=glibc.malloc.perturb=0:glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864:\(Self.arenas))\(lowered);"),
                "\(run.stdout)\n\(run.stderr)")
        let seen = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(seen.contains("GLIBC_TUNABLES=glibc.malloc.perturb=0"), "\(seen)")
        #expect(!seen.contains { $0.hasPrefix("IAP_AUDIT_HUGEPAGES_RESTART=") || $0.hasPrefix("IAP_AUDIT_SAVED_GLIBC_TUNABLES=") }, "\(seen)")
    }

    @Test(.enabled(if: kernelGivesHugePagesOnRequest))
    func withoutATunableOfTheUsersNoneIsLeftForTheProgramsItRuns() throws {
        let (project, bin, record) = try Self.projectWithRecordingGit()
        defer {
            try? FileManager.default.removeItem(at: project)
            try? FileManager.default.removeItem(at: bin)
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GLIBC_TUNABLES")
        // Every IAP_AUDIT_ variable: the run's own (IAP_AUDIT_SKIP_FUZZ from `scripts/test`)
        // would otherwise reach git as the user's and read as one the audit left behind.
        for key in environment.keys where key.hasPrefix("IAP_AUDIT_") { environment.removeValue(forKey: key) }
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let run = try runProgram(CLI.binary.path, ["--verbose", "--changed-since", "HEAD", "--fail-on", "never"], in: project, environment: environment)
        #expect(run.stdout.contains("Memory: malloc asks for 2 MB pages"), "\(run.stdout)\n\(run.stderr)")
        let seen = try String(contentsOf: record, encoding: .utf8)
        #expect(!seen.contains("GLIBC_TUNABLES="), "\(seen)")
        #expect(!seen.contains("IAP_AUDIT_"), "\(seen)")
    }

    /// A top pad or a number of arenas the user chose stands: the audit adds only the rest, and
    /// lowers no pad of the user's (nor its own when the user chose the arenas: an arena made
    /// later is made whole, as before).
    @Test(.enabled(if: kernelGivesHugePagesOnRequest))
    func theUsersOwnTopPadAndArenasStand() throws {
        let project = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: project) }
        let run = try CLI.run(["--verbose", "--fail-on", "never"], in: project,
                              environment: ["GLIBC_TUNABLES": "glibc.malloc.top_pad=1048576", "IAP_AUDIT_NO_HUGEPAGES": "0"])
        #expect(run.stdout.contains("Memory: malloc asks for 2 MB pages (GLIBC_TUNABLES=glibc.malloc.top_pad=1048576:glibc.malloc.hugetlb=1:\(Self.arenas));"),
                "\(run.stdout)\n\(run.stderr)")
        let arenas = try CLI.run(["--verbose", "--fail-on", "never"], in: project,
                                 environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=7", "IAP_AUDIT_NO_HUGEPAGES": "0"])
        #expect(arenas.stdout.contains("Memory: malloc asks for 2 MB pages (GLIBC_TUNABLES=glibc.malloc.arena_max=7:glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864);"),
                "\(arenas.stdout)\n\(arenas.stderr)")
    }

    @Test func theUserCanTurnItOff() throws {
        let project = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: project) }
        let on = try CLI.run(["--verbose", "--fail-on", "never"], in: project)
        let off = try CLI.run(["--verbose", "--fail-on", "never"], in: project, environment: ["IAP_AUDIT_NO_HUGEPAGES": "1"])
        #expect(!off.stdout.contains("Memory: malloc asks for 2 MB pages"))
        #expect(on.stdout.contains("Memory: malloc asks for 2 MB pages") == Self.kernelGivesHugePagesOnRequest)
        // The same audit either way.
        let verdict = { (run: CLIRun) in run.stdout.split(separator: "\n").first { $0.contains("Passes at --fail-on") || $0.contains("Fails at --fail-on") } }
        #expect(verdict(on) != nil)
        #expect(verdict(on) == verdict(off))
    }
}
