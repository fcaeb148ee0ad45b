import AuditCore

/// Where a verification result (or the transaction inside it) comes from. The finish,
/// revocation and verification rules differ by source: a purchase result and an update must
/// be finished; entitlements must exclude revoked transactions.
enum TransactionSource: Equatable, Sendable {
    case purchase
    case updates
    case unfinished
    case currentEntitlements
    case all
    /// `Transaction.latest(for:)`: the newest transaction of a product, a refunded one included.
    case latest
    case subscriptionStatus
    case appTransaction
    case unknown

    var mustBeFinished: Bool { self == .purchase || self == .updates || self == .unfinished }

    var description: String {
        switch self {
        case .purchase: "a purchase result"
        case .updates: "Transaction.updates"
        case .unfinished: "Transaction.unfinished"
        case .currentEntitlements: "Transaction.currentEntitlements"
        case .all: "Transaction.all"
        case .latest: "Transaction.latest(for:)"
        case .subscriptionStatus: "a subscription status"
        case .appTransaction: "AppTransaction.shared"
        case .unknown: "an unknown source"
        }
    }
}

/// A transaction bound from a verification result: `case .verified(let t)`,
/// `let t = try checkVerified(result)`, `let t = result.unsafePayloadValue`.
struct TransactionBinding: Sendable {
    var file: SwiftFile
    /// The token of the bound name.
    var nameIndex: Int
    var name: String
    var source: TransactionSource
    /// Bound through `unsafePayloadValue` or an `.unverified(let t, …)` pattern.
    var isUnverified: Bool
    /// Bound by a case pattern (`.verified(let t)`), not `let t = …`.
    var isPattern: Bool = false
    /// The verification result's first token: `result` in `case .verified(let t) = result` or
    /// `let t = try result.payloadValue`, `r` in `let t = try checkVerified(r)`; nil when unseen.
    var resultIndex: Int?
    /// Code-token range in which the binding is live: the rest of its function or closure.
    var scope: Range<Int>
    /// Other names the same transaction is given in that scope: `transaction = t` (a variable
    /// declared before the switch), `let transaction = checkResult.transaction`.
    var aliases: [TransactionAlias] = []

    /// The binding's own name and its aliases, each with where it is live.
    var names: [(name: String, scope: Range<Int>)] {
        [(name, scope)] + aliases.map { ($0.name, $0.scope) }
    }

    /// Whether the transaction is finished under one of its names.
    var finishCall: Int? { found.map(\.finishCall) ?? findFinishCall() }

    /// The uses of the transaction (under any of its names) after it is bound.
    var uses: [Int] { found?.uses ?? findUses() }

    /// `finishCall` and `uses`, found once with the binding for the bindings the rules ask
    /// about (`settle`): three rules asked for them up to six times a binding, each time a
    /// search of the binding's scope.
    private(set) var found: (finishCall: Int?, uses: [Int])?

    /// Finds `finishCall` and `uses` now, for the transactions rules follow: those that must be
    /// finished, and unverified ones.
    mutating func settle() {
        guard source.mustBeFinished || isUnverified else { return }
        found = (findFinishCall(), findUses())
    }

    private func findFinishCall() -> Int? {
        for (name, scope) in names {
            if let finish = file.occurrences(of: "finish", in: scope).first(where: {
                TransactionFlow.isFinishCall($0, in: file) && TransactionFlow.receiverName(of: $0, in: file) == name
            }) {
                return finish
            }
        }
        return nil
    }

    private func findUses() -> [Int] {
        names.flatMap { name, scope in file.occurrences(of: name, in: scope).filter { $0 > nameIndex && file.receiver(of: $0) == nil } }
    }
}

/// Another name for a bound transaction.
struct TransactionAlias: Sendable {
    var name: String
    var nameIndex: Int
    var scope: Range<Int>
}

/// Finds transaction bindings and traces verification results back to their source within a
/// file, following parameters to their call sites across the project (two levels).
struct TransactionFlow {
    let project: Project
    private(set) var bindings: [TransactionBinding] = []
    /// The bindings of each name in each file (by path), in order: a lookup per use instead
    /// of a pass over every binding of the project.
    private var bindingsByName: [BindingKey: [Int]] = [:]

    private struct BindingKey: Hashable, Sendable {
        var file: String
        var name: String
    }

    static let sequenceSources: [String: TransactionSource] = [
        "updates": .updates, "unfinished": .unfinished, "currentEntitlements": .currentEntitlements, "all": .all,
    ]

    init(_ project: Project) {
        self.project = project
        // The bindings and their index are made once per project and shared by the rules that
        // trace them (each makes its own TransactionFlow).
        let found = project.fact(TransactionFlow.self) { () -> ([TransactionBinding], [BindingKey: [Int]]) in
            let bindings = project.mapSwiftFiles { Self.bindings(in: $0, project: project) }.flatMap { $0 }
            var byName: [BindingKey: [Int]] = [:]
            for (index, binding) in bindings.enumerated() {
                byName[BindingKey(file: binding.file.path, name: binding.name), default: []].append(index)
            }
            // In the order of their names in the file, for the binary search in `source`.
            for key in byName.keys {
                byName[key]?.sort { (bindings[$0].nameIndex, $0) < (bindings[$1].nameIndex, $1) }
            }
            return (bindings, byName)
        }
        bindings = found.0
        bindingsByName = found.1
    }

