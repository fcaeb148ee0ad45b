import AuditCore

/// The examples of `TransactionNotFinishedRule` (its description), kept beside the rule for length.
extension TransactionNotFinishedRule {
    static let triggeringExamples: [RuleExample] = [
        // A method of the app's `extension Transaction` that does not finish it.
        RuleExample(files: [
            ("Transaction+Log.swift", """
                import StoreKit
                extension Transaction {
                    func record() { print("delivered \\(productID)") }
                }
                """),
            ("Store.swift", """
                import StoreKit
                final class Store {
                    var owned: Set<String> = []
                    func listen() -> Task<Void, Never> {
                        Task {
                            for await update in Transaction.updates {
                                guard case .verified(let ↓transaction) = update else { continue }
                                owned.insert(transaction.productID)
                                transaction.record()
                            }
                        }
                    }
                }
                """),
        ]),
        // A StoreKit view's completion hands its result to that conversion: reported at the completion.
        RuleExample(files: [
            ("PurchaseResult+App.swift", """
                import StoreKit
                extension Product.PurchaseResult {
                    var appResult: AppPurchaseResult {
                        switch self {
                        case .success: return .done
                        case .pending: return .pending
                        case .userCancelled: return .cancelled
                        @unknown default: return .cancelled
                        }
                    }
                }
                """),
            ("DonationView.swift", """
                import StoreKit
                import SwiftUI
                struct DonationView: View {
                    let onComplete: (AppPurchaseResult) -> Void
                    var body: some View {
                        ProductView(id: "com.app.tip")
                            .↓onInAppPurchaseCompletion { product, result in
                                if let purchase = try? result.get() { onComplete(purchase.appResult) }
                            }
                    }
                }
                """),
        ]),
        // A StoreKit view's purchase result mapped to the app's own result: .success drops the transaction.
        RuleExample("""
            import StoreKit
            extension Product.PurchaseResult {
                var appResult: AppPurchaseResult {
                    switch self {
                    ↓case .success: return .done
                    case .pending: return .pending
                    case .userCancelled: return .cancelled
                    @unknown default: return .cancelled
                    }
                }
            }
            """),
        // Objective-C: finished after the switch only when a flag is set, which the purchased case never sets.
        RuleExample(files: [
            ("LicenseProvider.m", """
                #import <StoreKit/StoreKit.h>
                @implementation LicenseProvider
                - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray<SKPaymentTransaction *> *)transactions {
                    for (SKPaymentTransaction *transaction in transactions) {
                        BOOL shouldFinish = NO;
                        switch (transaction.transactionState) {
                            ↓case SKPaymentTransactionStatePurchased:
                                self.state = LicenseStateCommitted;
                            break;
                            case SKPaymentTransactionStateFailed:
                            case SKPaymentTransactionStateRestored:
                                shouldFinish = YES;
                            break;
                            default:
                            break;
                        }
                        if (shouldFinish) {
                            [queue finishTransaction:transaction];
                        }
                    }
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
                        case SKPaymentTransactionStatePurchased:
                        case SKPaymentTransactionStateRestored:
                            [self unlock:transaction];
                            [queue finishTransaction:transaction];
                            break;
                        ↓case SKPaymentTransactionStateFailed:
                            [self.delegate storeDidFail:transaction.error];
                            break;
                        default:
                            break;
                    }
                }
            }
            @end
            """)]),
        // The seed's WRONG example, in its purchase function.
        RuleExample("""
            func purchase(_ product: Product) async throws {
                let result = try await product.purchase()
                switch result {
                case .success(let verification):
                    let ↓transaction = try checkVerified(verification)
                    unlockFeature(transaction.productID)
                case .userCancelled, .pending:
                    break
                @unknown default:
                    break
                }
            }
            """),
        // The verification unwrapped with `payloadValue` (RadarWeather's and BudgetBuddy's shape).
        RuleExample("""
            func buy(_ product: Product) async throws {
                switch try await product.purchase() {
                case .success(let verification):
                    let ↓transaction = try verification.payloadValue
                    UserDefaults.standard.set(true, forKey: transaction.productID)
                case .pending, .userCancelled:
                    break
                @unknown default:
                    break
                }
            }
            """),
        // The loop finishes only what fails verification; the helper it hands the rest to
        // delivers and does not finish.
        RuleExample("""
            func listen() async {
                for await result in Transaction.updates {
                    switch result {
                    case .verified:
                        await deliver(result)
                    case .unverified(let transaction, _):
                        await transaction.finish()
                    }
                }
            }
            func deliver(_ result: VerificationResult<Transaction>) async {
                guard case .verified(let ↓transaction) = result else { return }
                await store.grant(transaction.productID)
            }
            """),
        // Only the product id is kept: the other method that finishes and names the same set
        // finishes its own transaction, not this one.
        RuleExample("""
            @MainActor final class Store {
                var owned: Set<String> = []
                func buy(_ product: Product) async throws {
                    let result = try await product.purchase()
                    if case .success(let verification) = result, case .verified(let ↓transaction) = verification {
                        owned.insert(transaction.productID)
                    }
                }
                func handle(_ update: VerificationResult<Transaction>) async {
                    guard case .verified(let transaction) = update else { return }
                    owned.insert(transaction.productID)
                    await transaction.finish()
                }
            }
            """),
        // An updates listener that never finishes.
        RuleExample("""
            func listen() -> Task<Void, Never> {
                Task {
                    for await update in Transaction.updates {
                        guard case .verified(let ↓transaction) = update else { continue }
                        await store.grant(transaction.productID)
                    }
                }
            }
            """),
        // A StoreKit view completion handler.
        RuleExample("""
            struct Shop: View {
                var body: some View {
                    StoreView(ids: ["com.app.gems"])
                        .onInAppPurchaseCompletion { product, result in
                            if case .success(.verified(let ↓transaction)) = result {
                                wallet.credit(transaction.purchasedQuantity)
                            }
                        }
                }
            }
            """),
        // A handler fed from Transaction.unfinished in another file; the other transaction is finished.
        RuleExample(files: [
            ("Launch.swift", """
                func sweep() async {
                    for await result in Transaction.unfinished { await handle(result) }
                }
                """),
            ("Handler.swift", """
                func handle(_ result: VerificationResult<Transaction>) async {
                    switch result {
                    case .verified(let ↓transaction):
                        deliver(transaction.productID)
                    case .unverified(let transaction, _):
                        await transaction.finish()
                    }
                }
                """),
        ]),
        // An updates loop that only refreshes entitlements: finish() in purchase() does not
        // finish what arrives here (renewals, Ask to Buy approvals, StoreKit-view purchases).
        RuleExample("""
            @MainActor final class SubscriptionModel: ObservableObject {
                func buy(_ product: Product) async throws {
                    if case .success(.verified(let transaction)) = try await product.purchase() {
                        await refreshEntitlements()
                        await transaction.finish()
                    }
                }
                func watchUpdates() -> Task<Void, Never> {
                    Task(priority: .background) {
                        ↓for await _ in Transaction.updates {
                            await self.refreshEntitlements()
                        }
                    }
                }
                func refreshEntitlements() async {}
            }
            """),
        // A loop that verifies each update and drops it.
        RuleExample("""
            open class UpdatesObserver {
                open func start() {
                    Task.detached {
                        ↓for await update in Transaction.updates {
                            do { try update.verify() } catch { print("update failed: \\(error)") }
                        }
                    }
                }
            }
            """),
        // The loop hands each update to a handler whose body is empty.
        RuleExample("""
            final class Entitlements {
                func handle(update _: VerificationResult<Transaction>) async {}
                func observe() async {
                    ↓for await update in Transaction.updates { await handle(update: update) }
                }
            }
            """),
        // A pattern in the loop itself binds the verified transactions only.
        RuleExample("""
            func listen() async {
                for await case .verified(let ↓transaction) in Transaction.updates {
                    await library.unlock(transaction.productID)
                }
            }
            """),
        // The module-qualified sequence is still Transaction.updates.
        RuleExample("""
            func monitor() async throws {
                for await update in StoreKit.Transaction.updates {
                    switch update {
                    case .verified(let ↓tx):
                        delegate?.didPurchase(tx.productID)
                    case .unverified:
                        continue
                    }
                }
            }
            """),
        // StoreKit views sell, nothing finishes and nothing listens.
        RuleExample(files: [
            ("ShowcaseApp.swift", """
                import SwiftUI
                @main struct ↓ShowcaseApp: App {
                    var body: some Scene { WindowGroup { PlansView() } }
                }
                """),
            ("PlansView.swift", """
                import StoreKit
                import SwiftUI
                struct PlansView: View {
                    var body: some View { SubscriptionStoreView(groupID: "21430000") }
                }
                """),
        ]),
        // The alias is delivered but finished under neither name.
        RuleExample("""
            func process(_ result: VerificationResult<Transaction>) async {
                let transaction: Transaction
                switch result {
                case .verified(let ↓t):
                    transaction = t
                case .unverified:
                    return
                }
                await deliver(transaction.productID)
            }
            func sweep() async {
                for await result in Transaction.unfinished { await process(result) }
            }
            """),
        // Original StoreKit: the observer finishes purchases, but a failed transaction stays in the
        // queue (and blocks buying that product again).
        RuleExample("""
            final class TipStore: NSObject, SKPaymentTransactionObserver {
                func buy(_ product: SKProduct) {
                    SKPaymentQueue.default().add(SKPayment(product: product))
                }
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased, .restored:
                            Tips.record(transaction.payment.productIdentifier)
                            queue.finishTransaction(transaction)
                        ↓case .failed:
                            showError(transaction.error)
                        default:
                            break
                        }
                    }
                }
            }
            """),
        // Original StoreKit: an observer that reports updates and finishes nothing, in an app that
        // buys through the payment queue.
        RuleExample("""
            final class Observer: NSObject, SKPaymentTransactionObserver {
                static let shared = Observer()
                func restore() { SKPaymentQueue.default().restoreCompletedTransactions() }
                func ↓paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    NotificationCenter.default.post(name: .storeChanged, object: transactions)
                }
            }
            """),
        // A revoked update is skipped, never finished.
        RuleExample("""
            func observe() -> Task<Void, Never> {
                Task(priority: .background) {
                    for await result in Transaction.updates {
                        guard case .verified(let transaction) = result else { continue }
                        ↓if transaction.revocationDate == nil {
                            await complete(transaction)
                        }
                    }
                }
            }
            func complete(_ transaction: Transaction) async {
                Entitlements.shared.grant(transaction.productID)
                await transaction.finish()
            }
            """),
        // Finished when granted; the revoked branch takes the content back and finishes nothing.
        RuleExample("""
            func handle(_ update: VerificationResult<Transaction>) async {
                guard case .verified(let transaction) = update else { return }
                ↓if transaction.revocationDate == nil, transaction.revocationReason == nil {
                    coins += transaction.purchasedQuantity
                    await transaction.finish()
                } else {
                    coins -= transaction.purchasedQuantity
                }
            }
            func listen() async { for await update in Transaction.updates { await handle(update) } }
            """),
        // Updates for products not loaded yet, or expired, are skipped before the finish.
        RuleExample("""
            func listen() -> Task<Void, Error> {
                Task(priority: .background) {
                    for await result in Transaction.updates {
                        switch result {
                        case let .verified(transaction):
                            guard products.contains(where: { $0.id == transaction.productID }) else {
                                ↓continue
                            }
                            onPurchased(transaction.productID)
                            await transaction.finish()
                        case .unverified:
                            continue
                        }
                    }
                }
            }
            """),
        // The purchase result declared first and assigned in a do block.
        RuleExample("""
            func purchase(_ product: Product) async throws {
                let result: Product.PurchaseResult
                do {
                    result = try await product.purchase(options: [])
                } catch {
                    throw StoreError.purchaseFailed
                }
                switch result {
                case .success(let verification):
                    let ↓transaction = try checkVerified(verification)
                    await deliver(transaction.productID)
                default:
                    break
                }
            }
            """),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Finished by a method of the app's own `extension Transaction`.
        RuleExample(files: [
            ("Transaction+Delivery.swift", """
                import StoreKit
                extension Transaction {
                    func complete() async { await finish() }
                }
                """),
            ("Store.swift", """
                import StoreKit
                final class Store {
                    var owned: Set<String> = []
                    func listen() -> Task<Void, Never> {
                        Task {
                            for await update in Transaction.updates {
                                guard case .verified(let transaction) = update else { continue }
                                owned.insert(transaction.productID)
                                await transaction.complete()
                            }
                        }
                    }
                }
                """),
        ]),
        // Both conditions of one guard bind, and the finish is deferred to a task.
        RuleExample("""
            func buy(_ product: Product) async throws {
                guard case .success(let verification) = try await product.purchase(),
                      case .verified(let transaction) = verification else { return }
                defer { Task { await transaction.finish() } }
                owned.insert(transaction.productID)
            }
            """),
        // An Optional from `try?`, finished through optional chaining.
        RuleExample("""
            func buy(_ product: Product) async throws {
                guard case .success(let verification) = try await product.purchase() else { return }
                let transaction = try? verification.payloadValue
                if let id = transaction?.productID { owned.insert(id) }
                await transaction?.finish()
            }
            """),
        // A helper handed the result uploads it; the loop that calls it finishes the transaction
        // after the upload (mullvad's StorePaymentManager).
        RuleExample("""
            func processUnfinished() async throws {
                for await verification in Transaction.unfinished {
                    do {
                        try await upload(verification: verification)
                    } catch {
                        continue
                    }
                    let transaction = try verification.payloadValue
                    await transaction.finish()
                }
            }
            func upload(verification: VerificationResult<Transaction>) async throws {
                let payload = try verification.payloadValue
                log("Uploading \\(payload.productID)")
                try await api.send(verification.jwsRepresentation)
            }
            """),
        // Unwrapped with `payloadValue` and finished; a member read from a payload binds no transaction.
        RuleExample("""
            func buy(_ product: Product) async throws {
                switch try await product.purchase() {
                case .success(let verification):
                    let transaction = try verification.payloadValue
                    await store.grant(transaction.productID)
                    await transaction.finish()
                case .pending, .userCancelled:
                    break
                @unknown default:
                    break
                }
            }
            func owned(_ result: VerificationResult<Transaction>) throws -> String {
                let productID = try result.payloadValue.productID
                return productID
            }
            """),
        // The app's own result enum with the same case names: StoreKit's transaction was finished before.
        RuleExample("""
            enum SupportPurchaseResult { case success, pending, userCancelled }
            final class SupportModel {
                var message = ""
                func handle(result: SupportPurchaseResult) {
                    switch result {
                    case .success: message = "Thank you!"
                    case .pending: message = "Waiting for approval"
                    case .userCancelled: break
                    }
                }
            }
            """),
        // Objective-C: each final state sets the flag that finishes it after the switch.
        RuleExample(files: [
            ("LicenseProvider.m", """
                #import <StoreKit/StoreKit.h>
                @implementation LicenseProvider
                - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray<SKPaymentTransaction *> *)transactions {
                    for (SKPaymentTransaction *transaction in transactions) {
                        BOOL shouldFinish = NO;
                        switch (transaction.transactionState) {
                            case SKPaymentTransactionStatePurchased:
                                self.state = LicenseStateCommitted;
                                shouldFinish = YES;
                            break;
                            case SKPaymentTransactionStateFailed:
                            case SKPaymentTransactionStateRestored:
                                shouldFinish = YES;
                            break;
                            default:
                            break;
                        }
                        if (shouldFinish) {
                            [queue finishTransaction:transaction];
                        }
                    }
                }
                @end
                """),
        ]),
        // Objective-C: every transaction that leaves the switch is finished after it.
        RuleExample(files: [
            ("Observer.m", """
                #import <StoreKit/StoreKit.h>
                @implementation Observer
                - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                    for (SKPaymentTransaction *transaction in transactions) {
                        switch (transaction.transactionState) {
                            case SKPaymentTransactionStatePurchased:
                            case SKPaymentTransactionStateRestored:
                                [self.entitlements unlock:transaction.payment.productIdentifier];
                                break;
                            case SKPaymentTransactionStatePurchasing:
                            case SKPaymentTransactionStateDeferred:
                                continue;
                            default:
                                break;
                        }
                        [queue finishTransaction:transaction];
                    }
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
                        case SKPaymentTransactionStatePurchased:
                            [self complete:transaction queue:queue];
                            break;
                        case SKPaymentTransactionStateRestored:
                        case SKPaymentTransactionStateFailed:
                            [queue finishTransaction:transaction];
                            break;
                        default:
                            break;
                    }
                }
            }
            - (void)complete:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                [self unlock:transaction];
                [queue finishTransaction:transaction];
            }
            @end
            """)]),
        // Finished whether or not it was revoked.
        RuleExample("""
            func listen() async {
                for await update in Transaction.updates {
                    guard case .verified(let transaction) = update else { continue }
                    if transaction.revocationDate == nil {
                        await store.grant(transaction.productID)
                    } else {
                        await store.revoke(transaction.productID)
                    }
                    await transaction.finish()
                }
            }
            """),
        // Kept by id and finished once the caller has recorded the purchase.
        RuleExample("""
            @MainActor final class PatronStore {
                private var transactionsByID: [UInt64: Transaction] = [:]
                func purchase(_ product: Product) async throws -> Bool {
                    guard case .success(.verified(let transaction)) = try await product.purchase() else { return false }
                    transactionsByID[transaction.id] = transaction
                    delegate?.purchased(product.id, transactionID: transaction.id)
                    return true
                }
                func finish(transactionID: UInt64) async {
                    guard let transaction = transactionsByID.removeValue(forKey: transactionID) else { return }
                    await transaction.finish()
                }
            }
            """),
        // The transaction handed to a variable declared before the switch, finished under that name.
        RuleExample("""
            func process(_ result: VerificationResult<Transaction>) async {
                let transaction: Transaction
                switch result {
                case .verified(let t):
                    transaction = t
                case .unverified(let t, let error):
                    logger.error("rejected \\(t.id): \\(error)")
                    return
                }
                await deliver(transaction.productID)
                await transaction.finish()
            }
            """),
        // A verification helper returning a tuple; the transaction is taken out of it.
        RuleExample("""
            func observe() -> Task<Void, Error> {
                Task.detached {
                    for await update in Transaction.updates {
                        let outcome = await self.checkVerificationResult(result: update)
                        guard outcome.verified else { continue }
                        let transaction = outcome.transaction
                        await self.refresh(transaction.productID)
                        await transaction.finish()
                    }
                }
            }
            """),
        // Nested and bare-name patterns, and an Optional-returning helper.
        RuleExample("""
            func buy(_ product: Product) async throws {
                switch try await product.purchase() {
                case let .success(.verified(transaction)):
                    owned.insert(transaction.productID)
                    await transaction.finish()
                case .success(.unverified), .pending, .userCancelled:
                    break
                @unknown default:
                    break
                }
            }
            func listen() async {
                for await update in Transaction.updates {
                    if let transaction = verifiedOrNil(update) {
                        owned.insert(transaction.productID)
                        await transaction.finish()
                    }
                }
            }
            """),
        // Updates handed to a closure the app's user supplies: what it does is not in sight.
        RuleExample("""
            public final class TransactionObserver {
                public var onUpdate: ((VerificationResult<Transaction>) async -> Void)?
                public func start() {
                    Task { for await update in Transaction.updates { await onUpdate?(update) } }
                }
            }
            """),
        // The seed's CORRECT purchase flow.
        RuleExample("""
            func purchase(_ product: Product) async throws {
                let result = try await product.purchase(options: [.appAccountToken(userAccountToken)])
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

            func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
                switch result {
                case .verified(let value): return value
                case .unverified(_, let error): throw error
                }
            }
            """),
        // The seed's CORRECT listener.
        RuleExample("""
            func listenForTransactions() -> Task<Void, Error> {
                Task.detached {
                    for await result in Transaction.updates {
                        guard case .verified(let transaction) = result else { continue }
                        await StoreManager.shared.updateEntitlements()
                        await transaction.finish()
                    }
                }
            }
            """),
        // finish() in a helper method of the same type, two calls deep.
        RuleExample("""
            actor PurchaseService {
                func handle(_ update: VerificationResult<Transaction>) async {
                    guard case .verified(let transaction) = update else { return }
                    await deliver(transaction)
                }
                private func deliver(_ transaction: Transaction) async {
                    await record(transaction)
                    await complete(transaction)
                }
                private func complete(_ transaction: Transaction) async { await transaction.finish() }
                private func record(_ transaction: Transaction) async {}
                func listen() async { for await update in Transaction.updates { await handle(update) } }
            }
            """),
        // Entitlement reads and status checks are never finished, and need not be.
        RuleExample("""
            func refresh() async {
                for await result in Transaction.currentEntitlements {
                    if case .verified(let transaction) = result, transaction.revocationDate == nil {
                        owned.insert(transaction.productID)
                    }
                }
                let statuses = try? await Product.SubscriptionInfo.Status.status(for: groupID)
                for status in statuses ?? [] {
                    guard case .verified(let transaction) = status.transaction else { continue }
                    print(transaction.expirationDate as Any)
                }
            }
            """),
        // The seed's CORRECT StoreView completion.
        RuleExample("""
            StoreView(ids: [ProductID.gems100, ProductID.premium], prefersPromotionalIcon: true)
                .onInAppPurchaseCompletion { product, result in
                    if case .success(.verified(let transaction)) = result {
                        await transaction.finish()
                    }
                }
            """),
        // The seed-002 StoreService: verified in process(), finished in purchase().
        RuleExample("""
            @MainActor final class StoreService {
                func purchase(_ product: Product) async throws -> Transaction? {
                    let result = try await product.purchase(options: [])
                    switch result {
                    case .success(let verification):
                        let transaction = try checkVerified(verification)
                        await updateEntitlements(transaction)
                        await transaction.finish()
                        return transaction
                    case .userCancelled: return nil
                    case .pending: return nil
                    @unknown default: return nil
                    }
                }
                private func updateEntitlements(_ transaction: Transaction?) async {}
            }
            """),
        // AppTransaction is not a Transaction.
        RuleExample("""
            func verifyAppPurchase() async {
                do {
                    let result = try await AppTransaction.shared
                    switch result {
                    case .verified(let appTransaction): print(appTransaction.originalAppVersion)
                    case .unverified: break
                    }
                } catch {}
            }
            """),
        // Original StoreKit, finished in every state that needs it, after recording; `default`
        // covers `.failed`.
        RuleExample("""
            final class TipStore: NSObject, SKPaymentTransactionObserver {
                func buy(_ product: SKProduct) { SKPaymentQueue.default().add(SKPayment(product: product)) }
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    transactions.forEach { transaction in
                        switch transaction.transactionState {
                        case .purchasing, .deferred:
                            break
                        case .purchased, .restored:
                            Tips.record(transaction.payment.productIdentifier)
                            complete(transaction)
                        default:
                            queue.finishTransaction(transaction)
                        }
                    }
                }
                private func complete(_ transaction: SKPaymentTransaction) {
                    SKPaymentQueue.default().finishTransaction(transaction)
                }
            }
            """),
        // Two loops over the updates: one logs them, the one in a receipt fetch's completion
        // hands each to a method that finishes it after the upload (Habitica's shape).
        RuleExample("""
            final class PurchaseCenter: NSObject, SKPaymentTransactionObserver {
                func buy(_ product: SKProduct) { SKPaymentQueue.default().add(SKPayment(product: product)) }
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions { print("update \\(transaction.payment.productIdentifier)") }
                    ReceiptFetcher.fetch { receipt in
                        for transaction in transactions { self.settle(transaction, receipt: receipt) }
                    }
                }
                func settle(_ transaction: SKPaymentTransaction, receipt: Data) {
                    Server.upload(receipt) { _ in SKPaymentQueue.default().finishTransaction(transaction) }
                }
            }
            """),
        // A StoreKit 2 app keeps an original observer for promoted purchases and logging: the
        // purchases are StoreKit 2's and finished there, so the observer need not finish them.
        RuleExample(files: [
            ("App.swift", """
                @main struct ShopApp: App {
                    init() { SKPaymentQueue.default().add(StoreObserver.standard) }
                    var body: some Scene { WindowGroup { ContentView() } }
                }
                """),
            ("StoreObserver.swift", """
                final class StoreObserver: NSObject, SKPaymentTransactionObserver {
                    static let standard = StoreObserver()
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                        log.info("received \\(transactions.count) updates")
                    }
                }
                """),
            ("Store.swift", """
                func buy(_ product: Product) async throws {
                    guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                    await Entitlements.shared.grant(transaction.productID)
                    await transaction.finish()
                }
                """),
        ]),
    ]
}
