import Foundation
import Observation

@Observable
@MainActor
final class SleepTimer {
    static let presets: [Duration] = [.seconds(15 * 60), .seconds(30 * 60), .seconds(60 * 60)]

    private(set) var remaining: Duration?
    @ObservationIgnored private var task: Task<Void, Never>?

    func start(_ duration: Duration) {
        task?.cancel()
        remaining = duration
        task = Task { [weak self] in
            while let left = self?.remaining, left > .zero {
                try? await Task.sleep(for: .seconds(1))
                guard !Task.isCancelled else { return }
                self?.remaining = left - .seconds(1)
            }
            self?.remaining = nil
        }
    }

    func cancel() {
        task?.cancel()
        remaining = nil
    }

    static func label(for duration: Duration) -> String {
        let minutes = Int(duration.components.seconds / 60)
        return minutes >= 60 ? "\(minutes / 60) h" : "\(minutes) min"
    }
}
