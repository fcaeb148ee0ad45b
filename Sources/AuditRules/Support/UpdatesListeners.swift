import AuditCore

/// A `Transaction.updates` listener: the place StoreKit delivers renewals, refunds, Ask to
/// Buy approvals, purchases made in StoreKit views and transactions left unfinished at the
/// last launch. Whether it counts depends on what it does: a loop in a function nobody calls
/// listens to nothing, a loop that finishes nothing leaves every update unfinished, a
/// `return` in the loop stops listening.
struct UpdatesListener: Sendable {
    var file: SwiftFile
    /// The first token of the `Transaction.updates` expression (`Transaction` or `StoreKit`).
    var site: Int
    /// The `for` keyword when the sequence is iterated with `for await x in …`.
    var loop: Int?
    /// The loop variable's token.
    var element: Int?
    /// The loop body (braces excluded).
    var body: Range<Int>?
    /// The function around the listener is declared but nothing in the app calls it.
    var neverCalled: Bool
    /// `return` statements that leave the loop (and the task) at the first such update.
    var returns: [Int]
}

extension UpdatesListener {
    /// Every `Transaction.updates` expression in the app, with its loop when iterated.
    static func all(in project: Project) -> [UpdatesListener] {
        project.fact(UpdatesListeners.self) {
            var found: [UpdatesListener] = []
            for file in project.swiftFiles(mentioning: "updates") {
                for member in file.occurrences(of: "updates") where file.isMemberAccess(member, base: "Transaction", member: "updates") {
                    guard var site = file.codeIndex(member, offsetBy: -2) else { continue }
                    if let module = file.codeIndex(site, offsetBy: -2), file.token(site, offsetBy: -1, is: .dot), file.isIdentifier(module, "StoreKit") {
                        site = module
                    }
                    found.append(listener(at: site, in: file, project: project))
                }
            }
            return UpdatesListeners(listeners: found)
        }.listeners
    }

    private static func listener(at site: Int, in file: SwiftFile, project: Project) -> UpdatesListener {
        var listener = UpdatesListener(file: file, site: site, loop: nil, element: nil, body: nil, neverCalled: false, returns: [])
        // `let updates = Transaction.updates` … `for await result in updates`: the loop is at the alias.
        var site = site
        if let op = file.previousCodeIndex(before: site), file.isOperator(op, "="), let name = file.previousCodeIndex(before: op),
           let keyword = file.previousCodeIndex(before: name), file.isIdentifier(keyword, "let") || file.isIdentifier(keyword, "var"),
           let function = file.enclosingFunction(of: site) {
            let end = file.bodyRange(of: function).upperBound
            if site + 1 < end, let iterated = file.occurrences(of: file.text(name), in: (site + 1)..<end).first(where: { use in
                file.previousCodeIndex(before: use).map { file.isIdentifier($0, "in") } == true
            }) {
                site = iterated
            }
        }
        // `for await x in Transaction.updates {`: `in` before the sequence, the loop variable
        // before it; `for await case .verified(let t) in Transaction.updates {` binds in a pattern.
        if let inKeyword = file.previousCodeIndex(before: site), file.isIdentifier(inKeyword, "in"),
           let before = file.previousCodeIndex(before: inKeyword),
           case let loop = file.statementStart(of: inKeyword), file.isIdentifier(loop, "for") {
            listener.loop = loop
            listener.element = file.isKind(before, .identifier) ? before : nil
            var open = site
            while open < file.code.count, !file.isKind(open, .leftBrace) { open += 1 }
            if let close = file.matchingBracket(of: open), close > open {
                let body = (open + 1)..<close
                listener.body = body
                listener.returns = file.occurrences(of: "return", in: body).filter { isLoopExit($0, loopBody: open, in: file) }
            }
        }
        if let function = file.enclosingFunction(of: site) {
            listener.neverCalled = LaunchPath.isNeverCalled(function, in: file, project: project)
        }
        return listener
    }

    /// Whether a `return` inside a loop body belongs to the loop's function (not to a closure
    /// or nested function inside the loop).
    private static func isLoopExit(_ index: Int, loopBody open: Int, in file: SwiftFile) -> Bool {
        guard file.isIdentifier(index, "return") else { return false }
        var brace = file.enclosingBracket(of: index)
        while let current = brace, current != open {
            if file.isKind(current, .leftBrace), file.declaration(openedBy: current) != nil { return false }
            brace = file.enclosingBracket(of: current)
        }
        return brace == open
    }

    /// How the listener is started: at launch, by a view, or not traced.
    func start(in project: Project) -> LaunchPath.StartContext {
        LaunchPath.context(of: site, in: file, project: project, depth: 0)
    }

    /// Whether the loop finishes what it receives: a `finish()` call in the body, or a call of
    /// an app function that finishes (`finishing`, from `TransactionFlow.finishingFunctions`).
    /// A listener that is not a `for` loop (the sequence handed to a helper) is given the
    /// benefit of the doubt.
    func finishes(using finishing: FinishingFunctions, project: Project) -> Bool {
        guard let body else { return true }
        if file.occurrences(of: "finish", in: body).contains(where: { TransactionFlow.isFinishCall($0, in: file) }) { return true }
        return finishing.isCalled(in: body, of: file, project: project)
    }

    /// Whether the loop hands what it receives to an app function, or binds a transaction
    /// from it: `await handle(result)`, `case .verified(let t)`. A loop that only calls
    /// `result.verify()` or refreshes something else discards the update.
    func usesElement(in project: Project) -> Bool {
        guard let body, let element else { return true }
        let name = file.text(element)
        for use in file.occurrences(of: name, in: body) {
            // `result.verify()` alone checks and drops the value.
            if let next = file.nextCodeIndex(after: use), file.isKind(next, .dot), let member = file.nextCodeIndex(after: next),
               file.isIdentifier(member, "verify"), file.statementStart(of: use) == use || file.isIdentifier(file.statementStart(of: use), "try") {
                continue
            }
            if let (call, _) = file.enclosingCall(ofArgument: use) {
                // Passed to an app function whose body is empty: handled by nothing.
                let callee = file.text(call.name)
                let bodies = project.declarations(named: callee) { $0 == .function }.map { (project.swiftFiles[$0.file], $0.declaration) }
                if !bodies.isEmpty, bodies.allSatisfy({ $0.0.bodyRange(of: $0.1).isEmpty }) { continue }
            }
            return true
        }
        return false
    }
}

extension UpdatesListener {
    /// Whether the loop hands what it receives to code the app does not show: a stored
    /// closure (`onUpdate?(result)`), a protocol requirement, another module's function.
    /// What happens there cannot be seen, so the loop is given the benefit of the doubt.
    func handsElementToUnseenCode(in project: Project) -> Bool {
        guard let body, let element else { return false }
        let name = file.text(element)
        for use in file.occurrences(of: name, in: body) {
            guard let (call, _) = file.enclosingCallArguments(ofArgument: use) else {
                // `onUpdate?(update)`: an optional closure called with it.
                if let open = file.enclosingBracket(of: use), file.isKind(open, .leftParen),
                   let before = file.previousCodeIndex(before: open), file.tokenIs(before, "?") || file.tokenIs(before, "!") {
                    return true
                }
                continue
            }
            let callee = file.text(call.name)
            if TransactionFlow.isLogged(use, in: file) { continue }
            if project.declarations(named: callee, { $0 == .function }).isEmpty { return true }
        }
        return false
    }
}

/// The listeners of a project, found once and shared by the rules (also the fact's name).
private struct UpdatesListeners: Sendable {
    var listeners: [UpdatesListener]
}
