import Foundation

/// Runs the real `iap-audit` in a pseudo-terminal, through `script(1)` (util-linux's on
/// Linux, installed by scripts/setup when missing; the BSD one on macOS). The program sees a
/// terminal on every stream the command line does not redirect: `redirect: ">out.txt"` leaves
/// only standard error on the terminal. `terminal` is every byte the terminal received.
struct TerminalRun {
    var status: Int32
    var terminal: String
}

enum PseudoTerminal {
    static let script = "/usr/bin/script"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: script) }

    /// Variables the tool reads, cleared so that the caller's shell or CI service cannot
    /// change what a test sees; tests set the ones they are about.
    static let controlledVariables = ["NO_COLOR", "CI", "IAP_AUDIT_PROGRESS_DELAY", "TERM"]

    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], redirect: String = "") throws -> TerminalRun {
        let command = "cd \(quoted(directory.path)) && exec " + ([CLI.binary.path] + arguments).map(quoted).joined(separator: " ") + " " + redirect
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        #if os(Linux)
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        #else
        process.arguments = ["-q", "/dev/null", "/bin/sh", "-c", command]
        #endif
        var variables = ProcessInfo.processInfo.environment
        for name in controlledVariables { variables[name] = nil }
        variables["TERM"] = "xterm-256color"
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return TerminalRun(status: process.terminationStatus, terminal: String(decoding: data, as: UTF8.self))
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension String {
    /// The terminal's line discipline turns "\n" into "\r\n"; the tests compare lines.
    var withUnixLineEnds: String { replacingOccurrences(of: "\r\n", with: "\n") }

    static let escape = "\u{1B}"
}
