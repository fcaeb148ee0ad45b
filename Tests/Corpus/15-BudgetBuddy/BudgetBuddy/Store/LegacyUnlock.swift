import StoreKit

/// Budget Buddy was a paid app until version 4. Anyone who bought it then gets Pro.
enum LegacyUnlock {
    private static let firstFreeBuild = 400

    static func boughtPaidVersion() async -> Bool {
        guard let appTransaction = try? await AppTransaction.shared.unsafePayloadValue else { return false }
        return (Int(appTransaction.originalAppVersion) ?? .max) < firstFreeBuild
    }
}
