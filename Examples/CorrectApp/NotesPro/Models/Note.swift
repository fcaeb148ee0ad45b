import Foundation

struct Note: Identifiable, Codable, Hashable, Sendable {
    var id: UUID
    var notebook: String
    var title: String
    var body: String
    var createdAt: Date
    var updatedAt: Date

    init(notebook: String, title: String = "", body: String = "") {
        let now = Date.now
        self.id = UUID()
        self.notebook = notebook
        self.title = title
        self.body = body
        self.createdAt = now
        self.updatedAt = now
    }

    var displayTitle: String {
        title.isEmpty ? String(localized: "Untitled") : title
    }

    /// The first non-empty line of the body, for the list.
    var preview: String {
        body.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }

    func matches(_ query: String) -> Bool {
        query.isEmpty
            || title.localizedCaseInsensitiveContains(query)
            || body.localizedCaseInsensitiveContains(query)
    }
}
