import Foundation

/// Work done once, on a thread of its own (`start`) or on the caller's (`run`); `result` waits
/// for it.
final class BackgroundWork<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let work: @Sendable () throws(Failure) -> Value
    private let done = DispatchSemaphore(value: 0)
    /// Written once before `done` is signalled; read only after waiting for it.
    private var outcome: Result<Value, Failure>?

    init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        self.work = work
    }

    func start() {
        Thread.detachNewThread { self.run() }
    }

    func run() {
        outcome = Result { () throws(Failure) -> Value in try work() }
        done.signal()
    }

    func result() -> Result<Value, Failure> {
        done.wait()
        done.signal()
        return outcome!
    }
}
