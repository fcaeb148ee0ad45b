import Foundation

enum SleepProducts {
    static let plusMonthly = "com.sleepcast.plus.monthly"
    static let plusYearly = "com.sleepcast.plus.yearly"
    static let all = [plusMonthly, plusYearly]
    static let groupID = "22318845"

    static let terms = URL(string: "https://sleepcast.example.com/terms")!
    static let privacy = URL(string: "https://sleepcast.example.com/privacy")!
}
