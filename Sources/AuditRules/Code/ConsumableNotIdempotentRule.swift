import AuditCore

/// Monetisation seed: "Delivering a consumable twice after retry. Fix: key delivery by
/// transaction identifier." StoreKit may hand the same consumable transaction to the app more
/// than once: from the purchase call and `Transaction.updates`, or again after a crash before
/// `finish()`.
public struct ConsumableNotIdempotentRule: Rule {
    public init() {}

    /// Words of a counter that a consumable fills: `coins += 100`, `gemBalance += pack.amount`.
    static let currencyWords: Set<String> = [
        "coin", "coins", "gem", "gems", "credit", "credits", "diamond", "diamonds", "crystal", "crystals",
        "jewel", "jewels", "balance",
    ]
    /// How far delivery is followed through calls, both towards callers and callees.
    static let callDepth = 3

    public static let description = RuleDescription(
        identifier: "consumable_not_idempotent",
        title: "Consumables are delivered once per transaction",
        severity: .warning,
        scope: .code,
        rationale: """
            `Transaction.currentEntitlements` never lists consumables, so the app is the only \
            record of what it delivered. StoreKit can hand the same transaction over twice: to \
            the purchase call and to `Transaction.updates`, or again at the next launch when \
            the app stopped before `finish()`. Delivery that does not remember the transaction's \
            `id` credits the coins twice, or, when "fixed" by finishing early, loses them.
            """,
        fix: """
            Record `transaction.id` (or `originalID`) with the credit, atomically, and skip \
            transactions already recorded: a set of delivered ids in storage, a unique key in \
            your database, or your server's ledger fed with `jwsRepresentation`. Then call \
            `finish()`.
            """,
        reference: "Monetisation seed: consumable delivery is idempotent (transaction ID deduplication)",
        triggeringExamples: Self.triggeringExamples,
        nonTriggeringExamples: Self.nonTriggeringExamples
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        guard project.consumableSignal != nil else {
            result.notApplicable("The app sells no consumables (none in the StoreKit configuration, no consumable handling in code).")
            return
        }
        let graph = CallGraph(project)
        // Consumables the configuration declares: an amount looked up by product id and added
        // to a counter is their delivery, whatever the counter is called.
        let configuredConsumables = project.storeKitConfigurations.contains { $0.allProducts.contains { $0.type == .consumable } }
        // Delivery functions and the first delivery token in each.
        var deliveries: [(function: CallGraph.Function, site: Int, what: String)] = []
        for (fileIndex, file) in project.swiftFiles.enumerated() {
            var seen = Set<Int>()
            for (site, what) in Self.deliverySites(in: file, configuredConsumables: configuredConsumables) {
                guard let declaration = file.enclosingFunction(of: site) ?? file.enclosingDeclaration(of: site),
                      seen.insert(declaration).inserted else { continue }
                deliveries.append((CallGraph.Function(file: fileIndex, declaration: declaration), site, what))
            }
        }
        var unkeyed: [(function: CallGraph.Function, site: Int, what: String)] = []
        for delivery in deliveries {
            let file = project.swiftFiles[delivery.function.file]
            if let key = Self.key(around: delivery.function, site: delivery.site, graph: graph, project: project) {
                let keyFile = project.swiftFiles[key.file]
                result.evidence(
                    in: keyFile, at: key.index,
                    "Consumable delivery in \(scopeDescription(of: delivery.site, in: file)) is keyed on \(keyFile.text(key.index - 2)).\(keyFile.text(key.index))"
                )
            } else {
                unkeyed.append(delivery)
            }
        }
        // Report where the credit happens: skip a delivery whose callees include another
        // unkeyed delivery, which is reported instead.
        let unkeyedFunctions = Set(unkeyed.map(\.function))
        for delivery in unkeyed {
            let callees = graph.callees(of: delivery.function, depth: Self.callDepth).subtracting([delivery.function])
            if !callees.isDisjoint(with: unkeyedFunctions) { continue }
            let file = project.swiftFiles[delivery.function.file]
            result.report(
                in: file, at: delivery.site,
                "Consumable delivery (\(delivery.what)) never checks the transaction's id: a transaction delivered again, after a crash or by both the purchase and Transaction.updates, is credited twice."
            )
        }
    }

