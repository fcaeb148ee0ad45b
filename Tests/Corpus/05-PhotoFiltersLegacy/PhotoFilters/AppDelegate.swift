import StoreKit
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // The observer must be registered at launch so that purchases completed
        // while we were not running (and Ask to Buy approvals) are delivered.
        SKPaymentQueue.default().add(IAPHelper.shared)
        IAPHelper.shared.requestProducts()

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: FilterGalleryViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) {
        SKPaymentQueue.default().remove(IAPHelper.shared)
    }
}
