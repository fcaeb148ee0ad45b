import AuditCore

/// A product id the code asks for but no StoreKit configuration declares: in testing it is
/// silently missing from `Product.products(for:)`, and often it is a typo.
public struct UnknownProductIDRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "unknown_product_id",
        title: "Product ids in code exist in the StoreKit configuration",
        severity: .error,
        scope: .code,
        rationale: """
            `Product.products(for:)` drops ids it does not know without an error. An id in code \
            that the StoreKit configuration does not declare is a typo, a renamed product or one \
            never created: the plan is missing from the paywall and nobody notices until review.
            """,
        fix: "Correct the id, or add the product to the `.storekit` configuration (and to App Store Connect).",
        reference: "Cross-check of code and configuration; \"missing product silently dropped\"",
        changeScope: .lineOrAnyFile([.storeKitConfiguration]),
        triggeringExamples: [
            // A list of ids, some declared: the others are requested with them (an SKProductsRequest here).
            RuleExample(files: [
                ("Products.storekit", """
                    { "identifier" : "A1", "products" : [
                      { "displayPrice" : "0.99", "familyShareable" : false, "internalID" : "1", "localizations" : [ { "description" : "A coffee", "displayName" : "Coffee", "locale" : "en_US" } ], "productID" : "com.app.tip.coffee", "referenceName" : "Coffee", "type" : "Consumable" },
                      { "displayPrice" : "4.99", "familyShareable" : false, "internalID" : "2", "localizations" : [ { "description" : "A lunch", "displayName" : "Lunch", "locale" : "en_US" } ], "productID" : "com.app.tip.lunch", "referenceName" : "Lunch", "type" : "Consumable" } ],
                      "settings" : { }, "subscriptionGroups" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("TipJar.swift", """
                    import StoreKit
                    struct TipJar: View {
                        let productIDs = ["com.app.tip.coffee", ↓"com.app.tip.cake", "com.app.tip.lunch"]
                        var body: some View { Button("Load") { SKProductsRequest(productIdentifiers: Set(productIDs)).start() } }
                    }
                    """),
            ]),
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ] }"),
                ("Store.swift", "let products = try await Product.products(for: [\"com.app.pro\", ↓\"com.app.gems\"])"),
            ]),
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.premium\", \"type\" : \"NonConsumable\" } ] }"),
                ("ProductID.swift", "enum ProductID { static let premium = ↓\"com.app.premum\" }"),
            ]),
            RuleExample(files: [
                ("Shop.storekit", "{ \"products\" : [ { \"productID\" : \"gems_100\", \"type\" : \"Consumable\" } ] }"),
                ("Shop.swift", "struct Shop: View { var body: some View { ProductView(id: ↓\"gems_1000\") } }"),
            ]),
            // Constants of a type named for the store, not for products: handed to
            // `Product.products(for:)`, they are product ids.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.quill.premium\", \"type\" : \"NonConsumable\" }, { \"productID\" : \"com.quill.fonts\", \"type\" : \"NonConsumable\" } ] }"),
                ("ShopKeys.swift", """
                    enum ShopKeys {
                        static let premium = "com.quill.premium"
                        static let fonts = ↓"com.quill.font"
                        static let everything = [premium, fonts]
                    }
                    """),
                ("Shop.swift", "final class Shop { func load() async throws -> [Product] { try await Product.products(for: ShopKeys.everything) } }"),
            ]),
            // Compared in an entitlement check.
            RuleExample(files: [
                ("Subs.storekit", """
                    { "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "subscriptions" : [
                      { "productID" : "pro.monthly", "type" : "RecurringSubscription", "recurringSubscriptionPeriod" : "P1M", "groupNumber" : 1 } ] } ] }
                    """),
                ("Entitlements.swift", "func isPro(_ t: Transaction) -> Bool { t.productID == ↓\"pro.annual\" }"),
            ]),
        ],
        nonTriggeringExamples: [
            // A leftover comparison with an id unlike any the app sells: a dead branch.
            RuleExample(files: [
                ("Store.storekit", "{ \"products\" : [ { \"productID\" : \"org.example.app.lifetime\", \"type\" : \"NonConsumable\" } ] }"),
                ("Store.swift", "func kind(_ t: Transaction) -> String { t.productID == \"nonRenewing.standard\" ? \"time\" : \"lifetime\" }"),
            ]),
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ] }"),
                ("Store.swift", "enum ProductID { static let pro = \"com.app.pro\" }\nlet p = try await Product.products(for: [ProductID.pro])"),
            ]),
            // A prefix the ids are built from is not an id.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"gr.notes.sharing\", \"type\" : \"NonConsumable\" } ] }"),
                ("ProductID.swift", """
                    enum ProductID {
                        private static let prefix = "gr.notes."
                        static let sharing = prefix + "sharing"
                    }
                    """),
            ]),
            // Only the constants handed to StoreKit are ids: the type's other strings are not.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ] }"),
                ("AppSettings.swift", """
                    enum AppSettings {
                        static let themeKey = "settings.theme"
                        static let proID = "com.app.pro"
                    }
                    let products = try await Product.products(for: [AppSettings.proID])
                    """),
            ]),
            // No configuration: nothing to compare with (storekit_config_missing covers it).
            RuleExample("let p = try await Product.products(for: [\"com.app.pro\"])"),
            // Strings that are not product ids, in a type that is not a product-id type.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ] }"),
                ("Config.swift", "enum AppConfig { static let appGroup = \"group.com.app.shared\"; static let keychain = \"com.app.keychain\" }"),
            ]),
            // Subscriptions inside groups count as declared.
            RuleExample(files: [
                ("Subs.storekit", """
                    { "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "subscriptions" : [
                      { "productID" : "pro.monthly", "type" : "RecurringSubscription", "recurringSubscriptionPeriod" : "P1M", "groupNumber" : 1 } ] } ] }
                    """),
                ("Paywall.swift", "struct Paywall: View { var body: some View { ProductView(id: \"pro.monthly\") } }"),
            ]),
            // Non-renewing subscriptions count too.
            RuleExample(files: [
                ("Season.storekit", "{ \"nonRenewingSubscriptions\" : [ { \"productID\" : \"season.pass.2026\", \"type\" : \"NonRenewingSubscription\" } ], \"products\" : [ ] }"),
                ("Pass.swift", "let pass = try await Product.products(for: [\"season.pass.2026\"])"),
            ]),
            // Test code may ask for made-up ids.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ] }"),
                ("Tests/StoreTests.swift", "import XCTest\nlet missing = try await Product.products(for: [\"com.app.nope\"])"),
            ]),
        ]
    )

    public func prepare(_ project: Project) {
        _ = ProductIDLiterals.find(in: project)
    }

    public func check(_ project: Project, into result: inout RuleResult) {
        guard !project.storeKitConfigurations.isEmpty else {
            result.notApplicable(ConfigurationWording.noConfiguration(in: project, "No StoreKit configuration file was found to compare product ids with."))
            return
        }
        let declared = ProductIDLiterals.declared(in: project)
        let literals = ProductIDLiterals.find(in: project)
        var checked = 0
        let prefixes = DeclaredPrefixes(declared)
        for literal in literals {
            // A constant or a comparison counts only when it looks like the app's own ids: an id
            // compared with nothing the app sells is a leftover branch (Circles' SKDemo
            // "nonRenewing.standard"), one that looks like them is a typo that never matches.
            if literal.role == .constant, !prefixes.shared(by: literal.text) { continue }
            if literal.role == .comparison, !prefixes.firstComponentShared(by: literal.text) { continue }
            checked += 1
            if !declared.contains(literal.text) {
                let configurations = project.storeKitConfigurations.map(\.file).joined(separator: ", ")
                let consequence = literal.role == .comparison
                    ? "a transaction or product is compared with it, so that branch never runs in StoreKit testing (a misspelt id?)"
                    : "Product.products(for:) will not return it"
                result.report(in: literal.file, at: literal.index, "Product id \"\(literal.text)\" is not declared in \(configurations): \(consequence).")
            }
        }
        // A list of ids (`let productIDs = ["….coffee", "….bronze", "….gold"]`) some of which the
        // configuration declares: the others in it are requested the same way (SKProductsRequest,
        // Product.products(for:)) and come back missing.
        var arrays = Set<String>()
        let reported = Set(result.findings.map(\.location))
        for literal in literals where declared.contains(literal.text) {
            let file = literal.file
            guard let open = file.enclosingBracket(of: literal.index), file.isKind(open, .leftBracket),
                  let close = file.matchingBracket(of: open), arrays.insert("\(file.path)#\(open)").inserted else { continue }
            for k in (open + 1)..<close where file.isKind(k, .stringStart) && file.enclosingBracket(of: k) == open {
                let text = file.stringLiteral(at: k)
                guard !text.hasInterpolation, ProductIDLiterals.looksLikeProductID(text.text), !declared.contains(text.text),
                      prefixes.shared(by: text.text), !reported.contains(file.location(of: k)) else { continue }
                checked += 1
                let configurations = project.storeKitConfigurations.map(\.file).joined(separator: ", ")
                result.report(in: file, at: k, "Product id \"\(text.text)\" is listed with ids \(configurations) declares, but is not declared there: requesting the list will not return it.")
            }
        }
        if checked > 0, result.findings.isEmpty {
            result.evidence(at: nil, "All \(checked) product ids used in code are declared in the StoreKit configuration")
        }
    }

    /// A constant is taken for a product id when it looks like the declared ones: the same
    /// first dotted component (`com.app…`), or the same first word of a snake-case id.
    static func sharesPrefix(_ text: String, with declared: Set<String>) -> Bool {
        func head(_ s: String) -> String { String(s.split(whereSeparator: { $0 == "." || $0 == "_" }).first ?? "") }
        func twoComponents(_ s: String) -> String { s.split(separator: ".").prefix(2).joined(separator: ".") }
        return declared.contains { id in
            id.contains(".") ? twoComponents(id) == twoComponents(text) : head(id) == head(text)
        }
    }

    /// `sharesPrefix(_:with:)` for many texts: the declared ids' prefixes are taken once
    /// instead of once per literal (which grew with literals x declared ids).
    struct DeclaredPrefixes {
        var twoComponents: Set<String> = []
        var heads: Set<String> = []
        /// Every declared id's first component (`com`, `pro`, `gems`).
        var firstComponents: Set<String> = []

        init(_ declared: Set<String>) {
            for id in declared {
                if id.contains(".") { twoComponents.insert(UnknownProductIDRule.twoComponents(id)) } else { heads.insert(UnknownProductIDRule.head(id)) }
                firstComponents.insert(UnknownProductIDRule.head(id))
            }
        }

        /// The looser test for an id compared in code: its first component is one of the
        /// declared ids' (`pro.annual` beside `pro.monthly`).
        func firstComponentShared(by text: String) -> Bool {
            firstComponents.contains(UnknownProductIDRule.head(text))
        }

        func shared(by text: String) -> Bool {
            (!twoComponents.isEmpty && twoComponents.contains(UnknownProductIDRule.twoComponents(text)))
                || (!heads.isEmpty && heads.contains(UnknownProductIDRule.head(text)))
        }
    }

    static func head(_ s: String) -> String { String(s.split(whereSeparator: { $0 == "." || $0 == "_" }).first ?? "") }
    static func twoComponents(_ s: String) -> String { s.split(separator: ".").prefix(2).joined(separator: ".") }
}
