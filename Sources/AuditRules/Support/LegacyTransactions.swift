import AuditCore

/// Original StoreKit's transaction source: `paymentQueue(_:updatedTransactions:)` of a
/// `SKPaymentTransactionObserver`. Each `SKPaymentTransaction` it receives in state
/// `.purchased`, `.restored` or `.failed` must be finished with `finishTransaction(_:)`, or
/// the queue hands it back on every launch (and a failed one blocks buying the product again).
struct LegacyTransactionHandler: Sendable {
    /// The states a handler must finish.
    static let statesToFinish = ["purchased", "restored", "failed"]

    var file: SwiftFile
    /// The function's declaration index in `file`.
    var function: Int
    /// The function's name token: where a finding about the whole handler points.
    var site: Int
    /// The code that handles one transaction: the `for transaction in transactions` loop's
    /// body (or a `forEach` closure's), else the function's body.
    var scope: Range<Int>
    /// The branches of `switch transaction.transactionState` in that scope.
    var branches: [Branch]

    struct Branch: Sendable {
        /// The states the case names (`purchased`, `restored`, …); empty for `default`.
        var states: [String]
        var label: Int
        var body: Range<Int>
        var isDefault: Bool { states.isEmpty }
    }

    /// The branch that runs for `state`: its case, else `default`, else none.
    func branch(for state: String) -> Branch? {
        branches.first { $0.states.contains(state) } ?? branches.first { $0.isDefault }
    }

    /// Every `paymentQueue(_:updatedTransactions:)` implementation in the app.
    static func all(in project: Project) -> [LegacyTransactionHandler] {
        project.fact(Handlers.self) { Handlers(all: find(in: project)) }.all
    }

    private struct Handlers: Sendable {
        var all: [LegacyTransactionHandler]
    }

    private static func find(in project: Project) -> [LegacyTransactionHandler] {
        var result: [LegacyTransactionHandler] = []
        for file in project.swiftFiles(mentioning: "updatedTransactions") {
            for function in file.declarationIndices(named: "paymentQueue") where file.declarations[function].kind == .function {
                let declaration = file.declarations[function]
                let signature = declaration.keyword..<max(declaration.keyword, declaration.bodyStart)
                guard let label = file.occurrences(of: "updatedTransactions", in: signature).first,
                      declaration.bodyStart > 0
                else { continue }
                let body = file.bodyRange(of: function)
                // `updatedTransactions transactions: [SKPaymentTransaction]`: the internal name.
                var parameter = "updatedTransactions"
                if let next = file.nextCodeIndex(after: label), file.isKind(next, .identifier) { parameter = file.text(next) }
                let scope = elementScope(of: parameter, in: body, of: file) ?? body
                let branches = file.switchStatements().filter { statement in
                    scope.contains(statement.keyword) && file.contains(identifier: "transactionState", in: statement.subjectRange)
                }.flatMap { statement in
                    statement.cases.map { clause in
                        Branch(
                            states: clause.isDefault ? [] : clause.patternRange.filter { file.isKind($0, .identifier) && file.isAfterDot($0) }.map { file.text($0) },
                            label: clause.label, body: clause.bodyRange
                        )
                    }
                }
                result.append(LegacyTransactionHandler(
                    file: file, function: function, site: nameIndex(of: function, in: file), scope: scope, branches: branches
                ))
            }
        }
        return result
    }

    /// The body of `for t in transactions { … }` or `transactions.forEach { … }` in `body`, when
    /// there is one such loop. With two (one that logs them, one in a receipt fetch's completion
    /// that finishes them, as Habitica's handler), the whole body is the scope.
    private static func elementScope(of parameter: String, in body: Range<Int>, of file: SwiftFile) -> Range<Int>? {
        var loops: [Range<Int>] = []
        for use in file.occurrences(of: parameter, in: body) where file.receiver(of: use) == nil {
            if let previous = file.previousCodeIndex(before: use), file.isIdentifier(previous, "in"),
               let open = file.index(of: .leftBrace, after: use) {
                loops.append(file.blockRange(open))
            } else if let dot = file.nextCodeIndex(after: use), file.isKind(dot, .dot), let member = file.nextCodeIndex(after: dot),
                      file.isIdentifier(member, "forEach"), let open = file.index(of: .leftBrace, after: member) {
                loops.append(file.blockRange(open))
            }
        }
        return loops.count == 1 ? loops[0] : nil
    }

    /// The first `finishTransaction(_:)` call in `range`, or the first call there of an app
    /// function that makes one (`complete(transaction)` whose body finishes).
    static func finishCall(in range: Range<Int>, of file: SwiftFile, finishing: Set<String>) -> Int? {
        for k in range where file.isKind(k, .identifier) && file.token(k, offsetBy: 1, is: .leftParen) {
            let name = file.text(k)
            if name == "finishTransaction" || finishing.contains(name) && file.isCall(at: k) { return k }
        }
        return nil
    }

    /// The app functions that call `finishTransaction(_:)`, directly or through one another:
    /// found once and shared by the rules that ask (finishing, finishing order, unfinished).
    static func finishingFunctions(in project: Project) -> Set<String> {
        project.fact(FinishingNames.self) { FinishingNames(names: findFinishingFunctions(in: project)) }.names
    }

    private struct FinishingNames: Sendable {
        var names: Set<String>
    }

