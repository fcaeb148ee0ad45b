import Foundation

enum Catalog {
    static let premiumMonthly = "com.calmsounds.premium.monthly"
    static let premiumYearly = "com.calmsounds.premium.yearly"
    static let productIDs = [premiumMonthly, premiumYearly]

    static let groupID = "22250118"

    static let termsURL = URL(string: "https://calmsounds.example.com/terms")!
    static let privacyURL = URL(string: "https://calmsounds.example.com/privacy")!
}
