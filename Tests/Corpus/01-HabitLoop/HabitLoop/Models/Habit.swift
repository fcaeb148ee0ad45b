import Foundation

struct Habit: Identifiable, Codable, Hashable, Sendable {
    var id = UUID()
    var name: String
    var emoji: String
    var completedDays: Set<Date> = []

    func isDone(on day: Date, calendar: Calendar = .current) -> Bool {
        completedDays.contains(calendar.startOfDay(for: day))
    }

    var currentStreak: Int {
        let calendar = Calendar.current
        var day = calendar.startOfDay(for: .now)
        var streak = 0
        while completedDays.contains(day) {
            streak += 1
            guard let previous = calendar.date(byAdding: .day, value: -1, to: day) else { break }
            day = previous
        }
        return streak
    }
}

/// Free users track three habits; Plus removes the limit.
@MainActor
final class HabitList: ObservableObject {
    static let freeLimit = 3

    @Published private(set) var habits: [Habit] = []

    func canAdd(isPlus: Bool) -> Bool {
        isPlus || habits.count < Self.freeLimit
    }

    func add(_ habit: Habit) {
        habits.append(habit)
    }

    func toggle(_ habit: Habit, on day: Date = .now) {
        guard let index = habits.firstIndex(where: { $0.id == habit.id }) else { return }
        let start = Calendar.current.startOfDay(for: day)
        if habits[index].completedDays.contains(start) {
            habits[index].completedDays.remove(start)
        } else {
            habits[index].completedDays.insert(start)
        }
    }
}
