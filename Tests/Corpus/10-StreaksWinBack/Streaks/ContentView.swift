import SwiftUI

struct ContentView: View {
    @Environment(StreakStore.self) private var store
    @Environment(StreakTracker.self) private var tracker
    @State private var isShowingUpgrade = false

    var body: some View {
        NavigationStack {
            VStack(spacing: 24) {
                Text("\(tracker.currentStreak)")
                    .font(.system(size: 96, weight: .heavy, design: .rounded))
                Text("day streak")
                    .font(.title2)
                Button("I did it today") {
                    tracker.checkIn()
                    ReviewPrompter.promptIfMilestone(tracker.currentStreak)
                }
                .buttonStyle(.borderedProminent)
                .disabled(tracker.checkedInToday)
                if !store.isPremium {
                    Button("Unlock Streaks Premium") { isShowingUpgrade = true }
                }
            }
            .toolbar {
                NavigationLink { AccountView() } label: { Image(systemName: "person.crop.circle") }
            }
            .sheet(isPresented: $isShowingUpgrade) { UpgradeView() }
            .sheet(item: Bindable(store).winBackProduct) { product in
                WinBackSheet(product: product)
            }
        }
        .onAppear { store.startListening() }
        .task { await store.refreshStatus() }
    }
}
