import AuditCore

/// Family Sharing exists only for non-consumables and auto-renewable subscriptions; a
/// consumable marked shareable tests a behaviour the App Store will never have.
public struct ConsumableFamilyShareableRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "consumable_family_shareable",
        title: "No consumable is marked family shareable",
        severity: .error,
        scope: .configuration,
        rationale: """
            App Store Connect offers Family Sharing only for non-consumables and auto-renewable \
            subscriptions. A consumable marked `familyShareable` in the StoreKit configuration \
            makes local tests report `Product.isFamilyShareable` as true and share coins or \
            credits with the family, which never happens once the app ships, so the code paths \
            and copy built on it are wrong.
            """,
        fix: """
            Set `familyShareable` to false for the consumable (untick Family Sharing in Xcode's \
            StoreKit configuration editor). To share something with the family, sell it as a \
            non-consumable or an auto-renewable subscription.
            """,
        reference: "App Store Connect: Family Sharing is available for auto-renewable subscriptions and non-consumable In-App Purchases (StoreKit, Supporting Family Sharing in your app)",
        triggeringExamples: [
            // Format 3: the finding points at the value.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    {
                      "displayPrice" : "2.99",
                      "familyShareable" : ↓true,
                      "localizations" : [ { "description" : "Summaries for your notes", "displayName" : "50 AI Credits", "locale" : "en_US" } ],
                      "productID" : "com.notespro.credits.50",
                      "type" : "Consumable"
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 1.0: only the consumable fires, not the shareable non-consumable next to it.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "products" : [
                    {
                      "displayPrice" : "0.99",
                      "familyShareable" : ↓true,
                      "internalID" : "2E6F90A3",
                      "productID" : "com.example.rivermaps.tiles10",
                      "referenceName" : "Tile Pack 10",
                      "type" : "Consumable"
                    },
                    {
                      "displayPrice" : "9.99",
                      "familyShareable" : true,
                      "internalID" : "C3D41B77",
                      "productID" : "com.example.rivermaps.allregions",
                      "referenceName" : "All Regions",
                      "type" : "NonConsumable"
                    }
                  ],
                  "version" : { "major" : 1, "minor" : 0 }
                }
                """)]),
            // Format 5: two consumables, one shareable.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "products" : [
                    { "displayPrice" : "4.99", "familyShareable" : false, "productID" : "org.example.reader.minutes50", "type" : "Consumable" },
                    { "displayPrice" : "8.99", "familyShareable" : ↓true, "productID" : "org.example.reader.minutes100", "type" : "Consumable" }
                  ],
                  "subscriptionGroups" : [ ],
                  "version" : { "major" : 5, "minor" : 0 }
                }
                """)]),
        ],
        nonTriggeringExamples: [
            // A shareable non-consumable, as in the flawed sample app.
            RuleExample(files: [("RecipeBox.storekit", """
                {
                  "products" : [ { "displayPrice" : "5.99", "familyShareable" : true, "productID" : "com.recipebox.cookbook.italian", "type" : "NonConsumable" } ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 4: a shareable auto-renewable subscription.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "D0FEE8D8", "name" : "Calm Minutes",
                      "subscriptions" : [
                        { "displayPrice" : "49.99", "familyShareable" : true, "groupNumber" : 1, "productID" : "calm.yearly", "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription" }
                      ]
                    }
                  ],
                  "version" : { "major" : 4, "minor" : 0 }
                }
                """)]),
            // Consumables not shared, or with no familyShareable key (hand-written files).
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    { "displayPrice" : "2.99", "familyShareable" : false, "productID" : "com.notespro.credits.50", "type" : "Consumable" },
                    { "displayPrice" : "0.99", "productID" : "com.notespro.credits.10", "type" : "Consumable" }
                  ]
                }
                """)]),
            // A product type this tool does not know is not assumed to be a consumable.
            RuleExample(files: [("Future.storekit", """
                { "products" : [ { "displayPrice" : "2.99", "familyShareable" : true, "productID" : "com.app.bundle", "type" : "Bundle" } ] }
                """)]),
            // No configuration at all: nothing to check.
            RuleExample("let credits = \"com.notespro.credits.50\""),
            // An empty configuration.
            RuleExample(files: [("Empty.storekit", "{ \"products\" : [ ], \"subscriptionGroups\" : [ ], \"version\" : { \"major\" : 4, \"minor\" : 0 } }")]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        guard !project.storeKitConfigurations.isEmpty else {
            result.notApplicable(ConfigurationWording.noConfiguration(in: project))
            return
        }
        var consumables = 0
        for configuration in project.storeKitConfigurations {
            for product in configuration.allProducts where product.type == .consumable {
                consumables += 1
                guard product.familyShareable == true else { continue }
                result.report(
                    at: configuration.location(of: "familyShareable", in: product.location),
                    "Consumable \(ConfigurationWording.identifier(of: product)) is marked family shareable, but App Store Connect "
                        + "offers Family Sharing only for non-consumables and auto-renewable subscriptions.")
            }
        }
        if consumables == 0 {
            result.notApplicable("No consumable products are configured.")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "\(ConfigurationWording.count(consumables, "consumable")) checked: none is marked family shareable")
        }
    }
}
