import Foundation
import AuditCore
import AuditRules
import Testing

/// What the examples test cannot see: the evidence a passing item reports (so the checklist
/// says *why* it passed) and the reason an item does not apply, for the StoreKit checklist
/// rules (consumables, offers, grace period, keys, receipts, isolation, unfinished
/// transactions, App Transaction, subscription management, configuration and tests).
@Suite struct StoreKitChecklistRulesTests {
    func rule(_ id: String) throws -> any Rule {
        try #require(BuiltInRules.rule(identifier: id))
    }

    func outcome(_ id: String, _ files: [(String, String)]) throws -> ExampleOutcome {
        run(try rule(id), on: RuleExample(files: files))
    }

    static let revenueCatApp: [(String, String)] = [
        ("App.swift", """
            import RevenueCat
            import SwiftUI
            @main struct PhotoApp: App {
                init() { Purchases.configure(withAPIKey: "appl_public") }
                var body: some Scene { WindowGroup { Paywall() } }
            }
            struct Paywall: View {
                let package: Package
                var body: some View { Button("Buy") { Task { _ = try? await Purchases.shared.purchase(package: package) } } }
            }
            """),
    ]

    // MARK: The correct example app: evidence where the Examples README says each item passes

    @Test func correctAppEvidenceIsWhereTheReadmeSaysItIs() throws {
        let root = ExampleAppsTests.examples.appendingPathComponent("CorrectApp")
        let ids = [
            "consumable_not_idempotent", "unfinished_transactions_ignored", "app_transaction_unverified",
            "manage_subscriptions_missing", "storekit_tests_missing", "grace_period_ignored",
            "intro_offer_eligibility_unchecked", "storekit_config_missing", "store_types_not_sendable",
        ]
        let audit = Auditor.audit(paths: [root], root: root, rules: try ids.map(rule))
        #expect(audit.findings.isEmpty, "\(audit.findings.map { "\($0.location) \($0.message)" })")
        func places(_ id: String) -> Set<String> {
            let result = audit.results.first { $0.rule.identifier == id }
            return Set((result?.evidence ?? []).compactMap { $0.location.map { "\($0.file):\($0.line)" } })
        }
        #expect(places("consumable_not_idempotent") == ["NotesPro/Store/Store.swift:218"])
        #expect(places("unfinished_transactions_ignored") == ["NotesPro/Store/Store.swift:245"])
        #expect(places("app_transaction_unverified") == ["NotesPro/Store/UpfrontPurchase.swift:13"])
        #expect(places("manage_subscriptions_missing") == ["NotesPro/Views/SettingsView.swift:53"])
        #expect(places("storekit_tests_missing") == ["Tests/StoreTests.swift:14", "Tests/PurchasePathTests.swift:14"])
        #expect(places("grace_period_ignored") == ["NotesPro/Store/Store.swift:171"])
        #expect(places("intro_offer_eligibility_unchecked") == ["NotesPro/Views/PaywallView.swift:152"])
        #expect(places("storekit_config_missing") == ["NotesPro/Configuration.storekit:1"])
        #expect(places("store_types_not_sendable") == ["NotesPro/Store/Store.swift:14"])
    }

    // MARK: Not applicable, with a reason

    @Test func purchaseSDKAppsSkipTheStoreKitPlumbing() throws {
        for id in ["unfinished_transactions_ignored", "app_transaction_unverified", "consumable_not_idempotent"] {
            let result = try outcome(id, Self.revenueCatApp)
            #expect(result.findings.isEmpty)
            #expect(result.notApplicable?.contains("RevenueCat") == true, "\(id): \(result.notApplicable ?? "applies")")
        }
    }

    @Test func appsWithoutStoreKitPurchasesSkipTheProjectItems() throws {
        let weather = [("App.swift", """
            import SwiftUI
            @main struct WeatherApp: App { var body: some Scene { WindowGroup { Text("Sunny") } } }
            """)]
        for id in ["storekit_config_missing", "storekit_tests_missing", "unfinished_transactions_ignored", "manage_subscriptions_missing"] {
            let result = try outcome(id, weather)
            #expect(result.findings.isEmpty)
            #expect(result.notApplicable != nil, "\(id) should not apply to an app without purchases")
        }
    }

