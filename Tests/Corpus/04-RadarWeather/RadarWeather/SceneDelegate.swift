import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    private var entitlements: EntitlementStore? {
        (UIApplication.shared.delegate as? AppDelegate)?.entitlements
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene, let entitlements else { return }
        let window = UIWindow(windowScene: windowScene)
        let radar = RadarViewController(entitlements: entitlements)
        window.rootViewController = UINavigationController(rootViewController: radar)
        window.makeKeyAndVisible()
        self.window = window
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        // Subscriptions can expire or be refunded while the app is in the background.
        Task { await entitlements?.refresh() }
    }
}

/// Keeps downloaded radar tiles for an hour.
final class WeatherCache: @unchecked Sendable {
    static let shared = WeatherCache()
    private let cache = NSCache<NSString, UIImage>()
    private let lock = NSLock()
    private var stamps: [String: Date] = [:]

    func purgeExpired() {
        lock.lock()
        defer { lock.unlock() }
        for (key, date) in stamps where date.timeIntervalSinceNow < -3600 {
            cache.removeObject(forKey: key as NSString)
            stamps[key] = nil
        }
    }
}
