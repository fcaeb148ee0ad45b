import AuditCore

/// A product id App Store Connect will not accept, or one that two products of a configuration
/// share, cannot be tested as it will ship.
public struct ProductIDInvalidRule: Rule {
    public init() {}

    /// App Store Connect's limit on product id length.
    static let lengthLimit = 100

    public static let description = RuleDescription(
        identifier: "product_id_invalid",
        title: "Product ids are valid and unique",
        severity: .error,
        scope: .configuration,
        rationale: """
            The product id is how the app finds a product: `Product.products(for:)` returns one \
            product per id. App Store Connect accepts only letters, digits, periods, underscores \
            and hyphens, at most 100 characters, and never the same id twice in an app; an id \
            outside those rules cannot be created there, so the tested configuration does not \
            match what ships. Two products with one id in a configuration hide each other: only \
            one is returned, and purchases of the other are credited to the wrong product.

            Hyphens are allowed: App Store Connect's current reference lists them, although \
            older guidance (Technical Q&A 1329) did not. Letters mean the ASCII letters A-Z and \
            a-z. The same id in two configuration files (say, one for tests) is not a duplicate.
            """,
        fix: """
            Give the product an id made of letters, digits, periods, underscores and hyphens, \
            in reverse-DNS style (`com.example.app.pro.monthly`), unique in the app, and use the \
            same id in App Store Connect and in code. Ids cannot be changed once created in App \
            Store Connect, so fix them before the first upload.
            """,
        reference: """
            App Store Connect Help, Reference, In-App Purchase information, checked in 2026: "The \
            product ID can contain letters, numbers, hyphens, periods, and underscores, and can be \
            as long as 100 characters", and cannot be reused within the app
            """,
        triggeringExamples: [
            // Format 3: a space and a slash in an id; the finding points at the value.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    {
                      "displayPrice" : "9.99",
                      "localizations" : [ { "description" : "All features", "displayName" : "Pro", "locale" : "en_US" } ],
                      "productID" : ↓"com.app.pro lifetime/v2",
                      "type" : "NonConsumable"
                    }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 1.0: a subscription reuses a product's id (the finding is at the second
            // one and names the first's line), and a non-renewing subscription's id is empty.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "nonRenewingSubscriptions" : [
                    { "displayPrice" : "4.99", "productID" : ↓"", "type" : "NonRenewingSubscription" }
                  ],
                  "products" : [
                    { "displayPrice" : "9.99", "productID" : "com.example.rivermaps.plus", "type" : "NonConsumable" }
                  ],
                  "subscriptionGroups" : [
                    {
                      "id" : "9F8E7D6C", "name" : "River Maps Plus",
                      "subscriptions" : [
                        {
                          "displayPrice" : "2.99", "groupNumber" : 1,
                          "productID" : ↓"com.example.rivermaps.plus",
                          "recurringSubscriptionPeriod" : "P1M", "type" : "RecurringSubscription"
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 1, "minor" : 0 }
                }
                """)]),
            // Hand-written: no productID at all points at the product; an accented letter and a
            // 101-character id are outside App Store Connect's rules.
            RuleExample(files: [("Store.storekit", """
                {
                  "products" : [
                    ↓{ "displayPrice" : "0.99", "type" : "Consumable" },
                    { "displayPrice" : "1.99", "productID" : ↓"com.app.café", "type" : "Consumable" },
                    { "displayPrice" : "2.99", "productID" : ↓"com.example.application.extremely.long.product.identifier.for.the.annual.plan.tier.one.family_v2.abcd", "type" : "Consumable" }
                  ]
                }
                """)]),
        ],
        nonTriggeringExamples: [
            // Hyphens, underscores and digits are allowed.
            RuleExample(files: [("Products.storekit", """
                {
                  "products" : [
                    { "displayPrice" : "2.99", "productID" : "com.my-app.credits-50", "type" : "Consumable" },
                    { "displayPrice" : "0.99", "productID" : "converter_all_monthly_2", "type" : "Consumable" }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """)]),
            // Format 5: distinct ids; the group id equal to a product id is not a duplicate.
            RuleExample(files: [("Configuration.storekit", """
                {
                  "products" : [ { "displayPrice" : "4.99", "productID" : "org.example.reader.minutes50", "type" : "Consumable" } ],
                  "subscriptionGroups" : [
                    {
                      "id" : "org.example.reader.pro.annual", "name" : "Reader Pro",
                      "subscriptions" : [
                        { "displayPrice" : "79.99", "groupNumber" : 1, "introductoryOffers" : [ ], "productID" : "org.example.reader.pro.annual", "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription" },
                        { "displayPrice" : "6.99", "groupNumber" : 1, "introductoryOffers" : [ ], "productID" : "org.example.reader.pro.monthly", "recurringSubscriptionPeriod" : "P1M", "type" : "RecurringSubscription" }
                      ]
                    }
                  ],
                  "version" : { "major" : 5, "minor" : 0 }
                }
                """)]),
            // The same id in two configuration files (the app's and the tests') is fine.
            RuleExample(files: [
                ("App/Products.storekit", """
                    { "products" : [ { "displayPrice" : "9.99", "productID" : "com.app.pro", "type" : "NonConsumable" } ] }
                    """),
                ("Tests/Products.storekit", """
                    { "products" : [ { "displayPrice" : "9.99", "productID" : "com.app.pro", "type" : "NonConsumable" } ] }
                    """),
            ]),
            // Exactly 100 characters.
            RuleExample(files: [("Long.storekit", """
                { "products" : [ { "displayPrice" : "2.99", "productID" : "com.example.application.extremely.long.product.identifier.for.the.annual.plan.tier.one.family_v2.abc", "type" : "Consumable" } ] }
                """)]),
            // No configuration at all: nothing to check.
            RuleExample("let ids = [\"com.app.pro lifetime\"]"),
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
            var firstUse: [String: StoreKitProduct] = [:]
            // File order, so that "first" and "second" mean what the reader sees: Xcode writes
            // nonRenewingSubscriptions before products, allProducts lists products first.
            for product in configuration.allProducts.sorted(by: { $0.location < $1.location }) {
                checked += 1
                let kind = ConfigurationWording.kind(of: product.type)
                let line = product.location.line
                guard let id = product.productID else {
                    result.report(
                        at: product.location,
                        "The \(kind) at line \(line) has no productID: StoreKit cannot load it and App Store Connect requires one.")
                    continue
                }
                let at = configuration.location(of: "productID", in: product.location)
                if ConfigurationWording.isBlank(id) {
                    result.report(at: at, "The \(kind) at line \(line) has an empty product id: StoreKit cannot load it and App Store Connect requires one.")
                    continue
                }
                var problems: [String] = []
                let invalid = Self.invalidCharacters(in: id)
                if !invalid.isEmpty {
                    problems.append("contains \(invalid); App Store Connect allows only letters, digits, periods, underscores and hyphens")
                }
                if id.count > Self.lengthLimit {
                    problems.append("is \(id.count) characters long; App Store Connect allows \(Self.lengthLimit)")
                }
                if let first = firstUse[id] {
                    problems.append(
                        "is already the id of the \(ConfigurationWording.kind(of: first.type)) at line \(first.location.line); "
                            + "Product.products(for:) returns only one product per id")
                } else {
                    firstUse[id] = product
                }
                if !problems.isEmpty {
                    result.report(at: at, "Product id \(id) of the \(kind) at line \(line) \(problems.joined(separator: ", and it "))." )
                }
            }
        }
        if checked > 0, result.findings.isEmpty {
            result.evidence(at: nil, "All \(ConfigurationWording.count(checked, "product id")) are made of letters, digits, periods, underscores and hyphens, and unique in their configuration")
        }
    }

    /// The characters App Store Connect refuses, each once, in order, described for a message:
    /// "a space and “/”".
    static func invalidCharacters(in id: String) -> String {
        var seen: [Character] = []
        for character in id where !isAllowed(character) && !seen.contains(character) {
            seen.append(character)
        }
        let names = seen.map { character -> String in
            switch character {
            case " ": "a space"
            case "\t": "a tab"
            case "\n", "\r", "\r\n": "a line break"
            default: "“\(character)”"
            }
        }
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    private static func isAllowed(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return ascii == UInt8(ascii: ".") || ascii == UInt8(ascii: "_") || ascii == UInt8(ascii: "-")
        }
    }
}
