import AuditCore

/// Seed checklist 4 / common mistake 5: refunded and revoked transactions must not grant access.
public struct RevocationNotCheckedRule: Rule {
    public init() {}


    public static let description = RuleDescription(
        identifier: "revocation_not_checked",
        title: "Revoked transactions are excluded from entitlements",
        severity: .error,
        scope: .code,
        rationale: """
            When Apple refunds a purchase or Family Sharing access ends, the transaction gets a \
            `revocationDate`. Code that grants from `Transaction.updates` or `Transaction.all` without \
            checking it keeps refunded customers unlocked (so does `Transaction.latest(for:)`, which \
            returns a product's newest transaction, refunded or not); for `Transaction.currentEntitlements` \
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
            // Grants written as public apps write them: a flag on a shared settings object, a
            // stored default, a dictionary keyed by product, a setter.
            RuleExample("""
                final class PurchaseObserver {
                    func observe() async {
                        for await update in Transaction.updates {
                            guard case .verified(let transaction) = update else { continue }
                            await transaction.finish()
                            UserSettings.shared.↓isPremium = true
                            UserDefaults.standard.↓set(true, forKey: "hasLifetimeAccess")
                            ↓ownedSince[transaction.productID] = transaction.purchaseDate
                            ↓setSupporter(true)
                        }
                    }
                }
                """),
            // The newest transaction of a product, refunded or not (`Transaction.latest(for:)`).
            RuleExample("""
                func refreshLifetime() async {
                    if case .verified(let transaction) = await Transaction.latest(for: "com.example.lifetime") {
                        ↓hasLifetimeAccess = true
                        log("lifetime since \\(transaction.purchaseDate)")
                    }
                }
                """),
            // revocationDate written into a log line decides nothing.
            RuleExample("""
                func listen() async {
                    for await update in Transaction.updates {
                        guard case .verified(let transaction) = update else { continue }
                        logger.info("update \\(transaction.id), revoked: \\(String(describing: transaction.revocationDate))")
                        purchasedIDs.↓insert(transaction.productID)
                        await transaction.finish()
                    }
                }
                """),
            // A revocation date is in the past: `revoked > Date()` is never true, so the else
            // branch grants a refunded purchase too.
            RuleExample("""
                func listen() async {
                    for await update in Transaction.updates {
                        guard case .verified(let transaction) = update else { continue }
                        if let revoked = transaction.revocationDate, revoked > Date() {
                            isPro = false
                        } else {
                            ↓isPro = true
                        }
                        await transaction.finish()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The check lives in an extension the grant asks (StoreKitPlus-style `isValid`).
            RuleExample("""
                extension Transaction {
                    var grantsAccess: Bool { revocationDate == nil && !isUpgraded }
                }
                final class Store {
                    var owned: [String: Date] = [:]
                    func listen() async {
                        for await update in Transaction.updates {
                            guard case .verified(let transaction) = update else { continue }
                            if transaction.grantsAccess {
                                owned[transaction.productID] = transaction.purchaseDate
                            } else {
                                owned[transaction.productID] = nil
                            }
                            await transaction.finish()
                        }
                    }
                }
                """),
            // `Transaction.latest(for:)` with the revocation checked (StoreKitPlus-style).
            RuleExample("""
                func refreshLifetime() async {
                    guard case .verified(let transaction) = await Transaction.latest(for: "com.example.lifetime"),
                          transaction.revocationDate == nil else { hasLifetimeAccess = false; return }
                    hasLifetimeAccess = true
                }
                """),
            // Neither a removal nor a default that is not about access is a grant.
            RuleExample("""
                func listen() async {
                    for await update in Transaction.updates {
                        guard case .verified(let transaction) = update else { continue }
                        owned[transaction.productID] = nil
                        UserDefaults.standard.set(true, forKey: "hasSeenUpdate")
                        await transaction.finish()
                    }
                }
                """),
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
                case .updates, .all, .unfinished, .latest: severity = .error
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
            } else if i + 2 < code.count, file.tokenIs(i + 1, "="), file.isIdentifier(i + 2, "true") {
                // `isPremium = true`, `self.isPro = true`, and a flag on another object:
                // `AppSettings.shared.isPremium = true`.
                guard AccessFlags.isFlagName(name) else { continue }
                // The transaction: the verified binding live here, found by the caller.
                sites.append(GrantSite(index: i, transactionName: nearestTransactionName(before: i, in: file)))
            }
        }
        if mentionsVerified {
            // `setPremium(true)`, `UserDefaults.standard.set(true, forKey: "isPro")`.
            for value in file.occurrences(of: "true") {
                guard let (call, argument) = file.enclosingCallArguments(ofArgument: value),
                      argument.valueRange == value..<(value + 1), argument.label == nil,
                      call.arguments.first?.valueRange == argument.valueRange
                else { continue }
                let callee = file.text(call.name)
                let grants: Bool
                if callee == "set" {
                    grants = call.arguments.count == 2 && call.arguments[1].label == "forKey"
                        && call.arguments[1].valueRange.contains(where: { AccessFlags.isFlagName(file.text($0)) })
                } else {
                    grants = call.arguments.count == 1 && callee.hasPrefix("set") && AccessFlags.isFlagName(callee)
                }
                if grants { sites.append(GrantSite(index: call.name, transactionName: nearestTransactionName(before: call.name, in: file))) }
            }
        }
        if mentionsProductID {
            // `owned[transaction.productID] = transaction.purchaseDate`: a subscript assignment
            // that does not remove (`= nil`).
            for productID in file.occurrences(of: "productID") {
                guard let receiver = file.receiver(of: productID), file.isKind(receiver, .identifier),
                      let open = file.enclosingBracket(of: productID), file.isKind(open, .leftBracket), open > 0, file.isKind(open - 1, .identifier) || file.isKind(open - 1, .rightParen) || file.isKind(open - 1, .rightBracket),
                      let close = file.matchingBracket(of: open), close + 2 < code.count,
                      file.tokenIs(close + 1, "="), !file.isIdentifier(close + 2, "nil")
                else { continue }
                sites.append(GrantSite(index: open - 1, transactionName: file.text(receiver)))
            }
            sites.sort { $0.index < $1.index }
        }
        return sites
    }

