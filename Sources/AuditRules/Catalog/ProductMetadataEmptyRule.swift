import AuditCore

/// App Store Connect requires a display name and a description in every localization of an
/// in-app purchase, and a display name in every localization of a subscription group.
public struct ProductMetadataEmptyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "product_metadata_empty",
        title: "Every localization has a display name and a description",
        severity: .error,
        scope: .configuration,
        rationale: """
            App Store Connect does not accept an in-app purchase localization without a display \
            name and a description, and StoreKit shows both on the purchase sheet and in \
            `Product.displayName` / `Product.description`: an empty one is a blank row on the \
            paywall that App Review sees. Customers see a subscription group's display name in \
            their subscription settings.

            Text made only of spaces or invisible characters (a zero-width space pasted in with a \
            name) counts as empty. A subscription group's `description` is not checked: App Store \
            Connect has no description for groups, and Xcode writes an empty one by default.
            """,
        fix: """
            Fill in the display name and description of the localization in the StoreKit \
            configuration and in App Store Connect, or remove the localization if the app does \
            not ship that language.
            """,
        reference: "App Store Connect: in-app purchase localizations require a display name and a description; subscription group localizations require a display name",
        triggeringExamples: [
            // Format 3: an empty display name; the finding points at the value.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    {
                      "displayPrice" : "2.99",
                      "familyShareable" : false,
                      "localizations" : [
                        { "description" : "A small thank-you", "displayName" : ↓"", "locale" : "en_US" }
                      ],
                      "productID" : "com.app.tip.small",
                      "referenceName" : "Small Tip",
                      "type" : "Consumable"
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 1.1 as Xcode writes a new subscription: both empty, one finding at the name.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "22DC70A2",
                      "localizations" : [ { "description" : "", "displayName" : "Converter", "locale" : "en_US" } ],
                      "name" : "Currency Converter",
                      "subscriptions" : [
                        {
                          "displayPrice" : "0.99",
                          "groupNumber" : 1,
                          "localizations" : [
                            {
                              "description" : "",
                              "displayName" : ↓"",
                              "locale" : "en_US"
                            }
                          ],
                          "productID" : "converter_all_monthly",
                          "recurringSubscriptionPeriod" : "P1M",
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 1, "minor" : 1 }
                }
                """)]),
            // A hand-written localization without a description points at its object; a group
            // name of spaces and a description holding only a zero-width space are empty too.
            RuleExample(files: [("Store.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [
                        ↓{ "displayName" : "Remove Ads", "locale" : "en_US" },
                        { "description" : ↓"\u{200B}", "displayName" : "Werbefrei", "locale" : "de" }
                      ],
                      "productID" : "com.app.noads", "type" : "NonConsumable", "displayPrice" : "1.99"
                    }
                  ],
                  "subscriptionGroups" : [
                    {
                      "id" : "1", "name" : "Pro",
                      "localizations" : [ { "description" : "", "displayName" : ↓"   ", "locale" : "en_US" } ],
                      "subscriptions" : [ ]
                    }
                  ]
                }
                """)]),
        ],
        nonTriggeringExamples: [
            // Format 3: complete, in three scripts.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [
                        { "description" : "A small thank-you to the developer", "displayName" : "Small Tip ☕", "locale" : "en_US" },
                        { "description" : "Ein kleines Dankeschön", "displayName" : "Kleines Trinkgeld", "locale" : "de_DE" },
                        { "description" : "開発者への小さなお礼", "displayName" : "小さなチップ", "locale" : "ja" }
                      ],
                      "productID" : "com.example.notes.tip.small", "type" : "Consumable", "displayPrice" : "2.99"
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 5: a group's empty description is what Xcode writes; groups have none in App Store Connect.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "22149819",
                      "localizations" : [ { "description" : "", "displayName" : "Reader Pro", "locale" : "en_US" } ],
                      "name" : "Reader Pro",
                      "subscriptions" : [
                        {
                          "displayPrice" : "6.99", "groupNumber" : 1,
                          "introductoryOffers" : [ ],
                          "localizations" : [ { "description" : "AI narration and library sync", "displayName" : "Reader Pro Monthly", "locale" : "en_US" } ],
                          "productID" : "org.example.reader.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 5, "minor" : 0 }
                }
                """)]),
            // Format 1.0: a group with no localizations at all is subscription_group_incomplete's
            // finding, and a product with none is product_localization_missing's.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "products" : [ { "displayPrice" : "0.99", "localizations" : [ ], "productID" : "com.example.tiles10", "type" : "Consumable" } ],
                  "subscriptionGroups" : [ { "id" : "9F8E7D6C", "localizations" : [ ], "name" : "River Maps Plus", "subscriptions" : [ ] } ],
                  "version" : { "major" : 1, "minor" : 0 }
                }
                """)]),
            // Single-character names are short, not empty.
            RuleExample(files: [("P.storekit", """
                { "products" : [ { "localizations" : [ { "description" : "x", "displayName" : "X", "locale" : "en" } ], "productID" : "com.app.x", "type" : "Consumable" } ] }
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
        var checked = 0
        for configuration in project.storeKitConfigurations {
            for product in configuration.allProducts {
                for localization in product.localizations {
                    checked += 1
                    let emptyName = ConfigurationWording.isBlank(localization.displayName)
                    let emptyDescription = ConfigurationWording.isBlank(localization.description)
                    guard emptyName || emptyDescription else { continue }
                    let missing = emptyName && emptyDescription
                        ? "display name and description" : emptyName ? "display name" : "description"
                    let location = configuration.location(
                        of: emptyName ? "displayName" : "description", in: localization.location)
                    let invisible = [emptyName ? localization.displayName : nil, emptyDescription ? localization.description : nil]
                        .compactMap { ConfigurationWording.invisibleCharacters(in: $0) }
                    let holds = invisible.isEmpty ? "" : " (it holds only \(invisible.joined(separator: "; ")), which shows as nothing)"
                    result.report(
                        at: location,
                        "\(ConfigurationWording.sentence(ConfigurationWording.name(of: product))) has an empty \(missing) "
                            + "in \(ConfigurationWording.name(of: localization))\(holds); App Store Connect requires a display name "
                            + "and a description in every localization, and the paywall would show a blank.")
                }
            }
            for group in configuration.subscriptionGroups {
                for localization in group.localizations {
                    checked += 1
                    guard ConfigurationWording.isBlank(localization.displayName) else { continue }
                    result.report(
                        at: configuration.location(of: "displayName", in: localization.location),
                        "\(ConfigurationWording.sentence(ConfigurationWording.name(of: group))) has an empty display name "
                            + "in \(ConfigurationWording.name(of: localization))"
                            + (ConfigurationWording.invisibleCharacters(in: localization.displayName).map { " (it holds only \($0), which shows as nothing)" } ?? "")
                            + ": customers see it in their subscription settings.")
                }
            }
        }
        if checked > 0, result.findings.isEmpty {
            result.evidence(at: nil, "All \(ConfigurationWording.count(checked, "localization")) of products and subscription groups have their customer-facing text filled in")
        }
    }
}
