import AuditCore

/// Monetisation seed: "StoreKit Config File added for local automated testing". A
/// configuration nobody runs tests against only helps manual testing.
public struct StoreKitTestsMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "storekit_tests_missing",
        title: "Purchase paths are tested with StoreKitTest",
        severity: .note,
        scope: .code,
        rationale: """
            With a StoreKit configuration, `SKTestSession` (StoreKitTest) scripts purchases, Ask \
            to Buy, renewals, expirations, refunds and interrupted purchases in unit tests, with \
            no App Store and no dialogs. Without such tests the states App Review and real users \
            hit (pending approval, a refunded or lapsed subscription) are checked by hand, if at \
            all.
            """,
        fix: """
            Add a test target that imports `StoreKitTest`, creates \
            `try SKTestSession(configurationFileNamed: "…")`, sets `disableDialogs = true`, calls \
            `clearTransactions()`, and drives your store type through purchase, pending \
            (`askToBuyEnabled = true`), refund (`refundTransaction(identifier:)`) and expiry \
            (`expireSubscription(productIdentifier:)`).
            """,
        reference: "Monetisation seed: StoreKit configuration file for local automated testing (SKTestSession)",
        changeScope: .lineOrAnyFile([.swift, .storeKitConfiguration]),
        triggeringExamples: [
            // A configuration and no tests at all.
            RuleExample(files: [
                ("App/Products.storekit", """
                    ↓{ "products" : [ { "localizations" : [ { "description" : "All features", "displayName" : "Pro", "locale" : "en_US" } ],
                      "productID" : "com.app.pro", "type" : "NonConsumable" } ], "version" : { "major" : 3, "minor" : 0 } }
                    """),
                ("App/Store.swift", """
                    import StoreKit
                    @MainActor @Observable final class Store {
                        func buy(_ product: Product) async throws { _ = try await product.purchase() }
                    }
                    """),
            ]),
            // Tests exist, but none uses StoreKitTest (SKTestSession only in a comment).
            RuleExample(files: [
                ("Config/Store.storekit", """
                    ↓{ "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "localizations" : [ ], "subscriptions" : [ ] } ],
                      "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("Sources/Paywall.swift", """
                    import StoreKit
                    import SwiftUI
                    struct Paywall: View {
                        var body: some View { SubscriptionStoreView(groupID: "1") }
                    }
                    """),
                ("Tests/AppTests/FormatterTests.swift", """
                    import XCTest
                    @testable import App
                    final class FormatterTests: XCTestCase {
                        // TODO: add an SKTestSession for the paywall
                        func testTitle() { XCTAssertEqual(Formatter.title("a"), "A") }
                    }
                    """),
            ]),
            // Two configurations: one finding, at the first.
            RuleExample(files: [
                ("A.storekit", """
                    ↓{ "products" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("B.storekit", """
                    { "products" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("Shop.swift", """
                    import StoreKit
                    import SwiftUI
                    struct Shop: View {
                        var body: some View {
                            StoreView(ids: ["com.app.gems"]).storeButton(.visible, for: .restorePurchases)
                        }
                    }
                    """),
            ]),
            // The string "SKTestSession" in a test is not a session.
            RuleExample(files: [
                ("Products.storekit", """
                    ↓{ "products" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("Store.swift", """
                    import StoreKit
                    final class Store {
                        func load() async throws -> [Product] { try await Product.products(for: ["com.app.pro"]) }
                    }
                    """),
                ("StoreTests/NamingTests.swift", """
                    import Testing
                    @Test func sessionNameIsStable() {
                        #expect("SKTestSession".count == 12)
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The monetisation seed's XCTest with SKTestSession.
            RuleExample(files: [
                ("App/Products.storekit", """
                    { "products" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("App/StoreService.swift", """
                    import StoreKit
                    @MainActor final class StoreService: ObservableObject {
                        func purchase(_ product: Product) async throws { _ = try await product.purchase() }
                    }
                    """),
                ("AppTests/SubscriptionTests.swift", """
                    import StoreKitTest
                    import XCTest

                    class SubscriptionTests: XCTestCase {
                        var session: SKTestSession!

                        override func setUp() async throws {
                            session = try SKTestSession(configurationFileNamed: "Products")
                            session.resetToDefaultState()
                            session.disableDialogs = true
                            session.timeRate = .monthlyRenewalEveryThirtySeconds
                        }

                        func testSubscriptionRenews() async throws {
                            let store = await StoreService()
                            _ = store
                        }
                    }
                    """),
            ]),
            // Swift Testing, in a Tests folder.
            RuleExample(files: [
                ("Configuration.storekit", """
                    { "products" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("Sources/Store.swift", """
                    import StoreKit
                    final class Store {
                        func load() async throws -> [Product] { try await Product.products(for: ["com.app.pro"]) }
                    }
                    """),
                ("Tests/StoreTests.swift", """
                    import StoreKitTest
                    import Testing
                    @MainActor
                    struct StoreTests {
                        let session: SKTestSession
                        init() throws {
                            session = try SKTestSession(configurationFileNamed: "Configuration")
                            session.clearTransactions()
                        }
                        @Test func loads() async throws { #expect(try await Store().load().count == 1) }
                    }
                    """),
            ]),
            // A session created in a shared test helper of a UI test target.
            RuleExample(files: [
                ("Shop.storekit", """
                    { "products" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("Shop/ShopView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ShopView: View {
                        var body: some View { StoreView(ids: ["com.app.gems"]) }
                    }
                    """),
                ("ShopUITests/Support/StoreSession.swift", """
                    import StoreKitTest
                    enum StoreSession {
                        static func make() throws -> SKTestSession {
                            let session = try SKTestSession(configurationFileNamed: "Shop")
                            session.disableDialogs = true
                            return session
                        }
                    }
                    """),
            ]),
            // No configuration: storekit_config_missing speaks for that.
            RuleExample("""
                import StoreKit
                final class Store {
                    func buy(_ product: Product) async throws { _ = try await product.purchase() }
                }
                """),
            // A configuration in an app that does not buy anything (yet).
            RuleExample(files: [
                ("Draft.storekit", """
                    { "products" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
                ("ContentView.swift", """
                    import SwiftUI
                    struct ContentView: View { var body: some View { Text("Coming soon") } }
                    """),
            ]),
            // StoreKit imported only to ask for a review, no configuration.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct RateButton: View {
                    @Environment(\\.requestReview) private var requestReview
                    var body: some View { Button("Rate us") { requestReview() } }
                }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        guard project.usesStoreKitPurchasing else {
            result.notApplicable("No StoreKit purchase code was found.")
            return
        }
        let configurations = project.storeKitConfigurations.sorted { $0.file < $1.file }
        guard let first = configurations.first else {
            result.notApplicable(ConfigurationWording.noConfiguration(in: project, "No StoreKit configuration file was found (storekit_config_missing reports that)."))
            return
        }
        var found = false
        for file in project.testFiles {
            let mentions = Array(file.occurrences(of: "SKTestSession"))
            // Point at the session being created when the file does, else at the first mention.
            guard let site = mentions.first(where: { file.call(at: $0) != nil }) ?? mentions.first else { continue }
            found = true
            result.evidence(in: file, at: site, "An SKTestSession is set up in \(scopeDescription(of: site, in: file))")
        }
        if found { return }
        result.report(
            at: SourceLocation(file: first.file, line: 1, column: 1),
            "No test uses this StoreKit configuration through SKTestSession: purchase, Ask to Buy, refund and renewal paths are never tested automatically."
        )
    }
}