    /// Whether `revocationDate` or `revocationReason` at code token `index` decides something:
    /// not text in a log line or an interpolation, and not compared as a date still to come
    /// (`revocationDate > Date()` is never true: the date is when Apple revoked it).
    static func isRevocationTest(_ index: Int, in file: SwiftFile) -> Bool {
        if file.isInsideInterpolation(index) { return false }
        if let (call, _) = file.enclosingCallArguments(ofArgument: index), loggingCalls.contains(file.text(call.name)) {
            return false
        }
        let isFuture: (Int) -> Bool = { k in
            (file.isOperator(k, ">") || file.isOperator(k, ">="))
                && (file.isIdentifier(k + 1, "Date") || file.tokenIs(k + 1, ".") && file.isIdentifier(k + 2, "now"))
        }
        if isFuture(index + 1) { return false }
        // `if let revoked = t.revocationDate, revoked > Date()`.
        if index >= 4, file.tokenIs(index - 1, "."), file.tokenIs(index - 3, "="), file.isKind(index - 4, .identifier),
           file.tokenIs(index + 1, ","), file.tokenIs(index + 2, spelled: file.text(index - 4)), isFuture(index + 3) {
            return false
        }
        return true
    }

    private static let loggingCalls: Set<String> = [
        "print", "debugPrint", "dump", "NSLog", "os_log", "log", "trace", "debug", "info", "notice", "warning", "error", "fault", "critical",
    ]

    private enum RevocationMembersKey {}

    /// Properties and methods that test a transaction's revocation in their own body
    /// (`extension Transaction { var grantsAccess: Bool { revocationDate == nil } }`), by name.
    static func revocationTestingMembers(in project: Project) -> Set<String> {
        project.fact(RevocationMembersKey.self) {
            var names = Set<String>()
            for word in ["revocationDate", "revocationReason"] {
                for file in project.swiftFiles(mentioning: word) {
                    for k in file.occurrences(of: word) where isRevocationTest(k, in: file) {
                        guard let d = file.enclosingDeclaration(of: k) else { continue }
                        let declaration = file.declarations[d]
                        guard declaration.kind == .variable || declaration.kind == .function,
                              declaration.parent >= 0, file.declarations[declaration.parent].kind.isType
                        else { continue }
                        names.insert(declaration.name)
                    }
                }
            }
            return names
        }
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
            file.occurrences(of: "revocationDate", in: range).contains { isRevocationTest($0, in: file) }
                || file.occurrences(of: "revocationReason", in: range).contains { isRevocationTest($0, in: file) }
        }
        guard let function = file.enclosingFunction(of: index) else {
            return mentionsRevocation(file, file.code.indices)
        }
        let range = file.fullRange(of: function)
        if mentionsRevocation(file, range) { return true }
        // `transaction.grantsAccess`, with `grantsAccess` a member (of an extension of
        // Transaction, say) that tests the revocation itself.
        let members = revocationTestingMembers(in: project)
        if !members.isEmpty, members.contains(where: { member in
            file.occurrences(of: member, in: range).contains { k in
                file.receiver(of: k).map { file.tokenIs($0, spelled: transaction) } ?? false
            }
        }) {
            return true
        }
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
