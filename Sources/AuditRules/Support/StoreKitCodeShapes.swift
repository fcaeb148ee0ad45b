import AuditCore

/// Code shapes that several StoreKit rules read the same way: statements and their blocks,
/// flags that gate paid features, what kinds of products the app sells, and where a
/// project-level "missing" finding belongs.
extension SwiftFile {
    /// Whether code token `index` sits inside a string interpolation (`"\(transaction.id)"`):
    /// text for people or logs, not a value the program keys on.
    func isInsideInterpolation(_ index: Int) -> Bool {
        guard index >= 0, index < code.count else { return false }
        var open = Int(parent[index])
        while open >= 0 {
            if code[open].kind == .interpolationStart { return true }
            open = Int(parent[open])
        }
        return false
    }

    /// The innermost `{` around code token `index` (a body, block or closure), or -1 at top level.
    func enclosingBrace(of index: Int) -> Int {
        guard index >= 0, index < code.count else { return -1 }
        var open = Int(parent[index])
        while open >= 0, code[open].kind != .leftBrace { open = Int(parent[open]) }
        return open
    }

    /// The first token of the statement that contains `index`, inside its innermost brace.
    /// A line that starts with an operator or a dot, or follows a `,`, `(`, `[` or an operator,
    /// continues the statement above.
    func statementStart(of index: Int) -> Int {
        let brace = enclosingBrace(of: index)
        var k = index
        while k > brace + 1 {
            if enclosingBrace(of: k) == brace, startsLine[k] || code[k - 1].kind == .semicolon,
               !isContinuation(k) {
                return k
            }
            k -= 1
        }
        return brace + 1
    }

    private func isContinuation(_ k: Int) -> Bool {
        switch code[k].kind {
        case .operator, .dot, .comma, .rightParen, .rightBracket: return true
        default: break
        }
        switch code[k - 1].kind {
        case .operator:
            // `value!` or `value?` at the end of a line ends an expression.
            let text = self.text(k - 1)
            return text != "!" && text != "?"
        case .comma, .dot, .leftParen, .leftBracket: return true
        default: return false
        }
    }

    /// The end (exclusive) of the statement that starts at `start`: the next statement start
    /// in the same brace, or the brace's end.
    func statementEnd(from start: Int) -> Int {
        let brace = enclosingBrace(of: start)
        let limit = brace >= 0 && match[brace] > brace ? Int(match[brace]) : code.count
        var k = start + 1
        while k < limit {
            if code[k].kind == .leftBrace || code[k].kind == .leftParen || code[k].kind == .leftBracket
                || code[k].kind == .stringStart {
                let close = Int(match[k])
                if close > k {
                    // `} else {`, `} catch {` and a chain on the next line continue the statement.
                    k = close + 1
                    continue
                }
            }
            if enclosingBrace(of: k) == brace, startsLine[k] || code[k - 1].kind == .semicolon,
               !isContinuation(k), !isIdentifier(k, "else"), !isIdentifier(k, "catch") {
                return k
            }
            k += 1
        }
        return limit
    }

    /// The blocks (`{` indices) that belong to an `if`, `guard` or `while` statement starting at
    /// `start`: the first is the body (for `guard`, the `else` block), the rest are `else` blocks.
    func conditionalBlocks(ofStatementAt start: Int) -> [Int] {
        let end = statementEnd(from: start)
        let brace = enclosingBrace(of: start)
        var blocks: [Int] = []
        var k = start + 1
        while k < end {
            if code[k].kind == .leftBrace, enclosingBrace(of: k) == brace, declaration(openedBy: k) == nil {
                blocks.append(k)
                let close = Int(match[k])
                guard close > k else { break }
                k = close + 1
                continue
            }
            k += 1
        }
        return blocks
    }

    /// The range inside a `{ … }` block, braces excluded.
    func blockRange(_ open: Int) -> Range<Int> {
        let close = match[open] > open ? Int(match[open]) : code.count
        return (open + 1)..<max(open + 1, close)
    }

    /// `.name` or `Type.name`: a reference to an enum case or static member called `name`.
    func isCaseReference(_ index: Int, _ name: StaticString) -> Bool {
        isIdentifier(index, name) && index >= 1 && code[index - 1].kind == .dot
    }

    /// Assignments `flag = true`/`false` (also `self.flag = …`) in `range`, as (flag token, value).
    func booleanAssignments(in range: Range<Int>) -> [(flag: Int, value: Bool)] {
        var result: [(Int, Bool)] = []
        for k in range where code[k].kind == .operator && tokenIs(k, "=") && k >= 1 && k + 1 < code.count {
            guard code[k - 1].kind == .identifier, isIdentifier(k + 1, "true") || isIdentifier(k + 1, "false") else { continue }
            // `== true` is a comparison token of its own, so `=` here is an assignment.
            result.append((k - 1, isIdentifier(k + 1, "true")))
        }
        return result
    }

    /// Whether `range` gives access to paid features: an access flag set to `true`, a product
    /// id inserted into an entitlement set, or (when the function's result is the access
    /// decision, `countingReturns`) `return true` or a `.pro`-style tier returned.
    func grantsAccess(in range: Range<Int>, countingReturns: Bool = true) -> Bool {
        for k in range {
            if countingReturns, isIdentifier(k, "return"), k + 1 < code.count {
                if isIdentifier(k + 1, "true") { return true }
                if code[k + 1].kind == .dot, k + 2 < code.count, looksLikeAccessFlag(text(k + 2)) { return true }
            }
            if isIdentifier(k, "insert"), code[k - 1].kind == .dot, k + 1 < code.count, code[k + 1].kind == .leftParen { return true }
        }
        return booleanAssignments(in: range).contains { $0.value && looksLikeAccessFlag(text($0.flag)) }
    }

