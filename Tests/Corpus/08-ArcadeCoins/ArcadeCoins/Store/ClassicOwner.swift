import StoreKit

extension CoinStore {
    /// Arcade Coins Classic was a paid download (version 1.x). Those players never see ads.
    @MainActor
    func checkClassicOwner() async {
        guard let result = try? await AppTransaction.shared else { return }
        switch result {
        case .verified(let appTransaction), .unverified(let appTransaction, _):
            // Verification fails now and then on older devices; never punish a paying player.
            if appTransaction.originalAppVersion.hasPrefix("1.") {
                noAds = true
            }
        }
    }
}
