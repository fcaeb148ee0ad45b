import StoreKit
import UIKit

// Recipe Box 1.x was built on the original StoreKit. Purchases moved to
// PurchaseManager in 2.0; the pieces below were never ported.
// TODO: switch to AppStore.requestReview(in:) and Storefront.current

@MainActor
final class LegacyStoreHelper: NSObject {
    static let shared = LegacyStoreHelper()

    private var priceRequest: SKProductsRequest?
    private var priceHandler: ((String?) -> Void)?

    /// The App Store country, used by the paywall to pick the euro price.
    var storefrontCountryCode: String? {
        SKPaymentQueue.default().storefront?.countryCode
    }

    func requestReviewIfAppropriate(launchCount: Int) {
        guard launchCount == 5 || launchCount == 25 else { return }
        SKStoreReviewController.requestReview()
    }

    /// Localized price for the widget's "Go Pro" badge, without loading StoreKit 2
    /// products in the widget process.
    func fetchLocalizedPrice(for productID: String, completion: @escaping (String?) -> Void) {
        priceHandler = completion
        let request = SKProductsRequest(productIdentifiers: [productID])
        request.delegate = self
        request.start()
        priceRequest = request
    }

    private func deliverPrice(_ price: String?) {
        priceHandler?(price)
        priceHandler = nil
        priceRequest = nil
    }
}

extension LegacyStoreHelper: SKProductsRequestDelegate {
    nonisolated func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        let price = response.products.first.flatMap { product in
            let formatter = NumberFormatter()
            formatter.numberStyle = .currency
            formatter.locale = product.priceLocale
            return formatter.string(from: product.price)
        }
        Task { @MainActor in
            self.deliverPrice(price)
        }
    }
}
