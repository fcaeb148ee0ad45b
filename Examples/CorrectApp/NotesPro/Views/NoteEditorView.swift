import StoreKit
import SwiftUI

struct NoteEditorView: View {
    let noteID: Note.ID

    @Environment(Store.self) private var store
    @Environment(NotesLibrary.self) private var library
    @AppStorage("editor.fontSize") private var fontSize = 17.0
    @State private var draft = Note(notebook: "")
    @State private var summary: String?
    @State private var isSummarizing = false
    @State private var isOfferingCredits = false
    @State private var isShowingExtras = false
    @State private var errorMessage: String?

    private let api = NotesAPI()

    var body: some View {
        VStack(spacing: 0) {
            TextField("Title", text: $draft.title)
                .font(.title2.bold())
                .padding(.horizontal)
            TextEditor(text: $draft.body)
                .font(.system(size: fontSize))
                .padding(.horizontal, 12)
            if let summary {
                GroupBox("Summary") {
                    Text(summary)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
                .padding()
            }
        }
        .navigationTitle(draft.notebook)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    Task { await summarize() }
                } label: {
                    Label("Summarize", systemImage: "sparkles")
                }
                .disabled(isSummarizing || draft.body.isEmpty)
            }
        }
        .onAppear {
            if let note = library.note(id: noteID) { draft = note }
        }
        .onChange(of: draft) { _, newValue in
            library.update(newValue)
        }
        .confirmationDialog("You're out of AI credits", isPresented: $isOfferingCredits, titleVisibility: .visible) {
            if let pack = store.extras.first(where: { $0.id == ProductID.credits50 }) {
                Button("Buy \(pack.displayName) for \(pack.displayPrice)") {
                    Task { try? await store.purchase(pack) }
                }
            }
            Button("More Options") { isShowingExtras = true }
        }
        .sheet(isPresented: $isShowingExtras) {
            ExtrasStoreView()
        }
        .alert("Summary Failed", isPresented: Binding(get: { errorMessage != nil }, set: { if !$0 { errorMessage = nil } })) {
            Button("OK", role: .cancel) {}
        } message: {
            Text(errorMessage ?? "")
        }
    }

    private func summarize() async {
        guard await store.spendCredit() else {
            isOfferingCredits = true
            return
        }
        isSummarizing = true
        defer { isSummarizing = false }
        do {
            summary = try await api.summarize(draft.body, accountToken: store.accountToken)
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
