import Testing
@testable import AuditCore

@Suite struct StoreKitLoaderTests {
    private func load(_ name: String) throws -> StoreKitConfiguration {
        let path = "App/\(name)"
        return try StoreKitConfigurationLoader.load(bytes: try LoaderFixtures.bytes("storekit/\(name)"), file: path)
    }

    private func loadText(_ text: String) throws(InputError) -> StoreKitConfiguration {
        try StoreKitConfigurationLoader.load(bytes: Array(text.utf8), file: "Products.storekit")
    }

    // MARK: - Format versions

    @Test(arguments: [
        ("v1.0-basic.storekit", 1, 0, 4),
        ("v1.1-ad-hoc-offers.storekit", 1, 1, 1),
        ("v1.2-promotional.storekit", 1, 2, 1),
        ("v2.0-offer-codes.storekit", 2, 0, 2),
        ("v3.0-test-settings.storekit", 3, 0, 3),
        ("v4.0-offers.storekit", 4, 0, 2),
        ("v5.0-introductory-offers.storekit", 5, 0, 3),
    ])
    func loadsEveryFormatVersion(_ name: String, _ major: Int, _ minor: Int, _ productCount: Int) throws {
        let configuration = try load(name)
        #expect(configuration.version == StoreKitConfiguration.Version(major: major, minor: minor))
        #expect(configuration.allProducts.count == productCount)
        #expect(configuration.allProducts.allSatisfy { $0.productID?.isEmpty == false })
        #expect(configuration.file == "App/\(name)")
    }

