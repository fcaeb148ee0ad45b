import Foundation

/// Runs git for the audit (changed lines, ignored files): plain output whatever the user's
/// settings, standard error drained on a thread of its own, no standard input.
enum Git {
    struct Output {
        var status: Int32
        var output: String
        var error: String
    }

    static func run(_ arguments: [String], in directory: URL) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        // Plain, untranslated output whatever the user's git settings.
        environment["LC_ALL"] = "C"
        environment["GIT_PAGER"] = "cat"
        environment.removeValue(forKey: "GIT_EXTERNAL_DIFF")
        process.environment = environment
        let out = Pipe()
        let errPipe = Pipe()
        process.standardOutput = out
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Output(status: -1, output: "", error: error.localizedDescription)
        }
        // Drain stderr on another thread so a chatty git cannot block on a full pipe.
        let errorBox = ErrorBox()
        let thread = Thread {
            errorBox.set(errPipe.fileHandleForReading.readDataToEndOfFile())
        }
        thread.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = errorBox.wait()
        return Output(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), error: String(decoding: errorData, as: UTF8.self))
    }
}

/// Hands stderr's bytes from the reading thread back to the caller.
private final class ErrorBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
