import Foundation

/// Promotional offers must be signed with the In-App Purchase key from App Store
/// Connect. That key (the .p8 file, "-----BEGIN PRIVATE KEY-----") lives only on our
/// server; the app asks the server for a signature for one product and one offer.
struct OfferService: Sendable {
    struct SignedOffer: Decodable, Sendable {
        let offerID: String
        let keyID: String
        let nonce: UUID
        let signature: Data
        let timestamp: Int
        let appAccountToken: UUID
    }

    let api: APIClient

    func signedOffer(productID: String, offerID: String) async throws -> SignedOffer {
        try await api.post(
            "offers/sign",
            body: ["productID": productID, "offerID": offerID],
            as: SignedOffer.self
        )
    }
}
