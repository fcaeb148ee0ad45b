import Foundation

/// Runs git for the audit (changed lines, ignored files): plain output whatever the user's
/// settings, standard error drained on a thread of its own, no standard input.
enum Git {
    /// Standard output of `git ARGUMENTS` run in `directory`, nil when git fails or is missing.
    /// Started with `posix_spawnp` and read through a pipe: Foundation's `Process` took about
    /// 50 ms to start a process here (it closes every descriptor the process could have), a
    /// third of a small app's audit. Standard error is discarded, standard input is empty.
    static func quickOutput(_ arguments: [String], in directory: String) -> String? {
        var pipe: [Int32] = [0, 0]
        guard Foundation.pipe(&pipe) == 0 else { return nil }
        defer { close(pipe[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        let argv = ["git", "-C", directory] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        // Plain output whatever the user's settings.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_PAGER"] = "cat"
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in cEnvironment { free(variable) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "git", &actions, nil, &cArguments, &cEnvironment)
        close(pipe[1])
        guard spawned == 0 else { return nil }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: buffer[0..<count]); continue }
            if count < 0, errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited normally with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

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
