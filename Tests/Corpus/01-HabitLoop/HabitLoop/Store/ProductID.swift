import Foundation

/// Product identifiers as configured in App Store Connect and HabitLoop.storekit.
enum ProductID {
    static let plusMonthly = "com.habitloop.plus.monthly"
    static let plusYearly = "com.habitloop.plus.yearly"
    static let lifetime = "com.habitloop.lifetime"

    static let plans: [String] = [plusMonthly, plusYearly]
    static let all: [String] = plans + [lifetime]
}

enum LegalURL {
    static let terms = URL(string: "https://habitloop.example.com/terms")!
    static let privacy = URL(string: "https://habitloop.example.com/privacy")!
}
