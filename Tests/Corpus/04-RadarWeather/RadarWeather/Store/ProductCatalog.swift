import Foundation

enum ProductIdentifier {
    static let proMonthly = "com.radarweather.pro.monthly"
    static let proYearly = "com.radarweather.pro.yearly"

    static let all = [proMonthly, proYearly]
    static let subscriptionGroup = "21810455"
}

enum LegalLinks {
    static let terms = URL(string: "https://radarweather.example.com/terms-of-use")!
    static let privacy = URL(string: "https://radarweather.example.com/privacy")!
}
