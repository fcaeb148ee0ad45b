/// The stages of an audit, in the order they run. A progress display names the current one;
/// the time between two `started` events is the earlier stage's duration.
public enum AuditStage: String, Sendable, CaseIterable {
    case discovering = "finding files"
    /// Files from disk: each read and parsed in one go.
    case reading = "reading and parsing files"
    /// Files given in memory (`Auditor.audit(files:)`).
    case parsing = "parsing files"
    case checking = "running rules"
    case finishing = "collecting findings"
}

/// What the engine reports while it runs, for progress and timings. `advanced` arrives once
/// per item of the stage (a file or a rule), from whichever worker finished it.
public enum AuditEvent: Sendable {
    case started(AuditStage, total: Int)
    case advanced(AuditStage)
    /// One item of the stage started or ended: a rule (its identifier) or a fact prepared for
    /// the rules. A display names what runs while the count stands still (one rule on a 50 MB
    /// file takes seconds).
    case item(AuditStage, String, started: Bool)
}

/// Receives the events; called concurrently from the workers, so it must be cheap and
/// thread-safe. The engine never waits for it to do anything else.
public typealias AuditObserver = @Sendable (AuditEvent) -> Void