    /// The source of the transaction named `name` used at `index`: the binding live there, or,
    /// when it is a parameter of the enclosing function, what that function's callers pass.
    func source(ofTransactionNamed name: String, usedAt index: Int, in file: SwiftFile) -> TransactionSource {
        let candidates = bindingsByName[BindingKey(file: file.path, name: name)] ?? []
        // The nearest binding of the name before `index` whose scope holds it: a binary search
        // to the bindings before `index`, then back from the nearest (a generated file binds
        // `transaction` 19,000 times, and every use scanned them all).
        let low = candidates.firstIndex(notBelow: { bindings[$0].nameIndex < index })
        for position in stride(from: low - 1, through: 0, by: -1) where bindings[candidates[position]].scope.contains(index) {
            return bindings[candidates[position]].source
        }
        return Self.traceSource(of: index, named: name, in: file, project: project)
    }

    /// Traces a name used at `index` without a binding in sight (a parameter, usually).
    static func traceSource(of index: Int, named name: String, in file: SwiftFile, project: Project) -> TransactionSource {
        let start = file.enclosingFunction(of: index).map { file.declarations[$0].keyword } ?? 0
        guard start <= index else { return .unknown }
        // The name's occurrences from the index, nearest first (not every token back to the
        // start of the file, for code outside functions).
        for i in file.occurrences(of: name, in: start..<(index + 1)).reversed() {
            let source = traceSource(of: i, in: file, before: i + 1, project: project, depth: 0)
            if source != .unknown { return source }
        }
        return .unknown
    }

    // MARK: Bindings

    /// Where a verification result is unwrapped, read from the syntax alone (no tracing).
    struct BindingSite: Sendable {
        /// The bound name's token.
        var nameIndex: Int
        /// `.verified(let t)` / `case let .verified(t)`: the case token; nil for `let t = …`.
        var caseIndex: Int?
        /// The `let`/`var` of `let t = checkVerified(r)`; nil for a pattern.
        var keyword: Int?
        /// The verification result's token in `let t = checkVerified(r)` / `r.payloadValue`.
        var argument: Int?
        /// Bound through `unsafePayloadValue` or an `.unverified(let t, …)` pattern.
        var isUnverified: Bool
    }

    /// Every place in `range` (the whole file by default) that unwraps a verification result:
    /// `case .verified(let t)`, `case let .verified(t)`, `case let .success(.verified(t))`,
    /// `if case`/`guard case` forms, `.unverified(let t, let error)`, `let t = try checkVerified(r)`,
    /// `if let t = checkVerified(r)` (a helper returning an Optional), `let t = try r.payloadValue`,
    /// `let t = r.unsafePayloadValue`. The one reading of these shapes that every rule uses.
    static func bindingSites(in file: SwiftFile, range: Range<Int>? = nil) -> [BindingSite] {
        let starts = bindingStarts(in: file)
        guard let range else { return starts.compactMap { bindingSite(at: $0, in: file) } }
        // Ascending: the starts in `range` by binary search.
        let low = starts.firstIndex(notBelow: { $0 < range.lowerBound })
        let high = starts.firstIndex(notBelow: { $0 < range.upperBound })
        return starts[low..<high].compactMap { bindingSite(at: $0, in: file) }
    }

    /// Where bindings may start, ascending: every binding starts at one of four words.
    private static func bindingStarts(in file: SwiftFile) -> [Int] {
        // Every binding needs `.verified`/`.unverified`, a callee whose name holds "verif"
        // (`checkVerified`), or `payloadValue`: a file with none of them has no binding.
        guard file.containsFolded("verif") || file.mentions("payloadValue") || file.mentions("unsafePayloadValue") else { return [] }
        // The index finds them.
        return file.occurrences(ofAny: ["verified", "unverified", "let", "var"])
    }

    /// The binding that starts at word `i`, if one does.
    private static func bindingSite(at i: Int, in file: SwiftFile) -> BindingSite? {
        // The case's first associated value.
        if file.tokenIs(i, "verified") || file.tokenIs(i, "unverified") {
            guard let pattern = file.caseBindings(at: i).first(where: { $0.position == 0 }) else { return nil }
            return BindingSite(nameIndex: pattern.nameIndex, caseIndex: i, keyword: nil, argument: nil, isUnverified: file.tokenIs(i, "unverified"))
        }
        guard let name = file.nextCodeIndex(after: i), file.isKind(name, .identifier),
              let value = initialValue(ofBindingNamed: name, in: file),
              let (argument, unsafe) = verifiedValue(at: value, in: file)
        else { return nil }
        return BindingSite(nameIndex: name, caseIndex: nil, keyword: i, argument: argument, isUnverified: unsafe)
    }

    /// A file's bindings, in order. A file with many candidate words (a generated file binds
    /// thousands of transactions) is done in slices on the project's workers: it is one file,
    /// and its bindings were a fifth of its audit on one core while the other waited.
    private static func bindings(in file: SwiftFile, project: Project) -> [TransactionBinding] {
        slicedMap(bindingStarts(in: file), jobs: project.jobs) { bindings(at: $0, in: file, project: project) }
    }

    private static func bindings(at starts: ArraySlice<Int>, in file: SwiftFile, project: Project) -> [TransactionBinding] {
        starts.compactMap { bindingSite(at: $0, in: file) }.map { site in
            let source: TransactionSource
            let owner: Int
            let result: Int?
            if let caseIndex = site.caseIndex {
                owner = patternOwner(of: caseIndex, in: file)
                result = patternSubject(of: caseIndex, in: file)
                source = result.map { traceSource(of: $0, in: file, before: caseIndex, project: project, depth: 0) } ?? .unknown
            } else {
                let keyword = site.keyword ?? site.nameIndex
                owner = bindingOwner(of: keyword, in: file)
                result = site.argument
                source = site.argument.map { traceSource(of: $0, in: file, before: keyword, project: project, depth: 0) } ?? .unknown
            }
            var binding = TransactionBinding(
                file: file, nameIndex: site.nameIndex, name: file.text(site.nameIndex), source: source,
                isUnverified: site.isUnverified, scope: liveRange(after: owner, in: file)
            )
            binding.isPattern = site.caseIndex != nil
            binding.resultIndex = result
            binding.aliases = aliases(of: binding)
            binding.settle()
            return binding
        }
    }

