import AuditCore

/// Code shapes that several StoreKit rules read the same way: flags that gate paid features,
/// what kinds of products the app sells, and where a project-level "missing" finding belongs.
/// (Statements and their blocks are AuditCore's `StatementQueries`.)
extension SwiftFile {
    /// The original StoreKit's `SKPaymentQueue.default().add(x)` calls, with whether `x` is an
    /// observer (`self`, or a value named for one) rather than a payment.
    func paymentQueueAdds() -> [(call: Call, addsObserver: Bool)] {
        guard mentions("SKPaymentQueue") else { return [] }
        var result: [(Call, Bool)] = []
        for call in calls(named: "add") where call.arguments.count == 1 && call.arguments[0].label == nil {
            guard let receiver = receiver(of: call.name), isKind(receiver, .rightParen),
                  let open = matchingBracket(of: receiver), let callee = previousCodeIndex(before: open),
                  isMemberAccess(callee, base: "SKPaymentQueue", member: "default"),
                  let last = lastIdentifier(in: call.arguments[0].valueRange)
            else { continue }
            // A payment is made with `SKPayment(product:)` / `SKMutablePayment`, or kept in a
            // value named or typed as one; anything else added to the queue is an observer
            // (`add(self)`, `add(StoreObserver.standard)`, `add(storeManager)`).
            let value = call.arguments[0].valueRange
            let isPayment = value.contains { isIdentifier($0, "SKPayment") || isIdentifier($0, "SKMutablePayment") }
                || text(last).lowercased().contains("payment")
                || typeName(ofReceiver: last).map { $0 == "SKPayment" || $0 == "SKMutablePayment" } == true
            result.append((call, !isPayment))
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
                // `return .pro`
                if token(k, offsetBy: 1, is: .dot), let member = codeIndex(k, offsetBy: 2), looksLikeAccessFlag(text(member)) { return true }
            }
            // `entitlements.insert(…)`
            if isIdentifier(k, "insert"), isAfterDot(k), token(k, offsetBy: 1, is: .leftParen) { return true }
        }
        return booleanAssignments(in: range).contains { $0.value && looksLikeAccessFlag(text($0.flag)) }
    }

    /// Whether `range` takes access away: an access flag set to `false`, a product id removed
    /// from an entitlement set, or (`countingReturns`) `return false`.
    func deniesAccess(in range: Range<Int>, countingReturns: Bool = true) -> Bool {
        for k in range {
            if countingReturns, isIdentifier(k, "return"), k + 1 < code.count, isIdentifier(k + 1, "false") { return true }
            if isIdentifier(k, "remove") || isIdentifier(k, "removeAll"), isAfterDot(k) { return true }
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
        // The name after the last dot (`A.B` names `B`): a split made an array per question,
        // and rules ask once for each type of a file that declares thousands.
        let last: String
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) {
            let after = name.utf8.index(after: dot)
            // A trailing dot: what the split did (empty pieces dropped).
            last = after != name.utf8.endIndex ? String(name[after...]) : String(name.split(separator: ".").last ?? Substring(name))
        } else {
            last = name
        }
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
