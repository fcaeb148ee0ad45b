import AuditCore

/// Seed checklist 5 / common mistake 7: Ask to Buy and deferred payments return `.pending`;
/// the app must tell the user the purchase awaits approval instead of silently doing nothing.
public struct PendingPurchaseUnhandledRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "pending_purchase_unhandled",
        title: "`.pending` purchase results are handled",
        severity: .error,
        scope: .code,
        rationale: """
            A purchase that needs a parent's approval (Ask to Buy) or a payment fix returns \
            `.pending`. If the app lets it fall into `default: break`, or reads the result only \
            for `.success` (`guard case .success(…) = result else { return }`), the buyer sees \
            nothing happen and tries again; App Review tests Ask to Buy.
            """,
        fix: """
            Add `case .pending:` and show that the purchase awaits approval (do not unlock yet); \
            the approved transaction arrives later through `Transaction.updates`.
            """,
        reference: "StoreKit 2 review checklist item 5; common mistake 7",
        triggeringExamples: [
            // The purchase result read for .success alone: every other result returns quietly.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    ↓guard case .success(let verification) = try await product.purchase() else { return }
                    let transaction = try verification.payloadValue
                    await store.grant(transaction.productID)
                    await transaction.finish()
                }
                """),
            RuleExample("""
                func buy(_ product: Product) async throws {
                    let result = try await product.purchase()
                    ↓if case .success(let verification) = result, case .verified(let transaction) = verification {
                        await store.grant(transaction.productID)
                        await transaction.finish()
                    }
                }
                """),
            // The app's own purchase state: Ask to Buy behind the same spinner as a payment in progress.
            RuleExample("""
                enum TipState { case idle, purchasing, deferred, purchased, failed }
                final class TippingViewModel {
                    var state: TipState = .idle
                    var isPurchasing: Bool {
                        switch state {
                        ↓case .deferred, .purchasing: return true
                        default: return false
                        }
                    }
                }
                """),
            // RevenueCat's completion handler that never reads its error (Ask to Buy is one).
            RuleExample("""
                import RevenueCat
                final class PurchasesModel {
                    func buy(_ product: StoreProduct) {
                        Purchases.shared.↓purchase(product: product) { transaction, customerInfo, error, cancelled in
                            self.refresh()
                        }
                    }
                    func refresh() {}
                }
                """),
            // Objective-C: Ask to Buy shown exactly like a payment in progress (logging aside).
            RuleExample(files: [
                ("PurchaseObserver.m", """
                    #import <StoreKit/StoreKit.h>
                    @implementation PurchaseObserver
                    - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                        for (SKPaymentTransaction *transaction in transactions) {
                            switch (transaction.transactionState) {
                                case SKPaymentTransactionStatePurchasing:
                                    self.offerState = OfferStateBusy;
                                    AppLogDebug(@"purchasing %@", transaction.transactionIdentifier);
                                    break;
                                ↓case SKPaymentTransactionStateDeferred:
                                    self.offerState = OfferStateBusy;
                                    AppLogDebug(@"deferred %@", transaction.transactionIdentifier);
                                    break;
                                default:
                                    [queue finishTransaction:transaction];
                                    break;
                            }
                        }
                    }
                    @end
                    """),
            ]),
            // Objective-C: the deferred helper's notification only hides the spinner.
            RuleExample(files: [
                ("StoreHelper.m", """
                    #import <StoreKit/StoreKit.h>
                    NSString *const StoreDeferredNotification = @"StoreDeferredNotification";
                    @implementation StoreHelper
                    - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                        for (SKPaymentTransaction *transaction in transactions) {
                            switch (transaction.transactionState) {
                                ↓case SKPaymentTransactionStateDeferred:
                                    [self deferredTransaction:transaction];
                                    break;
                                default:
                                    [queue finishTransaction:transaction];
                                    break;
                            }
                        }
                    }
                    - (void)deferredTransaction:(SKPaymentTransaction *)transaction {
                        @synchronized (self) {
                            NSLog(@"deferred: %@", transaction.payment.productIdentifier);
                            [[NSNotificationCenter defaultCenter] postNotificationName:StoreDeferredNotification object:nil userInfo:nil];
                        }
                    }
                    @end
                    """),
                ("ShopViewController.m", """
                    #import "StoreHelper.h"
                    @implementation ShopViewController
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(purchaseDeferred:) name:StoreDeferredNotification object:nil];
                    }
                    - (void)purchaseDeferred:(NSNotification *)notification {
                        dispatch_async(dispatch_get_main_queue(), ^{
                            [self hideSpinner];
                        });
                    }
                    @end
                    """),
            ]),
            // Objective-C: the observer's helper switches on the state; deferred returns nothing.
            RuleExample(files: [
                ("PaymentObserver.m", """
                    #import <StoreKit/StoreKit.h>
                    @implementation PaymentObserver
                    - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                        NSArray *results = [self resultsForTransactions:transactions];
                        if (results.count > 0) { self.completion(results); }
                    }
                    - (NSArray *)resultsForTransactions:(NSArray *)transactions {
                        NSMutableArray *results = [NSMutableArray array];
                        [transactions enumerateObjectsUsingBlock:^(SKPaymentTransaction *transaction, NSUInteger index, BOOL *stop) {
                            switch (transaction.transactionState) {
                                case SKPaymentTransactionStatePurchased:
                                    [results addObject:transaction.transactionIdentifier];
                                    break;
                                case SKPaymentTransactionStateFailed:
                                    [[SKPaymentQueue defaultQueue] finishTransaction:transaction];
                                    break;
                                case SKPaymentTransactionStatePurchasing:
                                ↓case SKPaymentTransactionStateDeferred:
                                    return;
                            }
                        }];
                        return results;
                    }
                    @end
                    """),
            ]),
            // Objective-C.
            RuleExample(files: [("StoreObserver.m", """
                #import <StoreKit/StoreKit.h>
                @implementation StoreObserver
                - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                    for (SKPaymentTransaction *transaction in transactions) {
                        switch (transaction.transactionState) {
                            ↓case SKPaymentTransactionStateDeferred:
                                NSLog(@"deferred");
                                break;
                            case SKPaymentTransactionStatePurchased:
                                [queue finishTransaction:transaction];
                                break;
                            default:
                                break;
                        }
                    }
                }
                @end
                """)]),
            // The seed's WRONG example: default swallows .pending.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    let result = try await product.purchase()
                    switch result {
                    case .success(let verification):
                        try await handle(verification)
                    case .userCancelled:
                        break
                    ↓default:
                        break
                    }
                }
                """),
            // A .pending case that does nothing.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    switch try await product.purchase(options: []) {
                    case .success(let verification): try await handle(verification)
                    ↓case .pending:
                        break
                    case .userCancelled: break
                    @unknown default: break
                    }
                }
                """),
            // Combined with userCancelled and only a comment.
            RuleExample("""
                @Environment(\\.purchase) private var purchase
                func buy(_ product: Product) async {
                    guard let result = try? await purchase(product) else { return }
                    switch result {
                    case .success(let v): await deliver(v)
                    ↓case .userCancelled, .pending:
                        // nothing to do
                        break
                    @unknown default: break
                    }
                }
                """),
            // No default and no .pending: @unknown default is the only catch-all.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    let outcome = try await product.purchase()
                    ↓switch outcome {
                    case .success(let verification): try await handle(verification)
                    case .userCancelled: return
                    @unknown default: return
                    }
                }
                """),
            // The success case nests the verification result: still a purchase-result switch.
            RuleExample("""
                func purchase(_ product: Product) async throws {
                    let result = try await product.purchase()
                    switch result {
                    case let .success(.verified(transaction)):
                        await transaction.finish()
                        await updatePurchasedProducts()
                    case let .success(.unverified(_, error)):
                        throw error
                    ↓case .pending:
                        break
                    case .userCancelled:
                        break
                    @unknown default:
                        break
                    }
                }
                """),
            // Pending and cancelled return the same nil: the caller shows nothing for either.
            RuleExample("""
                func purchase(_ product: Product) async throws -> Transaction? {
                    switch try await product.purchase() {
                    case .success(let verification):
                        let transaction = try checkVerified(verification)
                        await transaction.finish()
                        return transaction
                    ↓case .userCancelled, .pending:
                        return nil
                    @unknown default:
                        return nil
                    }
                }
                """),
            // StoreKit 1: the tip screen's observer lets .deferred fall into `default: break`.
            RuleExample("""
                import StoreKit
                import UIKit
                final class TipJarViewController: UITableViewController, SKPaymentTransactionObserver {
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        for transaction in transactions {
                            switch transaction.transactionState {
                            case .purchased:
                                thank()
                                queue.finishTransaction(transaction)
                            case .failed:
                                queue.finishTransaction(transaction)
                            ↓default:
                                break
                            }
                        }
                    }
                    func thank() {}
                }
                """),
            // Seed-002's shape: `.pending` returns nil as `.userCancelled` does, so its caller
            // ("userCancelled or pending: no error, just reset") shows the buyer nothing.
            RuleExample("""
                func purchase(_ product: Product) async throws -> Transaction? {
                    let result = try await product.purchase(options: [])
                    switch result {
                    case .success(let verification):
                        let transaction = try checkVerified(verification)
                        await transaction.finish()
                        return transaction
                    case .userCancelled:
                        return nil
                    ↓case .pending:
                        // Awaiting Ask to Buy or billing fix
                        return nil
                    @unknown default:
                        return nil
                    }
                }
                """),
            // Logged, then the same `false` a cancelled purchase returns: the paywall only
            // reacts to `true`.
            RuleExample("""
                func buy(_ product: Product) async throws -> Bool {
                    switch try await product.purchase() {
                    case .success(let verification):
                        let transaction = try checkVerified(verification)
                        isPro = true
                        await transaction.finish()
                        return true
                    case .userCancelled:
                        return false
                    ↓case .pending:
                        logger.info("purchase pending")
                        return false
                    @unknown default:
                        return false
                    }
                }
                """),
            // `.pending, .userCancelled` setting the same idle state: the buyer cannot tell them apart.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    switch try await product.purchase() {
                    case .success(let verification):
                        try await complete(verification)
                    ↓case .pending, .userCancelled:
                        state = .idle
                    @unknown default:
                        state = .idle
                    }
                }
                """),
            // Original StoreKit: Ask to Buy handled as a failure, and no other code tells the buyer.
            RuleExample("""
                final class StoreManager: NSObject, SKPaymentTransactionObserver {
                    @Published var state: PurchaseState = .idle
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        for transaction in transactions {
                            switch transaction.transactionState {
                            case .purchased, .restored:
                                state = .purchased
                                queue.finishTransaction(transaction)
                            ↓case .failed, .deferred:
                                state = .failed
                                queue.finishTransaction(transaction)
                            default:
                                break
                            }
                        }
                    }
                }
                """),
            // Only logged, beside the purchase in progress.
            RuleExample("""
                final class IAPObserver: NSObject, SKPaymentTransactionObserver {
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        transactions.forEach { transaction in
                            switch transaction.transactionState {
                            case .purchased: delegate?.purchased(transaction); queue.finishTransaction(transaction)
                            ↓case .purchasing, .deferred: Logger.module.debug("Waiting: \\(transaction.payment.productIdentifier)")
                            default: queue.finishTransaction(transaction)
                            }
                        }
                    }
                }
                """),
            // SwiftyStoreKit: the completion returns without answering the screen.
            RuleExample("""
                func buyGems(_ identifier: String, completion: @escaping (Bool) -> Void) {
                    SwiftyStoreKit.purchaseProduct(identifier, atomically: false) { result in
                        switch result {
                        case .success(let purchase):
                            self.deliver(purchase)
                            completion(true)
                        case .error:
                            completion(false)
                        ↓case .deferred:
                            return
                        }
                    }
                }
                """),
            // `.pending` sets an error nothing shows.
            RuleExample("""
                @MainActor final class TipManager: ObservableObject {
                    @Published var purchaseError: String?
                    func tip(_ product: Product) async throws {
                        switch try await product.purchase() {
                        case .success(let verification): try await thank(verification)
                        ↓case .pending: purchaseError = "Purchase is pending"
                        case .userCancelled: break
                        @unknown default: break
                        }
                    }
                }
                """),
            // An app's own purchase outcome: pending closes the screen like a cancel.
            RuleExample("""
                func storePaymentManager(didReceiveEvent event: StorePaymentEvent) {
                    switch event {
                    case let .successfulPayment(outcome): showThanks(outcome)
                    ↓case .pending, .userCancelled: didFinish?()
                    case let .failed(error): show(error)
                    }
                }
                """),
            RuleExample("""
                func onComplete(_ productIdentifier: String, result: InAppPurchaseResult) {
                    switch result {
                    case .done: isThankYouPresented = true
                    ↓case .pending: dismiss()
                    case .cancelled: break
                    case .notFound: break
                    }
                }
                var body: some View { Text("Thanks").opacity(isThankYouPresented ? 1 : 0) }
                """),
        ],
        nonTriggeringExamples: [
            // .success read first, .pending told apart after it.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    let result = try await product.purchase()
                    if case .success(let verification) = result {
                        try await deliver(verification)
                    } else if case .pending = result {
                        showAwaitingApproval()
                    }
                }
                """),
            // The guard's else tells the buyer what happened.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    let result = try await product.purchase()
                    guard case .success(let verification) = result else {
                        message = Self.describe(result)
                        return
                    }
                    try await deliver(verification)
                }
                """),
            // The app's own state that tells Ask to Buy apart.
            RuleExample("""
                enum TipState { case idle, purchasing, deferred, purchased, failed }
                final class TippingViewModel {
                    var state: TipState = .idle
                    var message: String? {
                        switch state {
                        case .purchasing: return nil
                        case .deferred: return "Waiting for approval from your family organizer"
                        default: return nil
                        }
                    }
                }
                """),
            // RevenueCat's completion that tells a pending payment apart.
            RuleExample("""
                import RevenueCat
                final class PurchasesModel {
                    var message = ""
                    func buy(_ product: StoreProduct) {
                        Purchases.shared.purchase(product: product) { transaction, customerInfo, error, cancelled in
                            if let error = error as? RevenueCat.ErrorCode, error == .paymentPendingError {
                                self.message = "Waiting for approval"
                            }
                        }
                    }
                }
                """),
            // Objective-C: the deferred notification's observer says the purchase awaits approval.
            RuleExample(files: [
                ("StoreHelper.m", """
                    #import <StoreKit/StoreKit.h>
                    NSString *const StoreDeferredNotification = @"StoreDeferredNotification";
                    @implementation StoreHelper
                    - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                        for (SKPaymentTransaction *transaction in transactions) {
                            switch (transaction.transactionState) {
                                case SKPaymentTransactionStateDeferred:
                                    [self deferredTransaction:transaction];
                                    break;
                                default:
                                    [queue finishTransaction:transaction];
                                    break;
                            }
                        }
                    }
                    - (void)deferredTransaction:(SKPaymentTransaction *)transaction {
                        [[NSNotificationCenter defaultCenter] postNotificationName:StoreDeferredNotification object:nil userInfo:nil];
                    }
                    @end
                    """),
                ("ShopViewController.m", """
                    #import "StoreHelper.h"
                    @implementation ShopViewController
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(purchaseDeferred:) name:StoreDeferredNotification object:nil];
                    }
                    - (void)purchaseDeferred:(NSNotification *)notification {
                        [self hideSpinner];
                        self.statusLabel.text = NSLocalizedString(@"Waiting for approval", nil);
                    }
                    @end
                    """),
            ]),
            // Objective-C.
            RuleExample(files: [("StoreObserver.m", """
                #import <StoreKit/StoreKit.h>
                @implementation StoreObserver
                - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                    for (SKPaymentTransaction *transaction in transactions) {
                        switch (transaction.transactionState) {
                            case SKPaymentTransactionStateDeferred:
                                [[NSNotificationCenter defaultCenter] postNotificationName:StorePurchaseDeferred object:transaction];
                                break;
                            case SKPaymentTransactionStatePurchased:
                                [queue finishTransaction:transaction];
                                break;
                            default:
                                break;
                        }
                    }
                }
                @end
                """)]),
            // One message for a cancel and a purchase waiting for approval, that says so.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    switch try await product.purchase() {
                    case .success(let verification): try await complete(verification)
                    case .pending, .userCancelled:
                        statusMessage = "No purchase was completed. If it needs approval, it unlocks as soon as it is approved."
                    @unknown default: statusMessage = nil
                    }
                }
                var status: some View { Text(statusMessage ?? "") }
                """),
            // A download's states are not a purchase's.
            RuleExample("""
                func update(_ download: Download) {
                    switch download.state {
                    case .pending: spinner.startAnimating()
                    case .completed: spinner.stopAnimating()
                    case .cancelled: spinner.stopAnimating()
                    }
                }
                """),
            // StoreKit 1: the screen says the purchase awaits approval; the app delegate,
            // completing transactions at launch, has no buyer to tell.
            RuleExample(files: [
                ("TipJarViewController.swift", """
                    import StoreKit
                    import UIKit
                    final class TipJarViewController: UITableViewController, SKPaymentTransactionObserver {
                        var status = "" { didSet { statusLabel.text = status } }
                        func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                            for transaction in transactions {
                                switch transaction.transactionState {
                                case .purchased, .restored: queue.finishTransaction(transaction)
                                case .deferred: status = "Waiting for approval from the family organizer"
                                case .failed: queue.finishTransaction(transaction)
                                default: break
                                }
                            }
                        }
                    }
                    """),
                ("AppDelegate.swift", """
                    import StoreKit
                    import UIKit
                    final class AppDelegate: UIResponder, UIApplicationDelegate, SKPaymentTransactionObserver {
                        func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                            for transaction in transactions {
                                switch transaction.transactionState {
                                case .purchased, .restored: queue.finishTransaction(transaction)
                                case .failed, .purchasing, .deferred: break
                                @unknown default: break
                                }
                            }
                        }
                    }
                    """),
            ]),
            // A nested success pattern with the pending state shown.
            RuleExample("""
                func purchase(_ product: Product) async throws {
                    switch try await product.purchase() {
                    case let .success(.verified(transaction)):
                        await transaction.finish()
                    case .success(.unverified):
                        break
                    case .pending:
                        awaitingApproval = true
                    case .userCancelled:
                        break
                    @unknown default:
                        break
                    }
                }
                var banner: some View { Text(awaitingApproval ? "Waiting for approval" : "") }
                """),
            // Each outcome returned as its own value: the caller tells them apart.
            RuleExample("""
                func buy(_ product: Product) async throws -> PurchaseOutcome {
                    switch try await product.purchase() {
                    case .success(let verification):
                        let transaction = try checkVerified(verification)
                        await transaction.finish()
                        return .purchased
                    case .userCancelled:
                        return .cancelled
                    case .pending:
                        logger.info("purchase pending")
                        return .awaitingApproval
                    @unknown default:
                        return .cancelled
                    }
                }
                """),
            // A service hands the purchase result back; its caller shows the pending state.
            RuleExample("""
                open func purchase(_ product: Product) async throws -> (Product.PurchaseResult, Transaction?) {
                    let result = try await product.purchase()
                    switch result {
                    case .success(let verification): try await finalize(verification)
                    case .pending: break
                    case .userCancelled: break
                    @unknown default: break
                    }
                    return (result, nil)
                }
                """),
            // The seed's CORRECT example.
            RuleExample("""
                func purchaseProduct(_ product: Product) async throws {
                    let result = try await purchase(product, options: [.appAccountToken(userAccountToken)])
                    switch result {
                    case .success(let verification):
                        let transaction = try checkVerified(verification)
                        await deliverContent(for: transaction)
                        await transaction.finish()
                    case .userCancelled:
                        break
                    case .pending:
                        showPendingApprovalMessage()
                    @unknown default:
                        break
                    }
                }
                """),
            // A switch that is not over a purchase result.
            RuleExample("""
                switch iconPhase {
                case .success(let image): image.resizable()
                case .loading: ProgressView()
                default: Image(systemName: "star.fill")
                }
                switch status.state {
                case .subscribed, .inGracePeriod: return true
                default: return false
                }
                """),
            // A refund request's status has .success and .userCancelled too: not a purchase.
            RuleExample("""
                func requestRefund(for transaction: Transaction, in scene: UIWindowScene) async throws {
                    let status = try await transaction.beginRefundRequest(in: scene)
                    switch status {
                    case .success: showRefundRequested()
                    case .userCancelled: break
                    @unknown default: break
                    }
                }
                """),
            // SwiftyStoreKit's receipt verification has .success and .error too: not a purchase.
            RuleExample("""
                import SwiftyStoreKit
                func refreshReceipt() {
                    SwiftyStoreKit.verifyReceipt(using: validator) { result in
                        switch result {
                        case .success(let receipt): self.apply(receipt)
                        case .error(let error): self.show(error)
                        }
                    }
                }
                """),
            // StoreKit views report pending through their completion handler.
            RuleExample("""
                StoreView(ids: ids)
                    .onInAppPurchaseCompletion { product, result in
                        if case .success(.verified(let transaction)) = result { await transaction.finish() }
                    }
                """),
            // The pending case sets a flag the view shows.
            RuleExample("""
                let result = try await product.purchase()
                switch result {
                case .success(let verification): try await finish(verification)
                case .pending: isAwaitingApproval = true
                default: break
                }
                if isAwaitingApproval { showApprovalBanner() }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        var switches = 0
        // A purchase result comes from a `purchase` call (or a StoreKit view's completion) in
        // the same file, or its cases name `.success`: other files have no such switch.
        for file in project.swiftFiles where file.mentions("purchase") || file.mentions("success") || file.mentions("onInAppPurchaseCompletion") || file.mentions("pending") {
            // Subjects are traced within their file; one project of that file for all its
            // switches, so what the tracing learns of the file is learned once.
            let local = Project(swiftFiles: [file])
            for statement in file.switchStatements() where Self.isOverPurchaseResult(statement, in: file, local: local) {
                switches += 1
                let pendingCase = statement.cases.first { $0.patternRange.contains { file.isIdentifier($0, "pending") && file.isImplicitMember($0) } }
                guard let pendingCase else {
                    let anchor = statement.cases.first { $0.isDefault && !$0.isUnknownDefault }?.label ?? statement.keyword
                    result.report(in: file, at: anchor, "This purchase-result switch has no .pending case: Ask to Buy and deferred purchases end here without telling the buyer.")
                    continue
                }
                if let handOff = Self.returnOfSubject(after: statement, in: file) {
                    // The purchase result itself goes back to the caller, who shows the state.
                    result.evidence(in: file, at: handOff, "The purchase result, .pending included, is returned to the caller of \(scopeDescription(of: handOff, in: file))")
                } else if let problem = Self.problem(with: pendingCase, state: "pending", sharedWith: ["userCancelled": "a cancelled purchase"], in: file, project: project) {
                    result.report(in: file, at: pendingCase.label, problem)
                } else if let same = Self.sameOutcome(of: pendingCase, as: "userCancelled", in: statement, of: file) {
                    result.report(in: file, at: pendingCase.label, "The .pending case does what .userCancelled does (\(same)): whoever reads the outcome cannot tell the buyer that the purchase awaits approval.")
                } else {
                    result.evidence(in: file, at: pendingCase.label, ".pending is handled in \(scopeDescription(of: pendingCase.label, in: file))")
                }
            }
        }
        // The original StoreKit: a switch over a transaction's state, on the screen that sells,
        // is where the buyer learns that Ask to Buy holds the purchase (`.deferred`). An
        // app-wide observer completing transactions at launch has no buyer to tell.
        // An observer outside the screens that swallows `.deferred` is a problem only when no
        // other code tells the buyer (a screen's own switch, a view model's).
        var observerProblems: [(site: CodeSite, problem: String)] = []
        var deferredShown = false
        var judgedPurchaseFlow = switches > 0
        for file in project.swiftFiles where file.mentions("transactionState") || file.mentions("deferred") || file.mentions("SwiftyStoreKit") {
            // The app's own purchase state shown to the buyer: `case .deferred, .purchasing:
            // return true` (isPurchasing) puts Ask to Buy behind the same spinner as a payment
            // in progress, for an approval that may come hours later (chemistry's tip jar).
            for statement in file.switchStatements() where !Self.isOverTransactionState(statement, in: file) && !Self.isOverSDKPurchaseResult(statement, in: file) {
                guard let shared = statement.cases.first(where: { clause in
                    clause.patternRange.contains { file.isIdentifier($0, "deferred") && file.isImplicitMember($0) }
                        && clause.patternRange.contains { file.isIdentifier($0, "purchasing") && file.isImplicitMember($0) }
                }) else { continue }
                switches += 1
                judgedPurchaseFlow = true
                result.report(in: file, at: shared.label, "Ask to Buy (.deferred) is shown here exactly like a purchase in progress (.purchasing): the buyer waits on it for an approval that may come hours later, with no word that someone must approve.")
            }
            for statement in file.switchStatements() where Self.isOverTransactionState(statement, in: file) || Self.isOverSDKPurchaseResult(statement, in: file) {
                let onScreen = PurchaseSurface.owningView(of: statement.keyword, in: file).map { PurchaseSurface.isViewType(file.declarations[$0]) } ?? false
                let deferredCase = statement.cases.first { $0.patternRange.contains { file.isIdentifier($0, "deferred") && file.isImplicitMember($0) } }
                guard let deferredCase else {
                    // An app-wide observer finishing transactions has no buyer to tell; a screen
                    // or an SDK's purchase completion does. When the observer is the only code
                    // that sees the state (no screen's switch, no StoreKit 2 purchase result),
                    // the deferred purchase falls into its default and nobody is told.
                    guard onScreen || Self.isOverSDKPurchaseResult(statement, in: file) else {
                        switches += 1
                        let anchor = statement.cases.first { $0.isDefault && !$0.isUnknownDefault }?.label ?? statement.keyword
                        let fallsInto = statement.cases.contains { $0.isDefault } ? " falls into default and" : ""
                        observerProblems.append((CodeSite(file: file, index: anchor), "This transaction-state switch has no .deferred case: an Ask to Buy purchase waiting for approval\(fallsInto) gets no feedback, and no other code tells the buyer."))
                        continue
                    }
                    switches += 1
                    judgedPurchaseFlow = true
                    let anchor = statement.cases.first { $0.isDefault && !$0.isUnknownDefault }?.label ?? statement.keyword
                    result.report(in: file, at: anchor, "This \(Self.isOverSDKPurchaseResult(statement, in: file) ? "purchase-result" : "transaction-state") switch has no .deferred case: an Ask to Buy purchase waiting for approval ends here without telling the buyer.")
                    continue
                }
                switches += 1
                let shared = ["failed": "a failed purchase", "purchasing": "a purchase in progress", "error": "a failed purchase"]
                if let problem = Self.problem(with: deferredCase, state: "deferred", sharedWith: shared, in: file, project: project) {
                    if onScreen || Self.isOverSDKPurchaseResult(statement, in: file) {
                        judgedPurchaseFlow = true
                        result.report(in: file, at: deferredCase.label, problem)
                    } else {
                        observerProblems.append((CodeSite(file: file, index: deferredCase.label), problem))
                    }
                } else {
                    deferredShown = true
                    judgedPurchaseFlow = judgedPurchaseFlow || onScreen || Self.isOverSDKPurchaseResult(statement, in: file)
                    result.evidence(in: file, at: deferredCase.label, ".deferred (Ask to Buy) is handled in \(scopeDescription(of: deferredCase.label, in: file))")
                }
            }
        }
        // Objective-C observers (`paymentQueue:updatedTransactions:`): an app-wide observer
        // is most often where an Objective-C app tells its screens (a notification posted).
        var objectiveCProblems: [(location: SourceLocation, message: String)] = []
        for outcome in ObjectiveCChecks.deferred(project) {
            switches += 1
            if outcome.isProblem {
                objectiveCProblems.append((outcome.location, outcome.message))
            } else {
                deferredShown = true
                result.evidence(at: outcome.location, outcome.message)
            }
        }
        // A purchase flow judged elsewhere (a screen's or an SDK purchase's switch, a StoreKit 2
        // purchase result) is where the buyer is or is not told; the observer adds nothing.
        if !deferredShown, !judgedPurchaseFlow {
            for (site, problem) in observerProblems {
                result.report(in: site.file, at: site.index, problem)
            }
            for problem in objectiveCProblems {
                result.report(at: problem.location, problem.message)
            }
        }
        switches += Self.checkRevenueCatCompletions(project, into: &result)
        switches += Self.checkSuccessOnlyReads(project, into: &result)
        if switches == 0 {
            result.notApplicable("No switch over a purchase result was found (StoreKit views handle pending purchases themselves).")
        }
    }

    /// What keeps the buyer from learning that a purchase awaits approval in the case that
    /// handles `state` (`pending` or `deferred`), or nil when the case tells them:
    /// - it does nothing, or only logs (`case .deferred: break`, `print("deferred")`);
    /// - it shares its body with a state the buyer must tell apart (`case .pending,
    ///   .userCancelled:`, `case .failed, .deferred:`, `case .purchasing, .deferred:`);
    /// - it only sets properties that nothing reads (`purchaseError = …` with no view showing it).
    static func problem(with switchCase: SwitchCase, state: String, sharedWith: [String: String], in file: SwiftFile, project: Project) -> String? {
        let body = switchCase.bodyRange
        if doesNothing(body, in: file) {
            return "The .\(state) case does nothing: show that the purchase awaits approval."
        }
        if onlyLogs(body, in: file) {
            return "The .\(state) case only logs: show the buyer that the purchase awaits approval."
        }
        if onlyCloses(body, in: file) {
            return "The .\(state) case only closes the screen: show the buyer that the purchase awaits approval."
        }
        let others = switchCase.patternRange.filter { file.isImplicitMember($0) && file.outermostCasePattern(of: $0) == $0 }.map { file.text($0) }
        // A shared case whose text speaks of the approval ("If it needs approval, … unlocks as
        // soon as it is approved") tells the buyer.
        let speaksOfApproval = body.contains { k in
            file.isKind(k, .stringStart) && !(file.enclosingCallArguments(ofArgument: k).map { isLogCall($0.call.name, in: file) } ?? false)
                && ["approv", "waiting", "pending", "ask to buy"].contains { file.stringLiteral(at: k).text.lowercased().contains($0) }
        }
        if !speaksOfApproval, let other = others.first(where: { sharedWith[$0] != nil }), let what = sharedWith[other] {
            return "The .\(state) case shares its code with .\(other): the buyer is shown \(what), not a purchase waiting for approval."
        }
        if let unread = unreadState(setIn: body, in: file, project: project) {
            return "The .\(state) case only sets \(unread), which nothing in the app reads: the buyer is never told that the purchase awaits approval."
        }
        return nil
    }

    /// The statements, logs left out, that the case for `state` and a separate case for
    /// `other` in the same switch both are (`log.info("pending"); return false` beside
    /// `return false`), spelled; nil when they differ. A caller handed the same value for both
    /// cannot tell the buyer that an Ask to Buy purchase waits for approval.
    static func sameOutcome(of switchCase: SwitchCase, as other: StaticString, in statement: SwitchStatement, of file: SwiftFile) -> String? {
        guard let otherCase = statement.cases.first(where: { clause in
            clause.label != switchCase.label && clause.patternRange.contains { file.isIdentifier($0, other) && file.isImplicitMember($0) }
        }) else { return nil }
        func outcome(_ body: Range<Int>) -> [String] {
            statements(in: body, of: file).filter { start, end in
                !((start..<end).first(where: { file.isKind($0, .identifier) && file.isCall(at: $0) }).map { isLogCall($0, in: file) } ?? false)
            }.map { start, end in
                // As written, from the first token's start to the last one's end, spaces collapsed.
                String(decoding: file.bytes[Int(file.code[start].start)..<Int(file.code[end - 1].end)], as: UTF8.self)
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
        }
        let mine = outcome(switchCase.bodyRange)
        guard !mine.isEmpty, mine == outcome(otherCase.bodyRange) else { return nil }
        return mine.joined(separator: "; ")
    }

    /// A case body's statements (start, end), `break`, `;` and a last bare `return` left out.
    private static func statements(in range: Range<Int>, of file: SwiftFile) -> [(start: Int, end: Int)] {
        var result: [(Int, Int)] = []
        var k = range.lowerBound
        while k < range.upperBound {
            if file.isIdentifier(k, "break") || file.isKind(k, .semicolon) || file.isIdentifier(k, "return") && k + 1 >= range.upperBound {
                k += 1
                continue
            }
            let end = min(range.upperBound, file.statementEnd(from: k))
            result.append((k, end))
            k = max(end, k + 1)
        }
        return result
    }

    /// Whether a body has statements and each is a call that `accepts` (its first call).
    private static func onlyCalls(_ range: Range<Int>, in file: SwiftFile, _ accepts: (Int) -> Bool) -> Bool {
        let statements = statements(in: range, of: file)
        return !statements.isEmpty && statements.allSatisfy { start, end in
            (start..<end).first(where: { file.isKind($0, .identifier) && file.isCall(at: $0) }).map(accepts) ?? false
        }
    }

    /// A body whose every statement is a log call (`print`, `NSLog`, `logger.info(…)`,
    /// `Log.debug(…)`), with `break` or `return` allowed.
    static func onlyLogs(_ range: Range<Int>, in file: SwiftFile) -> Bool {
        onlyCalls(range, in: file) { isLogCall($0, in: file) }
    }

    /// `print(…)`, `NSLog(…)`, `logger.info(…)`, `Logger.module.debug(…)`: a call whose name is a
    /// log call or whose receiver chain names a logger.
    static func isLogCall(_ call: Int, in file: SwiftFile) -> Bool {
        if TransactionFlow.logCalls.contains(file.text(call)) { return true }
        var receiver = file.receiver(of: call)
        while let current = receiver, file.isKind(current, .identifier) {
            if ASCIISearch.contains(file.text(current).lowercased(), "log") { return true }
            receiver = file.receiver(of: current)
        }
        return false
    }

    /// A body that only dismisses or pops the screen (`dismiss()`, `dismiss(animated: true)`,
    /// `navigationController?.popViewController(animated:)`).
    static func onlyCloses(_ range: Range<Int>, in file: SwiftFile) -> Bool {
        onlyCalls(range, in: file) { ["dismiss", "popViewController", "popToRootViewController"].contains(file.text($0)) }
    }

    /// The property a body only assigns (`purchaseError = .pending`, `self.message = …`) when
    /// no code reads it anywhere in the app: state no view shows.
    static func unreadState(setIn range: Range<Int>, in file: SwiftFile, project: Project) -> String? {
        var names: [String] = []
        for (start, _) in statements(in: range, of: file) {
            var target = start
            if file.isIdentifier(start, "self"), let dot = file.nextCodeIndex(after: start), file.isKind(dot, .dot), let name = file.nextCodeIndex(after: dot) { target = name }
            guard file.isKind(target, .identifier), let op = file.nextCodeIndex(after: target), file.isOperator(op, "=") else { return nil }
            names.append(file.text(target))
        }
        guard let name = names.first, names.count == 1 else { return nil }
        for other in project.swiftFiles(mentioning: name) {
            for use in other.occurrences(of: name) {
                if let next = other.nextCodeIndex(after: use), other.isOperator(next, "=") { continue }
                if let previous = other.previousCodeIndex(before: use), other.isIdentifier(previous, "var") || other.isIdentifier(previous, "let") { continue }
                // `$purchaseError` bindings and `purchaseError?.message` reads count.
                return nil
            }
        }
        return name
    }

    /// A switch over a purchase SDK's result with an Ask to Buy case: SwiftyStoreKit's
    /// `.success` / `.error` / `.deferred`.
    static func isOverSDKPurchaseResult(_ statement: SwitchStatement, in file: SwiftFile) -> Bool {
        let names = Set(statement.cases.flatMap { c in c.patternRange.filter { file.isImplicitMember($0) && file.outermostCasePattern(of: $0) == $0 }.map { file.text($0) } })
        guard names.contains("success"), names.contains("error") else { return false }
        if names.contains("deferred") { return true }
        // Without a `.deferred` case, only where the subject is a purchase's result: inside the
        // completion of `purchaseProduct`, or a parameter declared `PurchaseResult` (not
        // `verifyReceipt`'s result, which has the same two cases).
        guard file.mentions("SwiftyStoreKit") || file.mentions("PurchaseResult") else { return false }
        if file.declarationChain(of: statement.keyword).contains(where: { file.declarations[$0].kind == .closure && file.declarations[$0].name == "purchaseProduct" }) {
            return true
        }
        guard let function = file.enclosingFunction(of: statement.keyword) else { return false }
        let declaration = file.declarations[function]
        let signature = declaration.keyword..<max(declaration.keyword, declaration.bodyStart)
        return file.occurrences(of: "PurchaseResult", in: signature).contains { file.receiver(of: $0) == nil }
    }

    /// A switch over an original-StoreKit transaction's state: its subject ends in
    /// `.transactionState`, or its cases are `SKPaymentTransactionState`'s.
    static func isOverTransactionState(_ statement: SwitchStatement, in file: SwiftFile) -> Bool {
        if let last = file.lastIdentifier(in: statement.subjectRange), file.isIdentifier(last, "transactionState") { return true }
        let names = Set(statement.cases.flatMap { c in c.patternRange.filter { file.isImplicitMember($0) }.map { file.text($0) } })
        return names.contains("purchased") && (names.contains("failed") || names.contains("restored") || names.contains("purchasing"))
    }

    /// A switch whose subject is a purchase result, or whose cases are PurchaseResult's.
    static func isOverPurchaseResult(_ statement: SwitchStatement, in file: SwiftFile, local: Project) -> Bool {
        // The cases the switch itself matches: `success` in `case let .success(.verified(t))`,
        // not the VerificationResult case nested in it.
        let names = Set(statement.cases.flatMap { c in
            c.patternRange.filter { file.isImplicitMember($0) && file.outermostCasePattern(of: $0) == $0 }.map { file.text($0) }
        })
        // A switch over the VerificationResult inside a purchase is not over the purchase result.
        if names.contains("verified") || names.contains("unverified") { return false }
        let start = file.skippingTryAwait(from: statement.subjectRange.lowerBound, before: statement.subjectRange.upperBound)
        if start < statement.subjectRange.upperBound, isPurchaseResult(at: start, before: statement.keyword, in: file, local: local) {
            return true
        }
        // Cases shaped like PurchaseResult: `.success(…)` together with `.userCancelled` or `.pending`;
        // a refund request's status has `.success` and `.userCancelled` too.
        if file.contains(identifier: "beginRefundRequest", in: statement.subjectRange) { return false }
        if start < statement.subjectRange.upperBound, file.isKind(start, .identifier),
           let declared = file.occurrences(of: file.text(start), in: 0..<statement.keyword).last(where: { k in
               file.previousCodeIndex(before: k).map { file.isIdentifier($0, "let") || file.isIdentifier($0, "var") } ?? false
           }),
           file.contains(identifier: "beginRefundRequest", in: declared..<file.statementEnd(from: file.statementStart(of: declared))) {
            return false
        }
        if names.contains("success") && (names.contains("userCancelled") || names.contains("pending")) { return true }
        // An app's own purchase outcome (`.successfulPayment`, `.pending`, `.userCancelled`;
        // `.done`, `.pending`, `.cancelled`) in a function about purchases or payments.
        let cancelled = names.contains("userCancelled") || names.contains("cancelled") || names.contains("canceled")
        let succeeded = names.contains { ["success", "successfulPayment", "done", "purchased", "completed", "succeeded"].contains($0) }
        guard names.contains("pending"), cancelled, succeeded, let function = file.enclosingFunction(of: statement.keyword) else { return false }
        let declaration = file.declarations[function]
        let signature = declaration.keyword..<max(declaration.keyword, declaration.bodyStart)
        return signature.contains { k in
            file.isKind(k, .identifier) && ["purchase", "payment"].contains { ASCIISearch.contains(file.text(k).lowercased(), $0) }
        }
    }

    /// Whether the expression starting at `start` (after any `try`/`await`) is a StoreKit
    /// purchase result: a `purchase()` call, or a name traced back to one before `limit`.
    static func isPurchaseResult(at start: Int, before limit: Int, in file: SwiftFile, local: Project) -> Bool {
        if TransactionFlow.directSource(at: start, in: file) == .purchase { return true }
        return file.isKind(start, .identifier)
            && TransactionFlow.traceSource(of: start, in: file, before: limit, project: local, depth: 0) == .purchase
    }

    /// A `return` after the switch, in its function, that hands the switch's subject back
    /// (`return result`, `return (result, nil)`): the caller decides what .pending shows.
    static func returnOfSubject(after statement: SwitchStatement, in file: SwiftFile) -> Int? {
        let subject = statement.subjectRange.filter { !file.isIdentifier($0, "try") && !file.isIdentifier($0, "await") }
        guard subject.count == 1, let name = subject.first, file.isKind(name, .identifier),
              let function = file.enclosingFunction(of: statement.keyword)
        else { return nil }
        let body = file.bodyRange(of: function)
        guard statement.bodyEnd < body.upperBound else { return nil }
        for value in file.occurrences(of: file.text(name), in: (statement.bodyEnd + 1)..<body.upperBound) where file.receiver(of: value) == nil {
            // `return result` / `return (result, …)`, in the function itself (not a closure).
            let start = file.statementStart(of: value)
            guard file.isIdentifier(start, "return"), file.enclosingFunction(of: value) == function,
                  file.declarationChain(of: value).first == function
            else { continue }
            let next = file.nextCodeIndex(after: value)
            if next.map({ file.isKind($0, .dot) || file.isKind($0, .leftParen) }) == true { continue }
            return start
        }
        return nil
    }

    /// A StoreKit purchase result read for `.success` alone, by `if case .success(…) = result`
    /// with no `else`, or `guard case .success(…) = result else { return }`: the other results,
    /// `.pending` among them, end there without a word, as in a switch whose `.pending` case does
    /// nothing (a public app's `guard case .success(let verification) = try await
    /// product.purchase() else { return }`). Not reported when the function names `.pending`
    /// elsewhere, hands the result back (`return result`), or is a StoreKit view's completion
    /// (the view shows the state itself). Returns how many such reads were judged.
    static func checkSuccessOnlyReads(_ project: Project, into result: inout RuleResult) -> Int {
        var judged = 0
        for file in project.swiftFiles where file.mentions("success") && file.mentions("purchase") {
            let local = Project(swiftFiles: [file])
            for success in file.occurrences(of: "success") where file.isImplicitMember(success) && file.outermostCasePattern(of: success) == success {
                // `if case .success` / `guard case .success`, the list's first condition.
                guard success >= 3, file.isKind(success - 1, .dot), file.isIdentifier(success - 2, "case"),
                      file.isIdentifier(success - 3, "if") || file.isIdentifier(success - 3, "guard")
                else { continue }
                let keyword = success - 3
                // The subject after the pattern's `=`: `try await product.purchase()` or a name.
                var equals = success + 1
                if file.isKind(equals, .leftParen), let close = file.matchingBracket(of: equals) { equals = close + 1 }
                guard file.isOperator(equals, "=") else { continue }
                var subject = equals + 1
                while file.isIdentifier(subject, "try") || file.isIdentifier(subject, "await") { subject += 1 }
                guard isPurchaseResult(at: subject, before: keyword, in: file, local: local) else { continue }
                // A StoreKit view's completion: the view shows pending and failed purchases.
                if file.declarationChain(of: keyword).contains(where: { file.declarations[$0].kind == .closure && file.declarations[$0].name == "onInAppPurchaseCompletion" }) { continue }
                guard let function = file.enclosingFunction(of: keyword) else { continue }
                let body = file.bodyRange(of: function)
                judged += 1
                if file.occurrences(of: "pending", in: body).contains(where: { file.isImplicitMember($0) }) { continue }
                // The statement's braces: the `if` body (and whether an `else` follows), or the
                // `guard`'s `else` block.
                guard let open = file.conditionBodyBrace(from: subject, before: body.upperBound),
                      let close = file.matchingBracket(of: open)
                else { continue }
                if file.isIdentifier(keyword, "if") {
                    if file.isIdentifier(close + 1, "else") { continue }
                } else if !Self.doesNothing((open + 1)..<close, in: file) {
                    continue
                }
                // The result handed back to the caller, who shows the state.
                if file.isKind(subject, .identifier), !file.isKind(subject + 1, .dot), !file.isKind(subject + 1, .leftParen),
                   file.occurrences(of: file.text(subject), in: close..<body.upperBound).contains(where: { file.isIdentifier($0 - 1, "return") }) {
                    continue
                }
                result.report(
                    in: file, at: keyword,
                    "This purchase result is read only for .success: a .pending purchase (Ask to Buy) ends here without telling the buyer that it awaits approval."
                )
            }
        }
        return judged
    }

    /// A case body of only `break`, `return`, `()` or nothing (comments are not code).
    static func doesNothing(_ range: Range<Int>, in file: SwiftFile) -> Bool {
        range.allSatisfy { i in
            file.isIdentifier(i, "break") || file.isKind(i, .semicolon)
                || (file.isIdentifier(i, "return") && (i + 1 >= range.upperBound))
        }
    }

    /// RevenueCat's completion-handler purchase, `Purchases.shared.purchase(package:) { transaction,
    /// customerInfo, error, userCancelled in … }`: Ask to Buy comes back as an error
    /// (`ErrorCode.paymentPendingError`), so a completion that never reads its error tells the
    /// buyer nothing (Blink's classic purchase). Returns how many completions were read.
    static func checkRevenueCatCompletions(_ project: Project, into result: inout RuleResult) -> Int {
        var read = 0
        for file in project.swiftFiles(mentioning: "Purchases") {
            for call in file.calls(named: "purchase") {
                guard let receiver = file.receiver(of: call.name), file.text(receiver) == "shared" || file.text(receiver) == "Purchases",
                      (max(0, call.name - 4)..<call.name).contains(where: { file.isIdentifier($0, "Purchases") }),
                      let open = call.trailingClosures.first ?? call.arguments.last.flatMap({ file.isKind($0.valueRange.first ?? -1, .leftBrace) ? $0.valueRange.first : nil }),
                      let close = file.matchingBracket(of: open)
                else { continue }
                // The closure's parameters, up to `in`.
                var parameters: [String] = []
                var k = open + 1
                while k < close, !file.isIdentifier(k, "in") {
                    if file.isKind(k, .identifier) || file.isKind(k, .backtickIdentifier) { parameters.append(file.text(k)) }
                    if file.isKind(k, .colon) { break }
                    k += 1
                }
                guard parameters.count >= 3, file.isIdentifier(k, "in") else { continue }
                read += 1
                let error = parameters[2]
                let body = (k + 1)..<close
                if error == "_" || file.occurrences(of: error, in: body).isEmpty {
                    result.report(
                        in: file, at: call.name,
                        "This RevenueCat purchase's completion never reads its error: Ask to Buy (ErrorCode.paymentPendingError) and failed purchases give the buyer no feedback."
                    )
                } else if body.contains(where: { file.isKind($0, .identifier) && file.text($0).lowercased().contains("pending") }) {
                    // Reading the error is not telling the buyer about Ask to Buy; naming it is.
                    result.evidence(in: file, at: call.name, "The RevenueCat purchase completion in \(scopeDescription(of: call.name, in: file)) tells a pending payment apart")
                }
            }
        }
        return read
    }
}
