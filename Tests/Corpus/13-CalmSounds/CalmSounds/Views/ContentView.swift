import SwiftUI

struct ContentView: View {
    @EnvironmentObject private var store: StoreService
    @State private var isShowingPremium = false
    @State private var playing: String?

    private let freeSounds = ["Rain", "Forest", "Ocean"]
    private let premiumSounds = ["Thunderstorm", "Fireplace", "Night Train", "Cafe"]

    var body: some View {
        NavigationStack {
            List {
                if store.showsBillingIssue {
                    Text("There's a problem with your payment. Update it in Settings to keep Premium.")
                        .foregroundStyle(.orange)
                }
                Section("Sounds") {
                    ForEach(freeSounds, id: \.self) { sound in
                        Button(sound) { playing = sound }
                    }
                }
                Section("Premium") {
                    ForEach(premiumSounds, id: \.self) { sound in
                        Button(sound) {
                            if store.access == .premium { playing = sound } else { isShowingPremium = true }
                        }
                    }
                }
            }
            .navigationTitle(playing ?? "Calm Sounds")
            .toolbar {
                NavigationLink { SettingsView() } label: { Image(systemName: "gear") }
            }
            .sheet(isPresented: $isShowingPremium) { PremiumView() }
        }
    }
}
