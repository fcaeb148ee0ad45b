/// Builds the matrix from one app's filtered audit: the StoreKit configurations (configured),
/// the rules' results (handled), the test files (tested), the server notifications found in
/// the folder and the declared capabilities (server, launch approval).
extension PurchasePathMatrix {
    public init(result: AuditResult, capabilities declared: Capabilities) {
        let project = result.project
        let byRule = Dictionary(result.results.map { ($0.rule.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let server = result.scope.serverNotifications
        let configurations = project.storeKitConfigurations.sorted { $0.file < $1.file }
        var products: [StoreKitProduct] = []
        for configuration in configurations { products += configuration.allProducts }
        let productIDs = Set(products.compactMap(\.productID))
        let coverage = StoreKitTestCoverage(testFiles: project.testFiles, productIDs: productIDs, constants: Self.productConstants(in: project, ids: productIDs))

        // Whether the app deals in purchases at all: a configuration, or a purchase rule that saw something.
        let purchaseRules = ["transaction_not_finished", "unverified_transaction_used", "pending_purchase_unhandled", "restore_purchases_missing", "transaction_listener_missing"]
        let sawPurchases = purchaseRules.contains { id in
            guard let rule = byRule[id] else { return false }
            return !rule.findings.isEmpty || !rule.evidence.isEmpty
        }
        guard !configurations.isEmpty || sawPurchases else {
            self.init(rows: [], capabilities: [])
            return
        }

        // MARK: Capabilities
        var capabilities: [Capability] = []
        let synced = configurations.first { $0.settings.isSynchronized }
        if declared.appStoreConnectProducts == true {
            capabilities.append(Capability(key: "appStoreConnectProducts", title: "App Store Connect products", source: .declared, detail: "App Store Connect products declared in the configuration"))
        } else if let synced {
            capabilities.append(Capability(key: "appStoreConnectProducts", title: "App Store Connect products", source: .found, detail: "\(synced.file) is synced from App Store Connect", location: SourceLocation(file: synced.file, line: 1, column: 1)))
        } else {
            capabilities.append(Capability(key: "appStoreConnectProducts", title: "App Store Connect products", source: .unavailable, detail: "no App Store Connect products declared (no configuration is synced from App Store Connect)"))
        }
        capabilities.append(declared.sandboxTesters == true
            ? Capability(key: "sandboxTesters", title: "Sandbox testers", source: .declared, detail: "sandbox testers declared in the configuration")
            : Capability(key: "sandboxTesters", title: "Sandbox testers", source: .unavailable, detail: "no sandbox testers declared"))
        if let endpoint = declared.notificationsEndpoint {
            capabilities.append(Capability(key: "notificationsEndpoint", title: "Server notifications", source: .declared, detail: "notifications endpoint \(endpoint) declared in the configuration"))
        } else if let first = server.sites.first {
            let types = Array(Set(server.sites.map(\.type))).sorted()
            capabilities.append(Capability(key: "notificationsEndpoint", title: "Server notifications", source: .found, detail: "a handler of \(types.joined(separator: ", ")) found", location: first.location))
        } else {
            capabilities.append(Capability(key: "notificationsEndpoint", title: "Server notifications", source: .unavailable, detail: "no server notifications found"))
        }
        if declared.serverJWSValidation == true {
            capabilities.append(Capability(key: "serverJWSValidation", title: "Server-side JWS validation", source: .declared, detail: "server-side JWS validation declared in the configuration"))
        } else if let place = server.jwsValidation {
            capabilities.append(Capability(key: "serverJWSValidation", title: "Server-side JWS validation", source: .found, detail: "signed data verified on a server", location: place))
        } else {
            capabilities.append(Capability(key: "serverJWSValidation", title: "Server-side JWS validation", source: .unavailable, detail: "no server-side JWS validation found"))
        }
        let hasProducts = capabilities[0].isAvailable
        let hasSandbox = capabilities[1].isAvailable

        // MARK: Cells shared by the rows
        func handled(_ rules: [String]) -> Cell {
            let ran = rules.compactMap { byRule[$0] }
            guard !ran.isEmpty else {
                return Cell(.missing, "not checked: \(rules.joined(separator: ", ")) did not run (disabled, or not among the rules run)")
            }
            let findings = ran.flatMap(\.findings).sorted(by: Finding.reportOrder)
            if let finding = findings.first(where: { $0.severity >= .warning }) {
                return Cell(.missing, "not handled: \(finding.message)", at: finding.location, rule: finding.ruleID)
            }
            // The first evidence of each rule in the order given (the path's own rule first),
            // at most two, placed where the first located one is.
            var shown: [Evidence] = []
            for rule in ran {
                if let item = rule.evidence.first(where: { $0.location != nil }) ?? rule.evidence.first { shown.append(item) }
            }
            if let first = shown.first {
                let used = Array(shown.prefix(first.location == nil ? 2 : 1))
                let place = used.first { $0.location != nil }
                return Cell(.present, used.map(\.message).joined(separator: "; "), at: place?.location, rule: first.ruleID)
            }
            if let finding = findings.first {
                return Cell(.missing, "not handled: \(finding.message)", at: finding.location, rule: finding.ruleID)
            }
            let reasons = ran.compactMap(\.notApplicableReason)
            if reasons.count == ran.count, let reason = reasons.first {
                return Cell(.notApplicable, reason, rule: ran.first { $0.notApplicableReason != nil }?.rule.identifier)
            }
            return Cell(.missing, "no evidence found by \(rules.joined(separator: ", "))")
        }
        func tested(_ tests: [StoreKitTestCoverage.Test]) -> Cell {
            guard let first = tests.first else {
                return Cell(.missing, coverage.session == nil ? "no StoreKitTest or UI test found" : "no test drives this path")
            }
            let more = Set(tests.map(\.name)).count - 1
            return Cell(.present, "\(first.name): \(first.api)\(more > 0 ? " (and \(more) more test\(more == 1 ? "" : "s"))" : "")", at: first.location)
        }
        func serverCell(_ types: [String]) -> Cell {
            guard !types.isEmpty else { return Cell(.notApplicable, "no App Store Server Notification concerns this path") }
            let found = server.sites(of: types)
            if let first = found.first {
                return Cell(.present, "handles \(found.map(\.type).joined(separator: ", "))", at: first.location)
            }
            if let endpoint = declared.notificationsEndpoint {
                return Cell(.present, "declared: notifications endpoint \(endpoint) (\(types.joined(separator: ", ")) handled outside the repository)")
            }
            return Cell(.missing, "no handler of \(types.joined(separator: ", ")) found")
        }
        let configurationFile = configurations.first.map { SourceLocation(file: $0.file, line: 1, column: 1) }
        func listed(_ items: [StoreKitProduct], _ what: String) -> Cell {
            guard let first = items.first else { return Cell(.notApplicable, "no \(what) configured") }
            let ids = items.map { $0.productID ?? "(no id)" }
            let shown = ids.prefix(4).joined(separator: ", ") + (ids.count > 4 ? " and \(ids.count - 4) more" : "")
            return Cell(.present, "\(items.count) \(items.count == 1 ? String(what.dropLast()) : what): \(shown)", at: first.location)
        }
        func noConfiguration() -> Cell {
            Cell(.missing, "no StoreKit configuration: the products are not known to the audit")
        }

        // MARK: Rows
        var rows: [Row] = []
        func add(_ id: String, _ path: Path, title: String? = nil, configured: Cell, handled: Cell, tested: Cell, server: Cell,
                 requirement: String? = nil, satisfied: Bool = true, missing: String? = nil) {
            var status: Status
            var reason: String
            if configured.state == .notApplicable {
                status = .notApplicable
                reason = configured.text
            } else if handled.state == .notApplicable, handled.text.hasPrefix(PurchasePathMatrix.sdkReasonPrefix) {
                // A purchase SDK handles the path, in code the audit does not read.
                status = .unverified
                reason = "a purchase SDK handles it, which the audit does not read"
            } else if handled.state == .notApplicable {
                status = configurations.isEmpty ? .notApplicable : .unverified
                reason = handled.text
            } else if handled.state == .present {
                status = tested.state == .present ? .verified : .handledUntested
                reason = tested.state == .present ? "handled in code and driven by a test" : "handled in code, but no test drives it"
            } else {
                status = .unverified
                reason = handled.text.hasPrefix("not handled") ? "the code does not handle it (\(handled.ruleID ?? "rules"))" : "nothing shows that the code handles it"
            }
            let withheld = status == .notApplicable || satisfied ? nil : missing
            // A path that does not apply has nothing to test or to notify.
            let tested = configured.state == .notApplicable ? Cell(.notApplicable, "the path does not apply") : tested
            let server = configured.state == .notApplicable ? Cell(.notApplicable, "the path does not apply") : server
            rows.append(Row(id: id, path: path, title: title ?? path.title, configured: configured, handled: handled, tested: tested, server: server,
                            status: status, reason: reason, requirement: status == .notApplicable ? nil : requirement, withheld: withheld))
        }

        let consumables = products.filter { $0.type == .consumable }
        let nonConsumables = products.filter { $0.type == .nonConsumable }
        let autoRenewables = products.filter { $0.type == .autoRenewableSubscription }
        let nonRenewing = products.filter { $0.type == .nonRenewingSubscription }
        let purchaseTests = coverage.tests(.purchase)
        let productsRequirement = "App Store Connect products (a configuration synced from App Store Connect, or appStoreConnectProducts declared)"
        let productsMissing = "no App Store Connect products declared"

        // Purchase, per product type.
        let kinds: [(String, String, [StoreKitProduct], [String], [String])] = [
            ("auto_renewable", "auto-renewable subscriptions", autoRenewables, ["transaction_not_finished", "unverified_transaction_used"], ["SUBSCRIBED"]),
            ("non_renewing", "non-renewing subscriptions", nonRenewing, ["transaction_not_finished", "unverified_transaction_used"], ["ONE_TIME_CHARGE"]),
            ("non_consumable", "non-consumables", nonConsumables, ["transaction_not_finished", "unverified_transaction_used"], ["ONE_TIME_CHARGE"]),
            ("consumable", "consumables", consumables, ["consumable_not_idempotent", "transaction_not_finished", "unverified_transaction_used"], ["ONE_TIME_CHARGE", "CONSUMPTION_REQUEST"]),
        ].filter { !$0.2.isEmpty }
        if configurations.isEmpty {
            add("purchase", .purchase, configured: noConfiguration(), handled: handled(["transaction_not_finished", "unverified_transaction_used"]),
                tested: tested(purchaseTests), server: serverCell(["SUBSCRIBED", "ONE_TIME_CHARGE"]),
                requirement: productsRequirement, satisfied: hasProducts, missing: productsMissing)
        } else if kinds.isEmpty {
            add("purchase", .purchase, configured: Cell(.notApplicable, "the StoreKit configuration declares no product", at: configurationFile),
                handled: handled(["transaction_not_finished"]), tested: tested([]), server: serverCell([]))
        }
        for (key, name, items, rules, types) in kinds {
            let ids = Set(items.compactMap(\.productID))
            let theirs = purchaseTests.filter { test in
                test.productIDs.contains { ids.contains($0) } || (test.productIDs.isEmpty && kinds.count == 1)
            }
            add("purchase.\(key)", .purchase, title: "Purchase (\(name))", configured: listed(items, name), handled: handled(rules),
                tested: tested(theirs), server: serverCell(types), requirement: productsRequirement, satisfied: hasProducts, missing: productsMissing)
        }

        // Ask to Buy.
        let sellable = products.isEmpty ? nil : "every product (\(products.count)) can be deferred; \(configurations.first!.file) holds the test setting"
        add("ask_to_buy", .askToBuy, configured: sellable.map { Cell(.present, $0, at: configurationFile) } ?? (configurations.isEmpty ? noConfiguration() : Cell(.notApplicable, "no product configured")),
            handled: handled(["pending_purchase_unhandled"]), tested: tested(coverage.tests(.askToBuy)), server: serverCell([]))

        // Restore.
        let restorable = autoRenewables + nonRenewing + nonConsumables
        let restoreRequirement = "sandbox testers, or a test that restores"
        let restoreSatisfied = hasSandbox || !coverage.tests(.restore).isEmpty
        add("restore", .restore,
            configured: configurations.isEmpty ? noConfiguration() : (restorable.isEmpty ? Cell(.notApplicable, "only consumables are configured: nothing to restore") : listed(restorable, "restorable products")),
            handled: handled(["restore_purchases_missing", "store_view_restore_hidden"]), tested: tested(coverage.tests(.restore)), server: serverCell([]),
            requirement: restoreRequirement, satisfied: restoreSatisfied, missing: "no sandbox testers declared and no restore test")

        // Renewal, expiry, billing retry and grace period: auto-renewable subscriptions.
        var groups: [(StoreKitSubscriptionGroup, String)] = []
        for configuration in configurations { groups += configuration.subscriptionGroups.map { ($0, configuration.file) } }
        let subscriptionsConfigured: Cell = configurations.isEmpty ? noConfiguration() : listed(autoRenewables, "auto-renewable subscriptions")
        let notificationsAvailable = { (types: [String]) in declared.notificationsEndpoint != nil || !server.sites(of: types).isEmpty }

        let renewalTypes = ["DID_RENEW", "DID_RECOVER"]
        add("renewal", .renewal, configured: subscriptionsConfigured,
            handled: handled(["transaction_listener_missing", "transaction_listener_late", "entitlements_not_refreshed"]),
            tested: tested(coverage.tests(.renewal)), server: serverCell(renewalTypes),
            requirement: "a renewal test, sandbox testers, or server notifications (DID_RENEW)",
            satisfied: !coverage.tests(.renewal).isEmpty || hasSandbox || notificationsAvailable(renewalTypes),
            missing: "no renewal test, no sandbox testers declared and no server notifications found")

        let refundTypes = ["REFUND", "REVOKE", "REFUND_REVERSED"]
        let revocationPath = byRule["revocation_not_checked"].map { rule in rule.findings.allSatisfy { $0.severity < .warning } && !rule.evidence.isEmpty } == true
            && byRule["transaction_listener_missing"].map { rule in rule.findings.isEmpty && !rule.evidence.isEmpty } == true
        add("refund_and_revocation", .refundAndRevocation,
            configured: configurations.isEmpty ? noConfiguration() : (products.isEmpty ? Cell(.notApplicable, "no product configured") : Cell(.present, "every product (\(products.count)) can be refunded", at: configurationFile)),
            handled: handled(["revocation_not_checked", "transaction_listener_missing"]), tested: tested(coverage.tests(.refund)), server: serverCell(refundTypes),
            requirement: "server notifications (REFUND, REVOKE), or a Transaction.updates revocation path",
            satisfied: notificationsAvailable(refundTypes) || revocationPath,
            missing: "no server notifications found and no Transaction.updates revocation path")

        add("expiry", .expiry, configured: subscriptionsConfigured, handled: handled(["entitlements_not_refreshed"]),
            tested: tested(coverage.tests(.expiry)), server: serverCell(["EXPIRED"]),
            requirement: "an expiry test, sandbox testers, or server notifications (EXPIRED)",
            satisfied: !coverage.tests(.expiry).isEmpty || hasSandbox || notificationsAvailable(["EXPIRED"]),
            missing: "no expiry test, no sandbox testers declared and no server notifications found")

        let graceTypes = ["DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED"]
        let graceTests = coverage.tests(.billingRetry)
        add("billing_retry_and_grace_period", .billingRetryAndGracePeriod, configured: subscriptionsConfigured, handled: handled(["grace_period_ignored"]),
            tested: tested(graceTests), server: serverCell(graceTypes),
            requirement: "billingGracePeriodIsEnabled or billing retry tests, or server handling (DID_FAIL_TO_RENEW, GRACE_PERIOD_EXPIRED)",
            satisfied: !graceTests.isEmpty || notificationsAvailable(graceTypes),
            missing: "no billing retry or grace period test and no server notifications found")

        // Upgrade, downgrade, crossgrade: a group with several subscriptions.
        let leveled = groups.filter { $0.0.subscriptions.count > 1 }
        let upgradeConfigured: Cell
        if configurations.isEmpty {
            upgradeConfigured = noConfiguration()
        } else if let (group, _) = leveled.first {
            let levels = group.subscriptions.map { "\($0.productID ?? "?") level \($0.subscription?.groupLevel.map(String.init) ?? "?")" }
            upgradeConfigured = Cell(.present, "group \(group.name ?? group.id ?? "?"): \(levels.joined(separator: ", "))", at: group.location)
        } else {
            upgradeConfigured = Cell(.notApplicable, autoRenewables.isEmpty ? "no auto-renewable subscriptions configured" : "each subscription group holds one subscription: nothing to move to")
        }
        // A test that buys two subscriptions of one group moves between them.
        var upgradeTests: [StoreKitTestCoverage.Test] = []
        for (name, tests) in Dictionary(grouping: purchaseTests, by: \.name).sorted(by: { $0.key < $1.key }) {
            let bought = Set(tests.flatMap(\.productIDs))
            if leveled.contains(where: { group in group.0.subscriptions.filter { $0.productID.map(bought.contains) == true }.count >= 2 }) {
                upgradeTests.append(contentsOf: tests.filter { $0.name == name }.prefix(1))
            }
        }
        add("upgrade_downgrade_crossgrade", .upgradeDowngradeCrossgrade, configured: upgradeConfigured,
            handled: handled(["transaction_listener_missing"]), tested: tested(upgradeTests), server: serverCell(["DID_CHANGE_RENEWAL_PREF"]))

        // Offers.
        var offers: [(StoreKitOffer, String)] = []
        for product in products {
            for offer in product.subscription?.offers ?? [] { offers.append((offer, product.productID ?? "?")) }
        }
        let offersConfigured: Cell
        if configurations.isEmpty {
            offersConfigured = noConfiguration()
        } else if let (first, _) = offers.first {
            let kinds = Array(Set(offers.map { $0.0.kind.rawValue })).sorted()
            offersConfigured = Cell(.present, "\(offers.count) offer\(offers.count == 1 ? "" : "s") (\(kinds.joined(separator: ", "))) on \(Array(Set(offers.map(\.1))).sorted().joined(separator: ", "))", at: first.location)
        } else {
            offersConfigured = Cell(.notApplicable, "no introductory, promotional, win-back or offer code offer configured")
        }
        add("offers", .offers, configured: offersConfigured, handled: handled(["intro_offer_eligibility_unchecked", "client_side_offer_signature"]),
            tested: tested(coverage.tests(.offers)), server: serverCell(["OFFER_REDEEMED"]))

        // Family Sharing.
        let shared = products.filter { $0.familyShareable == true }
        let familyConfigured: Cell
        if configurations.isEmpty {
            familyConfigured = noConfiguration()
        } else if let first = shared.first {
            let place = configurations.lazy.compactMap { $0.memberLocations.location(of: "familyShareable", in: first.location) }.first ?? first.location
            familyConfigured = Cell(.present, "\(shared.count) family-shareable: \(shared.compactMap(\.productID).joined(separator: ", "))", at: place)
        } else {
            familyConfigured = Cell(.notApplicable, "no product is family-shareable")
        }
        add("family_sharing", .familySharing, configured: familyConfigured, handled: handled(["revocation_not_checked"]),
            tested: Cell(.missing, "StoreKitTest cannot simulate Family Sharing: test with sandbox family members"), server: serverCell(["REVOKE"]))

        self.init(rows: rows, capabilities: capabilities)
    }

    /// Names whose value is a configured product id: `static let proYearly = "com.app.pro.yearly"`,
    /// `case pro = "com.app.pro"`. Tests name products through them.
    static func productConstants(in project: Project, ids: Set<String>) -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        var constants: [String: String] = [:]
        for file in project.swiftFiles + project.testFiles {
            for start in file.stringStarts.lazy.map({ Int($0) }) {
                guard start >= 2, file.tokenIs(start - 1, "="), file.code[start - 2].kind == .identifier else { continue }
                let text = file.stringLiteral(at: start).text
                if ids.contains(text) { constants[file.text(start - 2)] = text }
            }
        }
        return constants
    }
}