    private static let deliveryNames = IdentifierNames(["consumable", "purchasedQuantity"])

    /// Tokens that deliver a consumable: a `productType == .consumable` test (or `case
    /// .consumable` on a product type), a read of `purchasedQuantity`, or a currency counter
    /// increased in code that handles a transaction.
    static func deliverySites(in file: SwiftFile, configuredConsumables: Bool = false) -> [(Int, String)] {
        var sites: [(Int, String)] = []
        var productTypeCases = Set<Int>()
        // Only a file that mentions `productType` can switch over it.
        for statement in file.mentions("productType") ? file.switchStatements() : []
        where statement.subjectRange.contains(where: { file.isIdentifier($0, "productType") }) {
            for switchCase in statement.cases {
                if let k = switchCase.patternRange.first(where: { file.isCaseReference($0, "consumable") }) { productTypeCases.insert(k) }
            }
        }
        // Sites start at `.consumable`, `.purchasedQuantity` (from the index) or a `+=`.
        var candidates = file.occurrences(ofAny: Self.deliveryNames)
        // A `+=` counts only where a transaction is handled, which needs `import StoreKit`.
        if file.importsStoreKit {
            for i in file.code.indices where file.isKind(i, .operator) && file.tokenIs(i, "+=") { candidates.append(i) }
        }
        candidates.sort()
        for i in candidates {
            if file.isCaseReference(i, "consumable") {
                if productTypeCases.contains(i) || comparesProductType(i, in: file) { sites.append((i, "a consumable transaction")) }
            } else if file.isCaseReference(i, "purchasedQuantity"), file.receiver(of: i) != nil, !file.isInsideInterpolation(i),
                      !isLogged(i, in: file), !listsHistory(around: i, in: file) {
                sites.append((i, "purchasedQuantity"))
            } else if file.isKind(i, .operator), file.tokenIs(i, "+="), i >= 1, file.isKind(i - 1, .identifier),
                      camelCaseWords(file.text(i - 1)).contains(where: { currencyWords.contains($0) })
                        || configuredConsumables && readsProductID(i + 1..<file.statementEnd(from: file.statementStart(of: i)), in: file),
                      handlesTransaction(around: i, in: file) {
                sites.append((i - 1, "\(file.text(i - 1)) +="))
            }
        }
        // `add(Self.packs[product.id] ?? 0)`, `tracker.add(Catalog.rounds(for: transaction.productID))`:
        // an amount looked up by product id handed to a function of this file that adds it to a
        // counter (AIContactCard's credits, a golf app's rounds).
        // Found from the product-id reads outward, through the calls around each.
        if configuredConsumables, file.importsStoreKit {
            var adders: [String: Bool] = [:]
            var seen = Set<Int>()
            let reads = Array(file.occurrences(of: "productID")) + Array(file.occurrences(of: "id"))
            for read in reads where isProductIDRead(read, in: file) {
                var open = file.enclosingBracket(of: read)
                while let bracket = open, !file.isKind(bracket, .leftBrace) {
                    defer { open = file.enclosingBracket(of: bracket) }
                    guard file.isKind(bracket, .leftParen), bracket > 0, file.isKind(bracket - 1, .identifier), !file.startsWithCapital(bracket - 1),
                          seen.insert(bracket - 1).inserted else { continue }
                    let call = bracket - 1
                    let name = file.text(call)
                    let adds = adders[name] ?? file.declarationIndices(named: name).contains { d in
                        file.declarations[d].kind == .function && file.bodyRange(of: d).contains { file.isKind($0, .operator) && file.tokenIs($0, "+=") }
                    }
                    adders[name] = adds
                    if adds, handlesTransaction(around: call, in: file) { sites.append((call, "\(name)(…) by product id")) }
                }
            }
        }
        return sites.sorted { $0.0 < $1.0 }
    }

