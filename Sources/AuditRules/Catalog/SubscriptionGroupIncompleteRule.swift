import AuditCore

/// Seed: "subscription group configured". A group needs a customer-facing name, and each of its
/// subscriptions a renewal period and a level, before StoreKit and App Store Connect can use it.
public struct SubscriptionGroupIncompleteRule: Rule {
    public init() {}

    /// The durations App Store Connect offers for auto-renewable subscriptions, as Xcode writes them.
    static let periods: [String] = ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"]

    public static let description = RuleDescription(
        identifier: "subscription_group_incomplete",
        title: "Subscription groups and their subscriptions are fully configured",
        severity: .warning,
        scope: .configuration,
        rationale: """
            Customers see a subscription group's display name when they manage or cancel their \
            subscriptions, and App Store Connect wants a group localization before the group's \
            subscriptions can be submitted. Each subscription needs a renewal period \
            (`recurringSubscriptionPeriod`), without which StoreKit cannot renew it and a paywall \
            cannot state its length, and a level in its group (`groupNumber`), without which \
            StoreKit cannot tell an upgrade from a downgrade or a crossgrade.

            Several subscriptions may share a level: monthly and yearly durations of one tier \
            usually do. A period must be one App Store Connect offers: one week, one, two, three \
            or six months, or one year. An empty `localizations` list is what Xcode 12 (format \
            1) writes for a new group; a group localization whose display name is empty is \
            reported by `product_metadata_empty` instead. A file synced from App Store Connect \
            (`_lastSynchronizedDate` in its settings) has empty group localizations whatever the \
            live group holds, so there their absence is not reported.
            """,
        fix: """
            In Xcode's StoreKit configuration editor, add a localization with a display name to \
            the subscription group, and give every subscription a duration and a level (1 is the \
            highest tier; durations of one tier share a level). Mirror the same values in App \
            Store Connect.
            """,
        reference: "StoreKit 2 review checklist: subscription group configured; App Store Connect: subscription group localizations, subscription durations and levels",
        triggeringExamples: [
            // Format 1.0: the group has no localization at all.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    ↓{
                      "id" : "9F8E7D6C",
                      "localizations" : [

                      ],
                      "name" : "River Maps Plus",
                      "subscriptions" : [
                        {
                          "displayPrice" : "2.99", "groupNumber" : 1,
                          "localizations" : [ { "description" : "Live water levels, billed monthly", "displayName" : "Plus Monthly", "locale" : "en_US" } ],
                          "productID" : "com.example.rivermaps.plus.monthly", "recurringSubscriptionPeriod" : "P1M",
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 1, "minor" : 0 }
                }
                """)]),
            // Format 3: one subscription lacks its level, the other its period and level.
            RuleExample(files: [("Products.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "21598374",
                      "localizations" : [ { "description" : "", "displayName" : "Notes Pro", "locale" : "en_US" } ],
                      "name" : "Notes Pro",
                      "subscriptions" : [
                        ↓{
                          "displayPrice" : "3.99",
                          "productID" : "com.example.notes.pro.monthly",
                          "recurringSubscriptionPeriod" : "P1M",
                          "type" : "RecurringSubscription"
                        },
                        ↓{
                          "displayPrice" : "29.99",
                          "productID" : "com.example.notes.pro.yearly",
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Hand-written: a period App Store Connect does not offer and a level of 0 point at
            // their values.
            RuleExample(files: [("Subs.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "1", "name" : "Pro",
                      "localizations" : [ { "description" : "", "displayName" : "Pro", "locale" : "en" } ],
                      "subscriptions" : [
                        { "displayPrice" : "1.99", "groupNumber" : 1, "productID" : "com.app.pro.fortnight", "recurringSubscriptionPeriod" : ↓"P2W", "type" : "RecurringSubscription" },
                        { "displayPrice" : "9.99", "groupNumber" : ↓0, "productID" : "com.app.pro.yearly", "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription" }
                      ]
                    }
                  ]
                }
                """)]),
            // Hand-written: an auto-renewable subscription in the products list belongs to no group.
            RuleExample(files: [("Store.storekit", """
                {
                  "products" : [
                    ↓{ "displayPrice" : "4.99", "groupNumber" : 1, "productID" : "com.app.pro.monthly", "recurringSubscriptionPeriod" : "P1M", "type" : "RecurringSubscription" }
                  ]
                }
                """)]),
        ],
        nonTriggeringExamples: [
            // Format 3, as in the flawed sample app: monthly and yearly of one tier share level 1.
            RuleExample(files: [("RecipeBox.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "21483911",
                      "localizations" : [
                        { "description" : "Every recipe, list and meal plan", "displayName" : "Recipe Box Pro", "locale" : "en_US" }
                      ],
                      "name" : "Recipe Box Pro",
                      "subscriptions" : [
                        { "displayPrice" : "4.99", "groupNumber" : 1, "productID" : "com.recipebox.pro.monthly", "recurringSubscriptionPeriod" : "P1M", "subscriptionGroupID" : "21483911", "type" : "RecurringSubscription" },
                        { "displayPrice" : "47.99", "groupNumber" : 1, "productID" : "com.recipebox.pro.yearly", "recurringSubscriptionPeriod" : "P1Y", "subscriptionGroupID" : "21483911", "type" : "RecurringSubscription" }
                      ]
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 4: two tiers on levels 1 and 2, the group localized in two languages.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "D0FEE8D8",
                      "localizations" : [
                        { "description" : "Meditation courses", "displayName" : "Calm Minutes", "locale" : "en_US" },
                        { "description" : "Cours de méditation", "displayName" : "Minutes Calmes", "locale" : "fr_FR" }
                      ],
                      "name" : "Calm Minutes",
                      "subscriptions" : [
                        { "displayPrice" : "1.99", "groupNumber" : 2, "productID" : "calm.weekly", "recurringSubscriptionPeriod" : "P1W", "type" : "RecurringSubscription", "winbackOffers" : [ ] },
                        { "displayPrice" : "49.99", "groupNumber" : 1, "productID" : "calm.yearly", "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription", "winbackOffers" : [ ] }
                      ]
                    }
                  ],
                  "version" : { "major" : 4, "minor" : 0 }
                }
                """)]),
            // Format 5: every duration App Store Connect offers; the group's empty description is normal.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "22149819",
                      "localizations" : [ { "description" : "", "displayName" : "Reader Pro", "locale" : "en_US" } ],
                      "name" : "Reader Pro",
                      "subscriptions" : [
                        { "groupNumber" : 1, "introductoryOffers" : [ ], "productID" : "reader.week", "recurringSubscriptionPeriod" : "P1W", "type" : "RecurringSubscription" },
                        { "groupNumber" : 1, "introductoryOffers" : [ ], "productID" : "reader.month", "recurringSubscriptionPeriod" : "P1M", "type" : "RecurringSubscription" },
                        { "groupNumber" : 1, "introductoryOffers" : [ ], "productID" : "reader.two.months", "recurringSubscriptionPeriod" : "P2M", "type" : "RecurringSubscription" },
                        { "groupNumber" : 2, "introductoryOffers" : [ ], "productID" : "reader.quarter", "recurringSubscriptionPeriod" : "P3M", "type" : "RecurringSubscription" },
                        { "groupNumber" : 2, "introductoryOffers" : [ ], "productID" : "reader.half", "recurringSubscriptionPeriod" : "P6M", "type" : "RecurringSubscription" },
                        { "groupNumber" : 3, "introductoryOffers" : [ { "displayPrice" : "0", "paymentMode" : "free", "subscriptionPeriod" : "P2W" } ], "productID" : "reader.year", "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription" }
                      ]
                    }
                  ],
                  "version" : { "major" : 5, "minor" : 0 }
                }
                """)]),
            // Synced from App Store Connect (`_lastSynchronizedDate`): Xcode does not copy the
            // group's localizations, so their absence here says nothing about the live group.
            RuleExample(files: [("Live.storekit", """
                {
                  "settings" : { "_applicationInternalID" : "1598765432", "_lastSynchronizedDate" : 709876543.25 },
                  "subscriptionGroups" : [
                    {
                      "id" : "21034567",
                      "localizations" : [

                      ],
                      "name" : "Patron",
                      "subscriptions" : [
                        {
                          "displayPrice" : "1.99", "groupNumber" : 1,
                          "localizations" : [ { "description" : "Monthly support for the project", "displayName" : "Patron", "locale" : "en_US" } ],
                          "productID" : "com.example.patron.monthly", "recurringSubscriptionPeriod" : "P1M",
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Only consumables and non-consumables: no subscription group to check.
            RuleExample(files: [("Products.storekit", """
                { "products" : [ { "displayPrice" : "2.99", "productID" : "com.app.credits", "type" : "Consumable" } ], "subscriptionGroups" : [ ] }
                """)]),
            // A non-renewing subscription has no group, period or level.
            RuleExample(files: [("Pass.storekit", """
                { "nonRenewingSubscriptions" : [ { "displayPrice" : "4.99", "productID" : "com.example.seasonpass", "type" : "NonRenewingSubscription" } ] }
                """)]),
            // No configuration at all: nothing to check.
            RuleExample("let group = \"21482736\""),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        guard !project.storeKitConfigurations.isEmpty else {
            result.notApplicable(ConfigurationWording.noConfiguration(in: project))
            return
        }
        var groups = 0
        var synced = 0
        var subscriptions = 0
        for configuration in project.storeKitConfigurations {
            for group in configuration.subscriptionGroups {
                groups += 1
                // Xcode's sync leaves a group's localizations empty whatever App Store Connect
                // holds: the file says nothing about the live group, and cannot be fixed here.
                if group.localizations.isEmpty, configuration.settings.isSynchronized {
                    synced += 1
                } else if group.localizations.isEmpty {
                    result.report(
                        at: group.location,
                        "\(ConfigurationWording.sentence(ConfigurationWording.name(of: group))) has no localized display name: "
                            + "customers see it when they manage their subscriptions, and App Store Connect wants one "
                            + "before the group's subscriptions can be submitted.")
                }
                for subscription in group.subscriptions {
                    subscriptions += 1
                    check(subscription, in: configuration, into: &result)
                }
            }
            // Hand-written files may put an auto-renewable subscription in the wrong list.
            for product in configuration.products + configuration.nonRenewingSubscriptions
            where product.type == .autoRenewableSubscription {
                subscriptions += 1
                result.report(
                    at: product.location,
                    "Subscription \(ConfigurationWording.identifier(of: product)) is not in any subscription group: "
                        + "move it into the subscriptions of a group in subscriptionGroups.")
            }
        }
        if groups == 0, subscriptions == 0 {
            result.notApplicable("No auto-renewable subscriptions are configured.")
        } else if result.findings.isEmpty {
            let named = synced == 0
                ? "\(ConfigurationWording.count(groups, "subscription group")) with a localized display name"
                : "\(ConfigurationWording.count(groups - synced, "subscription group")) with a localized display name "
                    + "(\(synced) synced from App Store Connect, whose display names Xcode does not copy)"
            result.evidence(
                at: nil,
                "\(named); \(ConfigurationWording.count(subscriptions, "subscription")) with a renewal period and a group level")
        }
    }

    private func check(_ subscription: StoreKitProduct, in configuration: StoreKitConfiguration, into result: inout RuleResult) {
        let name = ConfigurationWording.identifier(of: subscription)
        let period = subscription.subscription?.period
        let level = subscription.subscription?.groupLevel
        var missing: [String] = []
        if ConfigurationWording.isBlank(period) {
            missing.append("no renewal period (recurringSubscriptionPeriod), so StoreKit cannot renew it and a paywall cannot state its length")
        } else if let period, !Self.periods.contains(period) {
            result.report(
                at: configuration.location(of: "recurringSubscriptionPeriod", in: subscription.location),
                "Subscription \(name) has the renewal period \(period), which App Store Connect does not offer "
                    + "(it offers \(Self.periods.dropLast().joined(separator: ", ")) and \(Self.periods.last ?? "")).")
        }
        if let level {
            if level < 1 {
                result.report(
                    at: configuration.location(of: "groupNumber", in: subscription.location),
                    "Subscription \(name) has group level \(level); levels start at 1, the highest tier.")
            }
        } else {
            missing.append("no group level (groupNumber), so StoreKit cannot tell an upgrade from a downgrade")
        }
        if !missing.isEmpty {
            result.report(at: subscription.location, "Subscription \(name) has \(missing.joined(separator: ", and ")).")
        }
    }
}
