import AuditCore

/// Seed checklist 1 / common mistake 1: without a `Transaction.updates` listener the app
/// misses renewals, refunds, Ask to Buy approvals and purchases made on other devices.
public struct TransactionListenerMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "transaction_listener_missing",
        title: "Transaction.updates is listened to",
        severity: .error,
        scope: .code,
        rationale: """
            Transactions that complete outside a purchase call (renewals, refunds, Ask to Buy \
            approvals, purchases on another device, purchases interrupted by a crash) arrive only \
            through `Transaction.updates`. An app with no listener never delivers them and leaves \
            them unfinished.
            """,
        fix: """
            Start a task that iterates `for await result in Transaction.updates` at launch (in the \
            `@main` App's `init` or a store object it creates), verify each result, update \
            entitlements and call `finish()`.
            """,
        reference: "StoreKit 2 review checklist item 1; common mistake 1",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            RuleExample("""
                import StoreKit
                import SwiftUI

                @main struct ↓MyApp: App {
                    var body: some Scene { WindowGroup { ContentView() } }
                }

                struct ContentView: View {
                    let product: Product
                    var body: some View {
                        Button("Buy") { Task { _ = try? await product.purchase() } }
                    }
                }
                """),
            RuleExample("""
                import StoreKit

                @MainActor final class Store {
                    func load() async throws -> [Product] {
                        // for await result in Transaction.updates { } — commented out, not a listener
                        let text = "for await result in Transaction.updates"
                        print(text)
                        return try await Product.products(for: ["com.app.pro"])
                    }

                    func buy(_ product: Product) async throws {
                        let result = try await product.↓purchase()
                        _ = result
                    }
                }
                """),
            RuleExample(files: [
                ("Sources/App.swift", """
                    import SwiftUI

                    @main
                    struct ↓RecipesApp: App {
                        @State private var store = Store()
                        var body: some Scene { WindowGroup { Text("Recipes") } }
                    }
                    """),
                ("Sources/Store.swift", """
                    import StoreKit

                    @Observable final class Store {
                        var entitled: Set<String> = []
                        func refresh() async {
                            for await result in Transaction.currentEntitlements {
                                if case .verified(let t) = result { entitled.insert(t.productID) }
                            }
                        }
                    }
                    """),
            ]),
            // The loop is written but its function is never called, and its handler is empty.
            RuleExample("""
                import StoreKit

                @Observable final class SubscriptionState {
                    func buy(_ product: Product) async throws { _ = try await product.purchase() }
                    func process(update _: VerificationResult<Transaction>) async {}
                    func observeUpdates() async {
                        for await update in ↓Transaction.updates {
                            await process(update: update)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Objective-C.
            RuleExample(files: [("AppDelegate.m", """
                #import <StoreKit/StoreKit.h>
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    [[SKPaymentQueue defaultQueue] addTransactionObserver:[StoreObserver shared]];
                    return YES;
                }
                @end
                @implementation StoreObserver
                - (void)buy:(SKProduct *)product {
                    [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product]];
                }
                @end
                """)]),
            // The seed's CORRECT listener in App.init.
            RuleExample("""
                import StoreKit
                import SwiftUI

                @main
                struct MyApp: App {
                    private var transactionListener: Task<Void, Error>?

                    init() {
                        transactionListener = listenForTransactions()
                    }

                    var body: some Scene {
                        WindowGroup { ContentView() }
                    }

                    func listenForTransactions() -> Task<Void, Error> {
                        Task.detached {
                            for await result in Transaction.updates {
                                guard case .verified(let transaction) = result else { continue }
                                await StoreManager.shared.updateEntitlements()
                                await transaction.finish()
                            }
                        }
                    }
                }
                """),
            // Listener in a store object's init, the store created by the App, in another file.
            RuleExample(files: [
                ("App.swift", """
                    import SwiftUI
                    @main struct NotesApp: App {
                        @StateObject private var store = StoreService()
                        var body: some Scene { WindowGroup { PaywallView().environmentObject(store) } }
                    }
                    """),
                ("StoreService.swift", """
                    import StoreKit
                    @MainActor final class StoreService: ObservableObject {
                        private var observer: Task<Void, Never>?
                        init() { observer = Task { await observeTransactions() } }
                        func observeTransactions() async {
                            for await result in StoreKit.Transaction.updates { await process(result) }
                        }
                        func process(_ result: VerificationResult<Transaction>) async {}
                        func buy(_ product: Product) async throws { _ = try await product.purchase() }
                    }
                    """),
            ]),
            // No StoreKit purchasing at all: the item does not apply.
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
            // Listener in an app delegate's launch method (UIKit app).
            RuleExample("""
                import StoreKit
                import UIKit

                @main
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    private var updates: Task<Void, Never>?

                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        updates = Task(priority: .background) {
                            for await update in Transaction.updates {
                                if case .verified(let transaction) = update { await transaction.finish() }
                            }
                        }
                        return true
                    }

                    func buy(_ product: Product) async throws { _ = try await product.purchase() }
                }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        guard project.usesStoreKitPurchasing else {
            result.notApplicable("No StoreKit purchase code was found.")
            return
        }
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        let listeners = UpdatesListener.all(in: project)
        for listener in listeners where !listener.neverCalled {
            let file = listener.file
            result.evidence(in: file, at: listener.site, "Transaction.updates is iterated in \(scopeDescription(of: listener.site, in: file))")
        }
        if listeners.contains(where: { !$0.neverCalled }) { return }
        if let observer = LaunchPath.legacyObserver(in: project) {
            result.evidence(at: observer.location, "An original-StoreKit SKPaymentTransactionObserver (\(observer.file.declarations[observer.index].name)) receives transactions; see legacy_storekit_api")
            return
        }
        // An Objective-C observer is a listener; where it starts is transaction_listener_late's.
        if !ObjectiveCStoreKit.of(project).observerRegistrations().isEmpty { return }
        if let dead = listeners.first {
            result.report(
                in: dead.file, at: dead.site,
                "The only Transaction.updates loop, in \(scopeDescription(of: dead.site, in: dead.file)), is never started: nothing in the app calls that function, so renewals, refunds and Ask to Buy approvals are never delivered."
            )
            return
        }
        let site = LaunchPath.appEntryPoint(in: project) ?? PurchaseSurface.of(project).paywallSite()
        guard let site else { return }
        result.report(
            in: site.file, at: site.index,
            "No code listens to Transaction.updates: renewals, refunds, Ask to Buy approvals and purchases from other devices are never delivered."
        )
    }
}
