import AuditCore

/// `AppStore.sync()` asks the user to sign in to their Apple Account; it belongs behind a
/// button the user taps, never on launch or on appear.
public struct RestoreCalledAutomaticallyRule: Rule {
    public init() {}

    static let automaticClosures: Set<String> = ["task", "onAppear", "onReceive", "onChange", "refreshable"]
    /// A view controller's methods UIKit and AppKit call as its screen loads or appears.
    static let screenLifecycleMethods: Set<String> = ["viewDidLoad", "viewWillAppear", "viewDidAppear", "loadView", "viewIsAppearing", "awakeFromNib"]

    public static let description = RuleDescription(
        identifier: "restore_called_automatically",
        title: "Restore runs only when the user asks",
        severity: .warning,
        scope: .code,
        rationale: """
            `AppStore.sync()` may show an Apple Account sign-in prompt. Calling it on launch, on \
            appear or from a timer surprises people with a password dialog, and is unnecessary: \
            `Transaction.currentEntitlements` is already up to date. Apple recommends it only in \
            response to an explicit Restore action.
            """,
        fix: "Call `AppStore.sync()` only from a Restore Purchases button's action; read `Transaction.currentEntitlements` at launch instead.",
        reference: "Apple developer guidance on AppStore.sync(); StoreKit 2 restore purchases",
        triggeringExamples: [
            // Objective-C: a screen's appearance passes YES for the flag that guards the restore.
            RuleExample(files: [
                ("PlansViewController.m", """
                    #import <StoreKit/StoreKit.h>
                    @implementation PlansViewController
                    - (void)viewWillAppear:(BOOL)animated {
                        [super viewWillAppear:animated];
                        [self ↓loadProductsRestoring:YES];
                    }
                    - (void)loadProductsRestoring:(BOOL)restore {
                        [self.helper requestProductsWithCompletion:^(BOOL success) {
                            if (restore)
                                [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                        }];
                    }
                    @end
                    """),
            ]),
            // Objective-C.
            RuleExample(files: [("StoreViewController.m", """
                #import <StoreKit/StoreKit.h>
                @implementation StoreViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self ↓restore];
                }
                - (void)restore {
                    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                }
                @end
                """)]),
            RuleExample("""
                struct RootView: View {
                    var body: some View {
                        ContentView().task { try? await AppStore.↓sync() }
                    }
                }
                """),
            RuleExample("""
                @MainActor final class Store {
                    init() {
                        Task { try? await AppStore.↓sync() }
                    }
                }
                """),
            RuleExample("""
                final class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        Task { try await AppStore.↓sync() }
                        return true
                    }
                }
                """),
            // A receipt refresh (it asks for the Apple Account too) every time the root view appears.
            RuleExample(files: [
                ("StoreManager.swift", """
                    import StoreKit
                    import TPInAppReceipt
                    final class StoreManager { func restoreStatus() { InAppReceipt.refresh { _ in } } }
                    """),
                ("MainView.swift", """
                    struct MainView: View {
                        let store: StoreManager
                        var body: some View { List { }.onAppear { store.↓restoreStatus() } }
                    }
                    """),
            ]),
            // Through a store method that a view calls on appear.
            RuleExample(files: [
                ("Store.swift", "final class Store { func restore() async { try? await AppStore.sync() } }"),
                ("Settings.swift", """
                    struct SettingsView: View {
                        let store: Store
                        var body: some View { List { }.onAppear { Task { await store.↓restore() } } }
                    }
                    """),
            ]),
            // A UIKit screen restores as it loads, through the app's own observer.
            RuleExample(files: [
                ("PurchaseObserver.swift", """
                    import StoreKit
                    final class PurchaseObserver: NSObject, SKPaymentTransactionObserver {
                        static let shared = PurchaseObserver()
                        func restore() { SKPaymentQueue.default().restoreCompletedTransactions() }
                        func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}
                    }
                    """),
                ("UpgradeViewController.swift", """
                    import UIKit
                    final class UpgradeViewController: UIViewController {
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            PurchaseObserver.shared.↓restore()
                        }
                        @IBAction func restoreTapped(_ sender: UIButton) { PurchaseObserver.shared.restore() }
                    }
                    """),
            ]),
            // StoreKit 2 in a screen's `viewWillAppear`.
            RuleExample("""
                import StoreKit
                import UIKit
                final class PlansViewController: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        Task { try? await AppStore.↓sync() }
                    }
                }
                """),
            // StoreKit 1: restoring when the app finishes launching.
            RuleExample("""
                import StoreKit
                import UIKit
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        SKPaymentQueue.default().↓restoreCompletedTransactions()
                        return true
                    }
                }
                """),
            // Restored before every purchase, by a purchase SDK.
            RuleExample("""
                import RevenueCat
                func buy(_ package: Package) async {
                    let info = try? await Purchases.shared.↓restorePurchases()
                    if info?.entitlements["pro"]?.isActive == true { return }
                    _ = try? await Purchases.shared.purchase(package: package)
                }
                """),
            // SwiftyStoreKit's restore at launch: the finding is at the launch code's call.
            RuleExample(files: [
                ("AppDelegate.swift", """
                    final class AppDelegate: UIResponder, UIApplicationDelegate {
                        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                            PurchaseHandler.shared.↓start()
                            return true
                        }
                    }
                    """),
                ("PurchaseHandler.swift", """
                    final class PurchaseHandler {
                        static let shared = PurchaseHandler()
                        func start() {
                            SwiftyStoreKit.completeTransactions(atomically: false) { _ in }
                            SwiftyStoreKit.restorePurchases(atomically: false) { results in self.apply(results) }
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // A screen that wires its Restore button as it loads: the restore runs on a tap.
            RuleExample("""
                import StoreKit
                import UIKit
                final class PlansViewController: UIViewController {
                    let restoreButton = UIButton(type: .system)
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        restoreButton.addAction(UIAction { _ in
                            Task { try? await AppStore.sync() }
                        }, for: .touchUpInside)
                    }
                }
                """),
            // A Restore button beside the Buy button in one body, and what was bought refreshed
            // when the screen appears (Apple's SKDemo MyCarsView; StoreKitHelper's
            // `updatePurchasedProducts()` after a sync): no purchase follows the restore.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct MyCarsView: View {
                    @State private var cars: [Product] = []
                    let store: Store
                    var body: some View {
                        List {
                            Button("Buy") { Task { try? await store.purchase(cars[0]) } }
                            Button("Restore Purchases") {
                                Task {
                                    try? await AppStore.sync()
                                    await store.updatePurchasedProducts()
                                }
                            }
                        }
                        .onAppear { Task { await refreshPurchasedProducts() } }
                    }
                    func refreshPurchasedProducts() async {}
                }
                final class Store {
                    func purchase(_ product: Product) async throws { _ = try await product.purchase() }
                    func updatePurchasedProducts() async {}
                }
                """),
            // A receipt refreshed only when it is missing, and a refresh request a button starts.
            RuleExample("""
                import StoreKit
                final class ReceiptChecker: NSObject, SKRequestDelegate {
                    func checkAtLaunch() {
                        if let url = Bundle.main.appStoreReceiptURL, (try? Data(contentsOf: url)) != nil { return }
                        let request = SKReceiptRefreshRequest()
                        request.delegate = self
                        request.start()
                    }
                }
                struct SettingsView: View {
                    var body: some View {
                        Button("Restore Purchases") { SKReceiptRefreshRequest().start() }
                    }
                }
                """),
            // A table row built in an initialiser, whose action closure restores when tapped.
            RuleExample("""
                final class OffersViewController: UITableViewController {
                    var rows: [TableRow] = []
                    init() {
                        super.init(style: .grouped)
                        rows.append(TableRow(rowWithAction: { _, _ in
                            Task { try? await AppStore.sync() }
                        }, title: "Restore purchases"))
                    }
                }
                """),
            // Objective-C: the appearance passes NO for the flag that guards the restore; only the button passes YES.
            RuleExample(files: [
                ("PlansViewController.m", """
                    #import <StoreKit/StoreKit.h>
                    @implementation PlansViewController
                    - (void)viewWillAppear:(BOOL)animated {
                        [super viewWillAppear:animated];
                        [self loadProductsRestoring:NO];
                    }
                    - (IBAction)restoreTapped:(id)sender {
                        [self loadProductsRestoring:YES];
                    }
                    - (void)loadProductsRestoring:(BOOL)restore {
                        [self.helper requestProductsWithCompletion:^(BOOL success) {
                            if (restore)
                                [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                        }];
                    }
                    @end
                    """),
            ]),
            // Objective-C for React Native: a bridge method the app's JavaScript calls.
            RuleExample(files: [
                ("PurchaseModule.m", """
                    #import <React/RCTBridgeModule.h>
                    #import <StoreKit/StoreKit.h>
                    @implementation PurchaseModule
                    RCT_EXPORT_MODULE();
                    RCT_EXPORT_METHOD(restorePurchases:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject) {
                        dispatch_async(dispatch_get_main_queue(), ^{
                            [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                        });
                    }
                    @end
                    """),
            ]),
            // Objective-C.
            RuleExample(files: [("StoreViewController.m", """
                #import <StoreKit/StoreKit.h>
                @implementation StoreViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self.restoreButton addTarget:self action:@selector(restoreTapped:) forControlEvents:UIControlEventTouchUpInside];
                }
                - (void)restoreTapped:(UIButton *)sender {
                    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                }
                @end
                """)]),
            // StoreKit 1: a Restore button's action.
            RuleExample("""
                import StoreKit
                import UIKit
                final class SettingsViewController: UITableViewController {
                    @IBAction func restoreTapped(_ sender: UIButton) {
                        SKPaymentQueue.default().restoreCompletedTransactions()
                    }
                }
                """),
            // The seed's CORRECT restore function behind a button.
            RuleExample("""
                struct PaywallView: View {
                    var body: some View {
                        Button("Restore Purchases") { Task { try? await restorePurchases() } }
                    }
                    func restorePurchases() async throws {
                        try await AppStore.sync()
                        await StoreManager.shared.updateEntitlements()
                    }
                }
                """),
            RuleExample("""
                Button {
                    Task { try? await AppStore.sync() }
                } label: {
                    Text("Restore")
                }
                """),
            // A UIKit action method.
            RuleExample("""
                final class PaywallViewController: UIViewController {
                    @objc private func restoreTapped(_ sender: UIButton) {
                        Task { try? await AppStore.sync() }
                    }
                }
                """),
            // A store method called from a button in another file.
            RuleExample(files: [
                ("Store.swift", "final class Store { func restore() async { try? await AppStore.sync() } }"),
                ("Paywall.swift", "struct Paywall: View { let store: Store\n var body: some View { Button(\"Restore\") { Task { await store.restore() } } } }"),
            ]),
            // Reading entitlements on appear is right.
            RuleExample("""
                ContentView().task {
                    for await result in Transaction.currentEntitlements { _ = result }
                }
                """),
            // A restore method nobody calls automatically.
            RuleExample("""
                actor Purchases { func restore() async throws { try await AppStore.sync() } }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        var syncs = 0
        for file in project.swiftFiles {
            // StoreKit 2's `AppStore.sync()` and the original `SKPaymentQueue.default().restoreCompletedTransactions()`.
            var restores = file.occurrences(of: "sync").filter { file.isMemberAccess($0, base: "AppStore", member: "sync") }.map { ($0, "AppStore.sync()") }
                + file.occurrences(of: "restoreCompletedTransactions").filter { file.receiver(of: $0) != nil }.map { ($0, "restoreCompletedTransactions()") }
            // A receipt refresh asks for the Apple Account too: `InAppReceipt.refresh { }`
            // (TPInAppReceipt), `SKReceiptRefreshRequest(…)`.
            restores += file.occurrences(of: "refresh").filter { file.isMemberAccess($0, base: "InAppReceipt", member: "refresh") }.map { ($0, "InAppReceipt.refresh() (a receipt refresh)") }
            // A request made and started in one function (a request object's own `init` starts
            // nothing), unless only when the receipt is missing (`if let url = appStoreReceiptURL … else`).
            restores += file.calls(named: "SKReceiptRefreshRequest").filter { call in
                guard let function = file.enclosingFunction(of: call.name) else { return false }
                let body = file.bodyRange(of: function)
                guard file.occurrences(of: "start", in: body).contains(where: { file.isAfterDot($0) && file.isCall(at: $0) }) else { return false }
                return file.occurrences(of: "appStoreReceiptURL", in: body).isEmpty
            }.map { ($0.name, "SKReceiptRefreshRequest (a receipt refresh)") }
            // A purchase SDK's restore: `Purchases.shared.restorePurchases()`, `SwiftyStoreKit.restorePurchases { }`.
            // Not the app's own wrapper (`StoreObserver.shared.restore()`): its body's restore is found above.
            for call in file.calls(named: PurchaseSDK.restoreCallNames) where (PurchaseSDK.isRestore(call, in: file) && !Self.isAppTypeChain(call, in: file, project: project))
                || file.receiver(of: call.name).map({ file.isIdentifier($0, "SwiftyStoreKit") }) == true {
                let sdk = file.receiver(of: call.name).map { file.isIdentifier($0, "SwiftyStoreKit") } == true ? "SwiftyStoreKit" : PurchaseSDK.detect(in: project)?.name ?? "the purchase SDK"
                restores.append((call.name, "\(sdk)'s \(file.text(call.name))()"))
            }
            for (i, call) in restores {
                syncs += 1
                if let purchase = Self.purchase(after: i, in: file) {
                    result.report(in: file, at: i, "\(call) runs before every purchase in \(scopeDescription(of: i, in: file)) (the purchase at line \(file.line(of: purchase))), not when the user asks to restore: it can show an Apple Account sign-in prompt.")
                } else if let trigger = Self.automaticTrigger(of: i, in: file, project: project, depth: 0) {
                    // Point at the call made from the automatic context: the sync itself, or the
                    // call of the method that leads to it.
                    let location = trigger.site ?? file.location(of: i)
                    // Reported where the automatic code calls in; the restore itself is named.
                    let at = trigger.site == nil ? "" : " at \(file.path):\(file.line(of: i))"
                    result.report(at: location, "\(call)\(at) runs without a user action (\(trigger.reason)): it can show an Apple Account sign-in prompt.")
                } else {
                    result.evidence(in: file, at: i, "\(call) is called in \(scopeDescription(of: i, in: file)), behind a user action")
                }
            }
        }
        syncs += ObjectiveCChecks.automaticRestores(project, into: &result)
        if syncs == 0 {
            result.notApplicable("The app does not call AppStore.sync() or restoreCompletedTransactions().")
        }
    }

    /// `StoreObserver.shared.restore()`, `IAPHelper.shared.restorePurchases()`: a method of a
    /// type the app declares, reached through its shared instance, not an SDK's entry point.
    static func isAppTypeChain(_ call: Call, in file: SwiftFile, project: Project) -> Bool {
        guard let receiver = file.receiver(of: call.name), file.isIdentifier(receiver, "shared"),
              let root = file.receiver(of: receiver), file.isKind(root, .identifier) else { return false }
        return !project.typeDeclarations(named: file.text(root)).isEmpty
    }

    /// `application(_:didFinishLaunchingWithOptions:)` (or `willFinish…`), not any
    /// `application(…)` delegate method (`didReceiveRemoteNotification`, `open url`).
    static func isLaunchMethod(_ declaration: Int, in file: SwiftFile) -> Bool {
        let d = file.declarations[declaration]
        guard d.name == "application" else { return true }
        let signature = d.keyword..<max(d.keyword, d.bodyStart)
        return !file.occurrences(of: "didFinishLaunchingWithOptions", in: signature).isEmpty
            || !file.occurrences(of: "willFinishLaunchingWithOptions", in: signature).isEmpty
    }

    /// A purchase made later in the same function as the restore at `index`
    /// (`try await Purchases.shared.restorePurchases()` … `purchase(package:)`): a restore the
    /// user did not ask for, run before buying.
    static func purchase(after index: Int, in file: SwiftFile) -> Int? {
        // After it in the innermost function or closure holding it (and the closures in
        // there, such as the restore's completion handler): a Restore button and a Buy button
        // side by side in one `body` are two actions, not a restore before every purchase.
        guard let scope = file.declarationChain(of: index).first else { return nil }
        let end = file.bodyRange(of: scope).upperBound
        guard index + 1 < end else { return nil }
        let rest = (index + 1)..<end
        for k in rest where file.isKind(k, .identifier) && file.isCall(at: k) && Self.namesPurchase(file.text(k)) {
            return k
        }
        return nil
    }

    /// `purchase(…)`, `purchaseProduct(…)`, an app's `_purchaseWithValidation(…)`,
    /// `makePurchase(…)`; not a restore, and not what was bought (`refreshPurchasedProducts()`,
    /// `loadPurchases()`).
    static func namesPurchase(_ name: String) -> Bool {
        let lower = name.lowercased()
        guard !ASCIISearch.contains(lower, "restore") else { return false }
        // What follows each "purchase" in the name: not "d…" or "s…".
        return lower.split(separator: "purchase", omittingEmptySubsequences: false).dropFirst().contains { rest in
            !rest.hasPrefix("d") && !rest.hasPrefix("s")
        }
    }

    /// A closure passed as an argument labelled for an action: `TableRow(rowWithAction: { … })`,
    /// `Item(primaryAction: { … })`.
    static func isActionArgument(_ brace: Int, in file: SwiftFile) -> Bool {
        guard brace >= 2, brace - 1 < file.code.count, file.code[brace - 1].kind == .colon, file.code[brace - 2].kind == .identifier else { return false }
        let label = file.text(brace - 2)
        return label == "action" || label.hasSuffix("Action")
    }

    /// What starts the code at `index` without the user asking, if anything.
    static func automaticTrigger(of index: Int, in file: SwiftFile, project: Project, depth: Int) -> (reason: String, site: SourceLocation?)? {
        for d in file.declarationChain(of: index) {
            let declaration = file.declarations[d]
            switch declaration.kind {
            case .closure:
                if automaticClosures.contains(declaration.name), file.isAfterDot(declaration.calleeIndex) {
                    return (".\(declaration.name) in \(scopeDescription(of: index, in: file))", nil)
                }
                // A button's action or any other closure named after a control: a user action.
                if ["Button", "action", "onTapGesture", "Menu", "swipeActions", "contextMenu", "addAction", "UIAction"].contains(declaration.name)
                    || isActionArgument(declaration.keyword, in: file) { return nil }
            case .initializer:
                return ("\(scopeDescription(of: index, in: file))", nil)
            case .function:
                if LaunchPath.launchMethods.contains(declaration.name), Self.isLaunchMethod(d, in: file) {
                    return ("\(scopeDescription(of: index, in: file)) at launch", nil)
                }
                // A UIKit or AppKit screen's own lifecycle (`override func viewDidLoad()`): run
                // when the screen loads or appears, as SwiftUI's `.onAppear`.
                if screenLifecycleMethods.contains(declaration.name), declaration.modifiers.contains("override") {
                    return ("\(scopeDescription(of: index, in: file)), when the screen \(declaration.name.contains("Appear") ? "appears" : "loads")", nil)
                }
                // An `@IBAction` is a control's action; an `@objc` method may be one (a selector)
                // or be called from Swift too: its Swift callers decide, and with none it is
                // taken for an action.
                if declaration.attributes.contains("@IBAction") { return nil }
                guard depth < 3 else { return nil }
                // Who calls this function? Automatic if any caller is.
                let owner = file.enclosingType(of: declaration.keyword).map { file.declarations[$0].name }
                for other in project.swiftFiles(mentioning: declaration.name) {
                    for call in other.calls(named: declaration.name) {
                        if other.path == file.path, call.name == declaration.keyword + 1 { continue }
                        // Calls of this method, by the receiver's type: not a closure parameter
                        // of the same name (`completionHandler(.newData)`) or another type's method.
                        if let owner, !CallGraph.mayCall(call, in: other, methodOf: owner, project: project) { continue }
                        if let trigger = automaticTrigger(of: call.name, in: other, project: project, depth: depth + 1) {
                            return (trigger.reason, trigger.site ?? other.location(of: call.name))
                        }
                    }
                }
                return nil
            default:
                continue
            }
        }
        return nil
    }
}
