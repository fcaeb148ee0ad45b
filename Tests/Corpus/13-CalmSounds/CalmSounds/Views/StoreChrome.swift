import StoreKit
import SwiftUI

extension View {
    /// What every Calm Sounds store screen shows around StoreKit's own UI.
    func calmStoreChrome() -> some View {
        self
            .storeButton(.visible, for: .restorePurchases)
            .subscriptionStorePolicyDestination(url: Catalog.termsURL, for: .termsOfService)
            .subscriptionStorePolicyDestination(url: Catalog.privacyURL, for: .privacyPolicy)
            .subscriptionStoreControlStyle(.buttons)
    }
}