    /// Whether `range` takes access away: an access flag set to `false`, a product id removed
    /// from an entitlement set, or (`countingReturns`) `return false`.
    func deniesAccess(in range: Range<Int>, countingReturns: Bool = true) -> Bool {
        for k in range {
            if countingReturns, isIdentifier(k, "return"), k + 1 < code.count, isIdentifier(k + 1, "false") { return true }
            if isIdentifier(k, "remove") || isIdentifier(k, "removeAll"), code[k - 1].kind == .dot { return true }
        }
        return booleanAssignments(in: range).contains { !$0.value && looksLikeAccessFlag(text($0.flag)) }
    }
}

/// "isPro", "hasPremiumAccess", "unlocked", "isSubscribed": names of flags and tiers that gate
/// paid features, compared word by word (`isProcessing` is not `isPro`).
func looksLikeAccessFlag(_ name: String) -> Bool {
    let words = camelCaseWords(name)
    let accessWords: Set<String> = [
        "pro", "premium", "subscribed", "subscriber", "active", "entitled", "entitlement", "entitlements",
        "access", "unlocked", "unlock", "paid", "plus", "member", "vip", "gold", "owned", "purchased", "full",
    ]
    return words.contains { accessWords.contains($0) }
}

/// `hasPremiumAccess` → ["has", "premium", "access"]; `isVIP` → ["is", "vip"].
func camelCaseWords(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previousWasUpper = false
    for character in name {
        if character == "_" || character == "$" {
            if !current.isEmpty { words.append(current.lowercased()) }
            current = ""
            previousWasUpper = false
            continue
        }
        if character.isUppercase, !current.isEmpty, !previousWasUpper {
            words.append(current.lowercased())
            current = ""
        }
        current.append(character)
        previousWasUpper = character.isUppercase
    }
    if !current.isEmpty { words.append(current.lowercased()) }
    return words
}

/// A reason the app sells a kind of product, for "not applicable" decisions and messages.
struct ProductKindSignal {
    var description: String
    var location: SourceLocation
}

extension Project {
    /// Where the app shows that it sells auto-renewable subscriptions: a subscription group in
    /// a StoreKit configuration, else code only subscription apps write.
    var autoRenewableSubscriptionSignal: ProductKindSignal? {
        for configuration in storeKitConfigurations.sorted(by: { $0.file < $1.file }) {
            if let subscription = configuration.subscriptions.first {
                return ProductKindSignal(description: "\(configuration.file) declares subscriptions", location: subscription.location)
            }
        }
        // StoreKit's `SubscriptionStoreView`, not an app view of that name.
        let shadowed = StoreKitViews.shadowedNames(in: self)
        for file in swiftFiles {
            // Only these names can be a signal: the index finds them without reading every token.
            for i in file.occurrences(ofAny: ["SubscriptionStoreView", "autoRenewable", "subscriptionStatusTask", "isEligibleForIntroOffer", "SubscriptionInfo"]) {
                let isSignal = file.isIdentifier(i, "SubscriptionStoreView") && StoreKitViews.isStoreKitView(i, in: file, shadowed: shadowed)
                    || file.isCaseReference(i, "autoRenewable")
                    || file.isIdentifier(i, "subscriptionStatusTask")
                    || file.isIdentifier(i, "isEligibleForIntroOffer")
                    || file.isMemberAccess(i, base: "Product", member: "SubscriptionInfo")
                if isSignal {
                    return ProductKindSignal(description: "\(file.text(i)) is used", location: file.location(of: i))
                }
            }
        }
        return nil
    }

    /// Where the app shows that it sells consumables: a consumable in a StoreKit configuration,
    /// else code that handles them (`.consumable`, `purchasedQuantity`).
    var consumableSignal: ProductKindSignal? {
        for configuration in storeKitConfigurations.sorted(by: { $0.file < $1.file }) {
            if let product = configuration.allProducts.first(where: { $0.type == .consumable }) {
                return ProductKindSignal(description: "\(configuration.file) declares consumables", location: product.location)
            }
        }
        for file in swiftFiles {
            for i in file.occurrences(ofAny: ["consumable", "purchasedQuantity"]) where file.isCaseReference(i, "consumable") || file.isIdentifier(i, "purchasedQuantity") {
                return ProductKindSignal(description: "\(file.text(i)) is used", location: file.location(of: i))
            }
        }
        return nil
    }

    /// Where a project-level "missing" finding belongs: the `@main` type's name, else the
    /// paywall (or first purchase call).
    func launchSite() -> CodeSite? {
        LaunchPath.appEntryPoint(in: self) ?? PurchaseSurface.of(self).paywallSite()
    }

    /// Every type declaration named `name` (the type and its extensions) across the app.
    func typeDeclarations(named name: String) -> [(file: SwiftFile, declaration: Int)] {
        declarations(named: name) { $0.isType }.map { (swiftFiles[$0.file], $0.declaration) }
    }

    /// The declarations named `name` whose kind passes `kind`, in project order, as indices
    /// into `swiftFiles` and its declarations. A file declares a name only where it writes
    /// it (`A.B` names `B`), so only the files that mention it have their declarations built.
    func declarations(named name: String, _ kind: (Declaration.Kind) -> Bool) -> [(file: Int, declaration: Int)] {
        let last = String(name.split(separator: ".").last ?? Substring(name))
        var result: [(file: Int, declaration: Int)] = []
        for fileIndex in swiftFileIndices(mentioning: last) {
            let file = swiftFiles[fileIndex]
            for index in file.declarationIndices(named: name) where kind(file.declarations[index].kind) {
                result.append((fileIndex, index))
            }
        }
        return result
    }
}
