/// The purchase-path matrix of the launch guidance's degraded mode: one row per purchase path
/// the app's products make relevant (per product type where the paths differ), each with what
/// the StoreKit configuration sets up, what the code handles (the rules' evidence or findings),
/// what the tests drive (StoreKitTest, UI tests), what a server handles (App Store Server
/// Notifications), the status, and whether launch approval is withheld because a capability the
/// path needs is missing. Computed once per app from the filtered audit; renderers only render it.
public struct PurchasePathMatrix: Sendable {
    public enum Path: String, Sendable, Hashable, CaseIterable {
        case purchase
        case askToBuy = "ask_to_buy"
        case restore
        case renewal
        case refundAndRevocation = "refund_and_revocation"
        case expiry
        case billingRetryAndGracePeriod = "billing_retry_and_grace_period"
        case upgradeDowngradeCrossgrade = "upgrade_downgrade_crossgrade"
        case offers
        case familySharing = "family_sharing"

        public var title: String {
            switch self {
            case .purchase: "Purchase"
            case .askToBuy: "Ask to Buy (pending)"
            case .restore: "Restore"
            case .renewal: "Renewal"
            case .refundAndRevocation: "Refund and revocation"
            case .expiry: "Expiry"
            case .billingRetryAndGracePeriod: "Billing retry and grace period"
            case .upgradeDowngradeCrossgrade: "Upgrade, downgrade, crossgrade"
            case .offers: "Offers (intro, promotional, win-back, codes)"
            case .familySharing: "Family Sharing"
            }
        }
    }

    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Handled in code and driven by a test.
        case verified
        /// Handled in code, driven by no test: not verified.
        case handledUntested = "handled_untested"
        /// Not handled, or nothing shows that it is.
        case unverified
        case notApplicable = "not_applicable"

        public var label: String {
            switch self {
            case .verified: "verified"
            case .handledUntested: "handled, untested (unverified)"
            case .unverified: "unverified"
            case .notApplicable: "not applicable"
            }
        }

        /// For a table cell: "untested" for handled, untested.
        public var shortLabel: String {
            switch self {
            case .verified: "verified"
            case .handledUntested: "untested"
            case .unverified: "unverified"
            case .notApplicable: "n/a"
            }
        }
    }

    /// One cell: what was found or why nothing was, and where.
    public struct Cell: Sendable, Hashable {
        public enum State: String, Sendable, Hashable {
            /// Something is there: configured, handled, tested, handled by a server, declared.
            case present
            /// Looked for and not there, or there but wrong (a finding).
            case missing
            /// Does not apply to this path.
            case notApplicable = "not_applicable"
        }

        public var state: State
        public var text: String
        public var location: SourceLocation?
        /// The rule whose evidence or finding this is, for the handled column.
        public var ruleID: String?

        public init(_ state: State, _ text: String, at location: SourceLocation? = nil, rule: String? = nil) {
            self.state = state
            self.text = text
            self.location = location
            self.ruleID = rule
        }
    }

    public struct Row: Sendable, Hashable {
        /// Stable id: `purchase.consumable`, `refund_and_revocation`.
        public var id: String
        public var path: Path
        /// "Purchase (consumables)".
        public var title: String
        public var configured: Cell
        public var handled: Cell
        public var tested: Cell
        public var server: Cell
        public var status: Status
        /// Why the status is what it is, in one sentence.
        public var reason: String
        /// What the path needs before launch (any of), nil when it needs nothing beyond the code.
        public var requirement: String?
        /// Set when launch approval is withheld: the capability that is missing.
        public var withheld: String?
    }

    /// A capability of the degraded mode and where it comes from.
    public struct Capability: Sendable, Hashable {
        public enum Source: String, Sendable, Hashable {
            case found, declared, unavailable
        }

        /// The configuration key: `sandboxTesters`.
        public var key: String
        public var title: String
        public var source: Source
        /// What was found or declared, or what is missing ("no sandbox testers declared").
        public var detail: String
        public var location: SourceLocation?

        public var isAvailable: Bool { source != .unavailable }
    }

    public var rows: [Row]
    public var capabilities: [Capability]

    /// How the StoreKit rules start their "not applicable" reason when a purchase SDK
    /// (RevenueCat, Adapty, …) handles the transactions: the path is then handled by code the
    /// audit does not read, which is not the same as a path that does not apply.
    public static let sdkReasonPrefix = "Purchases go through "

    /// The missing capabilities, as the matrix opens: "no sandbox testers declared".
    public var degraded: [String] { capabilities.filter { !$0.isAvailable }.map(\.detail) }
    public var withheld: [Row] { rows.filter { $0.withheld != nil } }
    public var isEmpty: Bool { rows.isEmpty }

    public func count(_ status: Status) -> Int { rows.filter { $0.status == status }.count }

    /// One line for the terminal and the verdict: "12 paths: 4 verified, 6 handled, untested, …".
    public var summary: String {
        guard !rows.isEmpty else { return "no purchase paths" }
        let counts = Status.allCases.compactMap { status -> String? in
            let n = count(status)
            return n == 0 ? nil : "\(n) \(status.label)"
        }
        var text = "\(rows.count) path\(rows.count == 1 ? "" : "s"): " + counts.joined(separator: ", ")
        if !withheld.isEmpty { text += "; launch approval withheld for \(withheld.count)" }
        return text
    }

    public init(rows: [Row] = [], capabilities: [Capability] = []) {
        self.rows = rows
        self.capabilities = capabilities
    }
}
