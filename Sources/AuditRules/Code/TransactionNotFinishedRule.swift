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
        ],
        nonTriggeringExamples: [
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
        for binding in flow.bindings where binding.source.mustBeFinished {
            let file = binding.file
            let scope = binding.scope
            // A helper that returns the value (checkVerified) hands it on; the caller finishes it.
            if scope.contains(where: { file.isIdentifier($0, "return") && $0 + 1 < file.code.count && file.tokenIs($0 + 1, spelled: binding.name) }) {
                continue
            }
            handled += 1
            if let finish = scope.first(where: { TransactionFlow.isFinishCall($0, in: file) && file.receiver(of: $0).map { file.text($0) } == binding.name }) {
                result.evidence(in: file, at: finish, "\(binding.name).finish() is called in \(scopeDescription(of: finish, in: file))")
                continue
            }
            let passedToFinisher = scope.contains { i in
                guard file.code[i].kind == .identifier, finishing.contains(file.text(i)), let call = file.call(at: i) else { return false }
                return call.arguments.contains { argument in argument.valueRange.contains { file.tokenIs($0, spelled: binding.name) } }
            }
            if passedToFinisher { continue }
            result.report(
                in: file, at: binding.nameIndex,
                "The transaction '\(binding.name)' from \(binding.source.description) is verified but never finished in \(scopeDescription(of: binding.nameIndex, in: file)): StoreKit will deliver it again on every launch."
            )
        }
        if handled == 0, result.findings.isEmpty {
            result.notApplicable("No purchase results or transaction updates are handled in app code.")
        }
    }
}