    @Test func subscriptionItemsDoNotApplyToAppsWithoutSubscriptions() throws {
        let gems = [("Shop.swift", """
            import StoreKit
            import SwiftUI
            struct Shop: View {
                var body: some View { StoreView(ids: ["com.app.gems"]).storeButton(.visible, for: .restorePurchases) }
            }
            """)]
        #expect(try outcome("manage_subscriptions_missing", gems).notApplicable == "The app sells no auto-renewable subscriptions.")
        #expect(try outcome("grace_period_ignored", gems).notApplicable == "The app sells no auto-renewable subscriptions.")
    }

    @Test func consumableItemAppliesFromTheConfigurationAlone() throws {
        let withConsumable: [(String, String)] = [
            ("Gems.storekit", """
                { "products" : [ { "localizations" : [ { "description" : "100 gems", "displayName" : "Gems", "locale" : "en_US" } ],
                  "productID" : "com.app.gems", "type" : "Consumable" } ], "version" : { "major" : 3, "minor" : 0 } }
                """),
            ("Store.swift", """
                import StoreKit
                final class Store { func buy(_ p: Product) async throws { _ = try await p.purchase() } }
                """),
        ]
        let applies = try outcome("consumable_not_idempotent", withConsumable)
        #expect(applies.notApplicable == nil)
        #expect(applies.findings.isEmpty)
        let nonConsumable = withConsumable.map { ($0.0, $0.1.replacingOccurrences(of: "\"Consumable\"", with: "\"NonConsumable\"")) }
        #expect(try outcome("consumable_not_idempotent", nonConsumable).notApplicable != nil)
    }

    /// A paywall that writes its price into the copy shows a price: the finding says it is not
    /// the product's, not that none is shown.
    @Test func aWrittenPriceIsNamedAsSuch() throws {
        // The price behind a strings-table key (the shape study's `"paywall.monthly".localized`).
        let result = try outcome("subscription_terms_missing", [("PaywallView.swift", """
            import StoreKit
            import SwiftUI
            extension String { var localized: String { NSLocalizedString(self, comment: "") } }
            struct PaywallView: View {
                let monthly: Product
                var body: some View {
                    Button("paywall.monthly".localized) { Task { _ = try? await monthly.purchase() } }
                    Text("paywall.renewal".localized)
                }
            }
            """), ("en.lproj/Localizable.strings", """
            "paywall.monthly" = "Monthly – only $4.99";
            "paywall.renewal" = "Your subscription renews automatically. Cancel anytime in Settings.";
            """)])
        #expect(result.findings.map(\.message) == ["The subscription paywall PaywallView shows a price written into its copy, not the product's price."])
        // Before, the same screen read: "does not show the price of what it sells".
        #expect(!result.findings.contains { $0.message.contains("does not show the price") })
    }

    // MARK: Evidence

    @Test func aListenerCoversUnfinishedTransactionsWithEvidence() throws {
        let result = try outcome("unfinished_transactions_ignored", [("Store.swift", """
            import StoreKit
            @MainActor final class Store {
                init() { Task { for await update in Transaction.updates { if case .verified(let t) = update { await t.finish() } } } }
                func buy(_ p: Product) async throws { _ = try await p.purchase() }
            }
            """)])
        #expect(result.findings.isEmpty)
        // Nothing here creates the store: where the listener starts is not known, and the
        // evidence does not say "at launch".
        #expect(result.evidence.map(\.message) == ["No Transaction.unfinished sweep, but the Transaction.updates listener in Store.init receives unfinished transactions once it starts"])
        let atLaunch = try outcome("unfinished_transactions_ignored", [("Store.swift", """
            import StoreKit
            @MainActor final class Store {
                init() { Task { for await update in Transaction.updates { if case .verified(let t) = update { await t.finish() } } } }
                func buy(_ p: Product) async throws { _ = try await p.purchase() }
            }
            """), ("App.swift", "@main struct ShopApp: App { let store = Store(); var body: some Scene { WindowGroup { Text(\"Shop\") } } }")])
        #expect(atLaunch.evidence.map(\.message) == ["No Transaction.unfinished sweep, but the Transaction.updates listener in Store.init receives unfinished transactions at launch"])
    }

