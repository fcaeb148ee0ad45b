import Foundation

enum ProductIdentifiers {
    static let clubMonthly = "com.photofilters.club.monthly"
    static let vintagePack = "com.photofilters.pack.vintage"

    static let all: Set<String> = [clubMonthly, vintagePack]
}

extension Notification.Name {
    static let iapProductsLoaded = Notification.Name("IAPHelper.productsLoaded")
    static let iapPurchasesChanged = Notification.Name("IAPHelper.purchasesChanged")
    static let iapPurchaseDeferred = Notification.Name("IAPHelper.purchaseDeferred")
    static let iapPurchaseFailed = Notification.Name("IAPHelper.purchaseFailed")
}
