import Foundation

/// RevenueCat decides which packages the paywall offers; these names only let the
/// app recognise them.
enum Identifiers {
    /// The RevenueCat entitlement that unlocks everything.
    static let premiumEntitlement = "premium"

    static let monthly = "com.recipekeeper.premium.monthly"
    static let annual = "com.recipekeeper.premium.annual"

    static let termsURL = URL(string: "https://recipekeeper.example.com/terms")!
    static let privacyURL = URL(string: "https://recipekeeper.example.com/privacy")!
}
