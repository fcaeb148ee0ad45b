import AuditCore

/// Seed checklist 3 / common mistake 2: a verified transaction from a purchase or from
/// `Transaction.updates` must be finished after delivery, or StoreKit delivers it again forever.
public struct TransactionNotFinishedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "transaction_not_finished",
        title: "Transactions are finished after delivery",
        severity: .error,
        scope: .code,
        rationale: """
            StoreKit keeps re-delivering a transaction until the app calls `finish()` on it: it \
            reappears in `Transaction.unfinished` and `Transaction.updates` on every launch, and \
            consumables cannot be bought again.
            """,
        fix: """
            Call `await transaction.finish()` once the content is delivered (or the entitlement \
            recorded), in every path that handles a verified purchase or update.
            """,
        reference: "StoreKit 2 review checklist item 3; common mistake 2",
        triggeringExamples: [
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
        ],
        nonTriggeringExamples: [
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
        ]
    )

    public func prepare(_ project: Project) {
        if project.transactionsHandledBySDK == nil { _ = TransactionFlow(project) }
    }

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        let flow = TransactionFlow(project)
        let finishing = TransactionFlow.finishingFunctions(in: project)
        var handled = 0
        // An unverified transaction is rejected, not delivered: whether it is finished is not this item.
        let bindings = flow.bindings.filter { $0.source.mustBeFinished && !$0.isUnverified }
        for binding in bindings {
            let file = binding.file
            // A helper that returns the value (checkVerified) hands it on; the caller finishes it.
            if binding.uses.contains(where: { use in file.previousCodeIndex(before: use).map { file.isIdentifier($0, "return") } == true }) {
                continue
            }
            handled += 1
            if let finish = binding.finishCall {
                let name = file.receiver(of: finish).map { file.text($0) } ?? binding.name
                result.evidence(in: file, at: finish, "\(name).finish() is called in \(scopeDescription(of: finish, in: file))")
                continue
            }
            let passedToFinisher = binding.uses.contains { use in
                guard let (call, _) = file.enclosingCall(ofArgument: use) else { return false }
                return finishing.contains(file.text(call.name))
            }
            if passedToFinisher { continue }
            result.report(
                in: file, at: binding.nameIndex,
                "The transaction '\(binding.name)' from \(binding.source.description) is verified but never finished in \(scopeDescription(of: binding.nameIndex, in: file)): StoreKit will deliver it again on every launch."
            )
        }
        // Listeners that bind no transaction (`for await update in Transaction.updates { await refresh() }`,
        // `try update.verify()`, a handler with an empty body): nothing they receive is finished.
        for listener in UpdatesListener.all(in: project) {
            guard let body = listener.body, let loop = listener.loop else { continue }
            let file = listener.file
            let binds = bindings.contains { $0.file.path == file.path && (loop..<body.upperBound).contains($0.nameIndex) }
                || handsOnToBinding(listener, bindings: bindings, project: project)
            if binds || listener.handsElementToUnseenCode(in: project) { continue }
            handled += 1
            if listener.finishes(using: finishing) {
                result.evidence(in: file, at: listener.site, "The Transaction.updates loop in \(scopeDescription(of: listener.site, in: file)) finishes what it receives")
                continue
            }
            let what = listener.usesElement(in: project) ? "finishes nothing it receives" : "discards what it receives"
            result.report(
                in: file, at: loop,
                "This Transaction.updates loop in \(scopeDescription(of: loop, in: file)) \(what): renewals, Ask to Buy approvals and purchases made in StoreKit views stay unfinished and are delivered again on every launch."
            )
        }
        if handled == 0, result.findings.isEmpty {
            // Nothing is handled, yet the app sells through StoreKit: the purchases StoreKit
            // views make arrive on Transaction.updates, which no code reads or finishes.
            let finishesAnywhere = project.swiftFiles(mentioning: "finish").contains { file in
                file.occurrences(of: "finish").contains { TransactionFlow.isFinishCall($0, in: file) }
            }
            if project.usesStoreKitPurchasing, !finishesAnywhere, LaunchPath.legacyObserver(in: project) == nil, let site = project.launchSite() {
                result.report(
                    in: site.file, at: site.index,
                    "The app sells through StoreKit but no code finishes a transaction and no Transaction.updates listener handles them: purchases stay unfinished and are delivered again on every launch."
                )
                return
            }
            result.notApplicable("No purchase results or transaction updates are handled in app code.")
        }
    }

    /// Whether the loop passes what it receives to a function that binds a transaction from
    /// it (`await handle(result)` with `case .verified(let t)` inside `handle`): the binding is
    /// checked where it is made.
    private func handsOnToBinding(_ listener: UpdatesListener, bindings: [TransactionBinding], project: Project) -> Bool {
        guard let body = listener.body, let element = listener.element else { return false }
        let file = listener.file
        let name = file.text(element)
        for use in file.occurrences(of: name, in: body) {
            guard let (call, _) = file.enclosingCall(ofArgument: use) else { continue }
            let callee = file.text(call.name)
            for (fileIndex, declaration) in project.declarations(named: callee, { $0 == .function }) {
                let other = project.swiftFiles[fileIndex]
                let range = other.bodyRange(of: declaration)
                if bindings.contains(where: { $0.file.path == other.path && range.contains($0.nameIndex) }) { return true }
            }
        }
        return false
    }
}
