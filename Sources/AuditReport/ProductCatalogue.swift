import AuditCore

/// The products of the StoreKit configurations as the report shows them: one row each, and
/// which shipped locales each is localized for.
public struct ProductCatalogue: Sendable {
    public struct Row: Sendable {
        public var productID: String
        public var type: String
        public var referenceName: String
        public var group: String
        public var period: String
        public var price: String
        public var offers: String
        public var location: SourceLocation
        /// Locale → localized (true) or missing (false), for every shipped locale.
        public var localized: [(locale: String, present: Bool)]
    }

    public var rows: [Row]
    public var locales: [String]

    public var isEmpty: Bool { rows.isEmpty }

    public init(project: Project) {
        locales = project.shippedLocales
        var rows: [Row] = []
        for configuration in project.storeKitConfigurations {
            let groupNames = Dictionary(configuration.subscriptionGroups.flatMap { group in
                group.subscriptions.compactMap { product in product.productID.map { ($0, group.name ?? group.id ?? "") } }
            }, uniquingKeysWith: { first, _ in first })
            for product in configuration.allProducts {
                let id = product.productID ?? "(no id)"
                let offers = (product.subscription?.offers ?? []).map { offer -> String in
                    let mode = offer.paymentMode?.rawValue ?? ""
                    let period = offer.period.map(Self.describe(period:)) ?? ""
                    return [offer.kind.rawValue, mode, period].filter { !$0.isEmpty }.joined(separator: " ")
                }
                rows.append(Row(
                    productID: id, type: Self.describe(type: product.type), referenceName: product.referenceName ?? "",
                    group: groupNames[id] ?? "", period: product.subscription?.period.map(Self.describe(period:)) ?? "",
                    price: product.displayPrice ?? "", offers: offers.joined(separator: "; "), location: product.location,
                    localized: project.shippedLocales.map { locale in
                        (locale, product.localizations.contains { LocaleMatching.serves($0.locale, locale) })
                    }
                ))
            }
        }
        self.rows = rows
    }

    static func describe(type: StoreKitProductType) -> String {
        switch type {
        case .consumable: "Consumable"
        case .nonConsumable: "Non-consumable"
        case .nonRenewingSubscription: "Non-renewing subscription"
        case .autoRenewableSubscription: "Auto-renewable subscription"
        case .unknown(let raw): raw.isEmpty ? "Unknown" : raw
        }
    }

    /// `P1M` → "1 month", `P1Y` → "1 year", `P3D` → "3 days".
    static func describe(period: String) -> String {
        guard period.hasPrefix("P"), period.count >= 3, let unit = period.last, let count = Int(period.dropFirst().dropLast()) else { return period }
        let name: String
        switch unit {
        case "D": name = "day"
        case "W": name = "week"
        case "M": name = "month"
        case "Y": name = "year"
        default: return period
        }
        return "\(count) \(name)\(count == 1 ? "" : "s")"
    }
}
