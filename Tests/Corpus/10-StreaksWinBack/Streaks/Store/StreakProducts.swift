import Foundation

enum StreakProducts {
    static let premiumMonthly = "com.streaks.premium.monthly"
    static let premiumYearly = "com.streaks.premium.yearly"
    static let all = [premiumMonthly, premiumYearly]

    static let groupID = "22019834"

    static let terms = URL(string: "https://streaks.example.com/terms")!
    static let privacy = URL(string: "https://streaks.example.com/privacy")!
}
