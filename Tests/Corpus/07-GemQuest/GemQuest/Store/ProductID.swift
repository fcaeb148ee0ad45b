enum ProductID {
    static let gemsSmall = "com.gemquest.gems.small"
    static let gemsMedium = "com.gemquest.gems.medium"
    static let gemsLarge = "com.gemquest.gems.large"
    static let removeAds = "com.gemquest.removeads"

    static let gemPacks = [gemsSmall, gemsMedium, gemsLarge]
    static let all = gemPacks + [removeAds]

    /// Gems delivered per pack bought.
    static let gemsPerPack: [String: Int] = [
        gemsSmall: 100,
        gemsMedium: 550,
        gemsLarge: 1_200,
    ]
}
