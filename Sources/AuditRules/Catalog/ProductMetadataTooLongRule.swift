import AuditCore

/// App Store Connect's length limits for in-app purchase metadata, checked in the StoreKit
/// configuration so that the names tested are the names that can ship.
public struct ProductMetadataTooLongRule: Rule {
    public init() {}

    /// App Store Connect limits, in characters as customers see them.
    static let displayNameLimit = 30
    static let descriptionLimit = 45
    static let referenceNameLimit = 64

    public static let description = RuleDescription(
        identifier: "product_metadata_too_long",
        title: "Product names and descriptions fit App Store Connect's limits",
        severity: .error,
        scope: .configuration,
        rationale: """
            App Store Connect does not accept an in-app purchase whose display name is over 30 \
            characters, whose description is over 45, or whose reference name is over 64. A \
            configuration that exceeds them tests names and descriptions that cannot ship: the \
            paywall is laid out for text the App Store will never return, and the product \
            metadata has to be rewritten at submission time.

            Characters are counted as customers see them (`é`, `ü`, `チ` and `☕` are one \
            each), not as UTF-8 bytes. Subscription group names are not checked.
            """,
        fix: """
            Shorten the text in the StoreKit configuration and use the same text in App Store \
            Connect: display name at most 30 characters, description at most 45, reference name \
            at most 64.
            """,
        reference: """
            App Store Connect limits, checked in 2026: display name 30 and description 45 \
            characters, from Apple's App Store product page guidance ("In-app purchase names are \
            limited to 30 characters and descriptions are limited to 45 characters"); reference \
            name 64 characters, from App Store Connect Help, Reference, In-App Purchase information
            """,
        triggeringExamples: [
            // Format 3, as in the flawed sample app: the finding points at the value.
            RuleExample(files: [("RecipeBox.storekit", """
                {
                  "products" : [
                    {
                      "displayPrice" : "5.99",
                      "familyShareable" : true,
                      "localizations" : [
                        {
                          "description" : "120 family recipes from Italy's regions",
                          "displayName" : ↓"Italian Kitchen: 120 Classic Family Recipes",
                          "locale" : "en_US"
                        }
                      ],
                      "productID" : "com.recipebox.cookbook.italian",
                      "referenceName" : "Cookbook: Italian",
                      "type" : "NonConsumable"
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 4: a 46-character French description (48 bytes); the 45-character German one fits.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "D0FEE8D8",
                      "localizations" : [ { "description" : "Meditation courses", "displayName" : "Calm Minutes", "locale" : "en_US" } ],
                      "name" : "Calm Minutes",
                      "subscriptions" : [
                        {
                          "displayPrice" : "1.99", "groupNumber" : 2,
                          "localizations" : [
                            { "description" : "Daily sessions, billed weekly", "displayName" : "Calm Weekly", "locale" : "en_US" },
                            { "description" : ↓"Séances quotidiennes, facturées chaque semaine", "displayName" : "Calm Hebdo", "locale" : "fr_FR" },
                            { "description" : "Alle Pro-Funktionen, jährlich für die Familie", "displayName" : "Calm wöchentlich", "locale" : "de" }
                          ],
                          "productID" : "calm.weekly", "recurringSubscriptionPeriod" : "P1W",
                          "type" : "RecurringSubscription", "winbackOffers" : [ ]
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 4, "minor" : 0 }
                }
                """)]),
            // Format 1.0: a 67-character reference name, and a name and a description both too long.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "nonRenewingSubscriptions" : [
                    {
                      "displayPrice" : "4.99",
                      "localizations" : [
                        {
                          "description" : ↓"Meditation courses for every mood, every day, all year long in every language",
                          "displayName" : ↓"Season Pass for Offline River Maps",
                          "locale" : "en_US"
                        }
                      ],
                      "productID" : "com.example.rivermaps.seasonpass",
                      "referenceName" : ↓"River Maps Season Pass for Offline Use, Summer 2024 Edition, Europe",
                      "type" : "NonRenewingSubscription"
                    }
                  ],
                  "version" : { "major" : 1, "minor" : 0 }
                }
                """)]),
        ],
        nonTriggeringExamples: [
            // Exactly at the limits: 30, 45 and 64 characters.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [
                        { "description" : "All Pro features, billed yearly, for families", "displayName" : "Pro Yearly with Family Sharing", "locale" : "en_US" }
                      ],
                      "productID" : "com.app.pro.family", "type" : "NonConsumable", "displayPrice" : "49.99",
                      "referenceName" : "Pro Yearly with Family Sharing - launch price, all storefronts!!"
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Characters, not bytes: 30 Japanese characters are 90 bytes; 30 German ones 32 bytes.
            RuleExample(files: [("Maps.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [
                        { "description" : "オフライン地図", "displayName" : "ダウンロード可能なすべての地図とオフラインルートのセットです", "locale" : "ja" },
                        { "description" : "Alle Pro-Funktionen, jährlich für die Familie", "displayName" : "Jährliches Abo für die Familie", "locale" : "de" }
                      ],
                      "productID" : "com.app.maps.all", "type" : "NonConsumable", "displayPrice" : "9.99"
                    }
                  ]
                }
                """)]),
            // Format 5: short names everywhere; a group's long description is not a product's.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "22149819",
                      "localizations" : [ { "description" : "Meditation courses for every mood, every day, all year long in every language", "displayName" : "Reader Pro", "locale" : "en_US" } ],
                      "name" : "Reader Pro",
                      "subscriptions" : [
                        {
                          "displayPrice" : "79.99", "groupNumber" : 1, "introductoryOffers" : [ ],
                          "localizations" : [ { "description" : "AI narration and library sync", "displayName" : "Reader Pro Annual", "locale" : "en_US" } ],
                          "productID" : "org.example.reader.pro.annual", "recurringSubscriptionPeriod" : "P1Y",
                          "referenceName" : "Reader Pro Annual", "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 5, "minor" : 0 }
                }
                """)]),
            // Empty text is product_metadata_empty's finding, not this rule's.
            RuleExample(files: [("P.storekit", """
                { "products" : [ { "localizations" : [ { "description" : "", "displayName" : "", "locale" : "en_US" } ], "productID" : "com.app.x", "type" : "Consumable" } ] }
                """)]),
            // No configuration at all: nothing to check.
            RuleExample("let ids = [\"com.app.pro\"]"),
            // An empty configuration.
            RuleExample(files: [("Empty.storekit", "{ \"products\" : [ ], \"subscriptionGroups\" : [ ], \"version\" : { \"major\" : 4, \"minor\" : 0 } }")]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        guard !project.storeKitConfigurations.isEmpty else {
            result.notApplicable(ConfigurationWording.noConfiguration(in: project))
            return
        }
        var products = 0
        for configuration in project.storeKitConfigurations {
            for product in configuration.allProducts {
                products += 1
                let name = ConfigurationWording.sentence(ConfigurationWording.name(of: product))
                for localization in product.localizations {
                    let place = ConfigurationWording.name(of: localization)
                    let checks = [
                        ("displayName", "display name", localization.displayName, Self.displayNameLimit),
                        ("description", "description", localization.description, Self.descriptionLimit),
                    ]
                    for (key, what, text, limit) in checks {
                        guard let text, text.count > limit else { continue }
                        result.report(
                            at: configuration.location(of: key, in: localization.location),
                            "\(name): the \(what) in \(place) is \(text.count) characters; App Store Connect allows \(limit).")
                    }
                }
                if let reference = product.referenceName, reference.count > Self.referenceNameLimit {
                    result.report(
                        at: configuration.location(of: "referenceName", in: product.location),
                        "\(name): the reference name is \(reference.count) characters; App Store Connect allows \(Self.referenceNameLimit).")
                }
            }
        }
        if products > 0, result.findings.isEmpty {
            result.evidence(
                at: nil,
                "All \(ConfigurationWording.count(products, "product")) fit App Store Connect's limits: display names of at most "
                    + "\(Self.displayNameLimit) characters, descriptions of at most \(Self.descriptionLimit), reference names of at most \(Self.referenceNameLimit)")
        }
    }
}
