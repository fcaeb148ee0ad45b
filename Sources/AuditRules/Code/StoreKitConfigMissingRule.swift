import AuditCore

/// Seed checklist 13: a StoreKit configuration file lets purchases, renewals, refunds and Ask
/// to Buy be tested locally, without App Store Connect or sandbox accounts.
public struct StoreKitConfigMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "storekit_config_missing",
        title: "A StoreKit configuration file exists for testing",
        severity: .warning,
        scope: .code,
        rationale: """
            Without a `.storekit` configuration the purchase flow can only be tried in the \
            sandbox, so the paths App Review exercises (a purchase, a restore, Ask to Buy, an \
            expired or refunded subscription, a product that fails to load) usually go untested \
            until review. The file also lets Xcode and StoreKitTest simulate those states on \
            demand.
            """,
        fix: """
            In Xcode choose **File › New › File › StoreKit Configuration File**, sync it with \
            App Store Connect (or add the products by hand with the same ids), select it in the \
            scheme (**Run › Options › StoreKit Configuration**), and keep it in the repository.
            """,
        reference: "StoreKit 2 review checklist item 13 (StoreKit configuration file set up for testing)",
        changeScope: .lineOrAnyFile([.swift, .storeKitConfiguration]),
        triggeringExamples: [
            // Objective-C.
            RuleExample(files: [("AppDelegate.m", """
                #import <StoreKit/StoreKit.h>
                @implementation AppDelegate
                ↓- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    [[SKPaymentQueue defaultQueue] addTransactionObserver:self.observer];
                    return YES;
                }
                @end
                """)]),
            // A SwiftUI app that sells, with no configuration anywhere.
            RuleExample(files: [
                ("App/NotesApp.swift", """
                    import SwiftUI

                    @main
                    struct ↓NotesApp: App {
                        @State private var store = Store()
                        var body: some Scene { WindowGroup { ContentView().environment(store) } }
                    }
                    """),
                ("App/Store.swift", """
                    import StoreKit

                    @MainActor @Observable final class Store {
                        var products: [Product] = []
                        func load() async throws { products = try await Product.products(for: ProductID.all) }
                        func buy(_ product: Product) async throws { _ = try await product.purchase() }
                    }
                    """),
            ]),
            // A UIKit app delegate is the entry point.
            RuleExample("""
                import StoreKit
                import UIKit

                @main
                final class ↓AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        Task { for await update in Transaction.updates { _ = update } }
                        return true
                    }
                }
                """),
            // No entry point in the audited folder: the paywall view is named.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct ↓PaywallView: View {
                    var body: some View {
                        SubscriptionStoreView(groupID: "21482736")
                            .storeButton(.visible, for: .restorePurchases)
                    }
                }
                """),
            // Only a store class: the purchase call is named.
            RuleExample("""
                import StoreKit

                actor PurchaseService {
                    func buy(_ product: Product) async throws -> Product.PurchaseResult {
                        try await product.↓purchase(options: [])
                    }
                }
                """),
            // A string catalog is no StoreKit configuration.
            RuleExample(files: [
                ("Shop.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ↓ShopView: View {
                        var body: some View { StoreView(ids: ["com.app.gems100"]) }
                    }
                    """),
                ("Localizable.xcstrings", """
                    { "sourceLanguage" : "en", "strings" : { "Shop" : { } }, "version" : "1.0" }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // Objective-C.
            RuleExample(files: [("AppDelegate.m", """
                #import <UIKit/UIKit.h>
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    return YES;
                }
                @end
                """)]),
            // A configuration next to the code.
            RuleExample(files: [
                ("App/NotesApp.swift", """
                    import SwiftUI
                    @main struct NotesApp: App {
                        @State private var store = Store()
                        var body: some Scene { WindowGroup { ContentView().environment(store) } }
                    }
                    """),
                ("App/Store.swift", """
                    import StoreKit
                    @MainActor @Observable final class Store {
                        func buy(_ product: Product) async throws { _ = try await product.purchase() }
                    }
                    """),
                ("App/Resources/Products.storekit", """
                    { "products" : [ { "localizations" : [ { "description" : "All features", "displayName" : "Pro", "locale" : "en_US" } ],
                      "productID" : "com.app.pro", "type" : "NonConsumable" } ], "version" : { "major" : 3, "minor" : 0 } }
                    """),
            ]),
            // A subscription store view with a configuration that only has a group.
            RuleExample(files: [
                ("Paywall.swift", """
                    import StoreKit
                    import SwiftUI
                    struct PaywallView: View {
                        var body: some View { SubscriptionStoreView(groupID: "21482736") }
                    }
                    """),
                ("Subscriptions.storekit", """
                    { "subscriptionGroups" : [ { "id" : "21482736", "name" : "Pro", "localizations" : [ ], "subscriptions" : [ ] } ],
                      "version" : { "major" : 4, "minor" : 0 } }
                    """),
            ]),
            // No purchases at all.
            RuleExample("""
                import SwiftUI
                @main struct WeatherApp: App {
                    var body: some Scene { WindowGroup { Text("Sunny") } }
                }
                """),
            // StoreKit imported only to ask for a review.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct RateButton: View {
                    @Environment(\\.requestReview) private var requestReview
                    var body: some View { Button("Rate us") { requestReview() } }
                }
                """),
            // Purchases only in test code: test files are not the shipped app.
            RuleExample(files: [
                ("Tests/StoreTests.swift", """
                    import StoreKit
                    import XCTest
                    final class StoreTests: XCTestCase {
                        func testBuy() async throws {
                            let product = try XCTUnwrap(try await Product.products(for: ["com.app.pro"]).first)
                            _ = try await product.purchase()
                        }
                    }
                    """),
                ("App/ContentView.swift", """
                    import SwiftUI
                    struct ContentView: View { var body: some View { Text("Hello") } }
                    """),
            ]),
            // The seed's purchase flow, with a configuration in the project.
            RuleExample(files: [
                ("Store/StoreManager.swift", """
                    import StoreKit

                    @Observable
                    @MainActor
                    class StoreManager {
                        func purchase(_ product: Product) async throws {
                            let result = try await product.purchase(options: [
                                .appAccountToken(userAccountToken)
                            ])
                            switch result {
                            case .success(let verification):
                                let transaction = try checkVerified(verification)
                                await deliverContent(for: transaction)
                                await transaction.finish()
                            case .userCancelled:
                                break
                            case .pending:
                                break
                            @unknown default:
                                break
                            }
                        }
                    }
                    """),
                ("Configuration.storekit", """
                    { "products" : [ ], "subscriptionGroups" : [ ], "version" : { "major" : 4, "minor" : 0 } }
                    """),
            ]),
        ]
    )

    /// On the 50 MB benchmark file (`iap-audit-bench rules`): 29 ms on its first run (what it asks
    /// first), 0 ms warm, where the cheapest rules take well under one. Started before them, so
    /// that the audit does not end with it running alone on one core.
    public static var schedulingWeight: Int { 2 }

    public func check(_ project: Project, into result: inout RuleResult) {
        guard project.usesStoreKitPurchasing else {
            result.notApplicable("No StoreKit purchase code was found.")
            return
        }
        if project.isLibrary, project.storeKitConfigurations.isEmpty {
            result.notApplicable(Project.libraryReason)
            return
        }
        let configurations = project.storeKitConfigurations.sorted { $0.file < $1.file }
        if !configurations.isEmpty {
            for configuration in configurations {
                let count = configuration.allProducts.count
                result.evidence(
                    at: SourceLocation(file: configuration.file, line: 1, column: 1),
                    "StoreKit configuration \(configuration.file) declares \(count) product\(count == 1 ? "" : "s")"
                )
            }
            return
        }
        if !ConfigurationWording.unreadableConfigurations(in: project).isEmpty {
            // One was found: its input error says, once, that it could not be read. Whether it
            // is set up for testing cannot be told.
            result.notApplicable(ConfigurationWording.noConfiguration(in: project))
            return
        }
        if !project.testStoreKitConfigurations.isEmpty {
            for path in project.testStoreKitConfigurations {
                result.evidence(at: SourceLocation(file: path, line: 1, column: 1), "StoreKit configuration \(path) is bundled with the app's tests (SKTestSession); no scheme runs the app with it")
            }
            return
        }
        let message = "The app uses StoreKit purchases but no .storekit configuration file was found: purchases, renewals, refunds and Ask to Buy cannot be tested locally."
        if let site = project.launchSite() {
            result.report(in: site.file, at: site.index, message)
        } else if let (file, method) = project.objectiveCFiles.lazy.compactMap({ file in
            file.methods.first { $0.selector == "application:didFinishLaunchingWithOptions:" }.map { (file, $0) }
        }).first {
            // An Objective-C app delegate.
            result.report(at: file.location(of: method.start), message)
        }
    }
}
