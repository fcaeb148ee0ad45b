import Foundation

/// Asks Apple whether the Filters Club subscription in the app receipt is still active.
struct ReceiptValidator {
    struct Status {
        var clubIsActive: Bool
    }

    enum ValidationError: Error {
        case noReceipt
        case badStatus(Int)
    }

    private let sharedSecret = "5f8c2e7a91d04b6e8a3f27c9d1e06b4a"
    private let productionURL = URL(string: "https://buy.itunes.apple.com/verifyReceipt")!
    private let sandboxURL = URL(string: "https://sandbox.itunes.apple.com/verifyReceipt")!

    private struct Response: Decodable {
        struct InApp: Decodable {
            let product_id: String
            let expires_date_ms: String?
        }
        let status: Int
        let latest_receipt_info: [InApp]?
    }

    func validate() async throws -> Status {
        guard let receiptURL = Bundle.main.appStoreReceiptURL,
              let receipt = try? Data(contentsOf: receiptURL) else {
            throw ValidationError.noReceipt
        }
        let body: [String: Any] = [
            "receipt-data": receipt.base64EncodedString(),
            "password": sharedSecret,
            "exclude-old-transactions": true,
        ]
        var response = try await post(body, to: productionURL)
        if response.status == 21007 {
            // A sandbox receipt sent to production: try again against the sandbox.
            response = try await post(body, to: sandboxURL)
        }
        guard response.status == 0 else { throw ValidationError.badStatus(response.status) }

        let now = Date().timeIntervalSince1970 * 1000
        let active = (response.latest_receipt_info ?? []).contains { item in
            item.product_id == ProductIdentifiers.clubMonthly
                && (Double(item.expires_date_ms ?? "0") ?? 0) > now
        }
        return Status(clubIsActive: active)
    }

    private func post(_ body: [String: Any], to url: URL) async throws -> Response {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONDecoder().decode(Response.self, from: data)
    }
}
