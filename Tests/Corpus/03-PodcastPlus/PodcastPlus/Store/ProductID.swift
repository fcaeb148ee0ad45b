enum ProductID {
    static let plusMonthly = "com.podcastplus.plus.monthly"
    static let adFree = "com.podcastplus.adfree"

    static let all = [plusMonthly, adFree]
}