    /// Whether `range` looks an amount up by product id: `packs[tx.productID]`,
    /// `perPack[product.id, default: 0]`, `rounds(for: transaction.productID)`.
    static func readsProductID(_ range: Range<Int>, in file: SwiftFile) -> Bool {
        range.contains { k in
            guard isProductIDRead(k, in: file), let open = file.enclosingBracket(of: k), range.contains(open) else { return false }
            // Inside a subscript or a call's arguments, not compared or printed.
            return file.isKind(open, .leftBracket) || file.isKind(open, .leftParen) && open > 0 && file.isKind(open - 1, .identifier)
        }
    }

    /// `transaction.productID`, `product.id`: a product's id read from a transaction or product.
    static func isProductIDRead(_ k: Int, in file: SwiftFile) -> Bool {
        guard file.isKind(k, .identifier), file.isAfterDot(k), let receiver = file.receiver(of: k) else { return false }
        return file.isIdentifier(k, "productID")
            || file.isIdentifier(k, "id") && ["product", "transaction"].contains { file.text(receiver).lowercased().contains($0) }
    }

    /// Calls that only record or print: a quantity passed to them is not delivered.
    static let loggingCalls: Set<String> = [
        "print", "debugPrint", "NSLog", "log", "debug", "info", "notice", "warning", "error", "fault", "trace",
        "track", "logEvent", "capture", "addBreadcrumb",
    ]

    /// Whether the token is an argument (at any depth) of a logging or analytics call.
    static func isLogged(_ index: Int, in file: SwiftFile) -> Bool {
        var open = file.enclosingBracket(of: index)
        while let bracket = open, bracket > 0 {
            if file.isKind(bracket, .leftParen), file.token(bracket, offsetBy: -1, is: .identifier),
               loggingCalls.contains(file.text(bracket - 1)) || file.text(bracket - 1).hasPrefix("track") || file.text(bracket - 1).hasPrefix("log") {
                return true
            }
            if file.isKind(bracket, .leftBrace) { return false }
            open = file.enclosingBracket(of: bracket)
        }
        return false
    }

    /// Whether the function lists past transactions (`Transaction.all`, `currentEntitlements`)
    /// rather than handling a new one: a purchase history, an export.
    static func listsHistory(around index: Int, in file: SwiftFile) -> Bool {
        guard let function = file.enclosingFunction(of: index) else { return false }
        let range = file.fullRange(of: function)
        let lists = file.containsMemberAccess(base: "Transaction", member: "all", in: range)
            || file.containsMemberAccess(base: "Transaction", member: "currentEntitlements", in: range)
        let finishes = file.occurrences(of: "finish", in: range).contains { file.isCaseReference($0, "finish") }
        return lists && !finishes
    }

    /// `transaction.productType == .consumable` (either side).
    static func comparesProductType(_ index: Int, in file: SwiftFile) -> Bool {
        var start = index - 1
        while start >= 1, file.isKind(start - 1, .identifier) {
            if start >= 2, file.isKind(start - 2, .dot) { start -= 2 } else { start -= 1; break }
        }
        if start >= 2, file.isKind(start - 1, .operator), file.tokenIs(start - 1, "=="), file.isIdentifier(start - 2, "productType") {
            return true
        }
        let after = index + 1
        if after + 1 < file.code.count, file.isKind(after, .operator), file.tokenIs(after, "==") {
            var k = after + 1
            while k < file.code.count, file.isKind(k, .identifier) || file.isKind(k, .dot) || file.isKind(k, .operator) && file.tokenIs(k, "?") {
                if file.isIdentifier(k, "productType") { return true }
                k += 1
            }
        }
        return false
    }

    /// Whether the function around `index` handles a StoreKit transaction: the file imports
    /// StoreKit and the function binds a `Transaction` or reads its `productID`. A budgeting
    /// app's `balance += transaction.amount` is not a consumable.
    static func handlesTransaction(around index: Int, in file: SwiftFile) -> Bool {
        guard file.importsStoreKit,
              let function = file.enclosingFunction(of: index) ?? file.enclosingDeclaration(of: index) else { return false }
        if !transactionNames(in: function, of: file).isEmpty { return true }
        return file.fullRange(of: function).contains { k in
            file.isCaseReference(k, "productID") && file.receiver(of: k).map { file.text($0).lowercased().contains("transaction") } == true
        }
    }

