import AuditCore

/// Monetisation seed, anti-pattern "Trusting only local subscription state": a premium flag
/// kept in `UserDefaults`, `@AppStorage` or the Keychain and read as the truth at launch, never
/// re-derived from `Transaction.currentEntitlements`, the subscription status, an SDK's
/// customer info or a server. A refund, a revocation or an expiry never locks the app again,
/// and anyone can flip the flag. A cache that the app re-derives is fine.
public struct EntitlementStoredLocallyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "entitlement_stored_locally",
        title: "Entitlements are re-derived, not trusted from local storage",
        severity: .warning,
        scope: .code,
        rationale: """
            A flag such as `isPro` persisted in `UserDefaults`, `@AppStorage` or the Keychain \
            survives everything StoreKit reports later: a refund, a revoked Family Sharing \
            purchase, an expired or lapsed subscription. When the app reads it as the truth at \
            launch and nothing recomputes it from `Transaction.currentEntitlements`, the \
            subscription status, an SDK's customer info or a server, access outlives the \
            purchase, and a jailbroken or backed-up device can simply set the flag.
            """,
        fix: """
            Recompute the flag at launch and on every `Transaction.updates` from \
            `Transaction.currentEntitlements` (checking `revocationDate` and the expiration), \
            from `Product.SubscriptionInfo.status`, or from your SDK's customer info, and write \
            the stored value only from there. Keep it as an offline cache for the first frame, \
            never as the source of truth.
            """,
        reference: "Monetisation seed: anti-pattern \"Trusting only local subscription state\"; launch checklist: Transaction.currentEntitlements queried on app launch",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: Self.triggeringExamples,
        nonTriggeringExamples: Self.nonTriggeringExamples
    )

    /// Words of a flag's name or key that say it holds a purchase.
    static let entitlementWords: Set<String> = [
        "premium", "pro", "purchased", "subscribed", "subscriber", "unlocked", "entitled", "entitlement", "supporter",
        "lifetime", "vip", "paid",
    ]
    /// Words that make such a name about something else: a prompt shown, a date, a count.
    static let otherWords: Set<String> = [
        "show", "shown", "showed", "prompt", "prompted", "seen", "banner", "dismissed", "count", "date", "last", "ask", "asked",
        "offer", "promo", "onboarding", "tip", "tips", "price", "product", "id", "ids",
    ]
    /// Where an entitlement is re-derived from: StoreKit 2's current state, StoreKit 1's
    /// receipt, an SDK's customer info.
    static let derivationNames = [
        "currentEntitlements", "currentEntitlement", "SubscriptionInfo", "customerInfo", "getCustomerInfo", "customerInfoStream",
        "purchaserInfo", "getPurchaserInfo", "getProfile", "checkEntitlements", "checkPermissions", "appStoreReceiptURL",
        "verifyReceipt", "latestTransaction",
    ]

    /// A persisted flag: its name or key, where it is declared or first written, and where it is written.
    struct Flag {
        var name: String
        var how: String
        var file: Int
        var site: Int
        /// (file, token) of each write.
        var writes: [(Int, Int)]
    }

    public func check(_ project: Project, into result: inout RuleResult) {
        guard project.usesStoreKitPurchasing || PurchaseSDK.detect(in: project) != nil else {
            result.notApplicable("The app sells nothing through StoreKit or a purchase SDK.")
            return
        }
        var flags: [Flag] = []
        // A property wrapper declared in the app (its `wrappedValue`): `@UserDefault` may be one.
        let wrappers = !project.swiftFileIndices(mentioning: "wrappedValue").isEmpty
        for (index, file) in project.swiftFiles.enumerated() where wrappers || file.mentions("SwiftUI") || file.mentions("forKey") {
            flags += Self.appStorageFlags(in: file, index: index, wrappers: wrappers)
            flags += Self.defaultsFlags(in: file, index: index)
        }
        guard !flags.isEmpty else {
            result.notApplicable("No purchase flag was found persisted in UserDefaults, @AppStorage, a defaults property wrapper or the Keychain.")
            return
        }
        // Every write of the flags, then the functions that re-derive.
        for k in flags.indices where flags[k].how.hasPrefix("@") {
            for fileIndex in project.swiftFileIndices(mentioning: flags[k].name) {
                let file = project.swiftFiles[fileIndex]
                for i in file.occurrences(of: flags[k].name) where Self.isAssigned(i, in: file) {
                    flags[k].writes.append((fileIndex, i))
                }
            }
        }
        let derivers = Self.derivingFunctions(in: project)
        for flag in flags {
            if let (deriver, write) = Self.derivation(of: flag, derivers: derivers, in: project) {
                let file = project.swiftFiles[write.0]
                result.evidence(in: file, at: write.1, "\(flag.name) (\(flag.how)) is re-derived in \(deriver)")
                continue
            }
            let file = project.swiftFiles[flag.file]
            result.report(
                in: file, at: flag.site,
                "\(flag.name) is persisted in \(flag.how) and read as the entitlement, but nothing re-derives it from Transaction.currentEntitlements, the subscription status, an SDK's customer info or a server: refunds, revocations and expiries never lock it again."
            )
        }
    }

    // MARK: Flags

    /// `@AppStorage("isPro") var isPro = false` (Bool), named for a purchase.
    static func appStorageFlags(in file: SwiftFile, index: Int, wrappers: Bool = false) -> [Flag] {
        // `@AppStorage` is an attribute, which the name filter does not hold; it needs SwiftUI.
        // An app's own wrapper is looked for when the app declares one (`wrappers`).
        guard file.mentions("SwiftUI") || wrappers else { return [] }
        var flags: [Flag] = []
        for at in file.codeIndices(ofKind: .attribute) where file.tokenIs(at, "@AppStorage") || Self.isPersistingWrapper(at, in: file) {
            guard at + 1 < file.code.count, file.code[at + 1].kind == .leftParen else { continue }
            let close = Int(file.match[at + 1])
            guard close > at else { continue }
            var key = ""
            if at + 2 < file.code.count, file.code[at + 2].kind == .stringStart { key = file.stringLiteral(at: at + 2).text }
            // `@UserDefault(key: "isPremium", defaultValue: false)`: the labelled key.
            if key.isEmpty, let label = (at + 2..<close).first(where: { file.isIdentifier($0, "key") && file.token($0, offsetBy: 1, is: .colon) }),
               label + 2 < close, file.code[label + 2].kind == .stringStart {
                key = file.stringLiteral(at: label + 2).text
            }
            // `var NAME` within the next few tokens (modifiers may come between).
            var k = close + 1
            var name: String?
            while k < min(file.code.count, close + 8) {
                if file.tokenIs(k, "var"), k + 1 < file.code.count, file.code[k + 1].kind == .identifier {
                    name = file.text(k + 1)
                    break
                }
                k += 1
            }
            guard let name, isEntitlementName(name) || isEntitlementName(key) else { continue }
            // A Bool: `: Bool` or `= true/false`.
            let window = (k + 2)..<min(file.code.count, k + 6)
            guard window.contains(where: { file.tokenIs($0, "Bool") || file.tokenIs($0, "true") || file.tokenIs($0, "false") }) else { continue }
            flags.append(Flag(name: name, how: file.text(at), file: index, site: at, writes: []))
        }
        return flags
    }

    /// An app's own property wrapper over UserDefaults or the Keychain: `@UserDefault`,
    /// `@UserDefaultsBacked`, `@Defaults`, `@KeychainStorage` (not `@SceneStorage`, which a
    /// scene restores, nor `@AppStorage`, asked for by name). Compared as bytes: most
    /// attributes are `@Published` or `@MainActor`.
    static func isPersistingWrapper(_ index: Int, in file: SwiftFile) -> Bool {
        file.tokenIs(index, "@UserDefault") || file.tokenIs(index, "@UserDefaults") || file.tokenIs(index, "@UserDefaultsBacked")
            || file.tokenIs(index, "@Defaults") || file.tokenIs(index, "@Default") || file.tokenIs(index, "@Keychain")
            || file.tokenIs(index, "@KeychainStorage") || file.tokenIs(index, "@SecureStorage")
    }

    /// `UserDefaults.standard.set(true, forKey: "isPremium")` (or a Keychain wrapper's `set`)
    /// where the key is named for a purchase and a `bool(forKey:)` reads the same key.
    static func defaultsFlags(in file: SwiftFile, index: Int) -> [Flag] {
        guard file.mentions("forKey") else { return [] }
        var writes: [String: [Int]] = [:]
        var reads = Set<String>()
        for i in file.occurrences(of: "forKey") {
            guard let (name, open) = file.callee(ofArgument: i), let call = file.call(at: name), call.openParen == open,
                  let argument = call.arguments.first(where: { $0.label == "forKey" }) else { continue }
            let callee = file.text(call.name)
            guard let key = keyText(argument.valueRange, in: file), isEntitlementName(key) else { continue }
            guard storesLocally(call, in: file) else { continue }
            switch callee {
            case "set", "setValue", "setBool": writes[key, default: []].append(call.name)
            // Read back as a Bool: a flag (an array of ids or a date under such a key is not one).
            case "bool", "getBool": reads.insert(key)
            default: break
            }
        }
        return writes.keys.sorted().compactMap { key in
            guard reads.contains(key), let first = writes[key]?.first else { return nil }
            let how = file.text(file.receiver(of: first) ?? first).lowercased().contains("keychain") ? "the Keychain" : "UserDefaults"
            return Flag(name: key, how: how, file: index, site: first, writes: writes[key]!.map { (index, $0) })
        }
    }

    /// The key as written: a literal's text, or the last name of `Keys.isPro`; a name declared
    /// in the same file with a literal (`private static let key = "app.pro.enabled"`) reads as
    /// that literal.
    static func keyText(_ range: Range<Int>, in file: SwiftFile) -> String? {
        guard let first = range.first else { return nil }
        if file.code[first].kind == .stringStart {
            let literal = file.stringLiteral(at: first)
            return literal.hasInterpolation ? nil : literal.text
        }
        guard let last = range.last(where: { file.code[$0].kind == .identifier }) else { return nil }
        let name = file.text(last)
        for k in file.occurrences(of: name) where k > 0 && (file.isIdentifier(k - 1, "let") || file.isIdentifier(k - 1, "var")) {
            guard let equals = (k + 1..<min(k + 5, file.code.count)).first(where: { file.tokenIs($0, "=") }),
                  equals + 1 < file.code.count, file.code[equals + 1].kind == .stringStart else { continue }
            let literal = file.stringLiteral(at: equals + 1)
            if !literal.hasInterpolation { return literal.text }
        }
        return name
    }

    /// Whether the call's receiver is UserDefaults, a defaults or Keychain object, or iCloud's key-value store.
    static func storesLocally(_ call: Call, in file: SwiftFile) -> Bool {
        var k = call.name - 1
        var steps = 0
        while k >= 0, steps < 10 {
            let kind = file.code[k].kind
            if kind == .identifier {
                let text = file.text(k).lowercased()
                if text.contains("defaults") || text.contains("keychain") || text.contains("keyvaluestore") { return true }
            } else if kind != .dot && kind != .rightParen && kind != .leftParen && kind != .operator {
                return false
            }
            k -= 1
            steps += 1
        }
        return false
    }

    static func isEntitlementName(_ name: String) -> Bool {
        let words = camelWords(name)
        return !words.isEmpty && words.contains(where: entitlementWords.contains) && !words.contains(where: otherWords.contains)
    }

    /// `hasProAccess` → has, pro, access; `is_premium_user` → is, premium, user.
    static func camelWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase, previousLower, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// `name = …` (not `==`), `self.name = …`, `store.name = …`, `name.toggle()`.
    static func isAssigned(_ i: Int, in file: SwiftFile) -> Bool {
        guard i + 1 < file.code.count else { return false }
        if file.tokenIs(i + 1, "=") { return true }
        if file.tokenIs(i + 1, "."), i + 2 < file.code.count, file.tokenIs(i + 2, "toggle") { return true }
        return false
    }

    // MARK: Re-derivation

    /// The functions whose bodies read a derivation source, by file: (declaration, its name).
    static func derivingFunctions(in project: Project) -> [Int: [(declaration: Int, name: String)]] {
        var result: [Int: [(declaration: Int, name: String)]] = [:]
        let candidates = Set(derivationNames.flatMap { project.swiftFileIndices(mentioning: $0) })
        for fileIndex in candidates.sorted() {
            let file = project.swiftFiles[fileIndex]
            var seen = Set<Int>()
            for i in file.occurrences(ofAny: derivationNames) {
                guard let function = file.enclosingFunction(of: i), seen.insert(function).inserted else { continue }
                result[fileIndex, default: []].append((function, file.declarations[function].name))
            }
            // `Transaction.all` too.
            for i in file.memberAccesses(base: "Transaction", member: "all") {
                guard let function = file.enclosingFunction(of: i), seen.insert(function).inserted else { continue }
                result[fileIndex, default: []].append((function, file.declarations[function].name))
            }
        }
        return result
    }

    /// The deriving function that writes the flag (directly, or by calling the function that
    /// writes it), and the write.
    static func derivation(of flag: Flag, derivers: [Int: [(declaration: Int, name: String)]], in project: Project) -> (String, (Int, Int))? {
        for write in flag.writes {
            let file = project.swiftFiles[write.0]
            guard let function = file.enclosingFunction(of: write.1) else { continue }
            if derivers[write.0]?.contains(where: { $0.declaration == function }) == true {
                return (scopeDescription(of: write.1, in: file), write)
            }
            // One call away: the deriving function calls the writer by name.
            let writer = file.declarations[function].name
            guard !writer.isEmpty else { continue }
            for (fileIndex, functions) in derivers {
                let deriverFile = project.swiftFiles[fileIndex]
                guard deriverFile.mentions(writer) else { continue }
                for (declaration, _) in functions {
                    let body = deriverFile.bodyRange(of: declaration)
                    if deriverFile.occurrences(of: writer, in: body).contains(where: { deriverFile.isCall(at: $0) }) {
                        return (scopeDescription(of: body.lowerBound, in: deriverFile), write)
                    }
                }
            }
        }
        return nil
    }
}
