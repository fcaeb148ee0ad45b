import AuditCore

/// A product sold for nothing, or with no price at all, in the StoreKit configuration makes
/// local tests and App Review screenshots show a paywall that does not match the store.
public struct PriceMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "price_missing",
        title: "Every paid product has a price",
        severity: .warning,
        scope: .configuration,
        rationale: """
            StoreKit testing takes `Product.displayPrice` from the configuration's \
            `displayPrice`. A product without one, or with one that is not a decimal number, \
            shows no usable price on the paywall, so price layout and the subscription terms \
            (price and period) go untested.

            A price of 0 is wrong for a consumable or a subscription: a free trial is an \
            introductory offer on a priced subscription, not a free product. A free \
            non-consumable is legitimate in one case, the free-trial unlock of Guideline 3.1.1 \
            ("a Non-Consumable IAP at Price Tier 0" named like "14-day Trial"), so a non-consumable \
            at 0 is only a note, and none when its name says it is a trial. Offer prices of 0 \
            (free trials) are not checked. Products of a type this tool does not know are skipped.
            """,
        fix: """
            Set `displayPrice` to the price the product will have in the main storefront, as a \
            plain decimal number (`4.99`), in Xcode's StoreKit configuration editor; choose the \
            matching price in App Store Connect. For a free trial of a subscription, add an \
            introductory offer with the free payment mode instead of pricing it at 0.
            """,
        reference: "App Store Review Guideline 3.1.1 (free-trial non-consumables at price 0); StoreKit testing in Xcode: displayPrice",
        triggeringExamples: [
            // Format 3: a consumable with no price points at the product; a subscription at
            // 0.00 points at the value.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    ↓{
                      "familyShareable" : false,
                      "localizations" : [ { "description" : "Fifty credits", "displayName" : "50 Credits", "locale" : "en_US" } ],
                      "productID" : "com.app.credits.50",
                      "type" : "Consumable"
                    }
                  ],
                  "subscriptionGroups" : [
                    {
                      "id" : "21598374", "name" : "Pro",
                      "subscriptions" : [
                        {
                          "displayPrice" : ↓"0.00", "groupNumber" : 1,
                          "productID" : "com.app.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
                          "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 1.0: a free season pass, and a price that is a word rather than a number.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "nonRenewingSubscriptions" : [
                    { "displayPrice" : ↓"0", "familyShareable" : false, "productID" : "com.example.rivermaps.seasonpass", "type" : "NonRenewingSubscription" }
                  ],
                  "products" : [
                    { "displayPrice" : ↓"Free", "familyShareable" : false, "productID" : "com.example.rivermaps.allregions", "type" : "NonConsumable" }
                  ],
                  "version" : { "major" : 1, "minor" : 0 }
                }
                """)]),
            // Format 5: a non-consumable at 0 that is not a trial unlock (a note), and a
            // hand-written number price of 0 on a consumable.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "products" : [
                    { "displayPrice" : ↓"0", "localizations" : [ { "description" : "All voices", "displayName" : "Voice Pack", "locale" : "en_US" } ], "productID" : "org.example.reader.voices", "type" : "NonConsumable" },
                    { "displayPrice" : ↓0, "productID" : "org.example.reader.minutes50", "type" : "Consumable" }
                  ],
                  "version" : { "major" : 5, "minor" : 0 }
                }
                """)]),
        ],
        nonTriggeringExamples: [
            // Format 4, as in the correct sample app.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "products" : [
                    { "displayPrice" : "9.99", "familyShareable" : true, "productID" : "com.notespro.themes.studio", "type" : "NonConsumable" },
                    { "displayPrice" : "2.99", "familyShareable" : false, "productID" : "com.notespro.credits.50", "type" : "Consumable" }
                  ],
                  "version" : { "major" : 4, "minor" : 0 }
                }
                """)]),
            // A free-trial unlock at 0, as Guideline 3.1.1 describes it.
            RuleExample(files: [("Trial.storekit", """
                {
                  "products" : [
                    {
                      "displayPrice" : "0",
                      "localizations" : [ { "description" : "Try every feature for two weeks", "displayName" : "14-day Trial", "locale" : "en_US" } ],
                      "productID" : "com.app.trial14", "referenceName" : "Free Trial", "type" : "NonConsumable"
                    }
                  ]
                }
                """)]),
            // Format 5: a free introductory offer on a priced subscription.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "22149819", "name" : "Reader Pro",
                      "subscriptions" : [
                        {
                          "displayPrice" : "79.99", "groupNumber" : 1,
                          "introductoryOffers" : [ { "displayPrice" : "0", "paymentMode" : "free", "subscriptionPeriod" : "P1W" } ],
                          "productID" : "org.example.reader.pro.annual", "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 5, "minor" : 0 }
                }
                """)]),
            // Hand-written prices as numbers; a type this tool does not know is skipped.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    { "displayPrice" : 4.99, "productID" : "com.app.credits", "type" : "Consumable" },
                    { "displayPrice" : 10, "productID" : "com.app.pro", "type" : "NonConsumable" },
                    { "productID" : "com.app.bundle", "type" : "Bundle" }
                  ]
                }
                """)]),
            // No configuration at all: nothing to check.
            RuleExample("let price = product.displayPrice"),
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
                if case .unknown = product.type { continue }
                checked += 1
                let name = ConfigurationWording.sentence(ConfigurationWording.name(of: product))
                guard let price = product.displayPrice, !ConfigurationWording.isBlank(price) else {
                    result.report(
                        at: product.location,
                        "\(name) has no price (displayPrice): StoreKit testing shows no price for it on the paywall.")
                    continue
                }
                let at = configuration.location(of: "displayPrice", in: product.location)
                guard let isZero = Self.isZero(price) else {
                    result.report(at: at, "\(name) has the price \(price), which is not a decimal number such as 4.99.")
                    continue
                }
                guard isZero else { continue }
                if product.type == .nonConsumable {
                    guard !Self.isTrialUnlock(product) else { continue }
                    result.report(
                        at: at,
                        "\(name) is free (price \(price)): unusual unless it is a free-trial unlock named like “14-day Trial” "
                            + "(Guideline 3.1.1); otherwise give it a price.",
                        severity: .note)
                } else {
                    let trial = product.type == .autoRenewableSubscription
                        ? ", and offer a free trial as an introductory offer instead" : ""
                    result.report(at: at, "\(name) has the price \(price), so it would be given away; give it a price\(trial).")
                }
            }
        }
        if checked > 0, result.findings.isEmpty {
            result.evidence(at: nil, "All \(ConfigurationWording.count(checked, "product")) have a price")
        } else if checked == 0 {
            result.notApplicable("No products are configured.")
        }
    }

    /// Whether a plain decimal price (`4.99`, `0.00`, `10`) is zero; nil when the text is not
    /// one (`Free`, `4,99`, `$4.99`, `-1`).
    static func isZero(_ price: String) -> Bool? {
        let trimmed = price.trimmingPrefix(while: \.isWhitespace)
        var digits = 0
        var points = 0
        var nonZero = false
        for character in trimmed.reversed().drop(while: \.isWhitespace) {
            switch character {
            case "0": digits += 1
            case "1"..."9":
                digits += 1
                nonZero = true
            case ".": points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return !nonZero
    }

    /// Guideline 3.1.1's free-trial unlock: a name or reference name with the word "trial"
    /// ("14-day Trial", "Free trial"; not "Industrial").
    private static func isTrialUnlock(_ product: StoreKitProduct) -> Bool {
        let names = [product.referenceName] + product.localizations.map(\.displayName)
        return names.contains { name in
            (name ?? "").lowercased().split { !$0.isLetter }.contains { $0 == "trial" }
        }
    }
}
