import Foundation

/// Asks for a rating at most once per version, after a few good sessions.
struct ReviewGate {
    var defaults: UserDefaults = .standard

    func shouldAsk(sessions: Int, appVersion: String) -> Bool {
        guard sessions >= 10 else { return false }
        return defaults.string(forKey: "lastReviewedVersion") != appVersion
    }

    func didAsk(appVersion: String) {
        defaults.set(appVersion, forKey: "lastReviewedVersion")
    }
}
