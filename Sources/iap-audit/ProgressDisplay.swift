import AuditCore
import AuditReport
import Foundation

/// Progress on standard error while an audit runs (the current stage, files read of the
/// total), and the time each stage took, for `--verbose`.
///
/// On a terminal one line is redrawn in place, starting only once the run has taken `delay`
/// seconds, so a quick run prints nothing, and erased before the summary. Elsewhere (a CI log,
/// with `--progress`) it prints a line when a stage starts and at most one a second within
/// one. Events come from the engine's workers on any thread; everything is behind one lock.
final class ProgressDisplay: @unchecked Sendable {
    enum Mode: Sendable, Equatable {
        case off
        case redrawn(delay: Double)
        case lines
    }

    private let mode: Mode
    private let columns: Int
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private let start: UInt64
    private var stage: String?
    private var stageStart: UInt64
    private var done = 0
    private var total = 0
    private var timings: [TerminalRenderer.StageTiming] = []
    private var lastDraw: UInt64 = 0
    private var lineOnScreen = false
    private var lastLine = ""
    private var timer: DispatchSourceTimer?
    /// The items of the stage running now (a rule, a fact), with how many run and since when.
    private var running: [String: (count: Int, since: UInt64)] = [:]

    init(mode: Mode, columns: Int = 80, write: @escaping @Sendable (String) -> Void) {
        self.mode = mode
        self.columns = max(20, columns)
        self.write = write
        start = DispatchTime.now().uptimeNanoseconds
        stageStart = start
        guard mode != .off else { return }
        // Ticks draw the line when the delay passes or a long stage sends no events.
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        self.timer = timer
    }

    /// Whether stages are shown at all (not `.off`).
    var showsStages: Bool { mode != .off }

    /// For the engine: `AuditOptions.observer`.
    ///
    /// With nothing shown (`.off`: standard error is not a terminal, `--quiet`, `--no-progress`)
    /// only the stages are followed, for `--verbose`'s times. Items and counts are only drawn,
    /// and each took the one lock: thousands of events a run from both workers (a rule's start
    /// and end, each app's and each rule's), which queued on each other (80 of the real
    /// benchmark corpus's 200 context switches).
    var observer: AuditObserver {
        if mode == .off {
            return { [self] event in
                if case .started(let stage, let total) = event { begin(stage.rawValue, total: total) }
            }
        }
        return { [self] event in
            switch event {
            case .started(let stage, let total): begin(stage.rawValue, total: total)
            case .advanced: advance()
            case .item(_, let name, let started): item(name, started: started)
            }
        }
    }

    /// A new stage: the previous one's time is recorded.
    func begin(_ name: String, total: Int = 0) {
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        closeStage(at: now)
        stage = name
        stageStart = now
        done = 0
        self.total = total
        running = [:]
        draw(now: now, stageChanged: true)
    }

    /// An item of the stage started or ended: shown while the count stands still.
    func item(_ name: String, started: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        if started {
            running[name] = (count: (running[name]?.count ?? 0) + 1, since: running[name]?.since ?? now)
        } else if let entry = running[name] {
            running[name] = entry.count > 1 ? (entry.count - 1, entry.since) : nil
        }
    }

    func advance() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        draw(now: DispatchTime.now().uptimeNanoseconds, stageChanged: false)
    }

    /// Ends the last stage, erases the progress line and returns the stages' times.
    func finish() -> [TerminalRenderer.StageTiming] {
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = nil
        closeStage(at: DispatchTime.now().uptimeNanoseconds)
        stage = nil
        if lineOnScreen {
            write("\r\u{1B}[2K")
            lineOnScreen = false
        }
        return timings
    }

    /// The timer's beat: shows the line once the delay has passed, even between events.
    private func tick() {
        lock.lock()
        defer { lock.unlock() }
        draw(now: DispatchTime.now().uptimeNanoseconds, stageChanged: false)
    }

    // MARK: With the lock held

    private func closeStage(at now: UInt64) {
        guard let stage else { return }
        let seconds = Double(now - stageStart) / 1e9
        if let index = timings.firstIndex(where: { $0.stage == stage }) {
            timings[index].seconds += seconds
        } else {
            timings.append(TerminalRenderer.StageTiming(stage: stage, seconds: seconds))
        }
    }

    private func draw(now: UInt64, stageChanged: Bool) {
        guard let stage else { return }
        switch mode {
        case .off:
            return
        case .redrawn(let delay):
            guard Double(now - start) / 1e9 >= delay else { return }
            // Ten redraws a second at most, except that a new stage shows at once.
            guard stageChanged || now - lastDraw >= 100_000_000 || !lineOnScreen else { return }
            var line = "iap-audit: " + describe(stage)
            if line.count > columns - 1 { line = String(line.prefix(columns - 2)) + "…" }
            guard line != lastLine || !lineOnScreen else { return }
            write("\r\u{1B}[2K" + line)
            lineOnScreen = true
            lastLine = line
            lastDraw = now
        case .lines:
            guard stageChanged || now - lastDraw >= 1_000_000_000 else { return }
            let line = "iap-audit: " + describe(stage)
            guard line != lastLine else { return }
            write(line + "\n")
            lastLine = line
            lastDraw = now
        }
    }

    private func describe(_ stage: String) -> String {
        guard total > 0 else { return stage + "…" }
        let percent = min(100, done * 100 / total)
        return "\(stage) \(min(done, total))/\(total) (\(percent)%)" + runningItems()
    }

    /// What has been running for a second or more, longest first: a long rule shows its name
    /// and time instead of a count that stands still.
    private func runningItems() -> String {
        let now = DispatchTime.now().uptimeNanoseconds
        let long = running.filter { now - $0.value.since >= 1_000_000_000 }
            .sorted { $0.value.since != $1.value.since ? $0.value.since < $1.value.since : $0.key < $1.key }
        guard let first = long.first else { return "" }
        let others = long.count > 1 ? " and \(long.count - 1) more" : ""
        return ": \(first.key) for \((now - first.value.since) / 1_000_000_000) s\(others)"
    }
}