    /// The first token of the value a `let`/`var` name is initialised with: `x` in
    /// `let t = try x.payloadValue`, `checkVerified` in `if let t: Transaction = checkVerified(r)`.
    static func initialValue(ofBindingNamed name: Int, in file: SwiftFile) -> Int? {
        guard let keyword = file.previousCodeIndex(before: name), file.isIdentifier(keyword, "let") || file.isIdentifier(keyword, "var"),
              var j = file.nextCodeIndex(after: name)
        else { return nil }
        if file.isKind(j, .colon) {
            // `let t: Transaction = …`
            while j < name + 8, !file.tokenIs(j, "="), let next = file.nextCodeIndex(after: j) { j = next }
        }
        guard file.tokenIs(j, "="), var value = file.nextCodeIndex(after: j) else { return nil }
        while file.isIdentifier(value, "try") || file.isIdentifier(value, "await") || file.tokenIs(value, "?") || file.tokenIs(value, "!") {
            guard let next = file.nextCodeIndex(after: value) else { return nil }
            value = next
        }
        return value
    }

    /// The token that decides where a `let`/`var` binding is live: the `if`/`guard`/`while`
    /// whose condition list holds it, else the `let` itself.
    static func bindingOwner(of keyword: Int, in file: SwiftFile) -> Int {
        let start = file.statementStart(of: keyword)
        if start < keyword, file.isIdentifier(start, "if") || file.isIdentifier(start, "guard") || file.isIdentifier(start, "while") {
            return start
        }
        return keyword
    }

    /// The other names `binding` is given while it is live: `let other = t`,
    /// `let other = t.transaction` (a tuple or wrapper a verification helper returns), and
    /// `other = t` where `other` is declared earlier in the function (`let other: Transaction`).
    static func aliases(of binding: TransactionBinding) -> [TransactionAlias] {
        let file = binding.file
        var result: [TransactionAlias] = []
        for use in file.occurrences(of: binding.name, in: binding.scope) where use > binding.nameIndex && file.receiver(of: use) == nil {
            guard let equals = file.previousCodeIndex(before: use), file.tokenIs(equals, "="),
                  let target = file.previousCodeIndex(before: equals), file.isKind(target, .identifier)
            else { continue }
            // The value is the name alone, or `name.transaction`, up to the end of the statement.
            var end = use + 1
            if file.token(use, offsetBy: 1, is: .dot), file.isIdentifier(use + 2, "transaction") { end = use + 3 }
            guard end >= file.code.count || file.startsLine[end] || file.isKind(end, .semicolon) || file.isKind(end, .rightBrace) else { continue }
            let name = file.text(target)
            if let keyword = file.previousCodeIndex(before: target), file.isIdentifier(keyword, "let") || file.isIdentifier(keyword, "var") {
                result.append(TransactionAlias(name: name, nameIndex: target, scope: liveRange(after: bindingOwner(of: keyword, in: file), in: file)))
                continue
            }
            guard file.receiver(of: target) == nil else { continue }
            // `transaction = t`: the declaration of `transaction` earlier in the function.
            let start = file.enclosingFunction(of: use).map { file.declarations[$0].keyword } ?? 0
            let declaration = file.occurrences(of: name, in: start..<target).last { candidate in
                file.previousCodeIndex(before: candidate).map { file.isIdentifier($0, "let") || file.isIdentifier($0, "var") } == true
            }
            if let declaration {
                result.append(TransactionAlias(name: name, nameIndex: target, scope: liveRange(after: declaration - 1, in: file)))
            }
        }
        return result
    }

    /// For `try checkVerified(x)` / `try verify(x)` / `x.payloadValue` / `x.unsafePayloadValue`
    /// starting at `index`, the token naming `x` and whether the value is taken unverified.
    static func verifiedValue(at index: Int, in file: SwiftFile) -> (Int, Bool)? {
        let code = file.code
        var i = index
        // `self.checkVerified(x)`, `Self.verify(x)`, `StoreHelper.checkVerified(x)`
        while i + 2 < code.count, file.isKind(i, .identifier), file.isKind(i + 1, .dot) {
            // `x.payloadValue` / `x.unsafePayloadValue`, `status.transaction.payloadValue`: the
            // chain before it is the verification result. The walk went past it before, and
            // `let t = try r.payloadValue` bound nothing (a transaction never finished there
            // went unreported). Not `r.payloadValue.productID`, which binds a member of it.
            if file.isIdentifier(i + 2, "payloadValue") || file.isIdentifier(i + 2, "unsafePayloadValue") {
                guard !file.isKind(i + 3, .dot) else { return nil }
                return (index, file.isIdentifier(i + 2, "unsafePayloadValue"))
            }
            i += 2
        }
        guard i < code.count, file.isKind(i, .identifier) else { return nil }
        let name = file.text(i).lowercased()
        // `checkVerified(result)`, `verify(status.transaction)`: an identifier or a member chain.
        if ASCIISearch.contains(name, "verif"), let call = file.call(at: i), call.arguments.count == 1,
           let argument = call.arguments.first, let first = argument.valueRange.first, file.isKind(first, .identifier),
           argument.valueRange.allSatisfy({ file.isKind($0, .identifier) || file.isKind($0, .dot) }) {
            return (first, false)
        }
        return nil
    }