    /// An original-StoreKit observer that only prints what arrives processes no unfinished
    /// transaction: no evidence for the item (Timer-App's observer); one that finishes is.
    @Test func anObserverThatFinishesNothingIsNoEvidence() throws {
        func observer(_ purchased: String) -> [(String, String)] {
            [("StoreObserver.swift", """
                import StoreKit
                final class StoreObserver: NSObject, SKPaymentTransactionObserver {
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        for transaction in transactions {
                            switch transaction.transactionState {
                            case .purchased, .restored, .failed: \(purchased)
                            default: break
                            }
                        }
                    }
                }
                """)]
        }
        let printing = try outcome("unfinished_transactions_ignored", observer("print(\"done\")"))
        #expect(printing.findings.isEmpty)
        #expect(printing.evidence.isEmpty)
        #expect(printing.undecided?.contains("finishes none of them") == true)
        let finishing = try outcome("unfinished_transactions_ignored", observer("queue.finishTransaction(transaction)"))
        #expect(finishing.undecided == nil)
        #expect(finishing.evidence.map(\.message) == ["The original-StoreKit transaction observer receives unfinished transactions when it is added"])
    }

    @Test func serverSignedOffersAreEvidence() throws {
        let result = try outcome("client_side_offer_signature", [("Offers.swift", """
            import StoreKit
            func buy(_ product: Product, signed: SignedOffer) async throws {
                _ = try await product.purchase(options: [.promotionalOffer(offerID: signed.id, keyID: signed.keyID,
                    nonce: signed.nonce, signature: signed.signature, timestamp: signed.timestamp)])
            }
            """)])
        #expect(result.findings.isEmpty)
        #expect(result.evidence.first?.location == SourceLocation(file: "Offers.swift", line: 3, column: 47))
    }

    @Test func storeIsolationIsEvidence() throws {
        let result = try outcome("store_types_not_sendable", [("Cache.swift", """
            import StoreKit
            actor EntitlementCache {
                var owned: Set<String> = []
                func refresh() async { for await r in Transaction.currentEntitlements { if case .verified(let t) = r { owned.insert(t.productID) } } }
            }
            """)])
        #expect(result.evidence.map(\.message) == ["EntitlementCache is an actor"])
    }

    /// The rule follows only types whose parts hold a StoreKit member or type name: a store
    /// declared in a file that names no StoreKit type, whose listener lives in an extension in
    /// another file, or whose StoreKit call sits in a nested type, is still one.
    @Test func storeStateInAnExtensionOrANestedTypeIsFollowed() throws {
        let split = try outcome("store_types_not_sendable", [
            ("Store.swift", """
                final class Store {
                    static let shared = Store()
                    var owned: Set<String> = []
                }
                """),
            ("Store+Updates.swift", """
                import StoreKit
                extension Store {
                    func listen() {
                        Task { for await update in Transaction.updates { if case .verified(let t) = update { self.owned.insert(t.productID) } } }
                    }
                }
                """),
        ])
        #expect(split.actual == [SourceLocation(file: "Store.swift", line: 1, column: 13)])
        let nested = try outcome("store_types_not_sendable", [("Catalog.swift", """
            import StoreKit
            final class Catalog {
                var names: [String] = []
                final class Loader {
                    func run() async -> [String] { ((try? await Product.products(for: ["a"])) ?? []).map(\\.id) }
                }
                func reload() { Task { names = await Loader().run() } }
            }
            final class Formatter {
                var names: [String] = []
                func reload() { Task { names = [] } }
            }
            """)])
        #expect(nested.actual == [SourceLocation(file: "Catalog.swift", line: 2, column: 13)])
        // A stored StoreKit type spelled in backticks in a file that names none otherwise: that
        // file's types are no candidates (the rule keys on files that name a StoreKit type).
        let backticked = try outcome("store_types_not_sendable", [("Shelf.swift", """
            final class Shelf {
                var current: `Product`?
                func reload() { Task { current = nil } }
            }
            """)])
        #expect(backticked.actual.isEmpty)
        #expect(backticked.notApplicable != nil)
    }

