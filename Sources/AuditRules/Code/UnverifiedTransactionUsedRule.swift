import AuditCore

/// Seed checklist 2 / common mistake 3: content must be granted only for transactions whose
/// signature StoreKit verified.
public struct UnverifiedTransactionUsedRule: Rule {
    public init() {}

    /// Calls that hand out content or record an entitlement.
    static let grantingWords = ["deliver", "unlock", "grant", "provide", "entitle", "award", "credit", "give", "enable", "activate", "insert", "add", "append", "formunion", "update", "save", "store", "set"]

    public static let description = RuleDescription(
        identifier: "unverified_transaction_used",
        title: "Only verified transactions grant access",
        severity: .error,
        scope: .code,
        rationale: """
            A `VerificationResult` is `.unverified` when the transaction's JWS signature does not \
            check out: a jailbroken device, a tampered receipt, a man in the middle. Reading \
            `unsafePayloadValue`, or granting from an `.unverified` case, gives content away to \
            forged purchases.
            """,
        fix: """
            Unwrap with a `.verified` pattern (`guard case .verified(let transaction) = result else { … }`) \
            or a `checkVerified` helper that throws on `.unverified`, and grant only from the verified value.
            """,
        reference: "StoreKit 2 review checklist item 2; common mistake 3",
        triggeringExamples: [
            // Objective-C.
            RuleExample(files: [("Store.m", """
                #import <StoreKit/StoreKit.h>
                @implementation Store
                - (void)didPurchase:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                    if (self.receiptVerifier != nil) {
                        [self.receiptVerifier verifyTransaction:transaction success:^{
                            [self deliver:transaction queue:queue];
                        } failure:^(NSError *error) {
                            [queue finishTransaction:transaction];
                        }];
                    } else {
                        [self ↓deliver:transaction queue:queue];
                    }
                }
                @end
                """)]),
            // The seed's WRONG example.
            RuleExample("""
                let transaction = verification.↓unsafePayloadValue
                """),
            RuleExample("""
                for await result in Transaction.currentEntitlements {
                    owned.insert(result.↓unsafePayloadValue.productID)
                }
                """),
            // Granting from the .unverified case.
            RuleExample("""
                func handle(_ result: VerificationResult<Transaction>) async {
                    switch result {
                    case .verified(let transaction):
                        await deliver(transaction)
                        await transaction.finish()
                    case .unverified(let ↓transaction, let error):
                        log(error)
                        await deliver(transaction)
                    }
                }
                """),
            // Returning the unverified value as if it were verified.
            RuleExample("""
                func checkVerified<T>(_ result: VerificationResult<T>) -> T {
                    switch result {
                    case .verified(let value): return value
                    case .unverified(let ↓value, _): return value
                    }
                }
                """),
            // Logged, then granted: the log does not make the grant safe.
            RuleExample("""
                func restore(_ result: VerificationResult<Transaction>) {
                    let payload = result.↓unsafePayloadValue
                    print("restoring \\(payload.productID)")
                    unlockedIDs.insert(payload.productID)
                }
                """),
            // The payload picks the entitlement, and the function the result goes to checks nothing.
            RuleExample("""
                final class Access {
                    var isPro = false
                    var seen: [VerificationResult<Transaction>] = []
                    func refresh() async {
                        for await entitlement in Transaction.currentEntitlements {
                            if entitlement.↓unsafePayloadValue.productID == "com.app.pro", remember(entitlement) { isPro = true }
                        }
                    }
                    func remember(_ result: VerificationResult<Transaction>) -> Bool { seen.append(result); return true }
                }
                """),
            // Subscription statuses trusted by their state alone.
            RuleExample("""
                func onStatusChange(_ statuses: [Product.SubscriptionInfo.Status]) {
                    isProMember = !statuses.filter { $0.↓state != .revoked && $0.state != .expired }.isEmpty
                }
                """),
        ],
        nonTriggeringExamples: [
            // Objective-C.
            RuleExample(files: [("Store.m", """
                #import <StoreKit/StoreKit.h>
                @implementation Store
                - (void)didPurchase:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                    if (self.receiptVerifier != nil) {
                        [self.receiptVerifier verifyTransaction:transaction success:^{
                            [self deliver:transaction queue:queue];
                        } failure:^(NSError *error) {
                            [queue finishTransaction:transaction];
                        }];
                    } else {
                        [self.delegate storeNeedsVerifier:self];
                    }
                }
                @end
                """)]),
            // Read only for a log line; the switch below rejects .unverified.
            RuleExample("""
                func process(_ result: VerificationResult<Transaction>) async {
                    let unchecked = result.unsafePayloadValue
                    logger.log("Processing \\(unchecked.id) for \\(unchecked.productID)")
                    guard case .verified(let transaction) = result else { return }
                    await grant(transaction)
                    await transaction.finish()
                }
                func handle(update status: Product.SubscriptionInfo.Status) {
                    guard case .verified(let transaction) = status.transaction else {
                        print("Unverified status for \\(status.transaction.unsafePayloadValue.productID)")
                        return
                    }
                    activeIDs.insert(transaction.productID)
                }
                """),
            // Read only to rank family-shared statuses; the winner is verified before use.
            RuleExample("""
                func tier(of statuses: [Product.SubscriptionInfo.Status]) -> Tier {
                    let best = statuses.max { lhs, rhs in
                        Tier(lhs.transaction.unsafePayloadValue.productID) < Tier(rhs.transaction.unsafePayloadValue.productID)
                    }
                    guard let best, case .verified(let transaction) = best.transaction else { return .free }
                    return Tier(transaction.productID)
                }
                """),
            // A refund picker lists recent purchases in the view's own state: display only.
            RuleExample("""
                struct RecentPurchasesView: View {
                    @State private var recent: [Transaction] = []
                    var body: some View {
                        List(recent, id: \\.id) { Text($0.productID) }
                            .task {
                                for await result in Transaction.all {
                                    if result.unsafePayloadValue.revocationDate != nil { continue }
                                    recent.append(result.unsafePayloadValue)
                                }
                            }
                    }
                }
                """),
            // The seed's CORRECT helper.
            RuleExample("""
                let transaction = try checkVerified(verification)

                func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
                    switch result {
                    case .verified(let value): return value
                    case .unverified(_, let error): throw error
                    }
                }
                """),
            RuleExample("""
                for await result in Transaction.updates {
                    guard case .verified(let transaction) = result else { continue }
                    await grant(transaction)
                    await transaction.finish()
                }
                """),
            // Finishing and logging an unverified transaction does not grant anything.
            RuleExample("""
                switch update {
                case .verified(let transaction):
                    await apply(transaction)
                case .unverified(let transaction, let error):
                    logger.error("Unverified \\(transaction.productID): \\(error.localizedDescription)")
                    await transaction.finish()
                }
                """),
            // The JWS itself is sent to the server, which verifies it.
            RuleExample("""
                func upload(_ result: VerificationResult<Transaction>) async throws {
                    try await api.post(jws: result.jwsRepresentation)
                }
                """),
            // A property of the app's own type that happens to share the name.
            RuleExample("""
                struct Cache { var unsafePayloadValueCount = 0 }
                // verification.unsafePayloadValue is never used here
                let note = "unsafePayloadValue"
                """),
            // The payload only picks which entitlement to check; the same condition verifies it.
            RuleExample("""
                final class Access {
                    var isUnlocked = false
                    func confirm(_ result: VerificationResult<Transaction>) async throws -> Bool {
                        switch result {
                        case .verified(let transaction): return transaction.revocationDate == nil
                        case .unverified(_, let error): throw error
                        }
                    }
                    func refresh() async {
                        for await entitlement in Transaction.currentEntitlements {
                            if entitlement.unsafePayloadValue.productID == "com.app.lifetime",
                               (try? await confirm(entitlement)) == true {
                                isUnlocked = true
                            }
                        }
                    }
                }
                """),
            // AppTransaction, read through `try?` or a switch: app_transaction_unverified judges it.
            RuleExample("""
                enum Channel {
                    static func current() async -> String {
                        guard let shared = try? await AppTransaction.shared else { return "unknown" }
                        return shared.unsafePayloadValue.environment == .sandbox ? "beta" : "store"
                    }
                    static func firstVersion() async -> String? {
                        let result = try? await AppTransaction.shared
                        switch result {
                        case .verified(let app): return app.originalAppVersion
                        case .unverified(let app, _): return app.originalAppVersion
                        case nil: return nil
                        }
                    }
                }
                """),
            // Seed-002 checkVerified with the .unverified case first.
            RuleExample("""
                private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
                    switch result {
                    case .unverified:
                        throw StoreError.failedVerification
                    case .verified(let value):
                        return value
                    }
                }
                """),
        ]
    )

