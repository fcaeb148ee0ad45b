import Foundation

struct Recipe: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var summary: String
    var ingredients: [String]
    var steps: [String]
    var cookMinutes: Int
    var imageURL: URL?
    var isFavorite = false

    func matches(_ query: String) -> Bool {
        query.isEmpty
            || title.localizedCaseInsensitiveContains(query)
            || ingredients.contains { $0.localizedCaseInsensitiveContains(query) }
    }
}
