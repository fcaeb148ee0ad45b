import Foundation
import Testing

/// A run of the `iap-audit` binary with limits: at most `memoryMB` of address space
/// (`ulimit -v`, so exhausting it ends the run instead of the machine) and `seconds` of
/// wall-clock time, after which it is killed. Output goes through files, so neither stream can
/// fill a pipe and stall the other.
struct BoundedRun {
    var status: Int32
    /// False when the process ended by a signal: a crash, or killed at the time limit.
    var exited: Bool
    var timedOut: Bool
    var elapsed: Duration
    var stdout: String
    var stderr: String

    /// Whether the run ended by itself with one of the exit codes the README documents.
    var endedNormally: Bool { exited && !timedOut && [0, 1, 2].contains(status) }
}

extension CLI {
    /// `shellPrefix` runs before the binary in the same shell (`trap '' XFSZ; ulimit -f 8`), and
    /// `stdoutPath` replaces the captured standard output (for example with /dev/full).
    static func runBounded(
        _ arguments: [String], in directory: URL, seconds: Double = 120, memoryMB: Int = 1024,
        shellPrefix: String = "", stdoutPath: String? = nil
    ) throws -> BoundedRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = stdoutPath.map { URL(fileURLWithPath: $0) } ?? scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        if stdoutPath == nil { _ = FileManager.default.createFile(atPath: outURL.path, contents: nil) }
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(memoryMB * 1024); \(shellPrefix) exec \"$0\" \"$@\"", binary.path] + arguments
        process.currentDirectoryURL = directory
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        var timedOut = false
        while process.isRunning {
            if clock.now - start > .seconds(seconds) {
                timedOut = true
                process.terminate()
                process.waitUntilExit()
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        let elapsed = clock.now - start
        let stdout = stdoutPath == nil ? (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" : ""
        return BoundedRun(
            status: process.terminationStatus, exited: process.terminationReason == .exit, timedOut: timedOut,
            elapsed: elapsed, stdout: stdout, stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        )
    }

    /// A fresh temporary folder holding `files` given as bytes.
    static func makeProject(bytes files: [String: [UInt8]]) throws -> URL {
        let root = try makeProject([:])
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents).write(to: url)
        }
        return root
    }
}
