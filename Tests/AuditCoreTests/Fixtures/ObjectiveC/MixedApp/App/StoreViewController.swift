import StoreKit
import UIKit

final class StoreViewController: UIViewController {
    var product: SKProduct?

    @IBAction func buyTapped(_ sender: UIButton) {
        guard let product else { return }
        PurchaseObserver.shared().buy(product)
    }

    @IBAction func restoreTapped(_ sender: UIButton) {
        PurchaseObserver.shared().restorePurchases()
    }
}
