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
            A product with no display name and description in one of the app's languages shows \
            its paywall text untranslated there, and the launch guidance warns that a missing \
            localization can keep the product from being offered. What the finding means depends \
            on the file: a configuration synced from App Store Connect (`_lastSynchronizedDate`) \
            mirrors the live metadata; a local one is what StoreKit testing shows, and App Store \
            Connect must be checked by hand. Another region of the same language and \
            script serves the locale (`en_US` text reaches `en_GB` customers; `zh_Hans` does not \
            reach `zh_Hant`). A subscription group's own display name is judged by \
            `subscription_group_incomplete`.
            """,
        fix: """
            Add the missing localization (display name and description) to the product in the \
            StoreKit configuration and in App Store Connect.
            """,
        reference: "Monetisation launch checklist: all product localisations complete; App Store Connect localizations",
        changeScope: .lineOrAnyFile([.stringCatalog, .strings, .stringsDictionary]),
        triggeringExamples: [
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [ { "description" : "All features", "displayName" : "Pro", "locale" : "en_US" } ],
                      "productID" : ↓"com.app.pro", "type" : "NonConsumable"
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
                    {
                      "localizations" : [ { "description" : "No ads", "displayName" : "Remove Ads", "locale" : "en_US" } ],
                      "productID" : ↓"com.app.noads", "type" : "NonConsumable"
                    }
                  ]
                }
                """)]),
            // A subscription lacks French (its group's display name is another rule's business).
            RuleExample(files: [("Subs.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "1", "name" : "Pro",
                      "localizations" : [ { "description" : "", "displayName" : "Pro", "locale" : "en_US" } ],
                      "subscriptions" : [
                        {
                          "groupNumber" : 1, "productID" : ↓"com.app.monthly", "recurringSubscriptionPeriod" : "P1M",
                          "localizations" : [ { "description" : "Monthly", "displayName" : "Monthly", "locale" : "en_US" } ],
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ]
                }
                """)], locales: ["en", "fr"]),
            // British English is served by the US text, Portuguese is not served at all.
            RuleExample(files: [("Shop.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [ { "description" : "A pack of 50 stickers", "displayName" : "Sticker Pack", "locale" : "en_US" } ],
                      "productID" : ↓"com.example.stickers.pack", "type" : "NonConsumable"
                    }
                  ]
                }
                """)], locales: ["en-GB", "pt-BR"]),
            // Simplified Chinese does not serve a Traditional Chinese (Hong Kong) app.
            RuleExample(files: [("Shop.storekit", """
                {
                  "products" : [
                    {
                      "localizations" : [
                        { "description" : "Ad-free reading", "displayName" : "No Ads", "locale" : "en_US" },
                        { "description" : "无广告阅读", "displayName" : "去广告", "locale" : "zh_Hans" }
                      ],
                      "productID" : ↓"com.example.reader.noads", "type" : "NonConsumable"
                    }
                  ]
                }
                """)], locales: ["en", "zh-HK"]),
        ],
        nonTriggeringExamples: [
            // Two products carry en_GB as well; the others' en_US text serves British customers.
            RuleExample(files: [("Garden.storekit", """
                {
                  "products" : [
                    { "localizations" : [ { "description" : "Ten tulip bulbs", "displayName" : "Tulips", "locale" : "en_US" }, { "description" : "Ten tulip bulbs", "displayName" : "Tulips", "locale" : "en_GB" } ],
                      "productID" : "com.example.garden.tulips", "type" : "NonConsumable" },
                    { "localizations" : [ { "description" : "A watering can", "displayName" : "Watering Can", "locale" : "en_US" } ],
                      "productID" : "com.example.garden.can", "type" : "Consumable" }
                  ]
                }
                """)]),
            // A group with no localizations (what Xcode writes for a new or synced group) whose
            // subscriptions are localized: every product reaches every shipped locale.
            RuleExample(files: [("Synced.storekit", """
                {
                  "settings" : { "_lastSynchronizedDate" : 712345678.5 },
                  "subscriptionGroups" : [
                    {
                      "id" : "20911234", "name" : "Supporter",
                      "localizations" : [ ],
                      "subscriptions" : [
                        {
                          "groupNumber" : 1, "productID" : "com.example.supporter.yearly", "recurringSubscriptionPeriod" : "P1Y",
                          "localizations" : [
                            { "description" : "Support development", "displayName" : "Supporter", "locale" : "en_US" },
                            { "description" : "Entwicklung unterstützen", "displayName" : "Unterstützer", "locale" : "de" }
                          ],
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ]
                }
                """)], locales: ["en", "de"]),
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
            // Subscription groups are not products: their display name is what customers see in
            // subscription management, and `subscription_group_incomplete` judges it.
            for product in configuration.allProducts {
                checked += 1
                let missing = locales.filter { wanted in !product.localizations.contains { Self.reaches($0.locale, wanted) } }
                if !missing.isEmpty {
                    let id = product.productID ?? "without an id"
                    let locales = missing.joined(separator: ", ")
                    // What it means depends on where the file's products come from: a synced file
                    // mirrors App Store Connect; a local one is what StoreKit testing shows.
                    let message = configuration.settings.isSynchronized
                        ? "Product \(id) has no \(locales) display name or description in App Store Connect (this configuration is synced from it), although the app ships in \(locales): customers there do not get its text in their language, and a missing localization can keep the product from being offered."
                        : "Product \(id) has no \(locales) display name or description in this StoreKit configuration, although the app ships in \(locales): local testing cannot show its text in that language. Add it here and check App Store Connect, where a missing localization can keep the product from being offered."
                    result.report(at: configuration.location(of: "productID", in: product.location), message)
                }
            }
        }
        if checked > 0, result.findings.isEmpty {
            result.evidence(at: nil, "All \(checked) products are localized for \(locales.joined(separator: ", ")) (locales from \(project.localeSource))")
        }
    }

    /// Whether a product localization written `available` reaches customers of the shipped
    /// locale `wanted`: `LocaleMatching.serves`, or another region of the same language and
    /// script, whose text the App Store shows them (an `en_US` text serves `en_GB`, a `pt_BR`
    /// one `pt_PT`; a `zh_Hans` text does not serve `zh_Hant` or `zh_HK`).
    static func reaches(_ available: String, _ wanted: String) -> Bool {
        if LocaleMatching.serves(available, wanted) { return true }
        guard LocaleMatching.language(of: available) == LocaleMatching.language(of: wanted) else { return false }
        let a = script(of: available)
        let w = script(of: wanted)
        return a == nil || w == nil || a == w
    }

    /// The script a locale names or implies (`zh_Hant`, `zh_TW`: hant), nil when it says none.
    static func script(of locale: String) -> String? {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        if let named = parts.dropFirst().first(where: { $0.count == 4 }) { return named }
        guard parts.first == "zh" else { return nil }
        if parts.contains(where: { ["tw", "hk", "mo"].contains($0) }) { return "hant" }
        if parts.contains(where: { ["cn", "sg"].contains($0) }) { return "hans" }
        return nil
    }
}
