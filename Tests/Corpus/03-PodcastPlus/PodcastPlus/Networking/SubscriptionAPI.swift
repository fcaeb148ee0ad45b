import Foundation

/// Tells the Podcast Plus server about purchases so it can sync listening history.
/// The server verifies the signed transaction (JWS) with the App Store Server Library.
struct SubscriptionAPI: Sendable {
    var endpoint = URL(string: "https://api.podcastplus.example.com/v1/transactions")!

    private struct Body: Encodable {
        let signedTransaction: String
    }

    func register(signedTransaction: String) async throws {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(Body(signedTransaction: signedTransaction))
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 204 else {
            throw URLError(.badServerResponse)
        }
    }
}
