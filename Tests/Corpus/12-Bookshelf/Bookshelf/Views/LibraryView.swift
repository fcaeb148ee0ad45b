import SwiftUI

struct LibraryView: View {
    @Environment(Store.self) private var store
    @State private var isShowingStore = false

    var body: some View {
        NavigationStack {
            List {
                if store.isFoundingReader {
                    Label("Founding Reader", systemImage: "star.circle.fill")
                        .foregroundStyle(.yellow)
                }
                Section("Reading Now") {
                    Text("The Left Hand of Darkness")
                    Text("Middlemarch")
                }
            }
            .navigationTitle("Bookshelf")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button(store.hasPro ? "Pro" : "Upgrade") { isShowingStore = true }
                }
                ToolbarItem(placement: .topBarLeading) {
                    NavigationLink { SettingsView() } label: { Image(systemName: "gear") }
                }
            }
            .sheet(isPresented: $isShowingStore) { StoreScreen() }
        }
    }
}
