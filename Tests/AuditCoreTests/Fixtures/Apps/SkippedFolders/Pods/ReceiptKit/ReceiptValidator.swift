import StoreKit

// CocoaPods dependency (vendored copy). Not part of the app's own sources.
public final class ReceiptValidator {
    public static let sampleProductID = "com.vendor.receiptkit.sample.pro"

    public init() {}

    public func receiptData() -> Data? {
        guard let url = Bundle.main.appStoreReceiptURL else { return nil }
        return try? Data(contentsOf: url)
    }
}