    /// The `case`/`if`/`guard` keyword that owns a pattern token.
    private static func patternOwner(of index: Int, in file: SwiftFile) -> Int {
        var i = index
        while i > 0 {
            if file.isKind(i, .leftBrace) || file.isKind(i, .rightBrace) || file.isKind(i, .semicolon) { return i }
            if file.isIdentifier(i, "case") {
                // `guard case`, `if case`, `while case`, `for case`: the statement keyword owns it.
                if i > 0, ["guard", "if", "while", "for"].contains(file.text(i - 1)), file.isKind(i - 1, .identifier) { return i - 1 }
                // A later condition of the list (`guard case .success(let v) = r, case
                // .verified(let t) = v else { … }`): the statement owns it too. Owned by this
                // `case`, the binding was live only up to the `else` block's end, and a finish
                // after the guard went unseen.
                if i > 0, file.isKind(i - 1, .comma) {
                    i -= 1
                    continue
                }
                return i
            }
            if file.isIdentifier(i, "if") || file.isIdentifier(i, "guard") || file.isIdentifier(i, "while") { return i }
            i -= 1
        }
        return 0
    }

    /// The value a pattern is matched against: `result` in `if case .verified(let t) = result`
    /// or in `switch result { case .verified(let t): … }`; for nested patterns
    /// (`.success(.verified(let t))`) the same subject.
    static func patternSubject(of index: Int, in file: SwiftFile) -> Int? {
        let code = file.code
        // Climb out of nested patterns: `.success(.verified(let t))` starts at `success`.
        var top = index
        while true {
            guard let open = file.enclosingBracket(of: top), open > 1, file.isKind(open, .leftParen), file.isImplicitMember(open - 1) else { break }
            top = open - 1
        }
        // `if case …pattern… = subject` / `guard case … = subject` / `for case … in subject`
        var i = top
        var depth = 0
        while i < code.count {
            if file.isKind(i, .leftParen) || file.isKind(i, .leftBracket) { depth += 1 }
            if file.isKind(i, .rightParen) || file.isKind(i, .rightBracket) { depth -= 1 }
            if depth < 0 { break }
            if depth == 0 {
                if file.tokenIs(i, "=") || file.isIdentifier(i, "in") {
                    let j = file.skippingTryAwait(from: i + 1)
                    return j < code.count ? j : nil
                }
                if file.isKind(i, .colon) || file.isKind(i, .leftBrace) || file.isKind(i, .comma) || file.isIdentifier(i, "where") { break }
            }
            i += 1
        }
        // A switch case: the subject of the enclosing switch whose body holds the label.
        for statement in file.switchStatements() where statement.bodyStart < index && index < statement.bodyEnd {
            if statement.cases.contains(where: { $0.patternRange.contains(top) }) {
                let start = file.skippingTryAwait(from: statement.subjectRange.lowerBound, before: statement.subjectRange.upperBound)
                return start < statement.subjectRange.upperBound ? start : nil
            }
        }
        return nil
    }

    /// Where a name bound at `owner` (a `case`, `if`, `guard`, `let` or `var` token) is visible:
    /// a switch case's body, an `if`/`while` block, or the rest of the enclosing block.
    static func liveRange(after owner: Int, in file: SwiftFile) -> Range<Int> {
        let code = file.code
        if file.isIdentifier(owner, "case") {
            for statement in file.switchStatements() where statement.bodyStart < owner && owner < statement.bodyEnd {
                if let switchCase = statement.cases.first(where: { $0.label == owner }) {
                    return owner..<switchCase.bodyRange.upperBound
                }
            }
        }
        if file.isIdentifier(owner, "if") || file.isIdentifier(owner, "while") || file.isIdentifier(owner, "case"),
           let body = file.conditionBodyBrace(from: owner + 1) {
            return owner..<max(owner, file.matchingBracket(of: body) ?? code.count)
        }
        // `guard`, `let`, `var`: the rest of the innermost enclosing block.
        guard let block = file.enclosingBrace(of: owner) else { return owner..<code.count }
        return owner..<(file.matchingBracket(of: block) ?? code.count)
    }

    // MARK: Sources

