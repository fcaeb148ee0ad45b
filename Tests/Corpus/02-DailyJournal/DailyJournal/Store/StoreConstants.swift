import Foundation

enum StoreConstants {
    /// The "Daily Journal Premium" subscription group. Both plans live in it, and the
    /// app only ever asks about the group, never about a single plan.
    static let premiumGroupID = "21630087"

    static let termsURL = URL(string: "https://dailyjournal.example.com/terms")!
    static let privacyURL = URL(string: "https://dailyjournal.example.com/privacy")!
}
