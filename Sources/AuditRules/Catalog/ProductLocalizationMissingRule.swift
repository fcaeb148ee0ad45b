import AuditCore

/// A product without a localization for a locale the app ships is silently dropped by
/// `Product.products(for:)` in that storefront language (monetisation seed, App Store Connect).
public struct ProductLocalizationMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "product_localization_missing",
        title: "Every product is localized for every shipped locale",
        severity: .error,
        scope: .configuration,
        rationale: """
            A product or subscription group with no display name and description for one of the \
            app's locales is not returned by `Product.products(for:)` there: the paywall shows an \
            empty plan or nothing, and App Review sees a broken purchase screen.
            """,
        fix: """
            Add the missing localization (display name and description) to the product or \
            subscription group in the StoreKit configuration and in App Store Connect.
            """,
        reference: "Monetisation launch checklist: all product localisations complete; App Store Connect localizations",
        changeScope: .lineOrAnyFile([.stringCatalog, .strings, .stringsDictionary]),
        triggeringExamples: [
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    ↓{
                      "localizations" : [ { "description" : "All features", "displayName" : "Pro", "locale" : "en_US" } ],
                      "productID" : "com.app.pro", "type" : "NonConsumable"
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)], locales: ["en", "de"]),
            // Locales from the configuration itself: one product lacks German.
            RuleExample(files: [("Store.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [
                        { "description" : "100 gems", "displayName" : "Gems", "locale" : "en_US" },
                        { "description" : "100 Edelsteine", "displayName" : "Edelsteine", "locale" : "de" }
                      ],
                      "productID" : "com.app.gems", "type" : "Consumable"
                    },
                    ↓{
                      "localizations" : [ { "description" : "No ads", "displayName" : "Remove Ads", "locale" : "en_US" } ],
                      "productID" : "com.app.noads", "type" : "NonConsumable"
                    }
                  ]
                }
                """)]),
            // A subscription group and its subscription both lack French.
            RuleExample(files: [("Subs.storekit", """
                {
                  "subscriptionGroups" : [
                    ↓{
                      "id" : "1", "name" : "Pro",
                      "localizations" : [ { "description" : "", "displayName" : "Pro", "locale" : "en_US" } ],
                      "subscriptions" : [
                        ↓{
                          "groupNumber" : 1, "productID" : "com.app.monthly", "recurringSubscriptionPeriod" : "P1M",
                          "localizations" : [ { "description" : "Monthly", "displayName" : "Monthly", "locale" : "en_US" } ],
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ]
                }
                """)], locales: ["en", "fr"]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [
                        { "description" : "All features", "displayName" : "Pro", "locale" : "en_US" },
                        { "description" : "Alle Funktionen", "displayName" : "Pro", "locale" : "de_DE" }
                      ],
                      "productID" : "com.app.pro", "type" : "NonConsumable"
                    }
                  ]
                }
                """)], locales: ["en", "de"]),
            // Locales from the configuration: every product has the same ones.
            RuleExample(files: [("Store.storekit", """
                {
                  "products" : [
                    { "localizations" : [ { "description" : "a", "displayName" : "A", "locale" : "en_US" }, { "description" : "b", "displayName" : "B", "locale" : "ja" } ],
                      "productID" : "com.app.a", "type" : "Consumable" },
                    { "localizations" : [ { "description" : "c", "displayName" : "C", "locale" : "en_US" }, { "description" : "d", "displayName" : "D", "locale" : "ja" } ],
                      "productID" : "com.app.c", "type" : "NonConsumable" }
                  ]
                }
                """)]),
            // Region-less shipped locale served by a regional localization.
            RuleExample(files: [("P.storekit", """
                { "products" : [ { "localizations" : [ { "description" : "x", "displayName" : "X", "locale" : "pt_BR" } ], "productID" : "com.app.x", "type" : "Consumable" } ] }
                """)], locales: ["pt"]),
            // No configuration at all: nothing to check.
            RuleExample("let ids = [\"com.app.pro\"]"),
            // An empty configuration.
            RuleExample(files: [("Empty.storekit", "{ \"products\" : [ ], \"subscriptionGroups\" : [ ], \"version\" : { \"major\" : 4, \"minor\" : 0 } }")], locales: ["en", "de"]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        guard !project.storeKitConfigurations.isEmpty else {
            result.notApplicable(ConfigurationWording.noConfiguration(in: project))
            return
        }
        let locales = project.shippedLocales
        guard !locales.isEmpty else {
            result.notApplicable("No shipped locales are known: pass --locales or add localizations.")
            return
        }
        var checked = 0
        for configuration in project.storeKitConfigurations {
            for group in configuration.subscriptionGroups {
                let missing = locales.filter { wanted in !group.localizations.contains { LocaleMatching.serves($0.locale, wanted) } }
                if !missing.isEmpty {
                    result.report(at: group.location, "Subscription group \(group.name ?? group.id ?? "?") has no localization for \(missing.joined(separator: ", ")).")
                }
            }
            for product in configuration.allProducts {
                checked += 1
                let missing = locales.filter { wanted in !product.localizations.contains { LocaleMatching.serves($0.locale, wanted) } }
                if !missing.isEmpty {
                    result.report(at: product.location, "Product \(product.productID ?? "without an id") has no localization for \(missing.joined(separator: ", ")): Product.products(for:) will not return it there.")
                }
            }
        }
        if checked > 0, result.findings.isEmpty {
            result.evidence(at: nil, "All \(checked) products are localized for \(locales.joined(separator: ", ")) (locales from \(project.localeSource))")
        }
    }
}
