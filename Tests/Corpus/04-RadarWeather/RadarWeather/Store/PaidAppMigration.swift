import OSLog
import StoreKit

/// Radar Weather cost $3.99 up front until version 3.0. People who paid for it then
/// keep Pro, and AppTransaction is how we recognise them.
enum PaidAppMigration {
    /// CFBundleVersion of the first free build.
    private static let firstFreeBuild = 300
    private static let log = Logger(subsystem: "com.radarweather.app", category: "Migration")

    static func ownsOriginalPurchase() async -> Bool {
        do {
            switch try await AppTransaction.shared {
            case .verified(let appTransaction):
                guard let build = Int(appTransaction.originalAppVersion) else { return false }
                return build < firstFreeBuild
            case .unverified(_, let error):
                log.warning("App transaction failed verification: \(error.localizedDescription, privacy: .public)")
                return false
            }
        } catch {
            log.error("No app transaction: \(error.localizedDescription, privacy: .public)")
            return false
        }
    }
}
