import Foundation
import OSLog
import StoreKit

/// Notes Pro cost money to download until 2.0. People who bought it then keep every
/// Pro feature without a subscription, and AppTransaction tells us who they are.
enum UpfrontPurchase {
    /// The first build (CFBundleVersion) that was free to download.
    static let firstFreeBuild = 200

    static func isOriginalPaidDownload() async -> Bool {
        do {
            let result = try await AppTransaction.shared
            switch result {
            case .verified(let appTransaction):
                // On iOS originalAppVersion is the build number, not the marketing version.
                guard let build = Int(appTransaction.originalAppVersion) else { return false }
                return build < firstFreeBuild
            case .unverified(_, let error):
                // Tampering or a signing problem: either way, grant nothing.
                Logger.store.warning("App transaction failed verification: \(error.localizedDescription, privacy: .public)")
                return false
            }
        } catch {
            Logger.store.error("No app transaction: \(error.localizedDescription, privacy: .public)")
            return false
        }
    }
}
