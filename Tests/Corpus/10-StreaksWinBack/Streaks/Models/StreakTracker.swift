import Foundation
import Observation

@Observable
@MainActor
final class StreakTracker {
    private(set) var checkIns: [Date] = []

    var checkedInToday: Bool {
        checkIns.last.map { Calendar.current.isDateInToday($0) } ?? false
    }

    var currentStreak: Int {
        var streak = 0
        var day = Calendar.current.startOfDay(for: .now)
        let days = Set(checkIns.map { Calendar.current.startOfDay(for: $0) })
        while days.contains(day) {
            streak += 1
            day = Calendar.current.date(byAdding: .day, value: -1, to: day) ?? day
        }
        return streak
    }

    func checkIn() {
        guard !checkedInToday else { return }
        checkIns.append(.now)
    }
}
