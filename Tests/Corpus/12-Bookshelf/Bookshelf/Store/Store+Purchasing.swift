import StoreKit

extension Store {
    func purchase(_ product: Product) async {
        isBusy = true
        defer { isBusy = false }
        do {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                await handle(verification)
                message = nil
            case .pending:
                message = String(localized: "Waiting for approval. We'll unlock it as soon as the purchase goes through.")
            case .userCancelled:
                message = nil
            @unknown default:
                message = nil
            }
        } catch {
            message = error.localizedDescription
        }
    }
}
