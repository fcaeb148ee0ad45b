import SwiftUI

struct NotesListView: View {
    @Environment(Store.self) private var store
    @Environment(NotesLibrary.self) private var library
    @State private var searchText = ""
    @State private var path: [Note.ID] = []
    @State private var isShowingPaywall = false

    /// Free accounts keep up to this many notebooks.
    private let freeNotebookLimit = 3

    var body: some View {
        NavigationStack(path: $path) {
            List {
                ForEach(library.notebooks, id: \.self) { notebook in
                    let shown = library.notes(in: notebook, matching: searchText)
                    if !shown.isEmpty {
                        Section(notebook) {
                            ForEach(shown) { note in
                                NavigationLink(value: note.id) {
                                    NoteRow(note: note)
                                }
                            }
                            .onDelete { offsets in library.delete(shown, at: offsets) }
                        }
                    }
                }
            }
            .overlay {
                if library.notes.isEmpty {
                    ContentUnavailableView(
                        "No Notes Yet",
                        systemImage: "note.text",
                        description: Text("Tap the compose button to write your first note.")
                    )
                }
            }
            .searchable(text: $searchText)
            .navigationTitle("Notes")
            .navigationDestination(for: Note.ID.self) { id in
                NoteEditorView(noteID: id)
            }
            .toolbar {
                ToolbarItem(placement: .topBarLeading) {
                    NavigationLink {
                        SettingsView()
                    } label: {
                        Label("Settings", systemImage: "gearshape")
                    }
                }
                ToolbarItem(placement: .primaryAction) {
                    Menu {
                        ForEach(library.notebooks, id: \.self) { notebook in
                            Button(notebook) { addNote(in: notebook) }
                        }
                        Divider()
                        Button("New Notebook", systemImage: "folder.badge.plus", action: addNotebook)
                    } label: {
                        Label("New Note", systemImage: "square.and.pencil")
                    }
                }
            }
            .sheet(isPresented: $isShowingPaywall) {
                PaywallView()
            }
        }
    }

    private func addNote(in notebook: String) {
        let note = library.addNote(in: notebook)
        path.append(note.id)
    }

    private func addNotebook() {
        guard store.isPro || library.notebooks.count < freeNotebookLimit else {
            isShowingPaywall = true
            return
        }
        addNote(in: library.nextNotebookName())
    }
}

private struct NoteRow: View {
    let note: Note

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(note.displayTitle)
                .font(.headline)
            if !note.preview.isEmpty {
                Text(note.preview)
                    .lineLimit(1)
                    .foregroundStyle(.secondary)
            }
            Text(note.updatedAt, format: .relative(presentation: .named))
                .font(.caption)
                .foregroundStyle(.tertiary)
        }
    }
}
