import SwiftUI

@main
struct BudgetBuddyApp: App {
    @State private var store = ProStore()
    @State private var budget = Budget.sample

    var body: some Scene {
        WindowGroup {
            BudgetView(budget: $budget)
                .environment(store)
        }
    }
}
