import CryptoKit
import Foundation
import Security

/// A P-256 key created in the Secure Enclave on first launch. It signs API requests;
/// it has nothing to do with App Store offers.
final class DeviceSigner: Sendable {
    static let shared = DeviceSigner()

    private let key: SecureEnclave.P256.Signing.PrivateKey?

    private init() {
        let tag = "com.fitcoach.device-key"
        if let stored = UserDefaults.standard.data(forKey: tag),
           let key = try? SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: stored) {
            self.key = key
        } else if SecureEnclave.isAvailable, let key = try? SecureEnclave.P256.Signing.PrivateKey() {
            UserDefaults.standard.set(key.dataRepresentation, forKey: tag)
            self.key = key
        } else {
            self.key = nil
        }
    }

    func signature(for data: Data) throws -> Data {
        guard let key else { throw CryptoKitError.incorrectKeySize }
        return try key.signature(for: data).derRepresentation
    }
}
