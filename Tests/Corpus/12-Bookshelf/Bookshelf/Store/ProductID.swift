enum ProductID: String, CaseIterable, Sendable {
    case proMonthly = "com.bookshelf.pro.monthly"
    case proYearly = "com.bookshelf.pro.yearly"
    case sepiaTheme = "com.bookshelf.theme.sepia"

    static let subscriptionGroup = "22187302"
}