    /// `AppTransaction.shared.unsafePayloadValue`, or a value traced back to `AppTransaction.shared`.
    /// `local` is a project of `file` alone, made once per file: tracing stays in the file,
    /// and what it learns of the file is kept for the next site.
    static func isAppTransaction(receiverOf index: Int, in file: SwiftFile, local: Project) -> Bool {
        guard let receiver = file.receiver(of: index) else { return false }
        var i = receiver
        while i >= 0, i >= receiver - 6 {
            if file.isIdentifier(i, "AppTransaction") { return true }
            guard file.isKind(i, .identifier) || file.isKind(i, .dot) || file.tokenIs(i, "?") else { break }
            i -= 1
        }
        if file.isKind(receiver, .identifier) {
            return TransactionFlow.traceSource(of: receiver, in: file, before: receiver, project: local, depth: 0) == .appTransaction
        }
        return false
    }

    private static let renewalStates: Set<String> = ["subscribed", "inGracePeriod", "inBillingRetryPeriod", "revoked", "expired"]

    /// `status.state` compared with a renewal state (`$0.state != .revoked`) in a function that
    /// sets an access flag (`isProMember = isPro`) and verifies nothing (no `.verified`
    /// pattern, `checkVerified` or `payloadValue`): the statuses' transactions are trusted unchecked.
    static func unverifiedStatusGrants(in project: Project) -> [CodeSite] {
        var sites: [CodeSite] = []
        for file in project.swiftFiles(mentioning: "state") where file.mentions("subscribed") || file.mentions("revoked") || file.mentions("expired") {
            for state in file.occurrences(of: "state") where file.receiver(of: state) != nil {
                guard let comparison = file.nextCodeIndex(after: state), file.tokenIs(comparison, "==") || file.tokenIs(comparison, "!="),
                      let dot = file.nextCodeIndex(after: comparison), file.isKind(dot, .dot),
                      let value = file.nextCodeIndex(after: dot), file.isIdentifier(value, in: renewalStates),
                      let function = file.enclosingFunction(of: state)
                else { continue }
                let body = file.bodyRange(of: function)
                let verifies = file.occurrences(ofAny: ["verified", "unverified", "payloadValue", "unsafePayloadValue", "verify"]).contains { body.contains($0) }
                    || body.contains { file.isKind($0, .identifier) && ASCIISearch.contains(file.text($0).lowercased(), "verif") }
                guard !verifies else { continue }
                let setsFlag = file.codeIndices(ofKind: .operator).contains { k in
                    body.contains(k) && file.tokenIs(k, "=") && file.codeIndex(k, offsetBy: -1).map { file.isKind($0, .identifier) && looksLikeAccessFlag(file.text($0)) } == true
                }
                if setsFlag, !sites.contains(where: { $0.file.path == file.path && body.contains($0.index) }) {
                    sites.append(CodeSite(file: file, index: state))
                }
            }
        }
        return sites
    }

