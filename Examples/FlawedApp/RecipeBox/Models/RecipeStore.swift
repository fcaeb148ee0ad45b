import Foundation

@MainActor
final class RecipeStore: ObservableObject {
    @Published private(set) var recipes: [Recipe] = []
    @Published private(set) var cookbooks: [Cookbook] = []
    @Published private(set) var mealPlan: [Recipe] = []
    @Published var loadError: String?

    private let api = RecipeAPI.shared

    func refresh() async {
        do {
            async let fetchedRecipes = api.fetchRecipes()
            async let fetchedCookbooks = api.fetchCookbooks()
            let favorites = Set(recipes.filter(\.isFavorite).map(\.id))
            recipes = try await fetchedRecipes.map { recipe in
                var recipe = recipe
                recipe.isFavorite = favorites.contains(recipe.id)
                return recipe
            }
            cookbooks = try await fetchedCookbooks
        } catch {
            loadError = error.localizedDescription
        }
    }

    func toggleFavorite(_ recipe: Recipe) {
        guard let index = recipes.firstIndex(where: { $0.id == recipe.id }) else { return }
        recipes[index].isFavorite.toggle()
    }

    func addToMealPlan(_ recipe: Recipe) {
        guard !mealPlan.contains(recipe) else { return }
        mealPlan.append(recipe)
    }

    func delete(at offsets: IndexSet, from shown: [Recipe]) {
        let ids = Set(offsets.map { shown[$0].id })
        recipes.removeAll { ids.contains($0.id) }
    }
}
