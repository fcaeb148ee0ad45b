import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let entitlements = EntitlementStore()
    private lazy var transactionObserver = TransactionObserver(entitlements: entitlements)

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Before any window exists: Ask to Buy approvals, renewals and refunds that
        // arrived while Radar Weather was not running are delivered right away.
        transactionObserver.start()
        WeatherCache.shared.purgeExpired()
        return true
    }

    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}
