import Foundation
import Testing

/// Reports are written to temporary files and renamed into place, all or nothing; a write
/// that fails exits 2 with one clear line and leaves the previous reports as they were; and
/// every format is byte-identical across runs and numbers of workers.
@Suite(.serialized) struct OutputIntegrityTests {
    static let formats = "md,html,json,sarif,github,xcode,junit"
    static let reportNames = ["report.md", "report.html", "report.json", "report.sarif", "report.github.txt", "report.xcode.txt", "report.junit.xml"]

    /// A project whose reports are large: 400 findings, so a small disk fills up.
    static func largeProject() throws -> URL {
        var lines = ["import StoreKit", "import SwiftUI", "struct Prices: View {", "    var body: some View {", "        VStack {"]
        for n in 0..<400 { lines.append("            Text(\"Tier \(n): only $\(n).99 a month, billed monthly until cancelled\")") }
        lines += ["        }", "    }", "}"]
        return try CLI.makeProject(["App/Prices.swift": lines.joined(separator: "\n"), "App/Small.swift": "let a = 1\n"])
    }

    static func contents(of folder: URL) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, (try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data()) })
    }

    /// Mounts a tmpfs of `kilobytes` at a new folder (root only, as in CI), or nil when this
    /// machine does not allow it.
    static func mountTinyDisk(kilobytes: Int) -> URL? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-disk-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return nil }
        mount.waitUntilExit()
        return mount.terminationStatus == 0 ? folder : nil
    }

    static func unmount(_ folder: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aFullDiskExitsTwoAndLeavesThePreviousReportsAsTheyWere() throws {
        let small = try CLI.makeProject(["App/Small.swift": "let a = 1\n"])
        let large = try Self.largeProject()
        defer {
            try? FileManager.default.removeItem(at: small)
            try? FileManager.default.removeItem(at: large)
        }
        // A real full disk where the machine allows mounting one (as root in CI); otherwise a
        // file size limit, which makes every write past it fail with EFBIG the same way.
        let disk = Self.mountTinyDisk(kilobytes: 384)
        defer { disk.map(Self.unmount) }
        let output = disk?.appendingPathComponent("reports") ?? small.appendingPathComponent("reports")
        let limit = disk == nil ? "trap '' XFSZ; ulimit -f 256;" : ""
        let first = try CLI.runBounded(["App", "--output", output.path, "--format", Self.formats, "--fail-on", "never", "--quiet"], in: small, shellPrefix: limit)
        #expect(first.status == 0, "\(first.stderr)")
        let before = Self.contents(of: output)
        #expect(Set(before.keys) == Set(Self.reportNames))

        let second = try CLI.runBounded(["App", "--output", output.path, "--format", Self.formats, "--quiet"], in: large, shellPrefix: limit)
        #expect(second.endedNormally && second.status == 2, "status \(second.status): \(second.stderr)")
        let message = disk == nil ? "File too large" : "No space left on device"
        #expect(second.stderr == "iap-audit: error: cannot write the report to \(output.path): \(message); choose another folder with --output DIR\n")
        // Nothing changed, nothing was left behind: not a report, not a temporary file.
        #expect(Self.contents(of: output) == before)
    }

    @Test func unwritableFoldersExitTwoWithOneLine() throws {
        let root = try Self.largeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("a file, not a folder".utf8).write(to: root.appendingPathComponent("blocker"))
        let underAFile = try CLI.runBounded(["App", "--output", "blocker/reports"], in: root)
        #expect(underAFile.status == 2)
        #expect(underAFile.stderr == "iap-audit: error: cannot write the report to blocker/reports: blocker is a file, not a folder; choose another folder with --output DIR\n")

        // Root may write anywhere but on a read-only file system; /proc is one everywhere.
        let readOnly = try CLI.runBounded(["App", "--output", "/proc/iap-audit-report"], in: root)
        #expect(readOnly.status == 2)
        #expect(readOnly.stderr.hasPrefix("iap-audit: error: cannot write the report to /proc/iap-audit-report: "))
        #expect(readOnly.stderr.split(separator: "\n").count == 1)
        if getuid() != 0 {
            let locked = root.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o555])
            let denied = try CLI.runBounded(["App", "--output", "locked"], in: root)
            #expect(denied.stderr == "iap-audit: error: cannot write the report to locked: no permission to write in locked; choose another folder with --output DIR\n")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("iap-audit-report").path))
    }

    @Test func aFullStandardOutputOrErrorExitsTwoInsteadOfCrashing() throws {
        let root = try Self.largeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let full = try CLI.runBounded(["App", "--format", "json", "--output", "-"], in: root, stdoutPath: "/dev/full")
        #expect(full.endedNormally && full.status == 2, "status \(full.status), exited \(full.exited): \(full.stderr.prefix(300))")
        #expect(full.stderr == "iap-audit: error: cannot write the report to standard output: No space left on device\n")
        let rules = try CLI.runBounded(["rules", "--markdown"], in: root, stdoutPath: "/dev/full")
        #expect(rules.endedNormally && rules.status == 2)
        // The error itself cannot be written: still exit 2, not a crash.
        let unwritableError = try CLI.runBounded(["--formt", "md"], in: root, shellPrefix: "exec 2>/dev/full;")
        #expect(unwritableError.endedNormally && unwritableError.status == 2)
    }

    @Test func reportsAreRenamedIntoPlaceAndNoTemporaryFileRemains() throws {
        let root = try Self.largeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        try CLI.run(["App", "--output", "out", "--format", Self.formats, "--quiet"], in: root)
        let out = root.appendingPathComponent("out")
        func inode(_ name: String) throws -> UInt64 {
            try #require((try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path))[.systemFileNumber] as? UInt64)
        }
        let first = try Self.reportNames.map(inode)
        try CLI.run(["App", "--output", "out", "--format", Self.formats, "--quiet"], in: root)
        // A new file each time (written elsewhere, then renamed), never rewritten in place.
        for (name, before) in zip(Self.reportNames, first) {
            #expect(try inode(name) != before, "\(name) was rewritten in place")
        }
        #expect(Set(Self.contents(of: out).keys) == Set(Self.reportNames))
    }

    /// A report replaces the one before by exchanging the two names (no flush of the new file
    /// first, as a rename over a file makes ext4 do): a reader that opened the old report still
    /// reads it whole, the folder holds the new one and nothing else. A name taken by a symbolic
    /// link is replaced as a rename replaces it; one taken by a folder is an error, as before.
    @Test func reportsReplaceThePreviousOnesWithoutDisturbingTheirReaders() throws {
        let root = try Self.largeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try CLI.run(["App", "--output", "out", "--format", "md,json", "--fail-on", "never", "--quiet"], in: root)
        let old = try Data(contentsOf: out.appendingPathComponent("report.md"))
        let reader = try FileHandle(forReadingFrom: out.appendingPathComponent("report.md"))
        defer { try? reader.close() }
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Small.swift"))
        try CLI.run(["App", "--output", "out", "--format", "md,json", "--fail-on", "never", "--quiet"], in: root)
        #expect(try reader.readToEnd() == old)
        let new = try Data(contentsOf: out.appendingPathComponent("report.md"))
        #expect(new != old)
        #expect(Set(Self.contents(of: out).keys) == ["report.md", "report.json"])

        // A symbolic link named report.md: replaced by the report, its target left alone.
        let target = root.appendingPathComponent("elsewhere.md")
        try Data("kept".utf8).write(to: target)
        try FileManager.default.removeItem(at: out.appendingPathComponent("report.md"))
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("report.md"), withDestinationURL: target)
        try CLI.run(["App", "--output", "out", "--format", "md", "--fail-on", "never", "--quiet"], in: root)
        #expect(try Data(contentsOf: target) == Data("kept".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("report.md").path)[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: out.appendingPathComponent("report.md")) == new)

        // A folder named report.md: the run fails with the system's reason and leaves it.
        try FileManager.default.removeItem(at: out.appendingPathComponent("report.md"))
        try FileManager.default.createDirectory(at: out.appendingPathComponent("report.md"), withIntermediateDirectories: false)
        let blocked = try CLI.runBounded(["App", "--output", "out", "--format", "md", "--fail-on", "never", "--quiet"], in: root)
        #expect(blocked.endedNormally && blocked.status == 2, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("Is a directory"), "\(blocked.stderr)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.md").path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(Set(Self.contents(of: out).keys) == ["report.md", "report.json"])
    }

    /// A run killed before renaming its reports leaves `.report.*.PID.tmp` files (a large run's
    /// are hundreds of megabytes): the next run removes those whose process is gone, and keeps
    /// a live run's and every other file.
    @Test func temporaryFilesOfRunsThatAreGoneAreRemoved() throws {
        let root = try Self.largeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        let live = ProcessInfo.processInfo.processIdentifier
        let stale = [".report.md.\(dead).tmp", ".report.junit.xml.\(dead).tmp"]
        let kept = [".report.html.\(live).tmp", ".notes.\(dead).tmp", ".report.md.tmp", "notes.txt", ".report.md.x\(dead).tmp"]
        for name in stale + kept { try Data(repeating: 0x41, count: 4096).write(to: out.appendingPathComponent(name)) }
        let run = try CLI.runBounded(["App", "--output", "out", "--format", "md", "--fail-on", "never", "--quiet"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Set(Self.contents(of: out).keys) == Set(kept + ["report.md"]))
    }

    /// What a run writing to `out` says while another run holds the folder.
    static let waitingForOut = "iap-audit: waiting for another iap-audit run to finish writing to out\n"

    /// Starts the CLI with `arguments` in `directory` while a folder it writes is locked by
    /// the test, and returns once it says it waits (or has exited, or two minutes passed),
    /// with what it had written to standard error (kept in `stderrFile`).
    static func startWaitingRun(_ arguments: [String], in directory: URL, stderrFile: URL) throws -> (process: Process, stderr: String) {
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let err = try FileHandle(forWritingTo: stderrFile)
        defer { try? err.close() }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let clock = ContinuousClock()
        let start = clock.now
        var stderr = ""
        while clock.now - start < .seconds(120), process.isRunning {
            stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            if stderr == waitingForOut { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (process, stderr)
    }

    /// Two runs writing one folder take turns to rename their reports into place: while another
    /// process holds the folder's lock, a run waits (and says so), and it renames nothing meanwhile.
    @Test func aRunWaitsWhileAnotherRenamesItsReportsIntoTheSameFolder() throws {
        let root = try Self.largeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let held = open(out.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(held >= 0)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)

        let (process, stderr) = try Self.startWaitingRun(
            ["App", "--output", "out", "--format", Self.formats, "--fail-on", "never"], in: root, stderrFile: root.appendingPathComponent("stderr"))
        defer { if process.isRunning { process.terminate() } }
        #expect(stderr == Self.waitingForOut)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(process.isRunning, "the run did not wait for the lock")
        #expect(Self.contents(of: out).keys.filter { !$0.hasPrefix(".") }.isEmpty, "a report was renamed into place while another run held the folder")

        #expect(flock(held, LOCK_UN) == 0)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Set(Self.contents(of: out).keys) == Set(Self.reportNames))
    }

    /// With several apps, each app's reports are renamed into place as soon as they are all
    /// written, by the worker that wrote the last: an app whose folder another run holds waits
    /// for it (and says so) with nothing of it renamed, and every app's reports and the index
    /// are in place, with no temporary file left, once it is free.
    @Test func severalAppsEachWaitForTheirOwnFolderAndLeaveNoTemporaryFile() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-apps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("TwoApps")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Tests/AuditCoreTests/Fixtures/Apps/TwoApps"), to: root)
        let watch = root.appendingPathComponent("out/JournalWatch")
        try FileManager.default.createDirectory(at: watch, withIntermediateDirectories: true)
        let held = open(watch.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(held >= 0)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)

        let (process, stderr) = try Self.startWaitingRun(
            [".", "--output", "out", "--format", Self.formats, "--fail-on", "never"], in: root, stderrFile: base.appendingPathComponent("stderr"))
        defer { if process.isRunning { process.terminate() } }
        #expect(stderr == Self.waitingForOut)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(process.isRunning, "the run did not wait for the lock")
        #expect(Self.contents(of: watch).keys.filter { !$0.hasPrefix(".") }.isEmpty, "a report was renamed into a folder another run held")

        #expect(flock(held, LOCK_UN) == 0)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let out = root.appendingPathComponent("out")
        for folder in [out.appendingPathComponent("Journal"), watch, out] {
            let names = Set(Self.contents(of: folder).keys).subtracting(["Journal", "JournalWatch"])
            #expect(names == Set(Self.reportNames), "\(folder.lastPathComponent)")
        }
    }

    /// Every format, on the examples and on the 19 apps of the accuracy corpus audited as one
    /// project, is byte-identical across runs and across one, two and eight workers.
    @Test(arguments: ["Examples", "Tests/Corpus"])
    func everyFormatIsByteIdenticalAcrossRunsAndWorkers(folder: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-determinism-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = CLI.packageRoot.appendingPathComponent(folder).path
        var outputs: [(String, [String: Data])] = []
        for (name, jobs) in [("a", "1"), ("b", "2"), ("c", "8"), ("d", "8")] {
            let run = try CLI.runBounded([source, "--output", scratch.appendingPathComponent(name).path, "--format", Self.formats,
                                          "--jobs", jobs, "--fail-on", "never", "--quiet"], in: scratch)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(("--jobs \(jobs) (\(name))", Self.contents(of: scratch.appendingPathComponent(name))))
        }
        let (_, reference) = outputs[0]
        #expect(Set(reference.keys) == Set(Self.reportNames))
        for (label, files) in outputs.dropFirst() {
            for name in Self.reportNames {
                #expect(files[name] == reference[name], "\(folder): \(name) differs between --jobs 1 and \(label)")
            }
        }
    }
}