    /// Traces the expression starting at `index` (an identifier, a member chain or a call)
    /// back to where its verification result or purchase result came from.
    static func traceSource(of index: Int, in file: SwiftFile, before limit: Int, project: Project, depth: Int) -> TransactionSource {
        let code = file.code
        guard index < code.count else { return .unknown }
        // Direct expressions: `Transaction.updates` is not a result, but `status.transaction`,
        // `AppTransaction.shared`, `product.purchase()` are.
        if let direct = directSource(at: index, in: file) { return direct }
        // `for await case .verified(let t) in Transaction.updates`: the sequence itself.
        if let sequence = transactionSequence(at: index, in: file) { return sequence }
        guard file.isKind(index, .identifier) else { return .unknown }
        let name = file.text(index)
        // `status.transaction` / `status.renewalInfo`
        if index + 2 < code.count, file.isKind(index + 1, .dot),
           file.isIdentifier(index + 2, "transaction") || file.isIdentifier(index + 2, "renewalInfo") {
            return .subscriptionStatus
        }
        // Where was `name` bound before `limit` in this scope? Its occurrences there, nearest
        // first, from the identifier index (a backtick name, which the index leaves out, by
        // looking at every token): every token back to the scope's start, for each binding,
        // grew with the square of a long function or of top-level code (a fifth of the
        // generated 50 MB file's audit).
        let scopeStart = file.enclosingFunction(of: index).map { file.declarations[$0].keyword } ?? 0
        let upper = min(limit, code.count)
        guard scopeStart < upper else { return .unknown }
        let candidates: [Int] = name.hasPrefix("`")
            ? (scopeStart..<upper).reversed().filter { file.isKind($0, .identifier) && file.tokenIs($0, spelled: name) }
            : file.occurrences(of: name, in: scopeStart..<upper).reversed()
        for i in candidates {
            // `for await name in Transaction.updates`
            if i > 0, file.isIdentifier(i + 1, "in"), isLoopVariable(i, in: file) {
                guard let sequence = file.codeIndex(i, offsetBy: 2) else { return .unknown }
                if let source = transactionSequence(at: sequence, in: file) { return source }
                // `let updates = Transaction.updates` … `for await result in updates`
                if let initial = localInitializer(of: sequence, in: file), let source = transactionSequence(at: initial, in: file) { return source }
                return .unknown
            }
            // `name = try await product.purchase()` after `let name: Product.PurchaseResult`:
            // the nearest assignment says where the value came from.
            if i > 0, !(file.isIdentifier(i - 1, "let") || file.isIdentifier(i - 1, "var")), file.receiver(of: i) == nil,
               i + 1 < code.count, file.isOperator(i + 1, "="), i + 2 < code.count {
                // `try await`, `try? await` (`guard let result = try? await AppTransaction.shared`).
                let j = file.skippingTryAwait(from: i + 2)
                if let direct = directSource(at: j, in: file) { return direct }
            }
            // `let result: Product.PurchaseResult`: the declared type says it.
            if i > 0, file.isIdentifier(i - 1, "let") || file.isIdentifier(i - 1, "var"), i + 3 < code.count, file.isKind(i + 1, .colon),
               file.isIdentifier(i + 2, "Product"), file.token(i + 2, offsetBy: 1, is: .dot), file.isIdentifier(i + 4, "PurchaseResult") {
                return .purchase
            }
            // `let name = …` / `var name = …`
            if i > 0, file.isIdentifier(i - 1, "let") || file.isIdentifier(i - 1, "var"), i + 1 < code.count, file.tokenIs(i + 1, "=") {
                // `try await`, `try? await` (`guard let result = try? await AppTransaction.shared`).
                let j = file.skippingTryAwait(from: i + 2)
                if let direct = directSource(at: j, in: file) { return direct }
                if j < code.count, file.isKind(j, .identifier), depth < 3 {
                    return traceSource(of: j, in: file, before: i, project: project, depth: depth + 1)
                }
                return .unknown
            }
            // `.success(let name)` in a switch or `if case` over a purchase result.
            if i >= 3, file.isIdentifier(i - 1, "let") || file.isIdentifier(i - 1, "var"), file.isKind(i - 2, .leftParen),
               file.isIdentifier(i - 3, "success") || file.isIdentifier(i - 3, "verified") {
                if let subject = patternSubject(of: i - 3, in: file), depth < 3 {
                    let outer = traceSource(of: subject, in: file, before: i - 3, project: project, depth: depth + 1)
                    return outer
                }
            }
            // A parameter of the enclosing function or closure.
            if let parameterSource = parameterSource(named: name, at: i, in: file, project: project, depth: depth) {
                return parameterSource
            }
        }
        return .unknown
    }

    /// The first token of the value a local named at `index` was declared with
    /// (`let updates = Transaction.updates` for `updates`), in the same function, before it.
    static func localInitializer(of index: Int, in file: SwiftFile) -> Int? {
        guard file.isKind(index, .identifier), file.receiver(of: index) == nil else { return nil }
        let start = file.enclosingFunction(of: index).map { file.declarations[$0].keyword } ?? 0
        guard start < index else { return nil }
        for k in file.occurrences(of: file.text(index), in: start..<index).reversed() {
            guard let keyword = file.previousCodeIndex(before: k), file.isIdentifier(keyword, "let") || file.isIdentifier(keyword, "var"),
                  let op = file.nextCodeIndex(after: k), file.isOperator(op, "=")
            else { continue }
            return file.nextCodeIndex(after: op)
        }
        return nil
    }

    private static func isLoopVariable(_ index: Int, in file: SwiftFile) -> Bool {
        var j = index - 1
        while j >= 0, j >= index - 4 {
            if file.isIdentifier(j, "for") { return true }
            if !(file.isIdentifier(j, "await") || file.isIdentifier(j, "try") || file.isIdentifier(j, "case") || file.isIdentifier(j, "let") || file.isIdentifier(j, "var")) {
                return false
            }
            j -= 1
        }
        return false
    }

    /// The source of a transaction sequence written from `index`: `Transaction.updates`,
    /// `StoreKit.Transaction.unfinished`, `Transaction.currentEntitlements`, `Transaction.all`.
    static func transactionSequence(at index: Int, in file: SwiftFile) -> TransactionSource? {
        var base = index
        if file.isIdentifier(base, "StoreKit"), file.token(base, offsetBy: 1, is: .dot), let next = file.codeIndex(base, offsetBy: 2) { base = next }
        guard file.isIdentifier(base, "Transaction"), file.token(base, offsetBy: 1, is: .dot), let member = file.codeIndex(base, offsetBy: 2),
              file.isKind(member, .identifier)
        else { return nil }
        return sequenceSources[file.text(member)]
    }

