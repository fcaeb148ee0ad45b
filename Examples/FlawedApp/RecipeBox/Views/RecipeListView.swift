import SwiftUI

struct RecipeListView: View {
    @EnvironmentObject private var recipes: RecipeStore
    @EnvironmentObject private var purchases: PurchaseManager
    @State private var searchText = ""
    @State private var isShowingPaywall = false

    private var shownRecipes: [Recipe] {
        recipes.recipes.filter { $0.matches(searchText) }
    }

    var body: some View {
        NavigationStack {
            List {
                if !purchases.isPro {
                    Section {
                        Button("Unlock every recipe with Pro") { isShowingPaywall = true }
                    }
                }
                if !recipes.cookbooks.isEmpty {
                    Section("Cookbooks") {
                        ForEach(recipes.cookbooks) { cookbook in
                            NavigationLink(cookbook.title) {
                                CookbookDetailView(cookbook: cookbook)
                            }
                        }
                    }
                }
                Section("Saved") {
                    ForEach(shownRecipes) { recipe in
                        NavigationLink(value: recipe) {
                            RecipeRow(recipe: recipe)
                        }
                    }
                    .onDelete { offsets in recipes.delete(at: offsets, from: shownRecipes) }
                }
            }
            .searchable(text: $searchText, prompt: "Search recipes or ingredients")
            .navigationTitle("Recipes")
            .navigationDestination(for: Recipe.self) { recipe in
                RecipeDetailView(recipe: recipe)
            }
            .toolbar {
                NavigationLink {
                    SettingsView()
                } label: {
                    Image(systemName: "gearshape")
                }
            }
            .refreshable { await recipes.refresh() }
            .task { await recipes.refresh() }
            .sheet(isPresented: $isShowingPaywall) {
                PaywallView()
            }
        }
    }
}

private struct RecipeRow: View {
    let recipe: Recipe

    var body: some View {
        HStack(spacing: 12) {
            AsyncImage(url: recipe.imageURL) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                Color.secondary.opacity(0.2)
            }
            .frame(width: 56, height: 56)
            .clipShape(.rect(cornerRadius: 8))

            VStack(alignment: .leading) {
                Text(recipe.title)
                    .font(.headline)
                Text("\(recipe.cookMinutes) min")
                    .foregroundStyle(.secondary)
            }
            if recipe.isFavorite {
                Spacer()
                Image(systemName: "heart.fill")
                    .foregroundStyle(.red)
            }
        }
    }
}
