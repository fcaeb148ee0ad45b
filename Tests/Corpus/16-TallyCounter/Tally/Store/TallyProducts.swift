/// Product identifiers, matching Tally.storekit and App Store Connect.
///
/// - `com.tally.pro.lifetime`: Tally Pro, a one-time purchase ($4.99 in the US).
/// - `com.tally.tip.small` and `com.tally.tip.large`: tips. They deliver nothing,
///   so there is nothing to de-duplicate; we only say thank you.
enum TallyProducts {
    static let proLifetime = "com.tally.pro.lifetime"
    static let tipSmall = "com.tally.tip.small"
    static let tipLarge = "com.tally.tip.large"

    static let tips = [tipSmall, tipLarge]
    static let all = [proLifetime] + tips
}
