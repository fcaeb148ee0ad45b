import CryptoKit
import Foundation
import StoreKit

/// Win-back: people whose Premium lapsed get the yearly plan at half price for a year.
/// The offer is configured in App Store Connect as the promotional offer "winback_50".
enum WinBackOffer {
    static let offerID = "winback_50"
    static let keyID = "7R2K4D9QXM"

    // In-app purchase key from App Store Connect > Users and Access > Integrations.
    private static let privateKeyPEM = "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg5hj0gha525cG/B6TBJ30KKZvnu+m2X+vgI4W+iMa8jOfrBX5JyCdJziX/unnf3eUUdv+H2IhFjW1jOljiSwcSxz/q9Oho9p1rwk7wKAPByGzpoSQ\n-----END PRIVATE KEY-----"

    static func purchaseOption(for product: Product, appAccountToken: UUID) throws -> Product.PurchaseOption {
        let nonce = UUID()
        let timestamp = Int(Date().timeIntervalSince1970 * 1000)
        let payload = [
            Bundle.main.bundleIdentifier ?? "",
            keyID,
            product.id,
            offerID,
            appAccountToken.uuidString.lowercased(),
            nonce.uuidString.lowercased(),
            String(timestamp),
        ].joined(separator: "\u{2063}")
        let signature = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM).signature(for: Data(payload.utf8))
        return .promotionalOffer(
            offerID: offerID,
            keyID: keyID,
            nonce: nonce,
            signature: signature.derRepresentation,
            timestamp: timestamp
        )
    }
}
