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
        triggeringExamples: Self.triggeringExamples,
        nonTriggeringExamples: Self.nonTriggeringExamples
    )

    public func prepare(_ project: Project) {
        if project.transactionsHandledBySDK == nil { _ = TransactionFlow(project) }
    }

    /// One of the slower rules on a file dense with StoreKit code (`iap-audit-bench rules` on
    /// the 50 MB benchmark file): started early, not left running alone at the end.
    public static var schedulingWeight: Int { 5 }

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
                let name = TransactionFlow.receiverName(of: finish, in: file) ?? binding.name
                if let exit = skippedBeforeFinish(binding, finish: finish) {
                    result.report(
                        in: file, at: exit,
                        "'\(binding.name)' from \(binding.source.description) is not finished when this \(file.text(exit)) skips it (before the finish at line \(file.line(of: finish))): StoreKit delivers it again on every launch. Finish every transaction you receive, even one you do not deliver."
                    )
                } else if let skip = revokedLeftUnfinished(binding, finish: finish, finishing: finishing, project: project) {
                    result.report(
                        in: file, at: skip,
                        "'\(binding.name)' from \(binding.source.description) is finished only when it is not revoked: a revoked or refunded one stays unfinished and is delivered again on every launch. Finish it in both branches."
                    )
                } else {
                    result.evidence(in: file, at: finish, "\(name).finish() is called in \(scopeDescription(of: finish, in: file))")
                }
                continue
            }
            // `tx.markDelivered()`, a method of `extension Transaction` that finishes it.
            let finishingMethod = binding.uses.lazy.compactMap { use -> Int? in
                guard let dot = file.nextCodeIndex(after: use), file.isKind(dot, .dot), let method = file.nextCodeIndex(after: dot),
                      file.isCall(at: method), finishing.finishesReceiver(file.text(method)) else { return nil }
                return method
            }.first
            let passedToFinisher = finishingMethod != nil || binding.uses.contains { use in
                guard let (call, _) = file.enclosingCall(ofArgument: use) else { return false }
                return finishing.isCalled(by: call, in: file, project: project)
            }
            if passedToFinisher {
                if let method = finishingMethod {
                    result.evidence(in: file, at: method, "\(binding.name).\(file.text(method))() finishes it (a method of extension Transaction) in \(scopeDescription(of: method, in: file))")
                }
                if let use = binding.uses.first(where: { use in
                    file.enclosingCall(ofArgument: use).map { finishing.isCalled(by: $0.call, in: file, project: project) } ?? false
                }), let skip = revokedLeftUnfinished(binding, finish: use, finishing: finishing, project: project) {
                    result.report(
                        in: file, at: skip,
                        "'\(binding.name)' from \(binding.source.description) is finished only when it is not revoked: a revoked or refunded one stays unfinished and is delivered again on every launch. Finish it in both branches."
                    )
                }
                continue
            }
            if let (store, finisher) = keptForLaterFinish(binding) {
                result.evidence(in: file, at: finisher, "'\(binding.name)' from \(binding.source.description) is kept in \(store) and finished in \(scopeDescription(of: finisher, in: file))")
                continue
            }
            if let finisher = Self.finishedByCallers(binding, project: project) {
                result.evidence(
                    in: finisher.file, at: finisher.index,
                    "'\(binding.name)' is unwrapped from the result handed to \(scopeDescription(of: binding.nameIndex, in: file)); its caller \(scopeDescription(of: finisher.index, in: finisher.file)) finishes it"
                )
                continue
            }
            result.report(
                in: file, at: binding.nameIndex,
                "The transaction '\(binding.name)' from \(binding.source.description) is verified but never finished in \(scopeDescription(of: binding.nameIndex, in: file)): StoreKit will deliver it again on every launch."
            )
        }
        // Listeners that bind no transaction (`for await update in Transaction.updates { await refresh() }`,
        // `try update.verify()`, a handler with an empty body): nothing they receive is finished.
        let places = BindingPlaces(bindings)
        for listener in UpdatesListener.all(in: project) {
            guard let body = listener.body, let loop = listener.loop else { continue }
            let file = listener.file
            let binds = places.any(in: file.path, loop..<body.upperBound)
                || handsOnToBinding(listener, places: places, project: project)
            if binds || listener.handsElementToUnseenCode(in: project) { continue }
            handled += 1
            if listener.finishes(using: finishing, project: project) {
                result.evidence(in: file, at: listener.site, "The Transaction.updates loop in \(scopeDescription(of: listener.site, in: file)) finishes what it receives")
                continue
            }
            let what = listener.usesElement(in: project) ? "finishes nothing it receives" : "discards what it receives"
            result.report(
                in: file, at: loop,
                "This Transaction.updates loop in \(scopeDescription(of: loop, in: file)) \(what): renewals, Ask to Buy approvals and purchases made in StoreKit views stay unfinished and are delivered again on every launch."
            )
        }
        handled += checkLegacyHandlers(project, into: &result)
        let objectiveCHandlers = ObjectiveCStoreKit.of(project).handlers.count
        if objectiveCHandlers > 0 {
            handled += objectiveCHandlers
            ObjectiveCChecks.unfinished(project, into: &result)
        }
        handled += Self.checkDiscardedSuccess(project, into: &result)
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

    /// A transaction unwrapped from a verification result its function was handed as a
    /// parameter (`func uploadReceipt(verification: VerificationResult<Transaction>)`) belongs to
    /// the caller when every function that calls this one finishes a transaction on a path the
    /// call can take (`onExclusivePaths`): mullvad's `uploadReceipt` logs and uploads the
    /// payload, and the `Transaction.unfinished` loop that calls it finishes it after the upload.
    /// The first caller's finish; nil when the result is not a parameter, nothing calls the
    /// function, or a caller finishes nothing (a handler fed by an updates loop that finishes
    /// nothing is still reported).
    static func finishedByCallers(_ binding: TransactionBinding, project: Project) -> CodeSite? {
        let file = binding.file
        // A name alone (`result`, `verification.payloadValue`), not a member of something.
        guard let result = binding.resultIndex, file.isKind(result, .identifier), file.receiver(of: result) == nil,
              !file.isKind(result + 1, .dot) || file.isIdentifier(result + 2, "payloadValue") || file.isIdentifier(result + 2, "unsafePayloadValue"),
              let function = file.enclosingFunction(of: result)
        else { return nil }
        let declaration = file.declarations[function]
        let open = declaration.keyword + 2
        guard declaration.kind == .function, file.isKind(open, .leftParen), let close = file.matchingBracket(of: open), close < result else { return nil }
        // The parameter's own name, before its colon: `verification: …`, `_ result: …`, `for result: …`.
        let name = file.text(result)
        guard file.occurrences(of: name, in: (open + 1)..<close).contains(where: { file.isKind($0 + 1, .colon) }) else { return nil }
        var first: CodeSite?
        for other in project.swiftFiles(mentioning: declaration.name) {
            for call in other.calls(named: declaration.name) where other.path != file.path || call.name != declaration.keyword + 1 {
                guard let caller = other.enclosingFunction(of: call.name),
                      let finish = other.occurrences(of: "finish", in: other.fullRange(of: caller)).first(where: {
                          TransactionFlow.isFinishCall($0, in: other) && !Self.onExclusivePaths(call: call.name, finish: $0, in: other)
                      })
                else { return nil }
                if first == nil { first = CodeSite(file: other, index: finish) }
            }
        }
        return first
    }

    /// Whether a finish cannot run on the path that made the call: it is in another case of a
    /// switch the call is in (`case .verified: await deliver(r)` / `case .unverified(let t, _):
    /// await t.finish()`), or in an `else` block that does not hold the call.
    static func onExclusivePaths(call: Int, finish: Int, in file: SwiftFile) -> Bool {
        let apart = file.switchStatements().contains { statement in
            guard let callCase = statement.cases.firstIndex(where: { $0.bodyRange.contains(call) }),
                  let finishCase = statement.cases.firstIndex(where: { $0.bodyRange.contains(finish) })
            else { return false }
            return callCase != finishCase
        }
        if apart { return true }
        var brace = file.enclosingBrace(of: finish)
        while let open = brace, !(open < call && file.matchingBracket(of: open).map { call < $0 } == true) {
            if file.isIdentifier(open - 1, "else") { return true }
            brace = file.enclosingBrace(of: open)
        }
        return false
    }

    /// Original StoreKit: each `paymentQueue(_:updatedTransactions:)` must finish what arrives
    /// in `.purchased`, `.restored` and `.failed`, when the app buys or restores through the
    /// payment queue. Returns the number of handlers judged.
    private func checkLegacyHandlers(_ project: Project, into result: inout RuleResult) -> Int {
        let handlers = LegacyTransactionHandler.all(in: project)
        guard !handlers.isEmpty, LegacyTransactionHandler.appUsesLegacyQueue(project) else { return 0 }
        let finishing = LegacyTransactionHandler.finishingFunctions(in: project)
        for handler in handlers {
            let file = handler.file
            let place = "\(file.enclosingType(of: handler.site).map { file.declarations[$0].name + "." } ?? "")paymentQueue(_:updatedTransactions:)"
            if handler.branches.isEmpty {
                if let finish = LegacyTransactionHandler.finishCall(in: handler.scope, of: file, finishing: finishing) {
                    result.evidence(in: file, at: finish, "finishTransaction(_:) is called for the transactions \(place) receives")
                } else {
                    result.report(
                        in: file, at: handler.site,
                        "\(place) never calls finishTransaction(_:): purchased, restored and failed transactions stay in the payment queue and are delivered again on every launch."
                    )
                }
                continue
            }
            var unfinished: [String] = []
            var finishes: [Int] = []
            for state in LegacyTransactionHandler.statesToFinish {
                guard let branch = handler.branch(for: state),
                      let finish = LegacyTransactionHandler.finishCall(in: branch.body, of: file, finishing: finishing)
                else {
                    unfinished.append(state)
                    continue
                }
                finishes.append(finish)
            }
            if unfinished.isEmpty {
                let first = finishes.min() ?? handler.site
                result.evidence(in: file, at: first, "finishTransaction(_:) is called for purchased, restored and failed transactions in \(place)")
                continue
            }
            let at = unfinished.compactMap { handler.branch(for: $0)?.label }.min() ?? handler.site
            let states = unfinished.map { ".\($0)" }.joined(separator: ", ")
            result.report(
                in: file, at: at,
                "\(place) does not finish transactions in state \(states): they stay in the payment queue and are delivered again on every launch\(unfinished.contains("failed") ? "; a failed one blocks buying that product again" : "")."
            )
        }
        return handlers.count
    }

    /// A `continue` or `return` between an update's binding and its finish, in the same loop
    /// and function, with no finish before it in its block: that transaction is left unfinished
    /// (AniHyou skips products not loaded yet, expired and upgraded ones).
    private func skippedBeforeFinish(_ binding: TransactionBinding, finish: Int) -> Int? {
        guard binding.source == .updates || binding.source == .unfinished, binding.nameIndex < finish else { return nil }
        let file = binding.file
        let owner = file.enclosingDeclaration(of: finish)
        // After the statement that binds it (a `guard case .verified(let t) = r else { return }`
        // leaves on the unverified path, where there is no `t`).
        let bound = file.statementEnd(from: file.statementStart(of: binding.nameIndex))
        let first = max(binding.nameIndex, bound) + 1
        guard first < finish else { return nil }
        // The switches around the binding, found at the first exit (most bindings have none
        // before their finish): filtering every switch of the file for each binding grew with
        // the square of a large generated file.
        var around: [SwitchStatement]?
        // The `continue` and `return` keywords from the index, in order, instead of a look at
        // every token between the binding and its finish.
        let exits = (Array(file.occurrences(of: "continue", in: first..<finish)) + Array(file.occurrences(of: "return", in: first..<finish))).sorted()
        for exit in exits {
            guard file.enclosingDeclaration(of: exit) == owner, binding.scope.contains(exit) else { continue }
            let switches = around ?? file.switchStatements().filter { $0.bodyStart < binding.nameIndex && binding.nameIndex < $0.bodyEnd }
            around = switches
            // Another case of the switch that binds it (`case .unverified: return`).
            if switches.contains(where: { statement in
                statement.cases.contains { $0.bodyRange.contains(exit) } && !statement.cases.contains { $0.bodyRange.contains(exit) && ($0.patternRange.contains(binding.nameIndex) || $0.bodyRange.contains(binding.nameIndex)) }
            }) { continue }
            // A guard or if that tests the verification (`guard checkResult.verified else { return }`).
            if let open = file.enclosingBrace(of: exit) {
                let start = file.statementStart(of: open)
                if file.isIdentifier(start, "guard") || file.isIdentifier(start, "if"),
                   file.contains(identifier: "verified", in: start..<open) || file.contains(identifier: "isVerified", in: start..<open) { continue }
            }
            // Not an exit of a loop nested inside the listener's.
            var nested = false
            var brace = file.enclosingBrace(of: exit)
            while let open = brace, open > binding.nameIndex {
                let start = file.statementStart(of: open)
                if file.isIdentifier(start, "for") || file.isIdentifier(start, "while") || file.isIdentifier(start, "repeat") { nested = true }
                brace = file.enclosingBrace(of: open)
            }
            if nested { continue }
            // A finish earlier in the same block covers it.
            let block = file.enclosingBrace(of: exit).map { ($0 + 1)..<exit } ?? (binding.nameIndex..<exit)
            let finishedBefore = binding.names.contains { name, _ in
                file.occurrences(of: "finish", in: block).contains { TransactionFlow.isFinishCall($0, in: file) && TransactionFlow.receiverName(of: $0, in: file) == name }
            }
            if !finishedBefore { return exit }
        }
        return nil
    }

    /// The `if` whose condition tests the transaction's revocation and whose other branch does
    /// not finish it (`if t.revocationDate == nil { grant; finish } else { revoke }`, or no
    /// `else` at all), when nothing after the `if` finishes it: the `if` keyword.
    private func revokedLeftUnfinished(_ binding: TransactionBinding, finish: Int, finishing: FinishingFunctions, project: Project) -> Int? {
        let file = binding.file
        var brace = file.enclosingBrace(of: finish)
        while let open = brace, binding.scope.contains(open) {
            let start = file.statementStart(of: open)
            if file.isIdentifier(start, "if") {
                let blocks = file.conditionalBlocks(ofStatementAt: start)
                let condition = start..<(blocks.first ?? start)
                let testsRevocation = file.contains(identifier: "revocationDate", in: condition) || file.contains(identifier: "revocationReason", in: condition)
                if testsRevocation {
                    // A branch finishes when it holds the finish, `name.finish()` under any of
                    // the transaction's names, or hands it to a finishing function.
                    let finishes: (Range<Int>) -> Bool = { range in
                        range.contains(finish) || binding.names.contains { name, _ in
                            file.occurrences(of: name, in: range).contains { use in
                                if let dot = file.nextCodeIndex(after: use), file.isKind(dot, .dot),
                                   let member = file.nextCodeIndex(after: dot), TransactionFlow.isFinishCall(member, in: file) {
                                    return true
                                }
                                return file.enclosingCall(ofArgument: use).map { finishing.isCalled(by: $0.call, in: file, project: project) } ?? false
                            }
                        }
                    }
                    let hasElse = blocks.count > 1
                    let everyBranchFinishes = hasElse && blocks.allSatisfy { finishes(file.blockRange($0)) }
                    let end = file.statementEnd(from: start)
                    let finishedAfter = end + 1 < binding.scope.upperBound && finishes((end + 1)..<binding.scope.upperBound)
                    if !everyBranchFinishes, !finishedAfter { return start }
                }
            }
            brace = file.enclosingBrace(of: open)
        }
        return nil
    }

    /// A transaction kept in a stored collection (`transactionsByID[t.id] = t`, `pending.append(t)`)
    /// and finished later by a function of the same type that takes it out of that collection
    /// (`transactionsByID.removeValue(forKey: id)` … `finish()`): the store and that finish call.
    private func keptForLaterFinish(_ binding: TransactionBinding) -> (String, Int)? {
        let file = binding.file
        // The transaction itself, not a member of it: `purchased.insert(t.productID)` keeps an
        // id, and any other method of the type that finishes a transaction and names
        // `purchased` (an updates handler, another purchase) passed for finishing this one.
        for use in binding.uses where !file.isKind(use + 1, .dot) && !file.isKind(use + 1, .leftParen) {
            var store: Int?
            // `store[key] = t`
            if let previous = file.previousCodeIndex(before: use), file.isOperator(previous, "="),
               let close = file.previousCodeIndex(before: previous), file.isKind(close, .rightBracket),
               let open = file.matchingBracket(of: close), let name = file.previousCodeIndex(before: open), file.isKind(name, .identifier) {
                store = name
            } else if let (call, argument) = file.enclosingCall(ofArgument: use), argument.valueRange == use..<(use + 1),
                      ["append", "insert"].contains(file.text(call.name)),
                      let receiver = file.receiver(of: call.name), file.isKind(receiver, .identifier) {
                store = receiver
            }
            guard let store, let type = file.enclosingType(of: use) else { continue }
            let name = file.text(store)
            for function in file.declarations.indices where file.declarations[function].kind == .function && file.declarations[function].parent == type {
                let body = file.bodyRange(of: function)
                guard !file.occurrences(of: name, in: body).isEmpty,
                      let finish = file.occurrences(of: "finish", in: body).first(where: { TransactionFlow.isFinishCall($0, in: file) })
                else { continue }
                return (name, finish)
            }
        }
        return nil
    }

    /// Whether the loop passes what it receives to a function that binds a transaction from
    /// it (`await handle(result)` with `case .verified(let t)` inside `handle`): the binding is
    /// checked where it is made.
    private func handsOnToBinding(_ listener: UpdatesListener, places: BindingPlaces, project: Project) -> Bool {
        guard let body = listener.body, let element = listener.element else { return false }
        let file = listener.file
        let name = file.text(element)
        for use in file.occurrences(of: name, in: body) {
            guard let (call, _) = file.enclosingCall(ofArgument: use) else { continue }
            let callee = file.text(call.name)
            for (fileIndex, declaration) in project.declarations(named: callee, { $0 == .function }) {
                let other = project.swiftFiles[fileIndex]
                let range = other.bodyRange(of: declaration)
                if places.any(in: other.path, range) { return true }
            }
        }
        return false
    }

    /// A purchase result's `switch` (its cases `.success`, `.pending`, `.userCancelled`) whose
    /// `.success` binds nothing (`case .success: return .done`): the verified transaction is
    /// dropped there, so nothing can finish it (Passepartout's `Product.PurchaseResult.toResult`
    /// for a StoreKit view's completion). Returns how many such switches were read.
    static func checkDiscardedSuccess(_ project: Project, into result: inout RuleResult) -> Int {
        var read = 0
        for file in project.swiftFiles(mentioning: "userCancelled") {
            for statement in file.switchStatements() {
                func names(_ clause: SwitchCase) -> [String] {
                    clause.patternRange.filter { file.isKind($0, .identifier) && file.isAfterDot($0) }.map { file.text($0) }
                }
                let all = statement.cases.flatMap(names)
                guard all.contains("success"), all.contains("pending"), all.contains("userCancelled"),
                      let success = statement.cases.first(where: { names($0).contains("success") }),
                      Self.isStoreKitPurchaseResult(statement, in: file, project: project) else { continue }
                read += 1
                // `case .success(let verification)`, `case let .success(v)`: bound, followed elsewhere.
                let bound = success.patternRange.contains { file.isIdentifier($0, "let") || file.isIdentifier($0, "var") || file.isKind($0, .leftParen) }
                    || (file.previousCodeIndex(before: success.patternRange.lowerBound).map { file.isIdentifier($0, "let") } ?? false)
                if !bound, !success.bodyRange.contains(where: { file.isIdentifier($0, "finish") }) {
                    // A conversion in `extension Product.PurchaseResult` (`var toResult`): reported
                    // where a StoreKit view's completion hands its result to it, the code that
                    // should finish.
                    let member = file.declarationChain(of: statement.keyword).last { file.declarations[$0].kind == .variable || file.declarations[$0].kind == .function }
                        .map { file.declarations[$0].name }
                    let completions: [(SwiftFile, Int)] = member.map { name in
                        project.swiftFiles(mentioning: name).flatMap { other in
                            other.occurrences(of: name).filter { other.isAfterDot($0) }.compactMap { use -> (SwiftFile, Int)? in
                                guard let closure = other.declarationChain(of: use).last(where: { other.declarations[$0].kind == .closure && other.declarations[$0].name == "onInAppPurchaseCompletion" }),
                                      other.declarations[closure].calleeIndex >= 0 else { return nil }
                                return (other, other.declarations[closure].calleeIndex)
                            }
                        }
                    } ?? []
                    if completions.isEmpty {
                        result.report(
                            in: file, at: success.label,
                            "This .success case binds nothing: the purchase's verified transaction is dropped here, so it is never finished and StoreKit delivers it again on every launch."
                        )
                    }
                    for (other, site) in completions {
                        result.report(
                            in: other, at: site,
                            "This StoreKit view's purchase completion hands its result to \(member ?? "a conversion"), whose .success case (\(file.path):\(file.line(of: success.label))) binds nothing: the verified transaction is never finished, and StoreKit delivers it again on every launch."
                        )
                    }
                }
            }
        }
        return read
    }

    /// Whether a switch's subject is StoreKit's `Product.PurchaseResult` (not an app enum with
    /// the same cases): `self` in `extension Product.PurchaseResult`, a value typed so, or one
    /// assigned from a `purchase(…)` call or a StoreKit view's `result.get()`.
    static func isStoreKitPurchaseResult(_ statement: SwitchStatement, in file: SwiftFile, project: Project) -> Bool {
        let subject = statement.subjectRange.filter { file.isKind($0, .identifier) }
        guard let last = subject.last else { return false }
        if file.isIdentifier(last, "self") {
            return file.declarationChain(of: statement.keyword).contains { d in
                file.declarations[d].kind == .extension && ["PurchaseResult", "Product.PurchaseResult"].contains(file.declarations[d].name)
            }
        }
        if let type = file.typeName(ofReceiver: last) { return type == "PurchaseResult" || type == "Product.PurchaseResult" }
        // A value that comes from a purchase (`let result = try await product.purchase()`, a
        // StoreKit view's completion result), as the transaction flow traces it.
        return TransactionFlow.directSource(at: last, in: file) == .purchase
            || TransactionFlow.traceSource(of: last, in: file, before: statement.keyword, project: project, depth: 0) == .purchase
    }
}

/// The bindings' name indices by file, ascending: whether one lies in a range is a binary
/// search, not a scan of every binding for every listener (a generated 50 MB file has 19,000
/// listeners and as many bindings: 2 billion instructions, 12 % of its audit).
private struct BindingPlaces {
    private var byFile: [String: [Int]] = [:]

    init(_ bindings: [TransactionBinding]) {
        for binding in bindings { byFile[binding.file.path, default: []].append(binding.nameIndex) }
        for path in byFile.keys { byFile[path]?.sort() }
    }

    /// Whether a binding of the file at `path` has its name in `range`.
    func any(in path: String, _ range: Range<Int>) -> Bool {
        guard let indices = byFile[path] else { return false }
        let low = indices.firstIndex(notBelow: { $0 < range.lowerBound })
        return low < indices.count && indices[low] < range.upperBound
    }
}
