import AuditCore

/// A product declared in the StoreKit configuration that no code asks for.
public struct UnusedProductRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "unused_product",
        title: "Every configured product is used",
        severity: .note,
        scope: .code,
        rationale: """
            A product in the configuration that the code never loads is either dead (and should \
            not be submitted for review) or a sign that the code uses a different id than intended.
            """,
        fix: "Reference the product from the code that loads products, or remove it from the configuration.",
        reference: "Cross-check of code and configuration",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            RuleExample(files: [
                ("Products.storekit", """
                    { "products" : [
                      { "productID" : "com.app.pro", "type" : "NonConsumable" },
                      { "productID" : ↓"com.app.tips.small", "type" : "Consumable" }
                    ] }
                    """),
                ("Store.swift", "enum ProductID { static let pro = \"com.app.pro\" }"),
            ]),
            RuleExample(files: [
                ("Products.storekit", """
                    { "products" : [ { "productID" : ↓"gems_500", "type" : "Consumable" }, { "productID" : "gems_100", "type" : "Consumable" } ] }
                    """),
                ("Shop.swift", "let gems = try await Product.products(for: [\"gems_100\"])"),
            ]),
            RuleExample(files: [
                ("Subs.storekit", """
                    { "subscriptionGroups" : [ { "id" : "777", "name" : "Pro", "subscriptions" : [
                      { "productID" : "pro.monthly", "type" : "RecurringSubscription" },
                      { "productID" : ↓"pro.weekly", "type" : "RecurringSubscription" } ] } ] }
                    """),
                ("Paywall.swift", "let ids = [\"pro.monthly\"]\nlet products = try await Product.products(for: ids)"),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ] }"),
                ("Store.swift", "enum ProductID { static let pro = \"com.app.pro\" }"),
            ]),
            // A SubscriptionStoreView for the group shows all its subscriptions.
            RuleExample(files: [
                ("Subs.storekit", """
                    { "subscriptionGroups" : [ { "id" : "777", "name" : "Pro", "subscriptions" : [
                      { "productID" : "pro.monthly", "type" : "RecurringSubscription" }, { "productID" : "pro.yearly", "type" : "RecurringSubscription" } ] } ] }
                    """),
                ("Paywall.swift", "struct Paywall: View { var body: some View { SubscriptionStoreView(groupID: \"777\") } }"),
            ]),
            // Ids loaded at run time: nothing can be said.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ] }"),
                ("Store.swift", "let ids = try await api.productIDs()\nlet products = try await Product.products(for: ids)"),
            ]),
            // No configuration.
            RuleExample("let p = try await Product.products(for: [\"com.app.pro\"])"),
            // Ids kept in a bundled property list.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" }, { \"productID\" : \"com.app.fuel\", \"type\" : \"Consumable\" } ] }"),
                ("Store.swift", """
                    let pro = "com.app.pro"
                    func productIDs() -> [String: String] {
                        guard let path = Bundle.main.path(forResource: "Products", ofType: "plist"),
                              let plist = FileManager.default.contents(atPath: path) else { return [:] }
                        return (try? PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: String]) ?? [:]
                    }
                    """),
            ]),
            // An id used in a plain string array.
            RuleExample(files: [
                ("Products.storekit", "{ \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" }, { \"productID\" : \"com.app.tip\", \"type\" : \"Consumable\" } ] }"),
                ("Store.swift", "let all = [\"com.app.pro\", \"com.app.tip\"]\nlet products = try await Product.products(for: all)"),
            ]),
        ]
    )

    /// A bundled file named for products that the code loads (`forResource: "Products"`,
    /// `"iap_ids"`, `"InAppPurchases"`): its ids are references the audit does not read.
    static func productIDResource(in project: Project) -> (name: String, site: CodeSite)? {
        for file in project.swiftFiles(mentioning: "forResource") {
            for i in file.occurrences(of: "forResource") where file.isLabel(i) {
                guard let value = file.nextCodeIndex(after: i).flatMap({ file.nextCodeIndex(after: $0) }), file.isKind(value, .stringStart) else { continue }
                let literal = file.stringLiteral(at: value)
                let name = literal.text.lowercased()
                if ["product", "iap", "purchase", "sku"].contains(where: { ASCIISearch.contains(name, $0) }) {
                    return (literal.text, CodeSite(file: file, index: i))
                }
            }
        }
        return nil
    }

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        guard !project.storeKitConfigurations.isEmpty else {
            result.notApplicable(ConfigurationWording.noConfiguration(in: project))
            return
        }
        // Every string literal of app code counts as a reference. Only the configured ids are
        // asked about, so a literal is read only when its length is one of theirs.
        let declared = ProductIDLiterals.declared(in: project)
        // By length, a table instead of a set: every literal of the app is looked up.
        var lengths = [Bool](repeating: false, count: (declared.map(\.utf8.count).max() ?? 0) + 1)
        for id in declared { lengths[id.utf8.count] = true }
        var referenced = Set<String>()
        var groupViewWithComputedID = false
        var shownGroups = Set<String>()
        for file in project.swiftFiles {
            for i in file.stringStarts.lazy.map({ Int($0) }) {
                guard let length = file.literalLength(at: i), length < lengths.count, lengths[length] else { continue }
                let literal = file.stringLiteral(at: i)
                if !literal.hasInterpolation, declared.contains(literal.text) { referenced.insert(literal.text) }
            }
            // A SubscriptionStoreView(groupID:) shows every subscription of its group.
            for call in file.calls(named: "SubscriptionStoreView") {
                guard let group = call.arguments.first(where: { $0.label == "groupID" }) else { continue }
                if group.valueRange.count == 3, file.isKind(group.valueRange.lowerBound, .stringStart) {
                    shownGroups.insert(file.stringLiteral(at: group.valueRange.lowerBound).text)
                } else {
                    groupViewWithComputedID = true
                }
            }
        }
        // Ids read from a bundled resource (`Bundle.main.path(forResource: "Products", ofType: "plist")`)
        // are references the audit cannot see.
        if let resource = Self.productIDResource(in: project) {
            result.notApplicable("The app reads product ids from the bundled resource \"\(resource.name)\" (\(resource.site.location)), which the audit does not read: compare it with the configuration by hand.")
            return
        }
        guard !referenced.isDisjoint(with: declared) || groupViewWithComputedID else {
            result.notApplicable("No product id from the configuration appears in code: ids are probably loaded at run time.")
            return
        }
        var unused = 0
        for configuration in project.storeKitConfigurations {
            var coveredByGroup = Set<String>()
            for group in configuration.subscriptionGroups where groupViewWithComputedID || group.id.map(shownGroups.contains) == true {
                coveredByGroup.formUnion(group.subscriptions.compactMap(\.productID))
            }
            for product in configuration.allProducts {
                guard let id = product.productID, !referenced.contains(id), !coveredByGroup.contains(id) else { continue }
                unused += 1
                result.report(at: configuration.location(of: "productID", in: product.location), "Product \(id) is configured but never referenced in app code.")
            }
        }
        if unused == 0 {
            result.evidence(at: nil, "Every configured product is referenced in app code")
        }
    }
}
