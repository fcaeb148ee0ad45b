import Foundation
import Observation

struct Entry: Identifiable, Hashable, Codable, Sendable {
    var id = UUID()
    var date: Date
    var text: String
    var mood: Int
}

@Observable
@MainActor
final class Journal {
    static let freeEntriesPerMonth = 10

    private(set) var entries: [Entry] = []

    func entriesThisMonth(calendar: Calendar = .current) -> Int {
        entries.filter { calendar.isDate($0.date, equalTo: .now, toGranularity: .month) }.count
    }

    func add(text: String, mood: Int) {
        entries.insert(Entry(date: .now, text: text, mood: mood), at: 0)
    }
}
