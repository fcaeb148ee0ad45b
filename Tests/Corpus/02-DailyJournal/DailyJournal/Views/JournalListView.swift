import SwiftUI

struct JournalListView: View {
    @Environment(JournalStore.self) private var store
    @Environment(Journal.self) private var journal
    @State private var isShowingUpgrade = false
    @State private var isShowingSettings = false
    @State private var draft = ""

    var body: some View {
        NavigationStack {
            List {
                Section {
                    TextField("How was today?", text: $draft, axis: .vertical)
                    Button("Save Entry", action: save)
                        .disabled(draft.isEmpty)
                }
                ForEach(journal.entries) { entry in
                    VStack(alignment: .leading) {
                        Text(entry.date, style: .date)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                        Text(entry.text)
                    }
                }
            }
            .navigationTitle("Journal")
            .toolbar {
                Button("Settings", systemImage: "gear") { isShowingSettings = true }
            }
            .sheet(isPresented: $isShowingUpgrade) { UpgradeView() }
            .sheet(isPresented: $isShowingSettings) { SettingsView() }
        }
    }

    private func save() {
        guard store.isPremium || journal.entriesThisMonth() < Journal.freeEntriesPerMonth else {
            isShowingUpgrade = true
            return
        }
        journal.add(text: draft, mood: 3)
        draft = ""
    }
}
