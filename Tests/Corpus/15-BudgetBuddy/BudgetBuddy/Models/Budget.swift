import Foundation

struct Budget: Hashable, Sendable {
    struct Category: Identifiable, Hashable, Sendable {
        var id = UUID()
        var name: String
        var limit: Decimal
        var spent: Decimal
    }

    var currencyCode: String
    var categories: [Category]

    static let freeCategoryLimit = 5

    static let sample = Budget(currencyCode: Locale.current.currency?.identifier ?? "USD", categories: [
        Category(name: "Groceries", limit: 400, spent: 212.40),
        Category(name: "Transport", limit: 120, spent: 64),
        Category(name: "Eating out", limit: 150, spent: 171.25),
    ])
}
