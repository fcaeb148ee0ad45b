import Synchronization

/// A value computed on first use, at most once, by whichever thread asks first; later reads
/// are one atomic load. For the parts of a file that most rules never ask of most files.
final class OnceCell<Value: Sendable>: Sendable {
    private let ready = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    /// Written once under `lock`, before `ready` is set with release ordering; read only
    /// after `ready` is seen with acquire ordering.
    nonisolated(unsafe) private var value: Value?

    init() {}

    @inline(__always)
    func get(_ make: () -> Value) -> Value {
        if ready.load(ordering: .acquiring) { return value.unsafelyUnwrapped }
        return lock.withLock { _ in
            if ready.load(ordering: .acquiring) { return value.unsafelyUnwrapped }
            let made = make()
            value = made
            ready.store(true, ordering: .releasing)
            return made
        }
    }

    /// Whether the value has been computed (for tests and measurements).
    var isComputed: Bool { ready.load(ordering: .acquiring) }
}
