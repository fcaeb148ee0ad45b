import Foundation

/// FitCoach's backend. Every request is signed with a key that never leaves this
/// device's Secure Enclave, so the server knows which installation is asking.
struct APIClient: Sendable {
    var baseURL = URL(string: "https://api.fitcoach.example.com/v3/")!

    func registerTransaction(signedTransaction: String) async throws {
        struct Empty: Decodable {}
        _ = try await post("transactions", body: ["signedTransaction": signedTransaction], as: Empty.self)
    }

    func post<Response: Decodable>(_ path: String, body: [String: String], as type: Response.Type) async throws -> Response {
        var request = URLRequest(url: baseURL.appending(path: path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let data = try JSONEncoder().encode(body)
        request.httpBody = data
        request.setValue(try DeviceSigner.shared.signature(for: data).base64EncodedString(), forHTTPHeaderField: "X-Device-Signature")
        let (responseData, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw URLError(.badServerResponse)
        }
        return try JSONDecoder().decode(Response.self, from: responseData.isEmpty ? Data("{}".utf8) : responseData)
    }
}
