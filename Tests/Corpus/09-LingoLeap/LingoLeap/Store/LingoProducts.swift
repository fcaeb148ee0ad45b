import Foundation

enum LingoProducts {
    static let plusMonthly = "com.lingoleap.plus.monthly"
    static let plusYearly = "com.lingoleap.plus.yearly"
    static let all = [plusMonthly, plusYearly]

    /// Subscription group "Lingo Leap Plus".
    static let groupID = "21977410"

    static let terms = URL(string: "https://lingoleap.example.com/terms")!
    static let privacy = URL(string: "https://lingoleap.example.com/privacy")!
}
