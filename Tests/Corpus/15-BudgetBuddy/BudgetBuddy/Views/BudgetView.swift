import SwiftUI

struct BudgetView: View {
    @Environment(ProStore.self) private var store
    @Binding var budget: Budget
    @State private var isShowingPaywall = false

    var body: some View {
        NavigationStack {
            List {
                ForEach(budget.categories) { category in
                    VStack(alignment: .leading) {
                        Text(category.name)
                        ProgressView(value: NSDecimalNumber(decimal: min(category.spent, category.limit)).doubleValue,
                                     total: NSDecimalNumber(decimal: category.limit).doubleValue)
                        Text("\(category.spent.formatted(.currency(code: budget.currencyCode))) of \(category.limit.formatted(.currency(code: budget.currencyCode)))")
                            .font(.caption)
                            .foregroundStyle(category.spent > category.limit ? .red : .secondary)
                    }
                }
                Button("Add Category") {
                    if store.hasPro || budget.categories.count < Budget.freeCategoryLimit {
                        budget.categories.append(.init(name: String(localized: "New Category"), limit: 100, spent: 0))
                    } else {
                        isShowingPaywall = true
                    }
                }
            }
            .navigationTitle("Budget")
            .sheet(isPresented: $isShowingPaywall) { ProPaywallView() }
        }
    }
}
