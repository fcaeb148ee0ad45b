import AuditCore

/// Subscription disclosure by paywall: for each paywall (a view that sells, or a copy
/// document) whether the rules found price and period, the renewal statement, the policy
/// links and clear trial terms. Built from the rules' findings and evidence, which point at
/// the same place for the same paywall.
public struct DisclosureTable: Sendable {
    public enum Cell: String, Sendable {
        case shown = "shown"
        case missing = "missing"
        case notChecked = "–"
        /// StoreKit's `SubscriptionStoreView` shows it by itself.
        case byStoreKit = "shown by StoreKit"
    }

    public struct Row: Sendable {
        public var location: SourceLocation
        public var cells: [Cell]
    }

    /// Column titles and the rule behind each.
    public static let columns: [(title: String, rule: String)] = [
        ("Price and period", "subscription_terms_missing"),
        ("Auto-renewal and cancellation", "renewal_terms_missing"),
        ("Terms and Privacy links", "policy_links_missing"),
    ]

    public var rows: [Row]

    public init(results: [RuleResult]) {
        let byRule = Dictionary(results.map { ($0.rule.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var places = Set<SourceLocation>()
        for (_, rule) in Self.columns {
            guard let result = byRule[rule] else { continue }
            places.formUnion(result.findings.map(\.location))
            places.formUnion(result.evidence.compactMap(\.location))
        }
        rows = places.sorted().map { place in
            // The policy rule reports StoreKit's own subscription view by that name.
            let policy = byRule["policy_links_missing"]
            let isStoreKitView = (policy?.findings.contains { $0.location == place && $0.message.hasPrefix("SubscriptionStoreView") } ?? false)
                || (policy?.evidence.contains { $0.location == place && $0.message.hasPrefix("SubscriptionStoreView") } ?? false)
            return Row(location: place, cells: Self.columns.map { _, rule in
                guard let result = byRule[rule] else { return .notChecked }
                if result.findings.contains(where: { $0.location == place }) { return .missing }
                if result.evidence.contains(where: { $0.location == place }) { return .shown }
                if isStoreKitView, rule != "policy_links_missing" { return .byStoreKit }
                return .notChecked
            })
        }
    }
}
