import AuditCore

/// Seed: "Start at app launch, not when a paywall appears". Updates delivered while no
/// listener runs (renewals, Ask to Buy approvals, purchases interrupted by a crash) wait
/// until some screen happens to start one.
public struct TransactionListenerLateRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "transaction_listener_late",
        title: "The Transaction.updates listener starts at launch",
        severity: .warning,
        scope: .code,
        rationale: """
            `Transaction.updates` delivers renewals, refunds, Ask to Buy approvals and purchases \
            completed while the app was not running, right after launch. A listener started by a \
            view (`.task`, `.onAppear`, a paywall's `init`) misses them until that view appears, \
            which may be never.
            """,
        fix: """
            Start the listener in the `@main` App's `init`, in the app delegate's \
            `application(_:didFinishLaunchingWithOptions:)`, or in the `init` of a store object \
            the App creates, and keep the task for the app's lifetime.
            """,
        reference: "StoreKit 2 guidance: start at app launch, not when a paywall appears; review checklist item 1",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            // Objective-C: added when the user taps a tip row.
            RuleExample(files: [
                ("TipJarViewController.m", """
                    #import <StoreKit/StoreKit.h>
                    @implementation TipJarViewController
                    - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                        [self purchase:self.products[indexPath.row]];
                    }
                    - (void)purchase:(SKProduct *)product {
                        [[SKPaymentQueue defaultQueue] ↓addTransactionObserver:self];
                        [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product]];
                    }
                    @end
                    """),
            ]),
            // Objective-C for React Native: added when the JavaScript starts a purchase.
            RuleExample(files: [
                ("PurchaseModule.m", """
                    #import <React/RCTBridgeModule.h>
                    #import <StoreKit/StoreKit.h>
                    @implementation PurchaseModule
                    RCT_EXPORT_MODULE();
                    RCT_EXPORT_METHOD(purchase:(NSString *)productID resolver:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject) {
                        dispatch_async(dispatch_get_main_queue(), ^{
                            [self startPayment:self.products[productID]];
                        });
                    }
                    - (void)startPayment:(SKProduct *)product {
                        [[SKPaymentQueue defaultQueue] ↓addTransactionObserver:self.observer];
                        [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product]];
                    }
                    @end
                    """),
            ]),
            // Objective-C.
            RuleExample(files: [("TipViewController.m", """
                #import <StoreKit/StoreKit.h>
                @implementation TipViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [[SKPaymentQueue defaultQueue] ↓addTransactionObserver:self];
                }
                @end
                """)]),
            RuleExample("""
                struct PaywallView: View {
                    var body: some View {
                        Text("Pro")
                            .↓task {
                                for await result in Transaction.updates {
                                    if case .verified(let t) = result { await t.finish() }
                                }
                            }
                    }
                }
                """),
            // Started from a paywall's init.
            RuleExample("""
                struct PaywallView: View {
                    private let updates: Task<Void, Never>
                    ↓init() {
                        updates = Task {
                            for await result in Transaction.updates { _ = result }
                        }
                    }
                    var body: some View { Text("Pro") }
                }
                """),
            // A store method only called from a view's .task.
            RuleExample(files: [
                ("Store.swift", """
                    @MainActor @Observable final class Store {
                        func observeTransactions() async {
                            for await result in Transaction.updates { await handle(result) }
                        }
                        func handle(_ result: VerificationResult<Transaction>) async {}
                    }
                    """),
                ("RootView.swift", """
                    struct RootView: View {
                        @Environment(Store.self) private var store
                        var body: some View {
                            ContentView().↓task { await store.observeTransactions() }
                        }
                    }
                    """),
            ]),
            // A store whose init listens, created only by a paywall view.
            RuleExample(files: [
                ("PurchaseModel.swift", """
                    final class PurchaseModel: ObservableObject {
                        private var listener: Task<Void, Never>?
                        init() {
                            listener = Task { for await update in Transaction.updates { _ = update } }
                        }
                    }
                    """),
                ("UpgradeView.swift", """
                    struct UpgradeView: View {
                        @StateObject private var model = ↓PurchaseModel()
                        var body: some View { Text("Upgrade") }
                    }
                    """),
            ]),
            // A .task on a view the root view presents in a sheet is not launch.
            RuleExample(files: [
                ("App.swift", """
                    @main struct JournalApp: App {
                        var body: some Scene { WindowGroup { HomeView() } }
                    }
                    """),
                ("HomeView.swift", """
                    struct HomeView: View {
                        @State private var showStore = false
                        var body: some View {
                            Button("Upgrade") { showStore = true }
                                .sheet(isPresented: $showStore) {
                                    UpgradeSheet().↓task { await Listener.shared.listen() }
                                }
                        }
                    }
                    """),
                ("Listener.swift", """
                    final class Listener {
                        static let shared = Listener()
                        func listen() async { for await update in Transaction.updates { _ = update } }
                    }
                    """),
            ]),
            // A store pushed by a NavigationLink's destination starts the listener when the
            // user follows the link (the store handed down by the root view, as a label and a
            // value of the same name: `StoreScreen(store: store)`).
            RuleExample(files: [
                ("App.swift", "@main struct NotesApp: App { var body: some Scene { WindowGroup { RootView() } } }"),
                ("RootView.swift", """
                    struct RootView: View {
                        @StateObject private var store = StoreManager.shared
                        var body: some View {
                            NavigationStack {
                                NavigationLink(destination: StoreScreen(store: store).↓task { await store.listen() }) { Text("Store") }
                            }
                        }
                    }
                    """),
                ("StoreManager.swift", """
                    final class StoreManager: ObservableObject {
                        static let shared = StoreManager()
                        func listen() async { for await update in Transaction.updates { _ = update } }
                    }
                    """),
            ]),
            // Started by a button's action: only once the user taps it.
            RuleExample(files: [
                ("App.swift", "@main struct PhotoApp: App { var body: some Scene { WindowGroup { UpgradeView() } } }"),
                ("UpgradeView.swift", """
                    struct UpgradeView: View {
                        @StateObject private var listener = TransactionListener()
                        var body: some View {
                            ↓Button("Upgrade") { listener.startListening() }
                        }
                    }
                    final class TransactionListener: ObservableObject {
                        private var task: Task<Void, Never>?
                        func startListening() { task = Task { for await update in Transaction.updates { _ = update } } }
                    }
                    """),
            ]),
            // A shared instance makes its listener through a static helper, and only the
            // paywall touches it: `static let shared` is created on first use.
            RuleExample(files: [
                ("App.swift", "@main struct TimerApp: App { var body: some Scene { WindowGroup { Text(\"Timer\") } } }"),
                ("PurchaseManager.swift", """
                    final class PurchaseManager {
                        static let shared = PurchaseManager()
                        private var listener: Task<Void, Never>?
                        private init() { listener = Self.makeListener() }
                        private static func makeListener() -> Task<Void, Never> {
                            Task(priority: .background) { for await update in Transaction.updates { _ = update } }
                        }
                        func buy() async {}
                    }
                    """),
                ("PaywallView.swift", """
                    struct PaywallView: View {
                        var body: some View { Button("Buy") { Task { await ↓PurchaseManager.shared.buy() } } }
                    }
                    """),
            ]),
            // Two types have a `start()`: the App starts its analytics at launch, and the store's
            // listener starts only when the shop appears. The call is followed by its receiver's type.
            RuleExample(files: [
                ("ShopApp.swift", """
                    @main struct ShopApp: App {
                        let analytics = Analytics()
                        init() { analytics.start() }
                        var body: some Scene { WindowGroup { HomeView() } }
                    }
                    final class Analytics { func start() {} }
                    """),
                ("Store.swift", """
                    final class Store: ObservableObject {
                        private var updates: Task<Void, Never>?
                        func start() { updates = Task { for await update in Transaction.updates { _ = update } } }
                    }
                    """),
                ("ShopView.swift", """
                    struct ShopView: View {
                        @StateObject private var store = Store()
                        var body: some View { Text("Shop").↓task { store.start() } }
                    }
                    """),
            ]),
            // StoreKit 1: a tip screen adds its observer to the payment queue only when the user taps a tip.
            RuleExample("""
                import StoreKit
                import UIKit
                final class TipJarViewController: UITableViewController, SKPaymentTransactionObserver {
                    private func buy(_ product: SKProduct) {
                        guard SKPaymentQueue.canMakePayments() else { return }
                        SKPaymentQueue.default().↓add(self)
                        SKPaymentQueue.default().add(SKPayment(product: product))
                    }
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        for transaction in transactions where transaction.transactionState == .purchased {
                            queue.finishTransaction(transaction)
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
                    [StoreObserver shared];
                    return YES;
                }
                @end
                @implementation StoreObserver
                + (instancetype)shared {
                    static StoreObserver *shared;
                    static dispatch_once_t once;
                    dispatch_once(&once, ^{ shared = [[self alloc] init]; });
                    return shared;
                }
                - (instancetype)init {
                    if (self = [super init]) { [[SKPaymentQueue defaultQueue] addTransactionObserver:self]; }
                    return self;
                }
                @end
                """)]),
            // StoreKit 1: the observer is added when the app finishes launching.
            RuleExample(files: [
                ("AppDelegate.swift", """
                    import StoreKit
                    import UIKit
                    final class AppDelegate: UIResponder, UIApplicationDelegate {
                        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                            SKPaymentQueue.default().add(StoreObserver.shared)
                            return true
                        }
                    }
                    """),
                ("StoreObserver.swift", """
                    import StoreKit
                    final class StoreObserver: NSObject, SKPaymentTransactionObserver {
                        static let shared = StoreObserver()
                        func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                            for transaction in transactions where transaction.transactionState == .purchased {
                                queue.finishTransaction(transaction)
                            }
                        }
                    }
                    """),
            ]),
            // The root view of the first scene owns the store (@StateObject), whose init listens.
            RuleExample(files: [
                ("CarsApp.swift", """
                    @main struct CarsApp: App {
                        var body: some Scene { WindowGroup { GarageView() } }
                    }
                    """),
                ("GarageView.swift", """
                    struct GarageView: View {
                        @StateObject var store: Store = Store()
                        var body: some View { Text("\\(store.owned.count) cars") }
                    }
                    """),
                ("Store.swift", """
                    final class Store: ObservableObject {
                        @Published var owned: [String] = []
                        private var updates: Task<Void, Error>?
                        init() { updates = listen() }
                        func listen() -> Task<Void, Error> {
                            Task.detached { for await result in Transaction.updates { _ = result } }
                        }
                    }
                    """),
            ]),
            // A .task in a view modifier that a View extension applies to the root view.
            RuleExample(files: [
                ("GardenApp.swift", """
                    @main struct GardenApp: App {
                        var body: some Scene { WindowGroup { ContentView().gardenShop() } }
                    }
                    """),
                ("ShopModifier.swift", """
                    struct GardenShopModifier: ViewModifier {
                        func body(content: Content) -> some View {
                            content.task { await Shop.shared.observeTransactionUpdates() }
                        }
                    }
                    extension View {
                        func gardenShop() -> some View { modifier(GardenShopModifier()) }
                    }
                    """),
                ("Shop.swift", """
                    actor Shop {
                        static let shared = Shop()
                        func observeTransactionUpdates() async {
                            for await update in Transaction.updates { _ = update }
                        }
                    }
                    """),
            ]),
            // The seed's CORRECT App.init listener.
            RuleExample("""
                @main
                struct MyApp: App {
                    private let transactionListener: Task<Void, Never>
                    init() { transactionListener = Self.listenForTransactions() }
                    var body: some Scene { WindowGroup { ContentView() } }
                    static func listenForTransactions() -> Task<Void, Never> {
                        Task(priority: .background) {
                            for await result in Transaction.updates {
                                guard case .verified(let transaction) = result else { continue }
                                await transaction.finish()
                            }
                        }
                    }
                }
                """),
            // Seed-002: a store created by the App starts the listener in its init
            // (and the root view's .task also calls it).
            RuleExample(files: [
                ("App.swift", """
                    @main
                    struct MyApp: App {
                        @StateObject private var store = StoreService()
                        var body: some Scene {
                            WindowGroup { ContentView().environmentObject(store).task { await store.observeTransactions() } }
                        }
                    }
                    """),
                ("StoreService.swift", """
                    @MainActor final class StoreService: ObservableObject {
                        private var transactionObserver: Task<Void, Never>?
                        init() { transactionObserver = Task { await observeTransactions() } }
                        func observeTransactions() async {
                            for await result in Transaction.updates { _ = result }
                        }
                    }
                    """),
            ]),
            // An app delegate's launch method.
            RuleExample("""
                final class AppDelegate: NSObject, UIApplicationDelegate {
                    var updates: Task<Void, Never>?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                        updates = Task { for await update in Transaction.updates { _ = update } }
                        return true
                    }
                }
                """),
            // A shared singleton touched in App.init.
            RuleExample(files: [
                ("App.swift", """
                    @main struct NotesApp: App {
                        init() { Purchases.shared.start() }
                        var body: some Scene { WindowGroup { Text("Notes") } }
                    }
                    """),
                ("Purchases.swift", """
                    final class Purchases {
                        static let shared = Purchases()
                        private var task: Task<Void, Never>?
                        func start() { task = Task { for await u in Transaction.updates { _ = u } } }
                    }
                    """),
            ]),
            // The same shared instance, touched by the App: its listener starts at launch.
            RuleExample(files: [
                ("App.swift", """
                    @main struct TimerApp: App {
                        let purchases = PurchaseManager.shared
                        var body: some Scene { WindowGroup { Text("Timer") } }
                    }
                    """),
                ("PurchaseManager.swift", """
                    final class PurchaseManager {
                        static let shared = PurchaseManager()
                        private var listener: Task<Void, Never>?
                        private init() { listener = Self.makeListener() }
                        private static func makeListener() -> Task<Void, Never> {
                            Task(priority: .background) { for await update in Transaction.updates { _ = update } }
                        }
                    }
                    """),
            ]),
            // A listener whose start cannot be traced is not reported: the checklist item is
            // left not checked, for a person to confirm.
            RuleExample("""
                final class Listener {
                    func run() async { for await update in Transaction.updates { _ = update } }
                }
                """),
            // No listener at all is the other rule's business.
            RuleExample("""
                struct PaywallView: View { var body: some View { Text("Pro") } }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        // A listener in a function nothing calls never starts: transaction_listener_missing's business.
        let listeners = UpdatesListener.all(in: project).filter { !$0.neverCalled }
        guard !listeners.isEmpty else {
            checkLegacyObserver(project, into: &result)
            return
        }
        // The first listener that no view starts decides. How each starts is traced in order
        // and only up to that one: tracing all of them first cost a whole pass over the
        // creators of every store type (the 50 MB benchmark file has 17,000 listeners).
        var viewStarted: [LaunchPath.StartContext] = []
        for listener in listeners {
            let context = listener.start(in: project)
            if context.isView {
                viewStarted.append(context)
                continue
            }
            if case .launch(let path) = context {
                result.evidence(in: listener.file, at: listener.site, "The Transaction.updates listener starts at launch: \(path)")
            } else {
                result.undecided("A Transaction.updates listener exists in \(scopeDescription(of: listener.site, in: listener.file)) (\(listener.file.location(of: listener.site))), but where it starts could not be traced: check by hand that the app starts it at launch.")
            }
            return
        }
        var reported = Set<SourceLocation>()
        for context in viewStarted {
            guard case .view(let view, let start) = context, reported.insert(start).inserted else { continue }
            result.report(at: start, "The only Transaction.updates listener is started from a view (\(view)), not at launch: updates that arrive before that view appears are missed.")
        }
    }

    /// The original StoreKit's listener is an observer added to the payment queue: added by a
    /// screen (when the user starts a purchase), it misses what arrives before.
    private func checkLegacyObserver(_ project: Project, into result: inout RuleResult) {
        if checkObjectiveCObservers(project, into: &result) { return }
        let registrations = LaunchPath.legacyObserverRegistrations(in: project)
        if let launch = registrations.first(where: { $0.context.isLaunch }), case .launch(let path) = launch.context {
            result.evidence(in: launch.site.file, at: launch.site.index, "The original-StoreKit transaction observer is added to the payment queue at launch: \(path)")
            return
        }
        guard !registrations.isEmpty, registrations.allSatisfy({ $0.context.isView }) else {
            result.notApplicable("No Transaction.updates listener is started, and no transaction observer is added to the payment queue where it could be traced (see transaction_listener_missing).")
            return
        }
        for registration in registrations {
            guard case .view(let screen, _) = registration.context else { continue }
            result.report(
                in: registration.site.file, at: registration.site.index,
                "The original-StoreKit transaction observer is added only in \(screen), when the user gets there, not at launch: interrupted purchases, Ask to Buy approvals and renewals are not delivered until then."
            )
        }
    }

    /// Objective-C observers (`[[SKPaymentQueue defaultQueue] addTransactionObserver:self]`):
    /// evidence when the method that adds one is reached from launch, a finding when only a
    /// screen reaches it, nothing when it cannot be traced (the item is then not checked).
    /// Returns whether the app has such an observer.
    private func checkObjectiveCObservers(_ project: Project, into result: inout RuleResult) -> Bool {
        let model = ObjectiveCStoreKit.of(project)
        let registrations = model.observerRegistrations()
        guard !registrations.isEmpty else { return false }
        var screens: [(SourceLocation, String)] = []
        for (file, send) in registrations {
            guard let m = send.method, let f = model.files.firstIndex(where: { $0.path == file.path }) else { continue }
            switch model.startContext(of: ObjectiveCStoreKit.MethodRef(file: f, method: m), swiftFiles: project.swiftFiles) {
            case .launch(let path):
                result.evidence(at: file.location(of: send.selectorStart), "The original-StoreKit transaction observer is added to the payment queue at launch: \(path)")
                return true
            case .view(let screen):
                screens.append((file.location(of: send.selectorStart), screen))
            case .unknown:
                break
            }
        }
        if screens.count == registrations.count {
            for (location, screen) in screens {
                result.report(at: location, "The original-StoreKit transaction observer is added only in \(screen), when the user gets there, not at launch: interrupted purchases, Ask to Buy approvals and renewals are not delivered until then.")
            }
        }
        return true
    }
}
