import Foundation

/// The Notes Pro backend. Today it only writes AI summaries; each request carries
/// the App Store account token so the server can match it to a purchase.
struct NotesAPI: Sendable {
    var baseURL = URL(string: "https://api.notespro.example.com/v2")!
    var session: URLSession = .shared

    private struct SummaryRequest: Encodable {
        let text: String
        let accountToken: UUID
    }

    private struct SummaryResponse: Decodable {
        let summary: String
    }

    enum APIError: LocalizedError {
        case badStatus(Int)

        var errorDescription: String? {
            switch self {
            case .badStatus(let code):
                String(localized: "The server answered with status \(code).")
            }
        }
    }

    func summarize(_ text: String, accountToken: UUID) async throws -> String {
        var request = URLRequest(url: baseURL.appending(path: "summaries"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(SummaryRequest(text: text, accountToken: accountToken))

        let (data, response) = try await session.data(for: request)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw APIError.badStatus(http.statusCode)
        }
        return try JSONDecoder().decode(SummaryResponse.self, from: data).summary
    }
}
