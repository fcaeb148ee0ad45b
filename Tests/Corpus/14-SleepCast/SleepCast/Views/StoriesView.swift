import SwiftUI

struct StoriesView: View {
    @Environment(SleepStore.self) private var store
    @Environment(SleepTimer.self) private var timer
    @State private var isShowingPaywall = false

    private let stories = [
        (title: "The Lighthouse Keeper", free: true),
        (title: "Slow Train to Lisbon", free: false),
        (title: "A Walk Through Kyoto", free: false),
    ]

    var body: some View {
        NavigationStack {
            List {
                ForEach(stories, id: \.title) { story in
                    Button {
                        if !story.free && !store.hasPlus { isShowingPaywall = true }
                    } label: {
                        Label(story.title, systemImage: story.free || store.hasPlus ? "moon.zzz" : "lock")
                    }
                }
                Section("Sleep Timer") {
                    ForEach(SleepTimer.presets, id: \.self) { preset in
                        Button(SleepTimer.label(for: preset)) { timer.start(preset) }
                    }
                }
            }
            .navigationTitle("SleepCast")
            .toolbar {
                NavigationLink { SettingsView() } label: { Image(systemName: "gear") }
            }
            .sheet(isPresented: $isShowingPaywall) { PaywallView() }
        }
    }
}
