import AuditCore

/// Seed checklist 12: product ids belong in one constants type, not repeated as literals.
public struct ProductIDsScatteredRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "product_ids_scattered",
        title: "Product ids are defined once, as constants",
        severity: .warning,
        scope: .code,
        rationale: """
            A product id typed in several places drifts: one copy gets renamed, the other keeps \
            asking App Store for a product that no longer exists, and `Product.products(for:)` \
            silently returns fewer products. One constants type (or configuration) makes every \
            use agree and lets the tool check ids against the StoreKit configuration.
            """,
        fix: """
            Define the ids once (`enum ProductID { static let premium = "com.myapp.premium" … }`) \
            and pass the constants to `Product.products(for:)`, `ProductView(id:)` and comparisons.
            """,
        reference: "StoreKit 2 review checklist item 12; Loading Products",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            RuleExample("""
                func load() async throws {
                    products = try await Product.products(for: [↓"com.app.pro.monthly", "com.app.pro.yearly"])
                }
                """),
            // The seed's legacy-vs-modern example writes the id inline.
            RuleExample("""
                let products = try await Product.products(for: [↓"com.app.premium"])
                """),
            RuleExample("""
                struct Shop: View {
                    var body: some View {
                        ProductView(id: ↓"com.app.gems100")
                    }
                }
                """),
            // Defined as a constant but also compared as a literal elsewhere.
            RuleExample(files: [
                ("ProductID.swift", "enum ProductID { static let lifetime = \"com.app.lifetime\" }"),
                ("Store.swift", """
                    func grant(_ transaction: Transaction) {
                        if transaction.productID == ↓"com.app.lifetime" { isPremium = true }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The seed's CORRECT constants.
            RuleExample("""
                enum ProductID {
                    static let premium = "com.myapp.premium"
                    static let gems100 = "com.myapp.gems100"
                    static let monthlyPlan = "com.myapp.monthly"
                    static let yearlyPlan = "com.myapp.yearly"
                    static let all: [String] = [premium, gems100, monthlyPlan, yearlyPlan]
                }

                let products = try await Product.products(for: ProductID.all)
                """),
            RuleExample("""
                enum ProductIdentifier: String, CaseIterable {
                    case monthly = "com.app.sub.monthly"
                    case yearly = "com.app.sub.yearly"
                }
                let products = try await Product.products(for: ProductIdentifier.allCases.map(\\.rawValue))
                ProductView(id: ProductIdentifier.monthly.rawValue)
                """),
            // Ids loaded from a plist at run time.
            RuleExample("""
                let ids = Bundle.main.object(forInfoDictionaryKey: "ProductIDs") as? [String] ?? []
                let products = try await Product.products(for: ids)
                """),
            // Other dotted strings are not product ids.
            RuleExample("""
                let logger = Logger(subsystem: "com.app.ios", category: "store")
                UserDefaults.standard.set(true, forKey: "onboarding.done")
                NotificationCenter.default.post(name: .init("store.updated"), object: nil)
                """),
            // A comparison against a constant.
            RuleExample("""
                if transaction.productID == ProductID.lifetime { isPremium = true }
                """),
            // A single literal comparison, defined nowhere else.
            RuleExample("""
                let isLegacy = transaction.productID == "com.app.legacy_unlock"
                """),
        ]
    )

    public func prepare(_ project: Project) {
        _ = ProductIDLiterals.find(in: project)
    }

    public func check(_ project: Project, into result: inout RuleResult) {
        let literals = ProductIDLiterals.find(in: project)
        guard !literals.isEmpty else {
            result.notApplicable("No product id literals were found in app code.")
            return
        }
        var reportedCalls = Set<String>()
        var counts: [String: Int] = [:]
        for literal in literals { counts[literal.text, default: 0] += 1 }
        for literal in literals {
            switch literal.role {
            case .storeKitArgument:
                let key = "\(literal.file.path)#\(literal.call ?? literal.index)"
                guard reportedCalls.insert(key).inserted else { continue }
                let callName = literal.call.map { literal.file.text($0) } ?? "a StoreKit call"
                result.report(in: literal.file, at: literal.index, "Product id \"\(literal.text)\" is written inline in \(callName)(…): define product ids once and pass the constants.")
            case .comparison, .other:
                if counts[literal.text, default: 0] > 1 {
                    result.report(in: literal.file, at: literal.index, "Product id \"\(literal.text)\" is repeated here as a literal; compare with its constant instead.")
                }
            case .constant:
                break
            }
        }
        if result.findings.isEmpty, let constant = literals.first(where: { $0.role == .constant }) {
            result.evidence(in: constant.file, at: constant.index, "Product ids are defined as constants in \(scopeDescription(of: constant.index, in: constant.file))")
        }
    }
}