    /// `product.purchase(…)`, `purchase(product)` (environment action), `AppTransaction.shared`.
    static func directSource(at index: Int, in file: SwiftFile) -> TransactionSource? {
        let code = file.code
        guard index < code.count else { return nil }
        var i = index
        if file.isIdentifier(i, "AppTransaction") { return .appTransaction }
        // `Transaction.latest(for: id)`, `StoreKit.Transaction.latest(for:)`.
        var base = i
        if file.isIdentifier(base, "StoreKit"), file.token(base, offsetBy: 1, is: .dot), let next = file.codeIndex(base, offsetBy: 2) { base = next }
        if file.isIdentifier(base, "Transaction"), file.token(base, offsetBy: 1, is: .dot), let member = file.codeIndex(base, offsetBy: 2),
           file.isIdentifier(member, "latest"), file.token(member, offsetBy: 1, is: .leftParen) {
            return .latest
        }
        // Walk a member chain to its last call: `store.product?.purchase(options: [])`.
        while i + 1 < code.count {
            if file.isKind(i, .identifier), file.tokenIs(i, "purchase"), code.indices.contains(i + 1), file.isKind(i + 1, .leftParen) {
                return .purchase
            }
            if file.isKind(i, .identifier) || file.isKind(i, .dot) || file.tokenIs(i, "?") || file.tokenIs(i, "!") {
                i += 1
                continue
            }
            if file.isKind(i, .leftParen), let close = file.matchingBracket(of: i), close > i {
                i = close + 1
                continue
            }
            break
        }
        return nil
    }

    /// When `name` is a parameter of the function or closure around `index`: in a StoreKit view
    /// callback (`onInAppPurchaseCompletion { product, result in … }`) the result of a purchase;
    /// in a function, whatever its call sites pass (two levels).
    private static func parameterSource(named name: String, at index: Int, in file: SwiftFile, project: Project, depth: Int) -> TransactionSource? {
        // A parameter list sits outside its function's body: look for the header around it too.
        // Only a function whose parameter list `(` (right after its name) encloses the name
        // can declare it: found by walking out through the brackets around it, innermost
        // first, instead of testing every declaration of the file (quadratic on large files).
        var headers: [Int] = []
        var open = file.enclosingBracket(of: index)
        while let bracket = open {
            if bracket >= 2, file.isKind(bracket, .leftParen), let function = file.function(keywordAt: bracket - 2) { headers.append(function) }
            open = file.enclosingBracket(of: bracket)
        }
        for declarationIndex in headers + file.declarationChain(of: index) {
            let declaration = file.declarations[declarationIndex]
            if declaration.kind == .closure {
                // Closure parameters: `{ product, result in` right after the brace.
                let body = file.bodyRange(of: declarationIndex)
                var j = body.lowerBound
                var names: [String] = []
                while j < body.upperBound, j < body.lowerBound + 12, !file.isIdentifier(j, "in") {
                    if file.isKind(j, .identifier) { names.append(file.text(j)) }
                    j += 1
                }
                if j < body.upperBound, file.isIdentifier(j, "in"), names.contains(name), index >= body.lowerBound, index <= j {
                    if declaration.name == "onInAppPurchaseCompletion" { return .purchase }
                    return .unknown
                }
                continue
            }
            guard declaration.kind == .function, declaration.keyword + 2 < file.code.count else { continue }
            // Is `name` among this function's parameters? `func handle(_ result: VerificationResult<Transaction>)`
            let open = declaration.keyword + 2
            guard file.isKind(open, .leftParen), let close = file.matchingBracket(of: open), close > open else { continue }
            guard index > open, index < close else { continue }
            let position = parameterPosition(of: index, open: open, close: close, in: file)
            guard depth < 2, let position else { return .unknown }
            // Trace every call site of the function by name.
            var sources: [TransactionSource] = []
            for other in project.swiftFiles(mentioning: declaration.name) {
                for call in other.calls(named: declaration.name) where other.receiver(of: call.name) != nil || other.path != file.path || call.name != declaration.keyword + 1 {
                    guard position < call.arguments.count else { continue }
                    let argument = call.arguments[position].valueRange
                    guard let first = argument.first else { continue }
                    let start = other.skippingTryAwait(from: first, before: argument.upperBound)
                    guard start < argument.upperBound else { continue }
                    if let direct = TransactionFlow.verifiedValue(at: start, in: other) {
                        sources.append(traceSource(of: direct.0, in: other, before: call.name, project: project, depth: depth + 1))
                    } else {
                        sources.append(traceSource(of: start, in: other, before: call.name, project: project, depth: depth + 1))
                    }
                }
            }
            let known = sources.filter { $0 != .unknown }
            if let mustFinish = known.first(where: \.mustBeFinished) { return mustFinish }
            return known.first ?? .unknown
        }
        return nil
    }

    /// Which parameter (0-based) the token at `index` names, inside `(open…close)`.
    private static func parameterPosition(of index: Int, open: Int, close: Int, in file: SwiftFile) -> Int? {
        var position = 0
        var start = open + 1
        var i = open + 1
        while i <= close {
            if i == close || (file.isKind(i, .comma) && file.enclosingBracket(of: i) == open) {
                if (start..<i).contains(index) {
                    // The internal name is the identifier right before the colon.
                    let colon = (start..<i).first { file.isKind($0, .colon) && file.enclosingBracket(of: $0) == open }
                    if let colon, colon - 1 == index { return position }
                    return nil
                }
                position += 1
                start = i + 1
            }
            i += 1
        }
        return nil
    }

    // MARK: Finishing

    /// The project's functions that call `.finish()` on something, directly or through another
    /// such function (two levels), with the types that declare them: passing a transaction to
    /// one finishes it. A call reaches one by its receiver's type (`CallGraph.mayCall`), so
    /// `interactor.updateAccountData()` is not `TunnelManager.updateAccountData`.
    static func finishingFunctions(in project: Project) -> FinishingFunctions {
        project.fact(FinishingFunctions.self) { FinishingFunctions(project) }
    }

