/// Reads an Xcode StoreKit configuration file into a `StoreKitConfiguration`.
///
/// Tolerant of what is absent or unknown: any member may be missing (rules report incomplete
/// products, the loader does not), and keys it does not know are ignored. Strict about what is
/// present: a value of the wrong type is an `InputError` at that value, naming its key path.
public enum StoreKitConfigurationLoader {
    public static func load(bytes: [UInt8], file: String) throws(InputError) -> StoreKitConfiguration {
        let root = JSONElement(root: try JSONParser.parse(bytes: bytes, file: file), file: file)
        guard case .object = root.node?.value else {
            throw InputError(
                file: file, line: root.position.line, column: root.position.column,
                reason: "a StoreKit configuration should be a JSON object at the top level, "
                    + "found \(root.node?.value.kindDescription ?? "nothing")")
        }
        var configuration = StoreKitConfiguration(file: file)
        if let node = root.node {
            configuration.memberLocations = StoreKitMemberLocations(root: node, file: file)
        }
        configuration.identifier = try root.member("identifier").textIfPresent()
        if let version = try root.member("version").objectIfPresent() {
            configuration.version = StoreKitConfiguration.Version(
                major: try version.member("major").intIfPresent() ?? 0,
                minor: try version.member("minor").intIfPresent() ?? 0)
        }
        for element in try root.member("products").arrayIfPresent() ?? [] {
            configuration.products.append(try product(element, impliedType: nil, group: nil))
        }
        for element in try root.member("nonRenewingSubscriptions").arrayIfPresent() ?? [] {
            configuration.nonRenewingSubscriptions.append(
                try product(element, impliedType: .nonRenewingSubscription, group: nil))
        }
        for element in try root.member("subscriptionGroups").arrayIfPresent() ?? [] {
            configuration.subscriptionGroups.append(try subscriptionGroup(element))
        }
        if let policies = try root.member("appPolicies").objectIfPresent() {
            configuration.appPolicies = try appPolicies(policies)
        }
        if let settings = try root.member("settings").objectIfPresent() {
            configuration.settings = self.settings(settings)
        }
        return configuration
    }

    private static func subscriptionGroup(_ element: JSONElement) throws(InputError) -> StoreKitSubscriptionGroup {
        let object = try element.object()
        var group = StoreKitSubscriptionGroup(
            location: object.location,
            id: try object.member("id").textIfPresent(),
            name: try object.member("name").stringIfPresent(),
            localizations: try localizations(object.member("localizations")))
        for subscription in try object.member("subscriptions").arrayIfPresent() ?? [] {
            group.subscriptions.append(
                try product(subscription, impliedType: .autoRenewableSubscription, group: group))
        }
        return group
    }

    /// - Parameters:
    ///   - impliedType: the type of the list the product is in, used when it has no `type`.
    ///   - group: the containing subscription group, for subscriptions.
    private static func product(
        _ element: JSONElement, impliedType: StoreKitProductType?, group: StoreKitSubscriptionGroup?
    ) throws(InputError) -> StoreKitProduct {
        let object = try element.object()
        let type = try object.member("type").stringIfPresent().map(StoreKitProductType.init(rawValue:))
        var product = StoreKitProduct(
            location: object.location,
            productID: try object.member("productID").stringIfPresent(),
            referenceName: try object.member("referenceName").stringIfPresent(),
            type: type ?? impliedType ?? .unknown(""),
            displayPrice: try object.member("displayPrice").textIfPresent(),
            familyShareable: try object.member("familyShareable").boolIfPresent(),
            internalID: try object.member("internalID").textIfPresent(),
            localizations: try localizations(object.member("localizations")))
        if product.type == .autoRenewableSubscription || group != nil {
            product.subscription = try subscriptionInfo(object, group: group)
        }
        return product
    }

    private static func subscriptionInfo(
        _ object: JSONElement, group: StoreKitSubscriptionGroup?
    ) throws(InputError) -> StoreKitSubscriptionInfo {
        var info = StoreKitSubscriptionInfo(
            groupID: try object.member("subscriptionGroupID").textIfPresent() ?? group?.id,
            groupName: group?.name,
            period: try object.member("recurringSubscriptionPeriod").stringIfPresent(),
            groupLevel: try object.member("groupNumber").intIfPresent())
        // Format 5 replaced the single `introductoryOffer` with an array; accept both.
        if let single = try object.member("introductoryOffer").objectIfPresent() {
            info.offers.append(try offer(single, kind: .introductory))
        }
        let lists: [(String, StoreKitOffer.Kind)] = [
            ("introductoryOffers", .introductory), ("adHocOffers", .promotional),
            ("codeOffers", .offerCode), ("winbackOffers", .winBack),
        ]
        for (key, kind) in lists {
            for element in try object.member(key).arrayIfPresent() ?? [] {
                info.offers.append(try offer(element, kind: kind))
            }
        }
        return info
    }

    private static func offer(_ element: JSONElement, kind: StoreKitOffer.Kind) throws(InputError) -> StoreKitOffer {
        let object = try element.object()
        return StoreKitOffer(
            kind: kind,
            location: object.location,
            offerID: try object.member("offerID").stringIfPresent(),
            referenceName: try object.member("referenceName").stringIfPresent(),
            paymentMode: try object.member("paymentMode").stringIfPresent().map(StoreKitPaymentMode.init(rawValue:)),
            period: try object.member("subscriptionPeriod").stringIfPresent(),
            periodCount: try object.member("numberOfPeriods").intIfPresent(),
            displayPrice: try object.member("displayPrice").textIfPresent(),
            eligibility: try object.member("eligibility").stringsIfPresent())
    }

    private static func localizations(_ element: JSONElement) throws(InputError) -> [StoreKitLocalization] {
        var localizations: [StoreKitLocalization] = []
        for item in try element.arrayIfPresent() ?? [] {
            let object = try item.object()
            localizations.append(
                StoreKitLocalization(
                    location: object.location,
                    locale: try object.member("locale").stringIfPresent() ?? "",
                    displayName: try object.member("displayName").stringIfPresent(),
                    description: try object.member("description").stringIfPresent()))
        }
        return localizations
    }

    private static func appPolicies(_ object: JSONElement) throws(InputError) -> StoreKitAppPolicies {
        var policies = StoreKitAppPolicies(
            location: object.location, eula: try object.member("eula").stringIfPresent())
        for item in try object.member("policies").arrayIfPresent() ?? [] {
            let policy = try item.object()
            policies.policies.append(
                StoreKitAppPolicies.Policy(
                    location: policy.location,
                    locale: try policy.member("locale").stringIfPresent(),
                    policyURL: try policy.member("policyURL").stringIfPresent(),
                    policyText: try policy.member("policyText").stringIfPresent()))
        }
        return policies
    }

    /// Settings are Xcode's test-session state and change shape between versions, so values of
    /// an unexpected type are skipped rather than reported.
    private static func settings(_ object: JSONElement) -> StoreKitSettings {
        func text(_ keys: String...) -> String? {
            for key in keys {
                if let value = try? object.member(key).textIfPresent() { return value }
            }
            return nil
        }
        return StoreKitSettings(
            locale: text("_locale", "locale"),
            storefront: text("_storefront", "storefront"),
            applicationInternalID: text("_applicationInternalID"),
            developerTeamID: text("_developerTeamID"),
            isSynchronized: object.member("_lastSynchronizedDate").isPresent)
    }
}
