/// One in-app purchase of a StoreKit configuration: a consumable, a non-consumable, a
/// non-renewing subscription or an auto-renewable subscription.
public struct StoreKitProduct: Sendable, Hashable {
    /// Where the product's JSON object starts.
    public var location: SourceLocation
    public var productID: String?
    /// The internal name in App Store Connect, not shown to customers.
    public var referenceName: String?
    public var type: StoreKitProductType
    /// The price as written, e.g. "4.99"; Xcode writes a string, hand-written files a number.
    public var displayPrice: String?
    public var familyShareable: Bool?
    public var internalID: String?
    public var localizations: [StoreKitLocalization]
    /// Present for auto-renewable subscriptions.
    public var subscription: StoreKitSubscriptionInfo?

    public init(
        location: SourceLocation, productID: String? = nil, referenceName: String? = nil,
        type: StoreKitProductType, displayPrice: String? = nil, familyShareable: Bool? = nil,
        internalID: String? = nil, localizations: [StoreKitLocalization] = [],
        subscription: StoreKitSubscriptionInfo? = nil
    ) {
        self.location = location
        self.productID = productID
        self.referenceName = referenceName
        self.type = type
        self.displayPrice = displayPrice
        self.familyShareable = familyShareable
        self.internalID = internalID
        self.localizations = localizations
        self.subscription = subscription
    }

    /// The localization for `locale`, matched exactly (`en_US` is not `en`).
    public func localization(for locale: String) -> StoreKitLocalization? {
        localizations.first { $0.locale == locale }
    }
}

/// The product types of a StoreKit configuration, by the names Xcode writes.
public enum StoreKitProductType: Sendable, Hashable {
    case consumable
    case nonConsumable
    case nonRenewingSubscription
    /// Written `RecurringSubscription`.
    case autoRenewableSubscription
    /// A value this tool does not know; empty when the file has no `type`.
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "Consumable": self = .consumable
        case "NonConsumable": self = .nonConsumable
        case "NonRenewingSubscription": self = .nonRenewingSubscription
        case "RecurringSubscription": self = .autoRenewableSubscription
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .consumable: "Consumable"
        case .nonConsumable: "NonConsumable"
        case .nonRenewingSubscription: "NonRenewingSubscription"
        case .autoRenewableSubscription: "RecurringSubscription"
        case .unknown(let raw): raw
        }
    }

    public var isSubscription: Bool {
        self == .nonRenewingSubscription || self == .autoRenewableSubscription
    }
}

/// A customer-facing name and description in one locale, for a product or a subscription group.
public struct StoreKitLocalization: Sendable, Hashable {
    /// Where the localization's JSON object starts.
    public var location: SourceLocation
    /// As written in the file, e.g. "en_US" or "de".
    public var locale: String
    public var displayName: String?
    public var description: String?

    public init(location: SourceLocation, locale: String, displayName: String? = nil, description: String? = nil) {
        self.location = location
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}

/// What only an auto-renewable subscription has.
public struct StoreKitSubscriptionInfo: Sendable, Hashable {
    /// `subscriptionGroupID` of the subscription, or the id of the group that contains it.
    public var groupID: String?
    /// The reference name of the containing group.
    public var groupName: String?
    /// ISO 8601 duration as written: "P1W", "P1M", "P3M", "P6M", "P1Y".
    public var period: String?
    /// The level inside the group (`groupNumber`): 1 is the highest tier.
    public var groupLevel: Int?
    /// Introductory, promotional, offer code and win-back offers, in that order.
    public var offers: [StoreKitOffer]

    public init(
        groupID: String? = nil, groupName: String? = nil, period: String? = nil, groupLevel: Int? = nil,
        offers: [StoreKitOffer] = []
    ) {
        self.groupID = groupID
        self.groupName = groupName
        self.period = period
        self.groupLevel = groupLevel
        self.offers = offers
    }

    public var introductoryOffers: [StoreKitOffer] { offers.filter { $0.kind == .introductory } }
}
