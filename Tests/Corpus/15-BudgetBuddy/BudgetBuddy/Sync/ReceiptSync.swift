import Foundation

/// Lets budgetbuddy.example.com (the web app) unlock Pro for the same person.
enum ReceiptSync {
    private static let endpoint = URL(string: "https://api.budgetbuddy.example.com/v1/receipts")!

    static func upload() async {
        guard let url = Bundle.main.appStoreReceiptURL, let receipt = try? Data(contentsOf: url) else { return }
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(["receipt": receipt.base64EncodedString()])
        _ = try? await URLSession.shared.data(for: request)
    }
}
