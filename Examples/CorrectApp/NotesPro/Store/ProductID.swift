import Foundation

/// Every product identifier the app sells, in one place. They must match App Store
/// Connect and Configuration.storekit exactly; a typo here means a product that
/// silently never loads.
enum ProductID {
    static let proMonthly = "com.notespro.pro.monthly"
    static let proYearly = "com.notespro.pro.yearly"
    static let studioThemes = "com.notespro.themes.studio"
    static let credits50 = "com.notespro.credits.50"

    static let subscriptions: Set<String> = [proMonthly, proYearly]
    static let extras: [String] = [studioThemes, credits50]
    static let all: [String] = [proMonthly, proYearly, studioThemes, credits50]

    /// How many AI credits each consumable pack delivers per unit bought.
    static let creditsPerPack: [String: Int] = [credits50: 50]
}

/// The "Notes Pro" subscription group, as App Store Connect numbers it.
enum SubscriptionGroup {
    static let notesPro = "21482736"
}

enum AppLinks {
    static let termsOfUse = URL(string: "https://notespro.example.com/legal/terms")!
    static let privacyPolicy = URL(string: "https://notespro.example.com/legal/privacy")!
    static let support = URL(string: "mailto:support@notespro.example.com")!
}