    private static func findFinishingFunctions(in project: Project) -> Set<String> {
        var names = Set<String>()
        let files = project.swiftFiles(mentioning: "finishTransaction")
        for _ in 0..<3 {
            let before = names.count
            for file in files {
                for (index, declaration) in file.declarations.enumerated() where declaration.kind == .function && declaration.name != "paymentQueue" && !names.contains(declaration.name) {
                    let body = file.bodyRange(of: index)
                    if finishCall(in: body, of: file, finishing: names) != nil { names.insert(declaration.name) }
                }
            }
            if names.count == before { break }
        }
        return names
    }

    /// Whether the app buys or restores through the original payment queue
    /// (`SKPaymentQueue.default().add(payment)`, `restoreCompletedTransactions()`): then only its
    /// observer can finish what comes back. An app that buys with StoreKit 2 and keeps an observer
    /// for promoted purchases or logging has StoreKit 2 finish its transactions.
    static func appUsesLegacyQueue(_ project: Project) -> Bool {
        for file in project.swiftFiles(mentioning: "SKPaymentQueue") {
            if file.paymentQueueAdds().contains(where: { !$0.addsObserver }) { return true }
            if file.occurrences(of: "restoreCompletedTransactions").contains(where: { file.isCall(at: $0) }) { return true }
        }
        return false
    }
}

/// Finishing before delivering: `finish()` (or `finishTransaction(_:)`) runs, and only then the
/// purchase is recorded. If the app stops in between, StoreKit has forgotten the transaction and
/// the user has paid for nothing.
enum FinishOrder {
    /// Receivers whose writes keep a purchase: `UserDefaults.standard.set(…)`,
    /// `NSUbiquitousKeyValueStore.default.add(tip:)`, `KeychainHelper.purchase(…)`.
    private static let storeWords = ["userdefaults", "ubiquitouskeyvaluestore", "keychain"]
    /// Function names that say they deliver (`deliver(product)`, `unlockPremium()`).
    private static let deliveryPrefixes = ["deliver", "unlock", "grant", "provide", "award", "credit"]

    /// The first statement after `finish` in `range` that records or delivers the purchase: a
    /// write to a persistent store, an access flag set, or a call named for delivery.
    static func deliveryAfter(_ finish: Int, in range: Range<Int>, of file: SwiftFile) -> Int? {
        let start = file.statementEnd(from: file.statementStart(of: finish))
        guard start < range.upperBound else { return nil }
        let rest = start..<range.upperBound
        for k in rest where file.isKind(k, .identifier) {
            let name = file.text(k).lowercased()
            if storeWords.contains(where: { ASCIISearch.contains(name, $0) }), !file.isAfterDot(k),
               let dot = file.nextCodeIndex(after: k), file.isKind(dot, .dot) || file.isKind(dot, .leftParen) {
                // `UserDefaults.standard.set(…)`, `Keychain.save(…)`: a call follows on the chain.
                if let call = (k..<min(rest.upperBound, k + 8)).first(where: { file.isKind($0, .identifier) && file.isCall(at: $0) && $0 > k }),
                   writeNames.contains(where: { ASCIISearch.contains(file.text(call).lowercased(), $0) }) || ASCIISearch.contains(name, "keychain") {
                    return k
                }
            }
            if file.isCall(at: k), file.receiver(of: k) == nil || file.isAfterDot(k),
               deliveryPrefixes.contains(where: { name.hasPrefix($0) }) {
                return k
            }
            // `delegate?.didPurchase(productId:)`: the delegate is told to hand over the purchase.
            // Not a failure, and not when the receipt is what grants (`validateReceipt: true`,
            // a receipt validated first): the receipt keeps the purchase after a crash.
            if file.isCall(at: k), file.isAfterDot(k), ["purchase", "restore", "bought"].contains(where: { ASCIISearch.contains(name, $0) }),
               !["fail", "cancel", "error"].contains(where: { ASCIISearch.contains(name, $0) }),
               (max(rest.lowerBound, k - 4)..<k).contains(where: { file.isKind($0, .identifier) && file.text($0).lowercased().hasSuffix("delegate") }) {
                let through = file.call(at: k).map { $0.end + 1 } ?? k + 1
                if !(rest.lowerBound..<min(rest.upperBound, through)).contains(where: { file.isKind($0, .identifier) && file.text($0).lowercased().contains("receipt") }) {
                    return k
                }
            }
        }
        if file.grantsAccess(in: rest, countingReturns: false) {
            return file.booleanAssignments(in: rest).first { $0.value && looksLikeAccessFlag(file.text($0.flag)) }?.flag
                ?? rest.first { file.isIdentifier($0, "insert") && file.isAfterDot($0) }
        }
        return nil
    }

    /// The delivery after `finish` in the block that holds it (a switch case ends at the next
    /// case label), within `scope`.
    static func deliveryAfter(_ finish: Int, inBlockWithin scope: Range<Int>, of file: SwiftFile) -> Int? {
        var end = scope.upperBound
        if let brace = file.enclosingBrace(of: finish), let close = file.matchingBracket(of: brace) { end = min(end, close) }
        guard finish < end else { return nil }
        for k in finish..<end where file.isIdentifier(k, "case") || file.isIdentifier(k, "default") {
            if let previous = file.previousCodeIndex(before: k),
               file.isKind(previous, .comma) || file.isKind(previous, .dot) || file.isIdentifier(previous, in: ["if", "guard", "while", "for"]) { continue }
            if file.enclosingBrace(of: k) == file.enclosingBrace(of: finish) {
                end = k
                break
            }
        }
        guard finish < end else { return nil }
        return deliveryAfter(finish, in: finish..<end, of: file)
    }

    private static let writeNames = ["set", "add", "save", "store", "write", "purchase", "update", "increment"]
}
