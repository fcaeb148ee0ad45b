import StoreKit

extension Store {
    /// Only ever called from the Restore Purchases buttons.
    func restore() async {
        isBusy = true
        defer { isBusy = false }
        do {
            try await AppStore.sync()
            await updateEntitlements()
        } catch StoreKitError.userCancelled {
            // The person closed the Apple Account sign-in sheet.
        } catch {
            message = error.localizedDescription
        }
    }
}
