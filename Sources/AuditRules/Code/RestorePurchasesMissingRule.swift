import AuditCore

/// Seed checklist 6 / common mistake 9 / Guideline 3.1.1: apps that sell non-consumables or
/// subscriptions must let people restore them.
public struct RestorePurchasesMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "restore_purchases_missing",
        title: "Purchases can be restored",
        severity: .error,
        scope: .code,
        rationale: """
            App Review rejects apps that sell non-consumables or subscriptions without a way to \
            restore them (Guideline 3.1.1). People reinstalling the app or switching devices expect \
            a visible Restore Purchases control.
            """,
        fix: """
            Add a Restore Purchases button that calls `try await AppStore.sync()` and refreshes \
            entitlements, or show StoreKit's own with `.storeButton(.visible, for: .restorePurchases)`.
            """,
        reference: "StoreKit 2 review checklist item 6; common mistake 9; App Review Guideline 3.1.1",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            // A Restore button whose action does nothing yet (SimpleLogin's
            // `func restorePurchase() {}`).
            RuleExample("""
                import StoreKit
                import SwiftUI
                final class UpgradeViewModel: ObservableObject {
                    func subscribe(_ product: Product) async { _ = try? await product.purchase() }
                    func restorePurchase() {}
                }
                struct ↓UpgradeView: View {
                    @StateObject private var model = UpgradeViewModel()
                    let product: Product
                    var body: some View {
                        Button("Subscribe") { Task { await model.subscribe(product) } }
                        Button("Restore Purchases") { model.restorePurchase() }
                    }
                }
                """),
            // Objective-C.
            RuleExample(files: [("Store.m", """
                #import <StoreKit/StoreKit.h>
                @implementation Store
                - (void)buy:(SKProduct *)product {
                    [[SKPaymentQueue defaultQueue] ↓addPayment:[SKPayment paymentWithProduct:product]];
                }
                - (void)restore {
                    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                }
                @end
                """)]),
            // StoreKit 1: a view controller sells an upgrade through the payment queue, and
            // nothing restores it.
            RuleExample("""
                import StoreKit
                import UIKit
                final class ↓UpgradeViewController: UIViewController {
                    var pro: SKProduct?
                    @IBAction func buyTapped(_ sender: Any) {
                        guard let pro else { return }
                        SKPaymentQueue.default().add(SKPayment(product: pro))
                    }
                }
                """),
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct ↓PaywallView: View {
                    let product: Product
                    var body: some View {
                        Button("Subscribe") { Task { try? await product.purchase() } }
                    }
                }
                """),
            // The seed's WRONG example: a bare SubscriptionStoreView.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct ↓UpgradeView: View {
                    var body: some View {
                        SubscriptionStoreView(groupID: "group_id")
                    }
                }
                """),
            // Restore explicitly hidden, and only mentioned in a comment and a string.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct ↓StoreScreen: View {
                    var body: some View {
                        // TODO: call AppStore.sync() from a restore button
                        StoreView(ids: ["com.app.gems"])
                            .storeButton(.hidden, for: .restorePurchases)
                            .navigationTitle("AppStore.sync()")
                    }
                }
                """),
            // Purchases made by a store class, with no view around them.
            RuleExample("""
                import StoreKit

                final class Store {
                    func buy(_ product: Product) async throws {
                        _ = try await product.↓purchase(options: [])
                    }
                }
                """),
            // Restore shown only behind a setting that starts off.
            RuleExample("""
                import StoreKit
                import SwiftUI
                final class StoreOptions: ObservableObject {
                    @Published var restoreVisible = false
                }
                struct ↓MembershipView: View {
                    @StateObject private var options = StoreOptions()
                    var body: some View {
                        SubscriptionStoreView(groupID: "ABCD")
                            .storeButton(options.restoreVisible ? .visible : .hidden, for: .restorePurchases)
                    }
                }
                """),
            // A reset button named restore… is not a purchase restore.
            RuleExample("""
                struct ↓PaywallView: View {
                    let product: Product
                    var body: some View {
                        Button("Unlock Pro for \\(product.displayPrice)") { Task { _ = try? await product.purchase() } }
                        Button("Reset settings") { restoreDefaults() }
                    }
                    func restoreDefaults() { UserDefaults.standard.removePersistentDomain(forName: "app") }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Objective-C for React Native: restore is a bridge method; its button is in the JavaScript.
            RuleExample(files: [
                ("PurchaseModule.m", """
                    #import <React/RCTBridgeModule.h>
                    #import <StoreKit/StoreKit.h>
                    @implementation PurchaseModule
                    RCT_EXPORT_MODULE();
                    RCT_EXPORT_METHOD(purchase:(NSString *)productID resolver:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject) {
                        [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:self.products[productID]]];
                    }
                    RCT_EXPORT_METHOD(restorePurchases:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject) {
                        [[SKPaymentQueue defaultQueue] addTransactionObserver:self.observer];
                        [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                    }
                    @end
                    """),
            ]),
            // Objective-C.
            RuleExample(files: [("Store.m", """
                #import <StoreKit/StoreKit.h>
                @implementation Store
                - (void)buy:(SKProduct *)product {
                    [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product]];
                }
                - (void)restore {
                    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                }
                @end
                @implementation SettingsViewController
                - (IBAction)restoreTapped:(id)sender {
                    [[Store shared] restore];
                }
                @end
                """)]),
            // UIKit: a Restore Purchases button whose action is the app's own restore.
            RuleExample("""
                final class OutOfTimeViewController: UIViewController {
                    let store = StorePaymentManager()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        restoreButton.addTarget(self, action: #selector(restorePurchases), for: .touchUpInside)
                    }
                    @objc func buy() { Task { _ = try? await product.purchase() } }
                    @objc func restorePurchases() { Task { await store.processOutstandingTransactions() } }
                }
                """),
            // StoreKit 1 tip jar: the products it requests are tips, consumables: nothing to restore.
            RuleExample("""
                import StoreKit
                import UIKit
                final class TipJarViewController: UITableViewController, SKProductsRequestDelegate {
                    private static let smallTip = "com.example.reader.tip0_99"
                    private static let largeTip = "com.example.reader.tip4_99"
                    private var request: SKProductsRequest?
                    func load() {
                        let identifiers = Set(arrayLiteral: TipJarViewController.smallTip, TipJarViewController.largeTip)
                        request = SKProductsRequest(productIdentifiers: identifiers)
                        request?.delegate = self
                        request?.start()
                    }
                    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {}
                    func tip(_ product: SKProduct) { SKPaymentQueue.default().add(SKPayment(product: product)) }
                }
                """),
            // The seed's CORRECT restore function.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct PaywallView: View {
                    let product: Product
                    var body: some View {
                        VStack {
                            Button("Subscribe") { Task { try? await product.purchase() } }
                            Button("Restore Purchases") { Task { try? await restorePurchases() } }
                        }
                    }

                    func restorePurchases() async throws {
                        try await AppStore.sync()
                        await StoreManager.shared.updateEntitlements()
                    }
                }
                """),
            // The seed's CORRECT store view.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct UpgradeView: View {
                    var body: some View {
                        SubscriptionStoreView(groupID: "group_id")
                            .storeButton(.visible, for: .restorePurchases)
                    }
                }
                """),
            // Variadic storeButton.
            RuleExample("""
                import StoreKit
                import SwiftUI

                struct UpgradeView: View {
                    var body: some View {
                        StoreView(ids: ProductID.all)
                            .storeButton(.visible, for: .restorePurchases, .redeemCode)
                    }
                }
                """),
            // Restore lives in the store type in another file; the paywall calls it.
            RuleExample(files: [
                ("PaywallView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct PaywallView: View {
                        @Environment(Store.self) private var store
                        @Environment(\\.purchase) private var purchase
                        let product: Product
                        var body: some View {
                            Button("Buy") { Task { _ = try? await purchase(product) } }
                            Button("Restore") { Task { await store.restore() } }
                        }
                    }
                    """),
                ("Store.swift", """
                    import StoreKit
                    @MainActor @Observable final class Store {
                        func restore() async {
                            do { try await AppStore.sync() } catch { print(error) }
                        }
                    }
                    """),
            ]),
            // A tip jar: every product the app loads is a tip, bought again and again (no
            // configuration in the project); there is nothing to restore.
            RuleExample(files: [
                ("Tip.swift", """
                    import StoreKit
                    enum Tip: String, CaseIterable {
                        case small = "com.example.pens.SmallTip"
                        case large = "com.example.pens.LargeTip"

                        static func load() async -> [Product] {
                            (try? await Product.products(for: allCases.map(\\.rawValue))) ?? []
                        }
                    }
                    """),
                ("TipsView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct TipsView: View {
                        @State private var products: [Product] = []
                        var body: some View {
                            ForEach(products) { product in
                                Button(product.displayPrice) { Task { _ = try? await product.purchase() } }
                            }
                            .task { products = await Tip.load() }
                        }
                    }
                    """),
            ]),
            // Nothing is sold: an app that only reads entitlements granted elsewhere.
            RuleExample("""
                import StoreKit
                struct EntitlementReader {
                    func isPro() async -> Bool {
                        for await result in Transaction.currentEntitlements {
                            if case .verified = result { return true }
                        }
                        return false
                    }
                }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        if project.isLibrary {
            result.notApplicable(Project.libraryReason)
            return
        }
        let surface = PurchaseSurface.of(project)
        // Objective-C: `[[SKPaymentQueue defaultQueue] addPayment:payment]` sells.
        let objectiveC = ObjectiveCStoreKit.of(project)
        let objectiveCBuy = objectiveC.files.lazy.compactMap { file in file.sends("addPayment:").first.map { (file, $0) } }.first
        guard surface.sellsAnything || objectiveCBuy != nil else {
            result.notApplicable("The app shows no purchase UI (no StoreKit views or purchase calls).")
            return
        }
        if SoldProducts.onlyConsumables(in: project) {
            result.notApplicable("The app sells only consumables: there is nothing to restore.")
            return
        }
        var found = false
        for file in project.swiftFiles {
            for i in file.occurrences(of: "sync") where file.isMemberAccess(i, base: "AppStore", member: "sync") {
                found = true
                result.evidence(in: file, at: i, "AppStore.sync() is called in \(scopeDescription(of: i, in: file))")
            }
            for call in file.calls(named: StoreButtons.name) where StoreButtons.shows("restorePurchases", call, in: file, project: project) {
                found = true
                result.evidence(in: file, at: call.name, "StoreKit's Restore Purchases button is made visible in \(scopeDescription(of: call.name, in: file))")
            }
            for call in file.calls(named: PurchaseSDK.restoreCallNames) where PurchaseSDK.isRestore(call, in: file) {
                found = true
                result.evidence(in: file, at: call.name, "\(file.text(call.name))() of the purchase SDK is called in \(scopeDescription(of: call.name, in: file))")
            }
            for i in file.occurrences(of: "restoreCompletedTransactions") where file.receiver(of: i) != nil {
                found = true
                result.evidence(in: file, at: i, "Legacy restoreCompletedTransactions() is called in \(scopeDescription(of: i, in: file))")
            }
            // SwiftyStoreKit's restore.
            for call in file.calls(named: "restorePurchases") where file.receiver(of: call.name).map({ file.isIdentifier($0, "SwiftyStoreKit") }) == true {
                found = true
                result.evidence(in: file, at: call.name, "SwiftyStoreKit.restorePurchases() is called in \(scopeDescription(of: call.name, in: file))")
            }
        }
        if let action = objectiveC.restoreAction() {
            found = true
            if action.method.exportedToJavaScript {
                result.evidence(at: action.file.location(of: action.method.start), "\(action.method.selector) of \(action.method.className), exported to the app's JavaScript (React Native), restores purchases (restoreCompletedTransactions); the JavaScript screen that calls it is not read")
            } else {
                result.evidence(at: action.file.location(of: action.method.start), "The action \(action.method.selector) of \(action.method.className) restores purchases (restoreCompletedTransactions, through the methods it calls)")
            }
        }
        if found { return }
        // The app's own restore action wired to a control (`#selector(restorePurchases)`,
        // `Button("Restore") { restore() }`) that re-reads the App Store's transactions
        // (StoreKit 2 keeps them in sync; Mullvad re-processes its unfinished ones).
        if let control = Self.restoreControl(in: project) {
            result.evidence(in: control.file, at: control.index, "A control's action is the app's own \(control.file.text(control.index))() (no AppStore.sync(): StoreKit 2 keeps transactions in sync; check that it restores on a second device)")
            return
        }
        if let site = surface.paywallSite() {
            result.report(
                in: site.file, at: site.index,
                "The app sells in-app purchases but offers no way to restore them: no AppStore.sync() and no visible StoreKit Restore Purchases button."
            )
        } else if let (file, buy) = objectiveCBuy {
            result.report(
                at: file.location(of: buy.selectorStart),
                "The app buys through SKPaymentQueue (addPayment: here) but no button or action restores purchases: no user action reaches restoreCompletedTransactions. App Review requires a visible Restore Purchases control for non-consumables and subscriptions."
            )
        }
    }

    /// A control whose action is an app method named for restoring purchases
    /// (`#selector(restorePurchases)`), or named `restore…` and reading (itself or through
    /// what it calls) `Transaction.currentEntitlements`, `.unfinished` or `.all`.
    static func restoreControl(in project: Project) -> CodeSite? {
        for file in project.swiftFiles where restoreActionNames.contains(where: { file.mentions($0) }) {
            for i in file.occurrences(ofAny: restoreActionNames) {
                let name = file.text(i)
                // `#selector(restorePurchases)` or a call inside a control's closure.
                let inSelector = file.enclosingBracket(of: i).flatMap { open in file.previousCodeIndex(before: open) }.map { file.tokenIs($0, "#selector") || file.isIdentifier($0, "selector") } ?? false
                let inControl = file.declarationChain(of: i).contains { d in
                    file.declarations[d].kind == .closure && ["Button", "action", "UIAction", "addAction"].contains(file.declarations[d].name)
                }
                guard inSelector || inControl else { continue }
                // `restorePurchases` says what it does; a plain `restore…` must be seen reading
                // the transactions (`restoreDefaults` is not a purchase restore).
                // A restore that calls nothing (`func restorePurchase() {}`, a TODO that only
                // sets a flag) restores nothing, whatever its name.
                if doesNothing(name, in: project) { continue }
                if name.lowercased().contains("restorepurchase") || readsTransactions(name, in: project, depth: 0) { return CodeSite(file: file, index: i) }
            }
        }
        return nil
    }

    /// The names apps give their restore actions.
    static let restoreActionNames = ["restorePurchases", "restorePurchase", "restore", "restoreTapped", "restoreButtonTapped",
                                     "didTapRestore", "restoreAction", "restorePressed", "onRestore", "restoreTransactions"]

    /// Whether the app declares `function` and no declaration of it calls anything.
    static func doesNothing(_ function: String, in project: Project) -> Bool {
        let declarations = project.declarations(named: function, { $0 == .function })
        return !declarations.isEmpty && declarations.allSatisfy { fileIndex, declaration in
            let file = project.swiftFiles[fileIndex]
            return !file.bodyRange(of: declaration).contains { file.isKind($0, .identifier) && file.isCall(at: $0) }
        }
    }

    private static func readsTransactions(_ function: String, in project: Project, depth: Int) -> Bool {
        guard depth < 3 else { return false }
        for (fileIndex, declaration) in project.declarations(named: function, { $0 == .function }) {
            let file = project.swiftFiles[fileIndex]
            let body = file.bodyRange(of: declaration)
            for member in ["currentEntitlements", "unfinished", "all"] where file.memberAccesses(base: "Transaction", member: member, in: body).count > 0 {
                return true
            }
            for k in body where file.isKind(k, .identifier) && file.isCall(at: k) {
                let callee = file.text(k)
                if callee != function, project.mayDeclareFunctionOrVariable(named: callee), readsTransactions(callee, in: project, depth: depth + 1) { return true }
            }
        }
        return false
    }
}
