import Foundation
import Observation
import OSLog

private let log = Logger(subsystem: "com.notespro.app", category: "Library")

/// The user's notes, kept in one JSON file in Documents and saved shortly after
/// each change.
@MainActor
@Observable
final class NotesLibrary {
    private(set) var notes: [Note] = []

    @ObservationIgnored private let fileURL: URL
    @ObservationIgnored private var saveTask: Task<Void, Never>?

    init(fileURL: URL = URL.documentsDirectory.appending(path: "notes.json")) {
        self.fileURL = fileURL
    }

    var notebooks: [String] {
        Set(notes.map(\.notebook)).sorted()
    }

    func notes(in notebook: String, matching query: String) -> [Note] {
        notes
            .filter { $0.notebook == notebook && $0.matches(query) }
            .sorted { $0.updatedAt > $1.updatedAt }
    }

    func note(id: Note.ID) -> Note? {
        notes.first { $0.id == id }
    }

    func load() async {
        do {
            let data = try Data(contentsOf: fileURL)
            notes = try JSONDecoder().decode([Note].self, from: data)
        } catch CocoaError.fileReadNoSuchFile {
            notes = []
        } catch {
            log.error("Could not read notes: \(error.localizedDescription, privacy: .public)")
        }
    }

    @discardableResult
    func addNote(in notebook: String) -> Note {
        let note = Note(notebook: notebook)
        notes.append(note)
        scheduleSave()
        return note
    }

    func update(_ note: Note) {
        guard let index = notes.firstIndex(where: { $0.id == note.id }), notes[index] != note else { return }
        var updated = note
        updated.updatedAt = .now
        notes[index] = updated
        scheduleSave()
    }

    func delete(_ shown: [Note], at offsets: IndexSet) {
        let ids = Set(offsets.map { shown[$0].id })
        notes.removeAll { ids.contains($0.id) }
        scheduleSave()
    }

    func nextNotebookName() -> String {
        String(localized: "Notebook \(notebooks.count + 1)")
    }

    private func scheduleSave() {
        saveTask?.cancel()
        let snapshot = notes
        let url = fileURL
        saveTask = Task.detached(priority: .utility) {
            try? await Task.sleep(for: .milliseconds(500))
            guard !Task.isCancelled else { return }
            do {
                let data = try JSONEncoder().encode(snapshot)
                try data.write(to: url, options: .atomic)
            } catch {
                log.error("Could not save notes: \(error.localizedDescription, privacy: .public)")
            }
        }
    }
}
