import AuditCore

/// storekit-advanced reference: process unfinished transactions and listen for updates. A
/// purchase whose delivery was cut short (a crash, a force quit, a failed download) stays
/// unfinished; something has to pick it up at the next launch.
public struct UnfinishedTransactionsIgnoredRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "unfinished_transactions_ignored",
        title: "Unfinished transactions are processed at launch",
        severity: .note,
        scope: .code,
        rationale: """
            A transaction stays unfinished until the app calls `finish()`: when the app crashes \
            or is closed between payment and delivery, the customer has paid and has nothing. \
            StoreKit hands such transactions back at the next launch, through \
            `Transaction.unfinished` and to a running `Transaction.updates` listener; an app \
            with neither never delivers them.
            """,
        fix: """
            At launch, iterate `for await result in Transaction.unfinished`, deliver each verified \
            transaction and `finish()` it, and start a `Transaction.updates` listener that does \
            the same for everything that arrives later.
            """,
        reference: "storekit-advanced reference: process unfinished transactions and listen for updates; Apple: Transaction.unfinished",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            // Purchases, no sweep and no listener.
            RuleExample(files: [
                ("RecipesApp.swift", """
                    import SwiftUI

                    @main
                    struct ↓RecipesApp: App {
                        @StateObject private var purchases = PurchaseManager()
                        var body: some Scene {
                            WindowGroup {
                                ContentView().environmentObject(purchases)
                                    .task { await purchases.refreshEntitlements() }
                            }
                        }
                    }
                    """),
                ("PurchaseManager.swift", """
                    import StoreKit

                    @MainActor final class PurchaseManager: ObservableObject {
                        @Published private(set) var purchasedIDs: Set<String> = []
                        func purchase(_ product: Product) async throws {
                            if case .success(.verified(let transaction)) = try await product.purchase() {
                                purchasedIDs.insert(transaction.productID)
                                await transaction.finish()
                            }
                        }
                        func refreshEntitlements() async {
                            for await result in Transaction.currentEntitlements {
                                if case .verified(let t) = result, t.revocationDate == nil { purchasedIDs.insert(t.productID) }
                            }
                        }
                    }
                    """),
            ]),
            // "unfinished" only in a comment and a string.
            RuleExample("""
                import StoreKit
                import SwiftUI

                @main struct ↓GemsApp: App {
                    // TODO: sweep Transaction.unfinished here
                    init() { print("Transaction.unfinished") }
                    var body: some Scene { WindowGroup { ShopView() } }
                }

                struct ShopView: View {
                    let gems: Product
                    var body: some View {
                        Button("Buy") { Task { _ = try? await gems.purchase() } }
                    }
                }
                """),
            // An app delegate that only buys.
            RuleExample("""
                import StoreKit
                import UIKit

                @main
                final class ↓AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        true
                    }
                    func buy(_ product: Product) async throws -> Product.PurchaseResult {
                        try await product.purchase()
                    }
                }
                """),
            // No entry point in the audited folder: the purchase call is named.
            RuleExample("""
                import StoreKit

                final class CoinStore {
                    var coins = 0
                    func buy(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.↓purchase() else { return }
                        coins += 100
                        await transaction.finish()
                    }
                }
                """),
            // A sweep and a listener that nothing calls.
            RuleExample(files: [
                ("BrewApp.swift", """
                    import SwiftUI
                    @main struct ↓BrewApp: App {
                        var body: some Scene { WindowGroup { MenuView() } }
                    }
                    """),
                ("Subscription.swift", """
                    import StoreKit
                    @MainActor final class Subscription {
                        func buy(_ product: Product) async throws { _ = try await product.purchase() }
                        func handle(_ result: VerificationResult<Transaction>) async {}
                        func checkUnfinished() async {
                            for await result in Transaction.unfinished { await handle(result) }
                        }
                        func observe() async {
                            for await result in Transaction.updates { await handle(result) }
                        }
                    }
                    """),
            ]),
            // The only sweep runs from the Restore button, and no listener runs.
            RuleExample(files: [
                ("App.swift", "@main struct CoinsApp: App { var body: some Scene { WindowGroup { ShopView() } } }"),
                ("ShopView.swift", """
                    struct ShopView: View {
                        @State private var shop = CoinShop()
                        var body: some View { Button("Restore Purchases") { Task { await shop.restore() } } }
                    }
                    final class CoinShop {
                        func restore() async {
                            try? await AppStore.sync()
                            for await result in Transaction.↓unfinished {
                                if case .verified(let t) = result { await t.finish() }
                            }
                        }
                        func buy(_ p: Product) async throws { _ = try await p.purchase() }
                    }
                    """),
            ]),
            // StoreKit 1: the observer is added by the tip screen when a tip is tapped, so a
            // purchase interrupted in an earlier session is delivered only then.
            RuleExample("""
                import StoreKit
                import UIKit
                final class TipsViewController: UIViewController, SKPaymentTransactionObserver {
                    func tip(_ product: SKProduct) {
                        SKPaymentQueue.default().↓add(self)
                        SKPaymentQueue.default().add(SKPayment(product: product))
                    }
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        for transaction in transactions where transaction.transactionState != .purchasing {
                            queue.finishTransaction(transaction)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // A Restore button sweeps too, and the store the App creates sweeps at launch.
            RuleExample(files: [
                ("App.swift", "@main struct CoinsApp: App { let shop = CoinShop(); var body: some Scene { WindowGroup { ShopView(shop: shop) } } }"),
                ("CoinShop.swift", """
                    final class CoinShop {
                        init() { Task { await sweep() } }
                        func sweep() async {
                            for await result in Transaction.unfinished {
                                if case .verified(let t) = result { await t.finish() }
                            }
                        }
                        func restore() async {
                            try? await AppStore.sync()
                            await sweep()
                        }
                        func buy(_ p: Product) async throws { _ = try await p.purchase() }
                    }
                    """),
                ("ShopView.swift", """
                    struct ShopView: View {
                        let shop: CoinShop
                        var body: some View { Button("Restore Purchases") { Task { await shop.restore() } } }
                    }
                    """),
            ]),
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
            // StoreKit 1: an observer the app delegate adds at launch receives them.
            RuleExample("""
                import StoreKit
                import UIKit
                final class AppDelegate: UIResponder, UIApplicationDelegate, SKPaymentTransactionObserver {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        SKPaymentQueue.default().add(self)
                        return true
                    }
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        for transaction in transactions where transaction.transactionState != .purchasing {
                            queue.finishTransaction(transaction)
                        }
                    }
                }
                """),
            // A sweep of Transaction.unfinished from the store created at launch.
            RuleExample(files: [
                ("App.swift", """
                    import SwiftUI
                    @main struct NotesApp: App {
                        @State private var store = Store()
                        var body: some Scene { WindowGroup { ContentView().environment(store) } }
                    }
                    """),
                ("Store.swift", """
                    import StoreKit
                    @MainActor @Observable final class Store {
                        init() { Task { await processUnfinishedTransactions() } }
                        private func processUnfinishedTransactions() async {
                            for await result in Transaction.unfinished {
                                guard case .verified(let transaction) = result else { continue }
                                await transaction.finish()
                            }
                        }
                        func buy(_ product: Product) async throws { _ = try await product.purchase() }
                    }
                    """),
            ]),
            // A listener a view starts picks unfinished transactions up when it starts (that it
            // starts late is transaction_listener_late's finding).
            RuleExample("""
                import StoreKit
                import SwiftUI

                actor StoreActor {
                    static let shared = StoreActor()
                    private var listener: Task<Void, Never>?
                    func startListening() {
                        listener = Task { for await result in Transaction.updates { if case .verified(let t) = result { await t.finish() } } }
                    }
                    func buy(_ product: Product) async throws { _ = try await product.purchase() }
                }

                struct UnlockView: View {
                    var body: some View { Text("Unlock").task { await StoreActor.shared.startListening() } }
                }
                """),
            // The seed's listener in App.init: StoreKit hands unfinished transactions to it at launch.
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
            // The monetisation seed's StoreService: listener started in init.
            RuleExample("""
                import StoreKit

                @MainActor
                final class StoreService: ObservableObject {
                    @Published private(set) var purchasedProductIDs: Set<String> = []
                    private var transactionObserver: Task<Void, Never>?

                    init() {
                        transactionObserver = Task { await observeTransactions() }
                    }

                    func observeTransactions() async {
                        for await result in Transaction.updates {
                            await process(result)
                        }
                    }

                    func purchase(_ product: Product) async throws {
                        _ = try await product.purchase()
                    }

                    private func process(_ result: VerificationResult<Transaction>) async {}
                }
                """),
            // The sweep handed to a helper in an extension.
            RuleExample(files: [
                ("Store.swift", """
                    import StoreKit
                    actor Store {
                        init() { Task { await drain() } }
                        func buy(_ product: Product) async throws { _ = try await product.purchase() }
                    }
                    """),
                ("Store+Launch.swift", """
                    import StoreKit
                    extension Store {
                        func drain() async {
                            await handle(StoreKit.Transaction.unfinished)
                        }
                        func handle(_ sequence: Transaction.Transactions) async {
                            for await result in sequence { if case .verified(let t) = result { await t.finish() } }
                        }
                    }
                    """),
            ]),
            // Purchases go through RevenueCat, which finishes transactions itself.
            RuleExample("""
                import RevenueCat
                import SwiftUI

                @main struct PhotoApp: App {
                    init() { Purchases.configure(withAPIKey: "appl_public_key") }
                    var body: some Scene { WindowGroup { PaywallScreen() } }
                }

                struct PaywallScreen: View {
                    let package: Package
                    var body: some View {
                        Button("Subscribe") { Task { _ = try? await Purchases.shared.purchase(package: package) } }
                    }
                }
                """),
            // No StoreKit purchases at all.
            RuleExample("""
                import SwiftUI
                @main struct WeatherApp: App {
                    var body: some Scene { WindowGroup { Text("Sunny") } }
                }
                """),
        ]
    )

    /// One of the slower rules on a file dense with StoreKit code (`iap-audit-bench rules` on
    /// the 50 MB benchmark file): started early, not left running alone at the end.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        guard project.usesStoreKitPurchasing else {
            result.notApplicable("No StoreKit purchase code was found.")
            return
        }
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        // A sweep or a listener in a function nothing calls never runs.
        var sweeps: [CodeSite] = []
        for file in project.swiftFiles(mentioning: "unfinished") {
            for member in file.memberAccesses(base: "Transaction", member: "unfinished") {
                if let function = file.enclosingFunction(of: member), LaunchPath.isNeverCalled(function, in: file, project: project) { continue }
                sweeps.append(CodeSite(file: file, index: member))
            }
        }
        // A sweep that only a screen or a button starts (a Restore button's
        // `AppStore.sync()` then `Transaction.unfinished`) runs when the user acts, not at launch.
        var lateSweeps: [(site: CodeSite, how: String)] = []
        for site in sweeps {
            if case .view(let how, _) = LaunchPath.context(of: site.index, in: site.file, project: project, depth: 0) {
                lateSweeps.append((site, how))
                continue
            }
            result.evidence(in: site.file, at: site.index, "Transaction.unfinished is swept in \(scopeDescription(of: site.index, in: site.file))")
        }
        if sweeps.count > lateSweeps.count { return }
        // Apple hands unfinished transactions to a running updates listener right after launch
        // (DTS, developer forums thread 787431). A listener a view starts receives them when it
        // starts: that it starts late is transaction_listener_late's finding, not this one.
        let listeners = UpdatesListener.all(in: project).filter { !$0.neverCalled }
        if let listener = listeners.first(where: { $0.start(in: project).isLaunch }) ?? listeners.first {
            let start = listener.start(in: project)
            // Where it starts is transaction_listener_late's question; "at launch" only when traced there.
            let when = start.isLaunch ? "at launch" : "once it starts"
            result.evidence(in: listener.file, at: listener.site, "No Transaction.unfinished sweep, but the Transaction.updates listener in \(scopeDescription(of: listener.site, in: listener.file)) receives unfinished transactions \(when)")
            return
        }
        if let observer = LaunchPath.legacyObserver(in: project) {
            // Added only by a screen, it sees the transactions left unfinished by an earlier
            // session only when the user gets there again.
            let registrations = LaunchPath.legacyObserverRegistrations(in: project)
            if !registrations.isEmpty, registrations.allSatisfy({ $0.context.isView }) {
                for registration in registrations {
                    guard case .view(let screen, _) = registration.context else { continue }
                    result.report(
                        in: registration.site.file, at: registration.site.index,
                        "Transactions left unfinished by an earlier session reach the original-StoreKit observer only once it is added, in \(screen): a purchase interrupted by a crash waits until the user starts another one."
                    )
                }
                return
            }
            // An observer whose handlers finish nothing (states only printed) receives the
            // unfinished transactions but does not process them: no evidence.
            let handlers = LegacyTransactionHandler.all(in: project)
            let finishing = LegacyTransactionHandler.finishingFunctions(in: project)
            if !handlers.isEmpty, !handlers.contains(where: { LegacyTransactionHandler.finishCall(in: $0.scope, of: $0.file, finishing: finishing) != nil }) {
                result.undecided("The original-StoreKit transaction observer receives unfinished transactions, but its paymentQueue(_:updatedTransactions:) finishes none of them.")
                return
            }
            result.evidence(at: observer.location, "The original-StoreKit transaction observer receives unfinished transactions when it is added")
            return
        }
        // An Objective-C observer receives them once added; where it is added is
        // transaction_listener_late's business.
        if let (file, send) = ObjectiveCStoreKit.of(project).observerRegistrations().first {
            result.evidence(at: file.location(of: send.selectorStart), "The original-StoreKit transaction observer (Objective-C, \(file.path)) receives unfinished transactions when it is added")
            return
        }
        if let late = lateSweeps.first {
            result.report(
                in: late.site.file, at: late.site.index,
                "Transaction.unfinished is swept only from a screen (\(late.how)), and no Transaction.updates listener runs: a purchase interrupted by a crash is delivered only if the user gets there and acts."
            )
            return
        }
        guard let site = project.launchSite() else { return }
        result.report(
            in: site.file, at: site.index,
            "Nothing picks up unfinished transactions: no Transaction.unfinished sweep and no Transaction.updates listener that runs, so a purchase interrupted by a crash is never delivered."
        )
    }
}