    @Test func version1ProductsAndIntroductoryOffer() throws {
        let configuration = try load("v1.0-basic.storekit")
        #expect(configuration.identifier == "5A1C0E21")
        #expect(configuration.settings == StoreKitSettings())
        #expect(configuration.appPolicies == nil)

        #expect(configuration.products.map(\.type) == [.consumable, .nonConsumable])
        let tiles = configuration.products[0]
        #expect(tiles.location == SourceLocation(file: "App/v1.0-basic.storekit", line: 21, column: 5))
        #expect(tiles.productID == "com.example.rivermaps.tiles10")
        #expect(tiles.referenceName == "Tile Pack 10")
        #expect(tiles.displayPrice == "0.99")
        #expect(tiles.familyShareable == false)
        #expect(tiles.internalID == "2E6F90A3")
        #expect(tiles.subscription == nil)

        let regions = configuration.products[1]
        #expect(regions.familyShareable == true)
        #expect(regions.localizations.map(\.locale) == ["en_US", "de"])
        #expect(regions.localization(for: "de") == StoreKitLocalization(
            location: SourceLocation(file: "App/v1.0-basic.storekit", line: 46, column: 9),
            locale: "de", displayName: "Alle Regionen", description: "Alle Regionen für immer freischalten"))

        let pass = try #require(configuration.nonRenewingSubscriptions.first)
        #expect(pass.type == .nonRenewingSubscription)
        #expect(pass.type.isSubscription)
        #expect(pass.subscription == nil)

        let group = try #require(configuration.subscriptionGroups.first)
        #expect(group.id == "9F8E7D6C")
        #expect(group.name == "River Maps Plus")
        #expect(group.localizations.isEmpty)
        #expect(group.location.line == 61)
        let monthly = try #require(group.subscriptions.first)
        #expect(monthly.type == .autoRenewableSubscription)
        let info = try #require(monthly.subscription)
        #expect(info.groupID == "9F8E7D6C")
        #expect(info.groupName == "River Maps Plus")
        #expect(info.period == "P1M")
        #expect(info.groupLevel == 1)
        #expect(info.offers == [
            StoreKitOffer(
                kind: .introductory,
                location: SourceLocation(file: "App/v1.0-basic.storekit", line: 73, column: 33),
                paymentMode: .payAsYouGo, period: "P1M", periodCount: 3, displayPrice: "0.99"),
        ])
        #expect(configuration.locales == ["de", "en_US"])
    }

    @Test func version1PromotionalOffers() throws {
        let configuration = try load("v1.2-promotional.storekit")
        let info = try #require(configuration.subscriptions.first?.subscription)
        #expect(info.period == "P1Y")
        #expect(info.introductoryOffers.isEmpty, "introductoryOffer: null means none")
        let promo = try #require(info.offers.first)
        #expect(promo.kind == .promotional)
        #expect(promo.offerID == "comeback_two_months")
        #expect(promo.referenceName == "Come Back")
        #expect(promo.paymentMode == .payAsYouGo)
        #expect(promo.periodCount == 2)
        #expect(promo.displayPrice == "1.99")
        #expect(promo.location.line == 22)
    }

    @Test func version2OfferCodesAndSettings() throws {
        let configuration = try load("v2.0-offer-codes.storekit")
        #expect(configuration.settings == StoreKitSettings(
            locale: "en_US", storefront: "USA", applicationInternalID: "1234567890", developerTeamID: "ABCDE12345",
            isSynchronized: true))
        let group = try #require(configuration.subscriptionGroups.first)
        #expect(group.localizations.map(\.displayName) == ["Cookbook Club"])
        #expect(group.localizations.first?.description == "")
        let subscription = try #require(group.subscriptions.first)
        #expect(subscription.familyShareable == true)
        let offers = try #require(subscription.subscription?.offers)
        #expect(offers.map(\.kind) == [.introductory, .offerCode])
        #expect(offers[0].paymentMode == .freeTrial)
        #expect(offers[0].period == "P1W")
        #expect(offers[0].periodCount == nil)
        #expect(offers[0].displayPrice == nil)
        #expect(offers[1].eligibility == ["new", "expired"])
        #expect(offers[1].referenceName == "Podcast Listeners")
    }

    @Test func version3LocalizationsAndGroupLevels() throws {
        let configuration = try load("v3.0-test-settings.storekit")
        #expect(configuration.identifier == "Configuration")
        #expect(configuration.settings.storefront == "DEU")
        #expect(!configuration.settings.isSynchronized, "no _lastSynchronizedDate: a local configuration")
        let tip = try #require(configuration.products.first)
        #expect(tip.localizations.map(\.locale) == ["en_US", "de_DE", "ja"])
        #expect(tip.localization(for: "ja")?.displayName == "小さなチップ")
        #expect(tip.localization(for: "en_US")?.displayName == "Small Tip ☕")
        let levels = configuration.subscriptions.map { $0.subscription?.groupLevel }
        #expect(levels == [2, 1])
        let yearlyIntro = try #require(configuration.subscriptions.last?.subscription?.introductoryOffers.first)
        #expect(yearlyIntro.paymentMode == .payUpFront)
        #expect(yearlyIntro.displayPrice == "14.99")
    }

    @Test func version4PoliciesAndWinBackOffers() throws {
        let configuration = try load("v4.0-offers.storekit")
        let policies = try #require(configuration.appPolicies)
        #expect(policies.eula == "https://example.com/terms")
        #expect(policies.location == SourceLocation(file: "App/v4.0-offers.storekit", line: 2, column: 19))
        #expect(policies.policies.map(\.locale) == ["en_US", "fr_FR"])
        #expect(policies.privacyPolicyURL() == "https://example.com/privacy")
        #expect(policies.privacyPolicyURL(for: "fr_FR") == "https://example.com/privacy", "falls back to any URL")
        #expect(policies.policies[1].policyText == "Nous ne vendons pas vos données.")

        #expect(configuration.settings.locale == "fr_FR")
        let weekly = try #require(configuration.subscriptions.first)
        #expect(weekly.localization(for: "fr_FR")?.displayName == "Calm Hebdo")
        let offers = try #require(weekly.subscription?.offers)
        #expect(offers.map(\.kind) == [.promotional, .winBack])
        #expect(offers[1].offerID == "calm_winback")
        #expect(offers[1].periodCount == 4)
        #expect(offers[1].displayPrice == "0.49")
        let yearly = try #require(configuration.subscriptions.last)
        #expect(yearly.subscription?.offers.map(\.kind) == [.introductory])
        #expect(yearly.subscription?.offers.first?.displayPrice == "0.00")
        #expect(configuration.locales == ["en_US", "fr_FR"])
    }

    @Test func version5IntroductoryOfferArrays() throws {
        let configuration = try load("v5.0-introductory-offers.storekit")
        #expect(configuration.appPolicies?.eula == "")
        #expect(configuration.appPolicies?.privacyPolicyURL() == nil)
        #expect(configuration.products.map(\.type) == [.consumable])
        let annual = try #require(configuration.subscriptions.first)
        let intro = try #require(annual.subscription?.introductoryOffers.first)
        #expect(intro.paymentMode == .freeTrial)
        #expect(intro.period == "P1W")
        #expect(intro.periodCount == 1)
        #expect(configuration.subscriptions.last?.subscription?.offers.isEmpty == true)
        #expect(configuration.subscriptionGroups.first?.localizations.first?.displayName == "Reader Pro")
    }

    // MARK: - Tolerance

    @Test func toleratesMissingMembersUnknownKeysAndNumbers() throws {
        let configuration = try loadText(
            """
            {
              "futureTopLevelKey" : {"anything" : [1, 2, 3]},
              "products" : [
                { "productID" : "coins.100", "displayPrice" : 0.99, "internalID" : 6450000001, "type" : "Gift" },
                { "productID" : "untyped" }
              ],
              "subscriptionGroups" : [
                { "subscriptions" : [ { "productID" : "plus", "introductoryOffer" : null, "newOfferKind" : [] } ] }
              ],
              "settings" : { "_locale" : [3], "_storefront" : "USA" }
            }
            """)
        #expect(configuration.version == nil)
        #expect(configuration.identifier == nil)
        let coins = configuration.products[0]
        #expect(coins.displayPrice == "0.99")
        #expect(coins.internalID == "6450000001")
        #expect(coins.type == .unknown("Gift"))
        #expect(coins.localizations.isEmpty)
        #expect(configuration.products[1].type == .unknown(""))
        let plus = try #require(configuration.subscriptions.first)
        #expect(plus.type == .autoRenewableSubscription, "implied by the list it is in")
        #expect(plus.subscription == StoreKitSubscriptionInfo())
        #expect(configuration.settings == StoreKitSettings(storefront: "USA"), "odd settings are skipped")
    }

    @Test func loadsAnEmptyObject() throws {
        let configuration = try loadText("{}")
        #expect(configuration.allProducts.isEmpty)
        #expect(configuration.locales.isEmpty)
    }

    // MARK: - Errors

    @Test func truncatedFilePointsAtTheEndAndNamesTheOpenObject() {
        let error = inputError { try load("truncated.storekit") }
        #expect(error == InputError(
            file: "App/truncated.storekit", line: 61, column: 1,
            reason: "unexpected end of file: the object opened at 59:13 is not closed (expected a member name)"))
    }

    @Test func wrongTypeDeepInASubscription() {
        let error = inputError { try load("wrong-type.storekit") }
        #expect(error == InputError(
            file: "App/wrong-type.storekit", line: 114, column: 43,
            reason: "\"subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod\" should be a string, found a number"))
    }

    @Test(arguments: [
        ("[]", 1, 1, "a StoreKit configuration should be a JSON object at the top level, found an array"),
        ("{\"products\" : {}}", 1, 15, "\"products\" should be an array, found an object"),
        ("{\"products\" : [ \"a\" ]}", 1, 17, "\"products[0]\" should be an object, found a string"),
        ("{\"products\" : [ { \"familyShareable\" : \"yes\" } ]}", 1, 39,
         "\"products[0].familyShareable\" should be true or false, found a string"),
        ("{\"products\" : [ { \"localizations\" : [ { \"locale\" : [] } ] } ]}", 1, 52,
         "\"products[0].localizations[0].locale\" should be a string, found an array"),
        ("{\"subscriptionGroups\" : [ { \"subscriptions\" : [ { \"groupNumber\" : \"1\" } ] } ]}", 1, 67,
         "\"subscriptionGroups[0].subscriptions[0].groupNumber\" should be a whole number, found a string"),
        ("{\"subscriptionGroups\" : [ { \"subscriptions\" : [ { \"adHocOffers\" : [ { \"numberOfPeriods\" : 1.5 } ] } ] } ]}",
         1, 91, "\"subscriptionGroups[0].subscriptions[0].adHocOffers[0].numberOfPeriods\" should be a whole number, found 1.5"),
        ("{\"version\" : {\"major\" : \"4\"}}", 1, 25, "\"version.major\" should be a whole number, found a string"),
        ("{\"appPolicies\" : {\"policies\" : [ { \"policyURL\" : false } ]}}", 1, 50,
         "\"appPolicies.policies[0].policyURL\" should be a string, found a boolean"),
    ])
    func wrongTypesAreReportedAtTheValue(_ text: String, _ line: Int, _ column: Int, _ reason: String) {
        let error = inputError { try loadText(text) }
        #expect(error == InputError(file: "Products.storekit", line: line, column: column, reason: reason))
    }

    @Test func binaryFileIsAnInputError() {
        let bytes: [UInt8] = [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD4, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x08]
        let error = inputError { try StoreKitConfigurationLoader.load(bytes: bytes, file: "Broken.storekit") }
        #expect(error?.location == SourceLocation(file: "Broken.storekit", line: 1, column: 1))
        #expect(error?.reason.hasPrefix("the file is binary, not text") == true)
    }
}