    @Test func jwsSentToTheServerIsEvidence() throws {
        let result = try outcome("receipt_instead_of_jws", [("API.swift", """
            import StoreKit
            func register(_ result: VerificationResult<Transaction>) async throws {
                var request = URLRequest(url: URL(string: "https://api.example.com/transactions")!)
                request.httpBody = Data(result.jwsRepresentation.utf8)
                _ = try await URLSession.shared.data(for: request)
            }
            """)])
        #expect(result.findings.isEmpty)
        #expect(result.evidence.count == 1)
        #expect(result.notApplicable == nil)
    }
}

/// A library (a Swift package no app links) is not asked for what only an app provides.
@Suite struct LibraryScopeTests {
    @Test func appLevelItemsDoNotApplyToALibraryButItsCodeIsStillChecked() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-library-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Package.swift": "let package = Package(name: \"StoreLib\", targets: [.target(name: \"StoreLib\")])\n",
            "Sources/StoreLib/Store.swift": """
                import StoreKit
                public final class Store {
                    public func buy(_ product: Product) async throws {
                        let result = try await product.purchase()
                        if case .success(.verified(let transaction)) = result {
                            await transaction.finish()
                        }
                    }
                }
                """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let audit = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all)
        #expect(audit.project.isLibrary)
        for id in ["restore_purchases_missing", "storekit_config_missing"] {
            let result = try #require(audit.results.first { $0.rule.identifier == id })
            #expect(result.findings.isEmpty, "\(id): \(result.findings.map(\.message))")
            #expect(result.notApplicableReason == Project.libraryReason)
        }
        // The same code in a folder without a build description is an app: restore is asked for.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Package.swift"))
        let app = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all)
        #expect(!app.project.isLibrary)
        #expect(app.results.first { $0.rule.identifier == "restore_purchases_missing" }?.findings.isEmpty == false)
    }

    /// A configuration only the test bundle carries (for SKTestSession) is a configuration set
    /// up for testing: the item passes on it; with none at all the finding stays.
    @Test func aTestBundlesConfigurationSatisfiesTheConfigurationItem() throws {
        let purchase = SwiftFile(path: "Shop/Store.swift", bytes: Array("""
            @main struct ShopApp: App { var body: some Scene { WindowGroup { Text("Shop") } } }
            func buy(_ product: Product) async throws {
                if case .success(.verified(let transaction)) = try await product.purchase() { await transaction.finish() }
            }
            """.utf8))
        var project = Project(swiftFiles: [purchase])
        var none = RuleResult(rule: StoreKitConfigMissingRule.description)
        StoreKitConfigMissingRule().check(project, into: &none)
        #expect(none.findings.count == 1)
        project.testStoreKitConfigurations = ["ShopTests/Shop.storekit"]
        var tests = RuleResult(rule: StoreKitConfigMissingRule.description)
        StoreKitConfigMissingRule().check(project, into: &tests)
        #expect(tests.findings.isEmpty)
        #expect(tests.evidence.map(\.location?.file) == ["ShopTests/Shop.storekit"])
    }
}

/// Evidence is bounded per rule: a generated app with 1,100 purchase functions lists 1,000
/// places where transactions are finished and one line counting the other 100.
@Suite struct EvidenceLimitTests {
    @Test func aRuleListsAtMostTheLimitAndCountsTheRest() {
        var source = "import StoreKit\n@MainActor final class Store {\n"
        for n in 0..<1100 {
            source += """
                    func buy\(n)(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        await transaction.finish()
                    }

                """
        }
        source += "}\n"
        let result = Auditor.audit(files: [InputFile.text("Store.swift", source)!], rules: [TransactionNotFinishedRule()], options: AuditOptions(jobs: 1))
        let evidence = result.results.flatMap(\.evidence)
        #expect(evidence.count == RuleResult.evidenceLimit + 1)
        #expect(evidence.last?.location == nil)
        #expect(evidence.last?.message == "… and 100 more like these, not listed (a rule lists at most 1000)")
        #expect(result.findings.filter { $0.severity >= .warning }.isEmpty)
    }
}
