import Foundation

struct Recipe: Identifiable, Hashable, Codable, Sendable {
    var id = UUID()
    var title: String
    var minutes: Int
    var servings: Int
    var ingredients: [String] = []
}

@MainActor
final class RecipeLibrary: ObservableObject {
    static let freeLimit = 25

    @Published private(set) var recipes: [Recipe] = [
        Recipe(title: "Shakshuka", minutes: 25, servings: 2),
        Recipe(title: "Lentil soup", minutes: 40, servings: 4),
    ]

    func canAdd(isPremium: Bool) -> Bool {
        isPremium || recipes.count < Self.freeLimit
    }

    func addBlank() {
        recipes.append(Recipe(title: String(localized: "New Recipe"), minutes: 30, servings: 2))
    }
}
