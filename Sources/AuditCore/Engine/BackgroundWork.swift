import Foundation
import Synchronization

/// Work done once, on a thread of its own (`start`), on a thread of the workers' pool
/// (`startPooled`) or on the caller's (`run`); `result` waits for it, `isDone` asks.
public final class BackgroundWork<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let work: @Sendable () throws(Failure) -> Value
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)
    /// Written once before `done` is signalled; read only after waiting for it.
    private var outcome: Result<Value, Failure>?

    public init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        self.work = work
    }

    /// On a thread of its own: for work that runs beside the workers' pool while it is busy.
    public func start() {
        Thread.detachNewThread { self.run() }
    }

    /// On a thread of the pool `parallelMap` uses, for work that ends before the pool is
    /// needed (a new thread costs a malloc arena whose first page the kernel zeroes).
    public func startPooled() {
        DispatchQueue.global().async { self.run() }
    }

    public func run() {
        outcome = Result { () throws(Failure) -> Value in try work() }
        finished.store(true, ordering: .releasing)
        done.signal()
    }

    /// Whether the work has finished (`result` would not wait).
    public var isDone: Bool { finished.load(ordering: .acquiring) }

    public func result() -> Result<Value, Failure> {
        done.wait()
        done.signal()
        return outcome!
    }
}
