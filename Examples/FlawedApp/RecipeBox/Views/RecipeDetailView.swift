import SwiftUI

struct RecipeDetailView: View {
    let recipe: Recipe

    @EnvironmentObject private var recipes: RecipeStore
    @EnvironmentObject private var purchases: PurchaseManager
    @StateObject private var timer = CookingTimer()
    @State private var isShowingUpgrade = false

    var body: some View {
        List {
            Section {
                Text(recipe.summary)
            }
            Section("Ingredients") {
                ForEach(recipe.ingredients, id: \.self) { ingredient in
                    Text(ingredient)
                }
            }
            Section("Steps") {
                ForEach(Array(recipe.steps.enumerated()), id: \.offset) { index, step in
                    Text("\(index + 1). \(step)")
                }
            }
            Section("Timer") {
                HStack {
                    Text(Duration.seconds(timer.remaining), format: .time(pattern: .minuteSecond))
                        .monospacedDigit()
                    Spacer()
                    Button(timer.phase == .running ? "Pause" : "Start") {
                        timer.toggle(minutes: recipe.cookMinutes)
                    }
                }
            }
        }
        .navigationTitle(recipe.title)
        .toolbar {
            Button {
                recipes.toggleFavorite(recipe)
            } label: {
                Image(systemName: recipe.isFavorite ? "heart.fill" : "heart")
            }
            Button("Add to Meal Plan") {
                if purchases.isPro {
                    recipes.addToMealPlan(recipe)
                } else {
                    isShowingUpgrade = true
                }
            }
        }
        .sheet(isPresented: $isShowingUpgrade) {
            UpgradeSheet()
        }
    }
}

@MainActor
final class CookingTimer: ObservableObject {
    enum Phase {
        case idle, running, paused, finished
    }

    @Published private(set) var phase: Phase = .idle
    @Published private(set) var remaining: TimeInterval = 0
    private var ticker: Timer?

    func toggle(minutes: Int) {
        switch phase {
        case .idle, .finished:
            remaining = TimeInterval(minutes * 60)
            phase = .running
            startTicking()
        case .running:
            phase = .paused
        case .paused:
            phase = .running
        }
    }

    private func startTicking() {
        ticker?.invalidate()
        ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            Task { @MainActor in self?.tick() }
        }
    }

    private func tick() {
        switch phase {
        case .running:
            remaining = max(0, remaining - 1)
            if remaining == 0 { phase = .finished }
        case .finished:
            ticker?.invalidate()
            ticker = nil
        default:
            break
        }
    }
}
