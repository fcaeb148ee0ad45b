import Foundation

enum ScanProducts {
    static let proMonthly = "com.scankit.pro.monthly"
    static let proYearly = "com.scankit.pro.yearly"
    static let all = [proMonthly, proYearly]

    static let groupID = "22405562"

    static let terms = URL(string: "https://scankit.example.com/terms")!
}
