import SwiftUI

struct RootView: View {
    @EnvironmentObject private var store: SubscriptionStore
    @EnvironmentObject private var habits: HabitList
    @State private var isShowingPaywall = false
    @State private var isShowingSettings = false
    @State private var newHabitName = ""

    var body: some View {
        NavigationStack {
            List {
                ForEach(habits.habits) { habit in
                    Button {
                        habits.toggle(habit)
                    } label: {
                        HStack {
                            Text(habit.emoji)
                            Text(habit.name)
                            Spacer()
                            Text("\(habit.currentStreak) days")
                                .foregroundStyle(.secondary)
                            Image(systemName: habit.isDone(on: .now) ? "checkmark.circle.fill" : "circle")
                        }
                    }
                    .buttonStyle(.plain)
                }
                Section {
                    TextField("New habit", text: $newHabitName)
                        .onSubmit(addHabit)
                } footer: {
                    if !store.isPlus {
                        Text("Free plan: up to \(HabitList.freeLimit) habits.")
                    }
                }
            }
            .navigationTitle("Habit Loop")
            .toolbar {
                ToolbarItem(placement: .topBarLeading) {
                    Button("Settings", systemImage: "gear") { isShowingSettings = true }
                }
                if !store.isPlus {
                    ToolbarItem(placement: .topBarTrailing) {
                        Button("Get Plus") { isShowingPaywall = true }
                    }
                }
            }
            .sheet(isPresented: $isShowingPaywall) { PaywallView() }
            .sheet(isPresented: $isShowingSettings) { SettingsView() }
        }
    }

    private func addHabit() {
        let name = newHabitName.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        guard habits.canAdd(isPlus: store.isPlus) else {
            isShowingPaywall = true
            return
        }
        habits.add(Habit(name: name, emoji: "✅"))
        newHabitName = ""
    }
}
