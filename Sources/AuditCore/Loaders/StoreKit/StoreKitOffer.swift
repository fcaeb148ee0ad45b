/// A subscription offer: introductory (`introductoryOffer`, `introductoryOffers` from format 5),
/// promotional (`adHocOffers`), offer code (`codeOffers`) or win-back (`winbackOffers`).
public struct StoreKitOffer: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case introductory
        case promotional
        case offerCode
        case winBack
    }

    public var kind: Kind
    /// Where the offer's JSON object starts.
    public var location: SourceLocation
    /// Promotional, offer code and win-back offers have one; introductory offers do not.
    public var offerID: String?
    public var referenceName: String?
    public var paymentMode: StoreKitPaymentMode?
    /// ISO 8601 duration of one offer period (`subscriptionPeriod`).
    public var period: String?
    /// How many periods the offer lasts (`numberOfPeriods`); Xcode omits it for one period.
    public var periodCount: Int?
    public var displayPrice: String?
    /// Offer codes: which customers may redeem it ("new", "existing", "expired").
    public var eligibility: [String]?

    public init(
        kind: Kind, location: SourceLocation, offerID: String? = nil, referenceName: String? = nil,
        paymentMode: StoreKitPaymentMode? = nil, period: String? = nil, periodCount: Int? = nil,
        displayPrice: String? = nil, eligibility: [String]? = nil
    ) {
        self.kind = kind
        self.location = location
        self.offerID = offerID
        self.referenceName = referenceName
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.displayPrice = displayPrice
        self.eligibility = eligibility
    }
}

/// How the customer pays during an offer, by the names Xcode writes.
public enum StoreKitPaymentMode: Sendable, Hashable {
    /// A free trial, written `free`.
    case freeTrial
    case payAsYouGo
    case payUpFront
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "free", "freeTrial": self = .freeTrial
        case "payAsYouGo": self = .payAsYouGo
        case "payUpFront": self = .payUpFront
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .freeTrial: "free"
        case .payAsYouGo: "payAsYouGo"
        case .payUpFront: "payUpFront"
        case .unknown(let raw): raw
        }
    }
}