    public func prepare(_ project: Project) {
        if project.transactionsHandledBySDK == nil { _ = TransactionFlow(project) }
    }

    /// On the 50 MB benchmark file (`iap-audit-bench rules`): 106 ms on its first run (what it asks
    /// first), 0.1 ms warm, where the cheapest rules take well under one. Started before them, so
    /// that the audit does not end with it running alone on one core.
    public static var schedulingWeight: Int { 2 }

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        var verifiedPatterns = 0
        for file in project.swiftFiles {
            let sites = file.occurrences(of: "unsafePayloadValue").filter { file.receiver(of: $0) != nil }
            guard !sites.isEmpty else { continue }
            let local = Project(swiftFiles: [file])
            for i in sites {
                // An AppTransaction's payload is app_transaction_unverified's business.
                if Self.isAppTransaction(receiverOf: i, in: file, local: local) { continue }
                // Read only to log, order or display, the payload grants nothing.
                let use = TransactionFlow.use(ofValueAt: i, in: file)
                guard use == .grant else {
                    result.evidence(in: file, at: i, "unsafePayloadValue \(use.description) in \(scopeDescription(of: i, in: file)); no access is granted from it")
                    continue
                }
                result.report(in: file, at: i, "unsafePayloadValue reads the transaction without checking its signature.")
            }
        }
        for site in Self.unverifiedStatusGrants(in: project) {
            result.report(in: site.file, at: site.index, "Access is granted from a subscription status's state without verifying status.transaction: a forged status unlocks the subscription.")
        }
        let flow = TransactionFlow(project)
        for binding in flow.bindings {
            guard binding.isUnverified else {
                verifiedPatterns += 1
                continue
            }
            // `.unverified(let t, …)` bindings (`let t = x.unsafePayloadValue` is reported above):
            // any use that grants or hands the value on.
            guard binding.isPattern else { continue }
            // An AppTransaction's `.unverified(let app, _)` is app_transaction_unverified's business.
            if binding.source == .appTransaction { continue }
            let file = binding.file
            let grants = binding.uses.contains { use in
                if file.previousCodeIndex(before: use).map({ file.isIdentifier($0, "return") }) == true { return true }
                // Passed to a granting call, at any depth: `deliver(t)`, `owned.insert(t.productID)`.
                var argument = use
                while let (call, _) = file.enclosingCallArguments(ofArgument: argument) {
                    let callee = file.text(call.name).lowercased()
                    if Self.grantingWords.contains(where: { callee.hasPrefix($0) }) { return true }
                    argument = call.name
                }
                return false
            }
            if grants {
                result.report(in: file, at: binding.nameIndex, "The transaction '\(binding.name)' failed verification but is used to grant access or returned as if verified.")
            }
        }
        ObjectiveCChecks.deliveredWithoutVerifier(project, into: &result)
        if result.findings.isEmpty, verifiedPatterns > 0 {
            result.evidence(at: nil, "Transactions are unwrapped through .verified patterns, payloadValue or checkVerified helpers in \(verifiedPatterns) places")
        }
    }
}
