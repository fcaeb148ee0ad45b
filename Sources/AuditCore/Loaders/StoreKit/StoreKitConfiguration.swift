/// An Xcode StoreKit configuration file (`.storekit`), format versions 1.0 to 5.0.
///
/// Only what the rules need is modelled; unknown keys are ignored, so that a newer Xcode's
/// additions do not break the audit.
public struct StoreKitConfiguration: Sendable, Hashable {
    /// Path relative to the audit root.
    public var file: String
    public var identifier: String?
    /// The file format version Xcode wrote (`"version": {"major": 4, "minor": 0}`).
    public var version: Version?
    /// Consumables and non-consumables (the top-level `products` array), in file order.
    public var products: [StoreKitProduct]
    public var nonRenewingSubscriptions: [StoreKitProduct]
    public var subscriptionGroups: [StoreKitSubscriptionGroup]
    /// EULA and privacy policy, written by Xcode 16 and later.
    public var appPolicies: StoreKitAppPolicies?
    public var settings: StoreKitSettings
    /// Where member values start, for rules that point at a value rather than its object.
    public var memberLocations: StoreKitMemberLocations

    public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var major: Int
        public var minor: Int

        public init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        public static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
        }

        public var description: String { "\(major).\(minor)" }
    }

    public init(
        file: String, identifier: String? = nil, version: Version? = nil,
        products: [StoreKitProduct] = [], nonRenewingSubscriptions: [StoreKitProduct] = [],
        subscriptionGroups: [StoreKitSubscriptionGroup] = [], appPolicies: StoreKitAppPolicies? = nil,
        settings: StoreKitSettings = StoreKitSettings(), memberLocations: StoreKitMemberLocations? = nil
    ) {
        self.file = file
        self.identifier = identifier
        self.version = version
        self.products = products
        self.nonRenewingSubscriptions = nonRenewingSubscriptions
        self.subscriptionGroups = subscriptionGroups
        self.appPolicies = appPolicies
        self.settings = settings
        self.memberLocations = memberLocations ?? StoreKitMemberLocations(file: file)
    }

    /// Where the value of `key` starts in the product, group or localization object that starts
    /// at `object`; `object` itself when the member is missing, so a finding always has a place.
    public func location(of key: String, in object: SourceLocation) -> SourceLocation {
        memberLocations.location(of: key, in: object) ?? object
    }

    /// Every product of the file: products, non-renewing subscriptions, then the subscriptions
    /// of each group, in file order.
    public var allProducts: [StoreKitProduct] {
        products + nonRenewingSubscriptions + subscriptionGroups.flatMap(\.subscriptions)
    }

    /// Auto-renewable subscriptions of every group.
    public var subscriptions: [StoreKitProduct] {
        subscriptionGroups.flatMap(\.subscriptions)
    }

    /// Every locale any product or group is localized for, sorted.
    public var locales: [String] {
        let productLocales = allProducts.flatMap { $0.localizations.map(\.locale) }
        let groupLocales = subscriptionGroups.flatMap { $0.localizations.map(\.locale) }
        return Array(Set(productLocales + groupLocales)).sorted()
    }
}

/// A subscription group: the auto-renewable subscriptions a customer can switch between.
public struct StoreKitSubscriptionGroup: Sendable, Hashable {
    /// Where the group's JSON object starts.
    public var location: SourceLocation
    public var id: String?
    /// The reference name (`name`), not shown to customers.
    public var name: String?
    /// The customer-facing group name per locale.
    public var localizations: [StoreKitLocalization]
    public var subscriptions: [StoreKitProduct]

    public init(
        location: SourceLocation, id: String? = nil, name: String? = nil,
        localizations: [StoreKitLocalization] = [], subscriptions: [StoreKitProduct] = []
    ) {
        self.location = location
        self.id = id
        self.name = name
        self.localizations = localizations
        self.subscriptions = subscriptions
    }
}

/// The app's license agreement and privacy policy (`appPolicies`).
public struct StoreKitAppPolicies: Sendable, Hashable {
    public var location: SourceLocation
    /// The custom EULA: Xcode stores a URL or the text itself; empty means Apple's standard EULA.
    public var eula: String?
    public var policies: [Policy]

    public struct Policy: Sendable, Hashable {
        public var location: SourceLocation
        public var locale: String?
        public var policyURL: String?
        public var policyText: String?

        public init(location: SourceLocation, locale: String? = nil, policyURL: String? = nil, policyText: String? = nil) {
            self.location = location
            self.locale = locale
            self.policyURL = policyURL
            self.policyText = policyText
        }
    }

    public init(location: SourceLocation, eula: String? = nil, policies: [Policy] = []) {
        self.location = location
        self.eula = eula
        self.policies = policies
    }

    /// The first non-empty privacy policy URL, preferring `locale` when given.
    public func privacyPolicyURL(for locale: String? = nil) -> String? {
        let withURL = policies.filter { !($0.policyURL ?? "").isEmpty }
        let preferred = withURL.first { locale != nil && $0.locale == locale } ?? withURL.first
        return preferred?.policyURL
    }
}

/// The test environment settings Xcode keeps in the file (underscore-prefixed keys). Only a few
/// are modelled; none of them affects what ships.
public struct StoreKitSettings: Sendable, Hashable {
    public var locale: String?
    public var storefront: String?
    public var applicationInternalID: String?
    public var developerTeamID: String?
    /// Xcode synced the file from App Store Connect (`_lastSynchronizedDate`): its products
    /// mirror the live ones, and Xcode leaves some fields empty (subscription group
    /// localizations) whatever App Store Connect holds.
    public var isSynchronized: Bool

    public init(
        locale: String? = nil, storefront: String? = nil, applicationInternalID: String? = nil,
        developerTeamID: String? = nil, isSynchronized: Bool = false
    ) {
        self.locale = locale
        self.storefront = storefront
        self.applicationInternalID = applicationInternalID
        self.developerTeamID = developerTeamID
        self.isSynchronized = isSynchronized
    }
}