    /// The name a finish call (or any member call) is made on: `t` in `t.finish()`, and in
    /// `t?.finish()` or `t!.finish()` (a `let t = try? r.payloadValue` is an Optional), where
    /// the receiver token is the `?`.
    static func receiverName(of index: Int, in file: SwiftFile) -> String? {
        guard var receiver = file.receiver(of: index) else { return nil }
        if receiver > 0, file.isKind(receiver, .operator), file.tokenIs(receiver, "?") || file.tokenIs(receiver, "!") { receiver -= 1 }
        return file.text(receiver)
    }

    /// `x.finish()` with a receiver.
    static func isFinishCall(_ index: Int, in file: SwiftFile) -> Bool {
        file.isIdentifier(index, "finish") && file.receiver(of: index) != nil
            && index + 1 < file.code.count && file.isKind(index + 1, .leftParen)
    }
}

/// What a transaction value read at some token flows into: granting access (published state,
/// a stored entitlement, a purchased-ids set, a delivery call), or only a log line, an ordering
/// comparator or a view's display list, which grant nothing.
enum TransactionUse: Equatable, Sendable {
    case grant
    case log
    case ordering
    case display
    /// Only picks the result that a call in the same condition then verifies.
    case filter

    var description: String {
        switch self {
        case .grant: "grants access"
        case .log: "is only logged"
        case .ordering: "only orders values"
        case .display: "is only displayed"
        case .filter: "only picks the result that the same condition then verifies"
        }
    }
}

extension TransactionFlow {
    /// Calls that write text for people or logs.
    static let logCalls: Set<String> = ["print", "debugPrint", "NSLog", "os_log", "dump", "assertionFailure", "fatalError"]
    /// Closures that compare values to order or pick them (`statuses.max { lhs, rhs in … }`).
    static let orderingClosures: Set<String> = ["max", "min", "sorted", "sort", "lexicographicallyPrecedes"]

    /// Whether the value at `index` only goes into text for people or logs: a string
    /// interpolation, or an argument (at any depth) of `print`, `NSLog`, `logger.info(…)`,
    /// `StoreLog.transaction(…)` (a receiver whose name holds "log").
    static func isLogged(_ index: Int, in file: SwiftFile) -> Bool {
        if file.isInsideInterpolation(index) { return true }
        var argument = index
        while let (call, _) = file.enclosingCallArguments(ofArgument: argument) {
            if logCalls.contains(file.text(call.name)) { return true }
            if let receiver = file.receiver(of: call.name), file.isKind(receiver, .identifier),
               ASCIISearch.contains(file.text(receiver).lowercased(), "log") {
                return true
            }
            argument = call.name
        }
        return false
    }

    /// What the value read at `index` (an `unsafePayloadValue` token, or a name bound to one)
    /// flows into. `let u = r.unsafePayloadValue` is followed to every use of `u`; a binding
    /// never used counts as a grant (what it is for cannot be seen).
    static func use(ofValueAt index: Int, in file: SwiftFile) -> TransactionUse {
        if let direct = directUse(of: index, in: file) { return direct }
        if filtersBeforeVerifying(index, in: file) { return .filter }
        // `let u = r.unsafePayloadValue`: the uses of `u`.
        let start = file.statementStart(of: index)
        if file.isIdentifier(start, "let") || file.isIdentifier(start, "var"), let name = file.nextCodeIndex(after: start),
           file.isKind(name, .identifier), initialValue(ofBindingNamed: name, in: file).map({ $0 < index }) == true {
            let scope = liveRange(after: start, in: file)
            let uses = file.occurrences(of: file.text(name), in: scope).filter { $0 > name && file.receiver(of: $0) == nil }
            guard !uses.isEmpty else { return .grant }
            let kinds = uses.compactMap { directUse(of: $0, in: file) }
            guard kinds.count == uses.count else { return .grant }
            return kinds.first { $0 != .log } ?? .log
        }
        return .grant
    }

    /// `if r.unsafePayloadValue.productID == id, (try? await confirm(r)) == true { … }`: the
    /// payload only picks which result to check; the same condition hands the result itself to
    /// a function of this file that verifies it (`case .verified`, `payloadValue`), or to
    /// `checkVerified`, and the block runs only if that passes (BrightIntosh's entitlements).
    static func filtersBeforeVerifying(_ index: Int, in file: SwiftFile) -> Bool {
        guard let receiver = file.receiver(of: index), file.isKind(receiver, .identifier), file.receiver(of: receiver) == nil else { return false }
        let start = file.statementStart(of: index)
        guard file.isIdentifier(start, "if") || file.isIdentifier(start, "guard") || file.isIdentifier(start, "while"),
              let block = file.conditionalBlocks(ofStatementAt: start).first, index < block
        else { return false }
        for use in file.occurrences(of: file.text(receiver), in: (index + 1)..<block) where file.receiver(of: use) == nil {
            guard let (call, _) = file.enclosingCallArguments(ofArgument: use) else { continue }
            if file.isIdentifier(call.name, "checkVerified") { return true }
            for d in file.declarationIndices(named: file.text(call.name)) where file.declarations[d].kind == .function {
                let body = file.bodyRange(of: d)
                if file.contains(identifier: "verified", in: body) || file.contains(identifier: "payloadValue", in: body) { return true }
            }
        }
        return false
    }

