import AuditReport
import Foundation

/// What the tool knows about where its output goes: whether standard output and standard
/// error are terminals, and the environment variables that change what it prints. Read once
/// at start; the decisions below are pure so that tests can make them without a terminal.
struct TerminalEnvironment: Sendable {
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool
    var variables: [String: String]

    static func current() -> TerminalEnvironment {
        TerminalEnvironment(
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            variables: ProcessInfo.processInfo.environment
        )
    }

    /// https://no-color.org: present and not empty.
    var noColor: Bool { !(variables["NO_COLOR"] ?? "").isEmpty }

    /// A CI service (they all set `CI`), whose log is no place for a progress line even when
    /// the service fakes a terminal.
    var isContinuousIntegration: Bool {
        guard let value = variables["CI"]?.lowercased() else { return false }
        return !value.isEmpty && value != "false" && value != "0"
    }

    /// `TERM=dumb`: a terminal that cannot move the cursor or colour text (Emacs shells).
    var isDumbTerminal: Bool { variables["TERM"] == "dumb" }

    /// The summary's style: colour and symbols together, on a terminal without `NO_COLOR`, or
    /// whenever `--color always` asks.
    func summaryStyle(_ choice: ColorChoice) -> TerminalRenderer.Style {
        switch choice {
        case .always: .terminal
        case .never: .plain
        case .auto: stdoutIsTerminal && !noColor && !isDumbTerminal ? .terminal : .plain
        }
    }

    /// How progress is shown on standard error, if at all.
    func progressMode(_ choice: ProgressChoice, quiet: Bool) -> ProgressDisplay.Mode {
        if quiet { return .off }
        switch choice {
        case .never: return .off
        case .always: return stderrIsTerminal && !isDumbTerminal ? .redrawn(delay: 0) : .lines
        case .auto:
            guard stderrIsTerminal, !isDumbTerminal, !isContinuousIntegration else { return .off }
            return .redrawn(delay: progressDelay)
        }
    }

    /// Seconds before progress appears on its own: runs shorter than that show nothing.
    var progressDelay: Double {
        guard let text = variables["IAP_AUDIT_PROGRESS_DELAY"], let seconds = Double(text), seconds >= 0, seconds.isFinite else { return 1 }
        return seconds
    }

    /// Columns of the terminal on standard error, for cutting the progress line to fit.
    static func stderrColumns() -> Int {
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        if ioctl(STDERR_FILENO, request, &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
