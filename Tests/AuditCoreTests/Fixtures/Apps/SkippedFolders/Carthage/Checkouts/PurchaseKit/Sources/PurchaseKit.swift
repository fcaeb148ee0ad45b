import StoreKit

// Carthage checkout of a third-party purchase helper.
public enum PurchaseKit {
    public static let demoProductIDs = ["com.vendor.purchasekit.demo.gold", "com.vendor.purchasekit.demo.silver"]
    public static let demoPriceLabel = "Only $1.99!"
}