    /// A transaction-id key in the delivery function (before the delivery statement ends: an
    /// id read after the content is handed out dedups nothing), its callers, or what either calls.
    static func key(around function: CallGraph.Function, site: Int, graph: CallGraph, project: Project) -> (file: Int, index: Int)? {
        var scopes = graph.callers(of: function, depth: callDepth)
        scopes.insert(function)
        var reachable = scopes
        // One search from all of them: what each reaches within the depth, together.
        reachable.formUnion(graph.callees(of: scopes, depth: callDepth))
        // Look in the delivery function first, then its neighbours in a stable order.
        let ordered = [function] + reachable.subtracting([function]).sorted()
        for candidate in ordered {
            let file = project.swiftFiles[candidate.file]
            // The delivery is the site's statement (an `if … == .consumable { … }` with its
            // body); after a `guard`, the rest of the function.
            var limit: Int?
            if candidate == function {
                let statement = file.statementStart(of: site)
                if !file.isIdentifier(statement, "guard") { limit = file.statementEnd(from: statement) }
            }
            if let index = transactionKey(in: candidate.declaration, of: file, before: limit) { return (candidate.file, index) }
        }
        return nil
    }

    /// `transaction.id`, `t.originalID`, `verification.jwsRepresentation` (a server keys on
    /// it), RevenueCat's `transactionIdentifier`, outside log interpolations.
    static func transactionKey(in declaration: Int, of file: SwiftFile, before limit: Int? = nil) -> Int? {
        let names = transactionNames(in: declaration, of: file)
        // A transaction id written to a log (`StoreLog.transaction(…, transactionId: String(t.id))`)
        // or reported in a branch that throws (the failed-verification path delivers nothing)
        // keys nothing.
        for k in file.fullRange(of: declaration) where k >= 2 && file.isKind(k - 1, .dot) && !TransactionFlow.isLogged(k, in: file)
            && !isLogged(k, in: file) && !isInThrowingBranch(k, in: file) && limit.map({ k < $0 }) ?? true {
            guard let receiver = file.receiver(of: k), file.isKind(receiver, .identifier) else { continue }
            let member = file.text(k)
            if member == "originalID" || member == "jwsRepresentation" || member == "transactionIdentifier" { return k }
            if member == "id", names.contains(file.text(receiver)) || file.text(receiver).lowercased().contains("transaction") { return k }
        }
        return nil
    }

    /// Whether `index` sits in plain blocks (`if`/`else`/`guard` bodies, not a function or
    /// closure) one of which throws: a failure path, which delivers nothing.
    static func isInThrowingBranch(_ index: Int, in file: SwiftFile) -> Bool {
        var brace = file.enclosingBrace(of: index)
        while let block = brace, file.declaration(openedBy: block) == nil {
            if file.occurrences(of: "throw", in: file.blockRange(block)).contains(where: { file.enclosingBrace(of: $0) == block }) { return true }
            brace = file.enclosingBrace(of: block)
        }
        return false
    }

    /// Names bound to a `Transaction` in a declaration: `Transaction`-typed parameters,
    /// `.verified(let t)` bindings, and `let t = try checkVerified(…)`.
    static func transactionNames(in declaration: Int, of file: SwiftFile) -> Set<String> {
        var names = Set<String>()
        let range = file.fullRange(of: declaration)
        for k in range {
            // `_ t: Transaction`, `t: StoreKit.Transaction`
            if file.isKind(k, .colon), k >= 1, file.isKind(k - 1, .identifier), k + 1 < file.code.count {
                if file.isIdentifier(k + 1, "Transaction") || file.isIdentifier(k + 1, "StoreKit") && file.isIdentifier(k + 3, "Transaction") {
                    names.insert(file.text(k - 1))
                }
            }
        }
        // `.verified(let t)`, `case let .verified(t)`, `let t = try checkVerified(result)`
        for site in TransactionFlow.bindingSites(in: file, range: range) where !site.isUnverified {
            names.insert(file.text(site.nameIndex))
        }
        return names
    }
}
