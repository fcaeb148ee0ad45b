import SwiftUI

struct RecipeListView: View {
    @EnvironmentObject private var subscription: SubscriptionModel
    @EnvironmentObject private var recipes: RecipeLibrary
    @State private var isShowingPaywall = false

    var body: some View {
        NavigationStack {
            List(recipes.recipes) { recipe in
                VStack(alignment: .leading) {
                    Text(recipe.title).font(.headline)
                    Text("\(recipe.minutes) min · serves \(recipe.servings)")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            .navigationTitle("Recipes")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("Add", systemImage: "plus") {
                        if recipes.canAdd(isPremium: subscription.isPremium) {
                            recipes.addBlank()
                        } else {
                            isShowingPaywall = true
                        }
                    }
                }
                ToolbarItem(placement: .topBarLeading) {
                    NavigationLink { SettingsView() } label: { Image(systemName: "gear") }
                }
            }
            .sheet(isPresented: $isShowingPaywall) { PremiumPaywallView() }
        }
    }
}
