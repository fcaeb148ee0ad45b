import Foundation
import StoreKit

/// People who installed Calm Sounds 1.x (before the subscription) keep the original
/// three soundscapes free forever.
enum EarlySupporter {
    static func check() async -> Bool {
        do {
            let appTransaction = try await AppTransaction.shared.payloadValue
            return appTransaction.originalAppVersion.hasPrefix("1.")
        } catch {
            // Unverified or unavailable: treat as a new user.
            return false
        }
    }
}
