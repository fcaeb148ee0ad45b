import Foundation

enum FitProducts {
    static let proMonthly = "com.fitcoach.pro.monthly"
    static let proYearly = "com.fitcoach.pro.yearly"
    static let all = [proMonthly, proYearly]

    static let groupID = "22104471"

    /// Promotional offer for members in their second year, configured in App Store Connect.
    static let loyaltyOfferID = "loyalty_3months"

    static let privacyURL = URL(string: "https://fitcoach.example.com/privacy")!
}
