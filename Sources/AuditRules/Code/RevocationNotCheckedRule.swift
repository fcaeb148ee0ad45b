import AuditCore

/// Seed checklist 4 / common mistake 5: refunded and revoked transactions must not grant access.
public struct RevocationNotCheckedRule: Rule {
    public init() {}

    static let flagWords = ["premium", "pro", "subscribed", "unlocked", "entitled", "purchased", "paid", "plus", "vip"]

    public static let description = RuleDescription(
        identifier: "revocation_not_checked",
        title: "Revoked transactions are excluded from entitlements",
        severity: .error,
        scope: .code,
        rationale: """
            When Apple refunds a purchase or Family Sharing access ends, the transaction gets a \
            `revocationDate`. Code that grants from `Transaction.updates` or `Transaction.all` without \
            checking it keeps refunded customers unlocked; for `Transaction.currentEntitlements` \
            the check guards against stale state and is what the review checklist asks for.
            """,
        fix: """
            Grant only when `transaction.revocationDate == nil` (for example \
            `if case .verified(let t) = result, t.revocationDate == nil { … }`), and remove the \
            entitlement when it is set.
            """,
        reference: "StoreKit 2 review checklist item 4; common mistake 5",
        triggeringExamples: [
            // The seed's WRONG example, inside an entitlements loop (warning).
            RuleExample("""
                func refresh() async {
                    for await result in Transaction.currentEntitlements {
                        if case .verified(let transaction) = result {
                            purchased.↓insert(transaction.productID)
                        }
                    }
                }
                """),
            // An updates handler that grants without looking at revocation (error).
            RuleExample("""
                func listen() async {
                    for await update in Transaction.updates {
                        guard case .verified(let transaction) = update else { continue }
                        unlockedIDs.↓insert(transaction.productID)
                        await transaction.finish()
                    }
                }
                """),
            // A flag set from Transaction.all.
            RuleExample("""
                func restoreState() async {
                    for await result in Transaction.all {
                        if case .verified(let t) = result, t.productID == ProductID.lifetime {
                            ↓isPremium = true
                        }
                    }
                }
                """),
            // The grant happens in a helper fed by the updates loop.
            RuleExample(files: [
                ("Listener.swift", """
                    func observe() async {
                        for await result in Transaction.updates {
                            if case .verified(let transaction) = result {
                                await apply(transaction)
                                await transaction.finish()
                            }
                        }
                    }
                    """),
                ("Entitlements.swift", """
                    func apply(_ transaction: Transaction) async {
                        owned.↓insert(transaction.productID)
                    }
                    """),
            ]),
            // An Optional-returning verification helper, fed by the module-qualified updates sequence.
            RuleExample("""
                final class StoreHelper: ObservableObject {
                    @Published var purchasedProductIDs: Set<String> = []
                    private func startListener() -> Task<Void, Never> {
                        Task.detached {
                            for await result in StoreKit.Transaction.updates { await self.handle(result) }
                        }
                    }
                    private func handle(_ result: VerificationResult<StoreKit.Transaction>) async {
                        if let transaction = verifiedTransaction(result) {
                            purchasedProductIDs.↓insert(transaction.productID)
                            await transaction.finish()
                        }
                    }
                    private func verifiedTransaction<T>(_ result: VerificationResult<T>) -> T? {
                        if case .verified(let value) = result { return value }
                        return nil
                    }
                }
                """),
            // RevenueCat: the entitlement's whole history decides access, so a refunded or
            // expired subscription keeps it.
            RuleExample("""
                import RevenueCat
                @MainActor final class Access: ObservableObject {
                    @Published var isPro = false
                    func refresh() async {
                        let info = try? await Purchases.shared.customerInfo()
                        isPro = info?.entitlements.↓all["pro"] != nil
                    }
                }
                """),
            RuleExample("""
                import RevenueCat
                func unlocked(_ info: CustomerInfo) -> Bool {
                    info.↓allPurchasedProductIdentifiers.contains("com.example.pro.yearly")
                }
                """),
            // The updates sequence kept in a local first, then iterated.
            RuleExample("""
                @MainActor final class TipManager {
                    var purchasedProductIDs: Set<String> = []
                    func listen() async {
                        let updates = Transaction.updates
                        for await result in updates {
                            if case .verified(let transaction) = result { await handle(transaction) }
                        }
                    }
                    private func handle(_ transaction: Transaction) async {
                        purchasedProductIDs.↓insert(transaction.productID)
                        await transaction.finish()
                    }
                }
                """),
            // The listener checks expiry only and records a value made from the transaction.
            RuleExample("""
                final class PurchaseMonitor {
                    var recorded: [PurchasedProduct] = []
                    func monitor() async {
                        for await update in Transaction.updates {
                            guard case .verified(let tx) = update, let expiry = tx.expirationDate, expiry > .now else { continue }
                            let purchased = PurchasedProduct(tx: tx)
                            recorded.↓append(purchased)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The revocation reason read instead of the date, in the function that grants.
            RuleExample("""
                final class Entitlements {
                    var owned: Set<String> = []
                    func refresh() async {
                        for await result in Transaction.currentEntitlements {
                            guard case .verified(let transaction) = result else { continue }
                            if transaction.revocationReason != nil { continue }
                            owned.insert(transaction.productID)
                        }
                    }
                }
                """),
            RuleExample("""
                final class PurchaseMonitor {
                    var recorded: [PurchasedProduct] = []
                    func monitor() async {
                        for await update in Transaction.updates {
                            guard case .verified(let tx) = update, tx.revocationDate == nil else { continue }
                            let purchased = PurchasedProduct(tx: tx)
                            recorded.append(purchased)
                            await tx.finish()
                        }
                    }
                }
                """),
            // RevenueCat's history summed for a "you have given" line decides no access.
            RuleExample("""
                import RevenueCat
                func totalSpent(_ info: CustomerInfo) async -> Double {
                    var total = 0.0
                    for (_, entitlement) in info.entitlements.all {
                        total += await price(of: entitlement.productIdentifier)
                    }
                    return total
                }
                var isSupporter: Bool { !(customerInfo?.activeSubscriptions.isEmpty ?? true) }
                """),
            // RevenueCat's active entitlement drops refunds, revocations and expiry.
            RuleExample("""
                import RevenueCat
                @MainActor final class Access: ObservableObject {
                    @Published var isPro = false
                    func refresh() async {
                        let info = try? await Purchases.shared.customerInfo()
                        isPro = info?.entitlements["pro"]?.isActive == true
                        let history = info?.entitlements.all["pro"]?.isActive
                        print("history: \\(String(describing: info?.allPurchasedProductIdentifiers))", history as Any)
                    }
                }
                """),
            // The Optional-returning helper, with the revocation handled.
            RuleExample("""
                final class StoreHelper: ObservableObject {
                    @Published var purchasedProductIDs: Set<String> = []
                    func listen() async {
                        for await result in StoreKit.Transaction.updates {
                            guard let transaction = verifiedTransaction(result) else { continue }
                            if transaction.revocationDate == nil {
                                purchasedProductIDs.insert(transaction.productID)
                            } else {
                                purchasedProductIDs.remove(transaction.productID)
                            }
                            await transaction.finish()
                        }
                    }
                    private func verifiedTransaction<T>(_ result: VerificationResult<T>) -> T? {
                        if case .verified(let value) = result { return value }
                        return nil
                    }
                }
                """),
            // The seed's CORRECT example.
            RuleExample("""
                func updateEntitlements() async {
                    var purchased = Set<String>()
                    for await result in Transaction.currentEntitlements {
                        if case .verified(let transaction) = result,
                           transaction.revocationDate == nil {
                            purchased.insert(transaction.productID)
                        }
                    }
                    purchasedProductIDs = purchased
                }
                """),
            // Seed-002: guard on revocation, then insert.
            RuleExample("""
                func refreshEntitlements() async {
                    purchasedProductIDs.removeAll()
                    for await result in Transaction.currentEntitlements {
                        guard case .verified(let transaction) = result else { continue }
                        guard transaction.revocationDate == nil else { continue }
                        purchasedProductIDs.insert(transaction.productID)
                    }
                }
                """),
            // Seed-002: the helper checks revocation itself.
            RuleExample("""
                private func process(_ result: VerificationResult<Transaction>) async {
                    await updateEntitlements(try? checkVerified(result))
                }
                private func updateEntitlements(_ transaction: Transaction?) async {
                    guard let transaction else { return }
                    if transaction.revocationDate == nil {
                        purchasedProductIDs.insert(transaction.productID)
                    } else {
                        purchasedProductIDs.remove(transaction.productID)
                    }
                }
                func observe() async { for await result in Transaction.updates { await process(result) } }
                """),
            // The caller checks revocation before handing the transaction to the helper.
            RuleExample(files: [
                ("Listener.swift", """
                    func observe() async {
                        for await result in Transaction.updates {
                            guard case .verified(let transaction) = result, transaction.revocationDate == nil else { continue }
                            await apply(transaction)
                            await transaction.finish()
                        }
                    }
                    """),
                ("Entitlements.swift", """
                    func apply(_ transaction: Transaction) async { owned.insert(transaction.productID) }
                    """),
            ]),
            // A purchase result just returned by purchase() is not an entitlement refresh.
            RuleExample("""
                func buy(_ product: Product) async throws {
                    if case .success(let verification) = try await product.purchase() {
                        let transaction = try checkVerified(verification)
                        owned.insert(transaction.productID)
                        await transaction.finish()
                    }
                }
                """),
            // Inserting things that are not transactions.
            RuleExample("""
                func load() async throws {
                    let products = try await Product.products(for: ids)
                    for product in products { seen.insert(product.id) }
                    isPremium = UserDefaults.standard.bool(forKey: "premium")
                }
                """),
        ]
    )

    public func prepare(_ project: Project) {
        if project.transactionsHandledBySDK == nil { _ = TransactionFlow(project) }
    }

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            // The SDK's active entitlements drop refunds and revocations; its history keeps them.
            let reads = SDKEntitlementReads.of(project)
            for site in reads.history {
                result.report(
                    in: site.file, at: site.index,
                    "Access is decided from \(sdk.name)'s purchase history (\(site.file.text(site.index))), which keeps refunded, revoked and expired purchases: ask for the active entitlement (isActive, entitlements.active) instead."
                )
            }
            if let first = reads.active.first, reads.history.isEmpty {
                result.evidence(in: first.file, at: first.index, "Access is read from \(sdk.name)'s active entitlements (\(first.file.text(first.index))), which drop refunded and revoked purchases")
            } else if reads.history.isEmpty {
                result.notApplicable(project.sdkReason(sdk))
            }
            return
        }
        let flow = TransactionFlow(project)
        var checkedGrants = 0
        for file in project.swiftFiles {
            for site in Self.grantSites(in: file) {
                guard let transaction = site.transactionName else { continue }
                let source = flow.source(ofTransactionNamed: transaction, usedAt: site.index, in: file)
                let severity: Severity
                switch source {
                case .updates, .all, .unfinished: severity = .error
                case .currentEntitlements: severity = .warning
                default: continue
                }
                checkedGrants += 1
                if Self.revocationChecked(around: site.index, transaction: transaction, in: file, project: project) {
                    continue
                }
                result.report(
                    in: file, at: site.index,
                    "Access is granted from \(source.description) without checking \(transaction).revocationDate: refunded or revoked purchases stay unlocked.",
                    severity: severity
                )
            }
        }
        if checkedGrants > 0, result.findings.isEmpty {
            result.evidence(at: nil, "All \(checkedGrants) places that grant from transactions check revocationDate")
        } else if checkedGrants == 0 {
            result.notApplicable("No code grants entitlements from Transaction.updates, Transaction.all or Transaction.currentEntitlements.")
        }
    }

    struct GrantSite {
        var index: Int
        var transactionName: String?
    }

    private static let collectionCalls = IdentifierNames(["insert", "append", "formUnion", "update"])

    /// `x.insert(t.productID)`, `x.append(t)`, `x.formUnion(…t…)`, `x[t.productID] = …`,
    /// `isPremium = true`: with the transaction variable they use.
    static func grantSites(in file: SwiftFile) -> [GrantSite] {
        var sites: [GrantSite] = []
        let code = file.code
        // The candidates, from the identifier index: the collection calls, and the name before
        // `= true`.
        // A collection call grants from a transaction when its argument reads `t.productID`, or,
        // for `append(t)`, when the file deals in transactions at all (it names Transaction or a
        // verified result): without that, `items.append(item)` in every view would be traced.
        let mentionsProductID = file.mentions("productID")
        let mentionsVerified = file.mentions("verified")
        let dealsInTransactions = file.mentions("Transaction") || mentionsVerified || file.mentions("VerificationResult")
        // Collection calls that cannot grant are not looked up (a `name = true` among them is
        // found as one of the flags below).
        var candidates = Set(
            mentionsProductID ? file.occurrences(ofAny: Self.collectionCalls)
                : dealsInTransactions ? Array(file.occurrences(of: "append")) : [])
        // A flag set to true is traced from the `.verified(let t)` before it in its function:
        // in a file without one (most of an app) no `= true` can be a grant the rule checks.
        if mentionsVerified {
            for value in file.occurrences(of: "true") where file.isKind(value - 2, .identifier) && file.tokenIs(value - 1, "=") {
                candidates.insert(value - 2)
            }
        }
        for i in candidates.sorted() {
            let isCollectionCall = file.tokenIs(i, "insert") || file.tokenIs(i, "append") || file.tokenIs(i, "formUnion") || file.tokenIs(i, "update")
            guard isCollectionCall || (i + 2 < code.count && file.tokenIs(i + 1, "=")) else { continue }
            let mayGrant = isCollectionCall && (mentionsProductID || dealsInTransactions && file.tokenIs(i, "append"))
            let name = file.text(i)
            if mayGrant, file.receiver(of: i) != nil, let call = file.call(at: i) {
                let argument = (call.openParen + 1)..<max(call.openParen + 1, call.closeParen)
                // The transaction is the identifier before `.productID` (or the argument itself).
                if let productID = argument.first(where: { file.isIdentifier($0, "productID") && file.receiver(of: $0) != nil }),
                   let receiver = file.receiver(of: productID), file.isKind(receiver, .identifier) {
                    sites.append(GrantSite(index: i, transactionName: file.text(receiver)))
                } else if name == "append", argument.count == 1, file.isKind(argument.lowerBound, .identifier) {
                    // `let purchased = PurchasedProduct(tx: tx, product: p)` then `append(purchased)`:
                    // the value made from the transaction carries its grant.
                    let value = file.text(argument.lowerBound)
                    sites.append(GrantSite(index: i, transactionName: transactionWrapped(in: value, before: i, in: file) ?? value))
                }
            } else if i + 2 < code.count, file.tokenIs(i + 1, "="), file.isIdentifier(i + 2, "true"), file.receiver(of: i) == nil || file.tokenIs(i - 2, "self") {
                let lower = name.lowercased()
                guard flagWords.contains(where: { ASCIISearch.contains(lower, $0) }) else { continue }
                // The transaction: the verified binding live here, found by the caller.
                sites.append(GrantSite(index: i, transactionName: nearestTransactionName(before: i, in: file)))
            }
        }
        return sites
    }

    /// The transaction a local value is made from: `let purchased = PurchasedProduct(tx: tx, …)`
    /// with `tx` the nearest verified binding before it.
    static func transactionWrapped(in value: String, before index: Int, in file: SwiftFile) -> String? {
        guard let function = file.enclosingFunction(of: index) else { return nil }
        let body = file.bodyRange(of: function)
        guard body.lowerBound < index,
              let declared = file.occurrences(of: value, in: body.lowerBound..<index).last(where: { k in
                  file.previousCodeIndex(before: k).map { file.isIdentifier($0, "let") || file.isIdentifier($0, "var") } ?? false
              }),
              let transaction = nearestTransactionName(before: declared, in: file)
        else { return nil }
        let end = file.statementEnd(from: file.statementStart(of: declared))
        guard declared < end else { return nil }
        return file.occurrences(of: transaction, in: declared..<end).isEmpty ? nil : transaction
    }

    /// The name bound by the nearest verified binding (`.verified(let t)`, `case let
    /// .verified(t)`, `let t = try checkVerified(r)`) before `index` in the same function.
    static func nearestTransactionName(before index: Int, in file: SwiftFile) -> String? {
        let start = file.enclosingFunction(of: index).map { file.declarations[$0].keyword } ?? 0
        guard start < index else { return nil }
        return TransactionFlow.bindingSites(in: file, range: start..<index).last { !$0.isUnverified }.map { file.text($0.nameIndex) }
    }

    /// Whether `revocationDate` (or `revocationReason`) is consulted in the function around the
    /// grant, or, when the transaction is a parameter, at every call site before the call.
    static func revocationChecked(around index: Int, transaction: String, in file: SwiftFile, project: Project) -> Bool {
        // From the identifier index (a lookup per name, not a look at every token of the
        // function: asked once per grant site and per call site of its function).
        let mentionsRevocation: (SwiftFile, Range<Int>) -> Bool = { file, range in
            !file.occurrences(of: "revocationDate", in: range).isEmpty || !file.occurrences(of: "revocationReason", in: range).isEmpty
        }
        guard let function = file.enclosingFunction(of: index) else {
            return mentionsRevocation(file, file.code.indices)
        }
        if mentionsRevocation(file, file.fullRange(of: function)) { return true }
        let declaration = file.declarations[function]
        guard declaration.kind == .function else { return false }
        // Callers that check before calling.
        var callSites = 0
        var checkedSites = 0
        for other in project.swiftFiles(mentioning: declaration.name) {
            for call in other.calls(named: declaration.name) {
                if other.path == file.path, call.name == declaration.keyword + 1 { continue }
                callSites += 1
                let scope = other.enclosingFunction(of: call.name).map { other.fullRange(of: $0) } ?? 0..<call.name
                if mentionsRevocation(other, scope.lowerBound..<call.name) { checkedSites += 1 }
            }
        }
        return callSites > 0 && checkedSites == callSites
    }
}