    /// The use of the value at `index` when its own expression says it: inside a log call or
    /// string interpolation, inside an ordering closure, or in a view's own state.
    private static func directUse(of index: Int, in file: SwiftFile) -> TransactionUse? {
        if isLogged(index, in: file) { return .log }
        let chain = file.declarationChain(of: index)
        if let closure = chain.first(where: { file.declarations[$0].kind == .closure }), orderingClosures.contains(file.declarations[closure].name),
           file.enclosingFunction(of: index).map({ chain.firstIndex(of: $0)! > chain.firstIndex(of: closure)! }) ?? true {
            return .ordering
        }
        if let type = file.enclosingType(of: index), PurchaseSurface.isViewType(file.declarations[type]),
           writesOnlyViewState(around: index, in: file, type: type) {
            return .display
        }
        return nil
    }

    /// In a view, whether the statement around `index` keeps the value in the view's own
    /// `@State` (`recent.append(t.unsafePayloadValue)`) or only tests it (`if … { continue }`).
    private static func writesOnlyViewState(around index: Int, in file: SwiftFile, type: Int) -> Bool {
        let start = file.statementStart(of: index)
        if file.isIdentifier(start, "if") || file.isIdentifier(start, "guard") {
            let blocks = file.conditionalBlocks(ofStatementAt: start)
            return blocks.allSatisfy { block in
                file.blockRange(block).allSatisfy { file.isIdentifier($0, "continue") || file.isIdentifier($0, "break") || file.isIdentifier($0, "return") }
            }
        }
        // `state.append(value)` / `state = value` where `state` is an `@State` of the view.
        var target: Int?
        if let (call, _) = file.enclosingCallArguments(ofArgument: index), let receiver = file.receiver(of: call.name), file.isKind(receiver, .identifier) {
            target = receiver
        } else if file.isKind(start, .identifier), file.token(start, offsetBy: 1, is: .operator), file.tokenIs(start + 1, "=") {
            target = start
        }
        guard let target else { return false }
        let name = file.text(target)
        let range = file.bodyRange(of: type)
        return file.occurrences(of: name, in: range).contains { candidate in
            guard let keyword = file.previousCodeIndex(before: candidate), file.isIdentifier(keyword, "var") else { return false }
            return (max(range.lowerBound, keyword - 4)..<keyword).contains { file.isKind($0, .attribute) && file.tokenIs($0, "@State") }
        }
    }
}

/// Functions that finish transactions, by name, with the types that declare them ("" for a
/// function outside a type).
struct FinishingFunctions: Sendable {
    private(set) var owners: [String: Set<String>] = [:]

    /// Whether `call` may reach one of them: the name is one, and the receiver's type is a type
    /// that declares it (or is not written in the source).
    func isCalled(by call: Call, in file: SwiftFile, project: Project) -> Bool {
        guard let types = owners[file.text(call.name)] else { return false }
        if types.contains("") { return true }
        return types.contains { CallGraph.mayCall(call, in: file, methodOf: $0, project: project) }
    }

    /// Whether `name` is a method of `extension Transaction` that finishes the transaction it
    /// is called on (`tx.markDelivered()`).
    func finishesReceiver(_ name: String) -> Bool {
        owners[name]?.contains("Transaction") == true
    }

    /// Whether `range` of `file` calls one of them.
    func isCalled(in range: Range<Int>, of file: SwiftFile, project: Project) -> Bool {
        isCalled(in: range, of: file, project: project, sites: sites(in: file))
    }

    /// Where the file names each of them, for asking `isCalled(in:of:project:sites:)` about
    /// many ranges of one file: each name is looked up in the file's index once, not once a
    /// function (33,000 lookups building the real benchmark corpus's finishing functions).
    func sites(in file: SwiftFile) -> [Occurrences] {
        owners.keys.compactMap { name in
            let all = file.occurrences(of: name)
            return all.isEmpty ? nil : all
        }
    }

    /// `isCalled(in:of:project:)` with the file's `sites(in:)`.
    func isCalled(in range: Range<Int>, of file: SwiftFile, project: Project, sites: [Occurrences]) -> Bool {
        sites.contains { all in
            all.within(range).contains { k in file.call(at: k).map { isCalled(by: $0, in: file, project: project) } ?? false }
        }
    }

    init(_ project: Project) {
        func owner(of declaration: Int, in file: SwiftFile) -> String {
            file.enclosingType(of: file.declarations[declaration].keyword).map { file.declarations[$0].name } ?? ""
        }
        // Calls are found through the identifier index: the names are few, the bodies many.
        for fileIndex in project.swiftFileIndices(mentioning: "finish") {
            let file = project.swiftFiles[fileIndex]
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .function {
                let type = owner(of: index, in: file)
                // In `extension Transaction`, a bare `finish()` finishes the transaction the
                // method is called on (`func markDelivered() async { await finish() }`).
                if file.occurrences(of: "finish", in: file.bodyRange(of: index)).contains(where: {
                    TransactionFlow.isFinishCall($0, in: file)
                        || type == "Transaction" && file.receiver(of: $0) == nil && file.token($0, offsetBy: 1, is: .leftParen)
                }) {
                    owners[declaration.name, default: []].insert(type)
                }
            }
        }
        for _ in 0..<2 {
            let known = self
            for file in project.swiftFiles where known.owners.keys.contains(where: { file.mentions($0) }) {
                let sites = known.sites(in: file)
                for (index, declaration) in file.declarations.enumerated() where declaration.kind == .function {
                    let type = owner(of: index, in: file)
                    guard owners[declaration.name]?.contains(type) != true,
                          known.isCalled(in: file.bodyRange(of: index), of: file, project: project, sites: sites)
                    else { continue }
                    owners[declaration.name, default: []].insert(type)
                }
            }
        }
    }
}

