import SwiftUI

struct SettingsView: View {
    @Environment(SleepStore.self) private var store
    @AppStorage("narratorVoice") private var narratorVoice = "Ava"

    var body: some View {
        Form {
            Section("SleepCast Plus") {
                LabeledContent("Plan", value: store.hasPlus ? "Plus" : "Free")
                Button("Restore Purchases") {
                    Task { await store.restore() }
                }
            }
            Section("Narration") {
                Picker("Voice", selection: $narratorVoice) {
                    Text("Ava").tag("Ava")
                    Text("Theo").tag("Theo")
                }
            }
            if let message = store.errorMessage {
                Text(message).foregroundStyle(.red)
            }
        }
        .navigationTitle("Settings")
    }
}
