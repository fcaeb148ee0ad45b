import AuditCore
import Foundation

/// The StoreKit 1 checks in Objective-C sources, one function per rule that reads them. Each
/// rule calls its function beside its Swift checks; the Objective-C model is built once
/// (`ObjectiveCStoreKit.of`).
enum ObjectiveCChecks {
    /// The original StoreKit names a file uses, for `legacy_storekit_api`: one warning per
    /// file naming what it uses and on which lines, and a note at each further line that uses
    /// them (except the line of the canMakePayments note). Returns whether any was found.
    static func legacyAPI(_ project: Project, names: Set<String>, besides canMakePaymentsNote: SourceLocation?, siteNote: ([String], Int) -> String, into result: inout RuleResult) -> Bool {
        var used = false
        // Only identifiers as long as one of the names are spelled out (most are not).
        let lengths = Set(names.map(\.utf8.count))
        for file in project.objectiveCFiles where file.mentions("SK") || file.mentions("verifyReceipt") || file.mentions("appStoreReceiptURL") {
            var uses = NamedUses()
            var first: Int?
            for k in file.code.indices where file.code[k].kind == .identifier && lengths.contains(file.code[k].length) {
                let name = file.text(k)
                guard names.contains(name) else { continue }
                used = true
                if first == nil { first = k }
                uses.add(name, line: file.line(of: k), at: k)
            }
            for start in file.stringStarts {
                let text = file.stringLiteral(at: start)
                if text.hasPrefix("http"), !text.contains(" "), text.contains("/verifyReceipt") {
                    used = true
                    if first == nil { first = start }
                    uses.add("the /verifyReceipt endpoint", line: file.line(of: start), at: start)
                }
            }
            guard let first else { continue }
            result.report(at: file.location(of: first), "This Objective-C file uses the original StoreKit API: \(uses.listed). Migrate to Product.purchase and Transaction.updates (StoreKit 2, from Swift).")
            let firstLine = file.line(of: first)
            var skipped: Set = [firstLine]
            if let note = canMakePaymentsNote, note.file == file.path { skipped.insert(note.line) }
            for site in uses.sites(besides: skipped) {
                result.report(at: file.location(of: site.at), siteNote(site.names, firstLine), severity: .note)
            }
        }
        return used
    }

    /// `transaction_not_finished`: each `paymentQueue:updatedTransactions:` branch for a
    /// purchased, restored or failed transaction must reach `finishTransaction:`.
    static func unfinished(_ project: Project, into result: inout RuleResult) {
        let model = ObjectiveCStoreKit.of(project)
        for handler in model.handlers where !handler.branches.isEmpty {
            let file = model.files[handler.file]
            var missing: [(state: String, at: Int)] = []
            for state in LegacyTransactionHandler.statesToFinish {
                guard let branch = ObjectiveCStoreKit.branch(for: state, in: handler) else {
                    missing.append((state, file.methods[handler.method].start))
                    continue
                }
                if model.finishSend(in: branch.body, of: file) != nil || model.finishedAfterSwitch(branch, in: handler) { continue }
                // Content hosted by Apple is finished once downloaded (`paymentQueue:updatedDownloads:`).
                if file.sends.contains(where: { branch.body.contains($0.open) && $0.selector == "startDownloads:" }) { continue }
                missing.append((state, branch.label))
            }
            for (state, at) in missing {
                let constant = "SKPaymentTransactionState" + state.prefix(1).uppercased() + state.dropFirst()
                result.report(
                    at: file.location(of: at),
                    "A \(constant) transaction is never finished here (no finishTransaction:, directly or through the methods it calls): StoreKit hands it back on every launch\(state == "failed" ? ", and the product cannot be bought again" : "").",
                    severity: .error
                )
            }
            if missing.isEmpty {
                result.evidence(at: file.location(of: file.methods[handler.method].start), "paymentQueue:updatedTransactions: finishes purchased, restored and failed transactions (\(file.path))")
            }
        }
    }

    /// `pending_purchase_unhandled`: the deferred state (Ask to Buy) needs its own feedback:
    /// not missing, not the failure path, not only logged. Each observer's outcome: a problem
    /// (reported by the rule when no other code tells the buyer) or evidence.
    static func deferred(_ project: Project) -> [(location: SourceLocation, message: String, isProblem: Bool)] {
        let model = ObjectiveCStoreKit.of(project)
        var outcomes: [(SourceLocation, String, Bool)] = []
        for observer in model.handlers {
            // The states may be switched on in a method the observer calls for each transaction.
            guard let handler = observer.branches.isEmpty ? model.stateHelper(of: observer) : observer else { continue }
            let file = model.files[handler.file]
            guard let branch = handler.branches.first(where: { $0.states.contains("deferred") }) else {
                outcomes.append((file.location(of: handler.branches[0].label),
                                 "This transaction-state switch has no SKPaymentTransactionStateDeferred case: an Ask to Buy purchase waiting for approval ends here without telling the buyer.", true))
                continue
            }
            let shared = handler.branches.filter { $0.body == branch.body && $0.label != branch.label }.flatMap(\.states)
            if shared.contains("failed") {
                outcomes.append((file.location(of: branch.label), "SKPaymentTransactionStateDeferred runs the failure code: an Ask to Buy purchase waiting for approval is shown as failed, although it may still go through.", true))
            } else if Self.doesNothing(branch.body, in: file) {
                let does = Self.onlyLogs(branch.body, in: file) ? "logs" : branch.body.contains { file.isIdentifier($0, "return") } ? "returns" : "breaks"
                outcomes.append((file.location(of: branch.label), "SKPaymentTransactionStateDeferred is ignored (the case only \(does)): an Ask to Buy purchase waiting for approval gives the buyer no feedback.", true))
            } else if shared.contains("purchasing") || Self.sameCode(branch.body, as: handler.branches.first { $0.states.contains("purchasing") && $0.body != branch.body }?.body, in: file) {
                outcomes.append((file.location(of: branch.label), "SKPaymentTransactionStateDeferred runs the same code as SKPaymentTransactionStatePurchasing: an Ask to Buy purchase waiting for approval looks like a payment still in progress, and nothing says it awaits approval.", true))
            } else if let path = model.endsWaitSilently(branch.body, in: handler.file) {
                outcomes.append((file.location(of: branch.label), "SKPaymentTransactionStateDeferred only ends the wait (\(path)): nothing tells the buyer that the purchase awaits approval.", true))
            } else {
                outcomes.append((file.location(of: branch.label), "SKPaymentTransactionStateDeferred (Ask to Buy) is handled in \(file.methods[handler.method].className) (\(file.path))", false))
            }
        }
        return outcomes
    }

    /// Whether two branches run the same code once logging, `break` and `;` are left out:
    /// `state = InProgress; Log(…); break;` in both.
    static func sameCode(_ range: Range<Int>, as other: Range<Int>?, in file: ObjectiveCFile) -> Bool {
        guard let other else { return false }
        func code(_ range: Range<Int>) -> [String] {
            var result: [String] = []
            var k = range.lowerBound
            while k < range.upperBound {
                if file.isKind(k, .identifier), isLogName(file.text(k)), file.isKind(k + 1, .leftParen), let close = file.partner(of: k + 1) {
                    k = close + 1
                    continue
                }
                if !(file.isKind(k, .semicolon) || file.isIdentifier(k, "break") || file.isKind(k, .leftBrace) || file.isKind(k, .rightBrace)) {
                    result.append(file.text(k))
                }
                k += 1
            }
            return result
        }
        let mine = code(range)
        return !mine.isEmpty && mine == code(other)
    }

    private static let logNames: Set<String> = ["NSLog", "printf", "os_log", "DLog", "DDLogInfo", "DDLogDebug", "DDLogVerbose", "DDLogWarn"]

    /// A logging function or macro: `NSLog`, `DDLogInfo`, `OCTLogDebug`, `LOGI`, `os_log`.
    static func isLogName(_ name: String) -> Bool {
        if logNames.contains(name) || name.hasSuffix("Log") || name.hasPrefix("LOG") { return true }
        return name.contains("Log") && !name.contains("Login") && !name.contains("Logout")
    }

    /// Whether `range` holds nothing but `break`, `return`, logging and empty statements.
    static func doesNothing(_ range: Range<Int>, in file: ObjectiveCFile) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound {
            if file.isKind(k, .semicolon) || file.isKind(k, .leftBrace) || file.isKind(k, .rightBrace) || file.isIdentifier(k, "break")
                || file.isIdentifier(k, "return") && file.isKind(k + 1, .semicolon) {
                k += 1
                continue
            }
            if file.isKind(k, .identifier), isLogName(file.text(k)), file.isKind(k + 1, .leftParen), let close = file.partner(of: k + 1) {
                k = close + 1
                continue
            }
            return false
        }
        return true
    }

    static func onlyLogs(_ range: Range<Int>, in file: ObjectiveCFile) -> Bool {
        range.contains { file.isKind($0, .identifier) && file.isKind($0 + 1, .leftParen) && isLogName(file.text($0)) }
    }

    /// `transaction_finished_before_delivery`: `finishTransaction:` and then, in the same case
    /// or method, the purchase recorded.
    static func finishedBeforeDelivery(_ project: Project, into result: inout RuleResult) {
        for file in project.objectiveCFiles where file.mentions("finishTransaction:") {
            for finish in file.sends("finishTransaction:") {
                guard let end = ObjectiveCStoreKit.scopeEnd(of: finish, in: file),
                      let delivery = ObjectiveCStoreKit.deliveryAfter(finish, before: end, in: file) else { continue }
                result.report(
                    at: file.location(of: finish.selectorStart),
                    "finishTransaction: runs before the purchase is recorded (\(file.text(delivery)) on line \(file.line(of: delivery))): if the app stops in between, StoreKit has forgotten the transaction and the user has paid for nothing. Finish after delivering."
                )
            }
        }
    }

    /// `receipt_instead_of_jws`: the device posts the receipt to Apple's `verifyReceipt`.
    static func receiptPosted(_ project: Project, into result: inout RuleResult) -> Bool {
        var found = false
        for file in project.objectiveCFiles where file.mentions("verifyReceipt") {
            for start in file.stringStarts {
                let text = file.stringLiteral(at: start)
                guard text.hasPrefix("http"), !text.contains(" "), text.contains("itunes.apple.com/verifyReceipt") else { continue }
                found = true
                // A constant outside any method (`NSString *const kLiveServer = @"…";`) is
                // reported where a method uses it: where the request is made.
                var site = start
                if file.method(containing: start) == nil, let equals = (max(0, start - 2)..<start).last(where: { file.isOperator($0, "=") }),
                   equals > 0, file.isKind(equals - 1, .identifier) {
                    let name = file.text(equals - 1)
                    if let use = file.occurrences(of: name).first(where: { $0 > start && file.method(containing: $0) != nil }) { site = use }
                }
                result.report(
                    at: file.location(of: site),
                    "The app posts the App Store receipt to Apple's verifyReceipt from the device (\(text)): the response can be forged on the device and the endpoint is deprecated. Verify signed transactions (jwsRepresentation) on your server instead.",
                    severity: .warning
                )
            }
        }
        return found
    }

    /// Keys that hold the App-Specific Shared Secret.
    static func namesSecret(_ name: String) -> Bool {
        let folded = name.lowercased().filter { $0.isLetter }
        return folded.contains("sharedsecret") || folded.contains("appspecificsecret") || folded.contains("itunessecret") || folded.contains("iapsecret") || folded == "password"
    }

    /// `shared_secret_in_app` in Objective-C: a 32-hex literal given as the `password` of a
    /// verifyReceipt request or kept in a constant or macro named for the secret.
    static func sharedSecret(_ project: Project, into result: inout RuleResult) -> Bool {
        var found = false
        for file in project.objectiveCFiles {
            for start in file.stringStarts {
                let text = file.stringLiteral(at: start)
                guard text.utf8.count == 32, SharedSecretText.looksLikeSecret(text) else { continue }
                // `NSString *const kSharedSecret = @"…";`, `dict[@"password"] = @"…";`, `@{@"password": @"…"}`
                var k = start - 1
                var named: String?
                while k >= max(0, start - 6) {
                    if file.isKind(k, .identifier), namesSecret(file.text(k)) { named = file.text(k); break }
                    if file.isKind(k, .stringEnd), k > 1, file.isKind(k - 1, .stringSegment), namesSecret(file.text(k - 1)) { named = file.text(k - 1); break }
                    if file.isKind(k, .semicolon) || file.isKind(k, .leftBrace) { break }
                    k -= 1
                }
                guard let named else { continue }
                found = true
                result.report(at: file.location(of: start), "The App-Specific Shared Secret is written in the app (\(named)): it ships in the binary, where anyone can read it.")
            }
            // `#define SHARED_SECRET @"…"`
            for directive in file.directives where directive.name == "define" {
                let text = String(decoding: file.bytes[directive.bytes], as: UTF8.self)
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard words.count >= 3, namesSecret(String(words[1])) else { continue }
                let value = words[2].trimmingCharacters(in: CharacterSet(charactersIn: "@\""))
                guard value.utf8.count == 32, SharedSecretText.looksLikeSecret(value) else { continue }
                found = true
                let position = file.lines.position(ofOffset: directive.bytes.lowerBound)
                result.report(at: SourceLocation(file: file.path, line: position.line, column: position.column), "The App-Specific Shared Secret is written in the app (\(words[1])): it ships in the binary, where anyone can read it.")
            }
        }
        return found
    }

    /// `unverified_transaction_used`: content delivered on the path where no receipt verifier
    /// is set (`if (self.receiptVerifier) { [verifier verify… success:^{ deliver }] } else { deliver }`).
    static func deliveredWithoutVerifier(_ project: Project, into result: inout RuleResult) {
        for file in project.objectiveCFiles where file.mentions("erif") || file.mentions("alidat") {
            for k in file.code.indices where file.isIdentifier(k, "if") {
                guard file.isKind(k + 1, .leftParen), let conditionEnd = file.partner(of: k + 1),
                      file.text(of: k + 2..<conditionEnd).lowercased().contains("verif") || file.text(of: k + 2..<conditionEnd).lowercased().contains("validat"),
                      file.isKind(conditionEnd + 1, .leftBrace), let thenEnd = file.partner(of: conditionEnd + 1),
                      file.isIdentifier(thenEnd + 1, "else"), file.isKind(thenEnd + 2, .leftBrace), let elseEnd = file.partner(of: thenEnd + 2)
                else { continue }
                let thenRange = conditionEnd + 2..<thenEnd
                let elseRange = thenEnd + 3..<elseEnd
                // The verified branch verifies and continues in a block; the other continues directly.
                let verify = file.sends.first { thenRange.contains($0.open) && ($0.selector.lowercased().hasPrefix("verify") || $0.selector.lowercased().hasPrefix("validate")) }
                guard let verify else { continue }
                let insideBlocks = Set(file.sends.filter { $0.open > verify.open && $0.close < verify.close }.map(\.selector))
                guard !file.sends.contains(where: { elseRange.contains($0.open) && ($0.selector.lowercased().contains("verify") || $0.selector.lowercased().contains("validate")) && !insideBlocks.contains($0.selector) }),
                      let unverified = file.sends.first(where: { elseRange.contains($0.open) && insideBlocks.contains($0.selector) })
                else { continue }
                result.report(
                    at: file.location(of: unverified.selectorStart),
                    "When no receipt verifier is set, the transaction is delivered without verification (\(unverified.selector) runs, which the verified path calls only after \(verify.selector) succeeds): anyone can unlock content with a forged transaction.",
                    severity: .error
                )
            }
        }
    }
}

extension ObjectiveCChecks {
    /// Whether a settings key names the App-Specific Shared Secret (`SharedSecret`,
    /// `IAP_SHARED_SECRET`, `itunesSecret`, `appSpecificSharedSecret`, `receiptSecret`).
    static func settingsKeyNamesSecret(_ key: String) -> Bool {
        let folded = key.lowercased().filter { $0.isLetter }
        guard folded.contains("secret") else { return false }
        return ["sharedsecret", "appspecific", "itunes", "iap", "storekit", "receipt", "appstore"].contains { folded.contains($0) }
    }

    /// `shared_secret_in_app` in property lists, build settings and JSON: a key named for the
    /// secret whose value, on its line or the next, is 32 hexadecimal digits.
    static func sharedSecretInSettings(_ project: Project, into result: inout RuleResult) -> Bool {
        var found = false
        for file in project.settingsFiles where !file.bytes.starts(with: Array("bplist".utf8)) {
            let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            var previousKey: String?
            for (index, line) in lines.enumerated() {
                let text = String(line)
                // The key on this line: a plist `<key>`, a JSON name, an xcconfig setting.
                var key: String?
                if let open = text.range(of: "<key>"), let close = text.range(of: "</key>", range: open.upperBound..<text.endIndex) {
                    key = String(text[open.upperBound..<close.lowerBound])
                } else if let colon = text.firstIndex(of: ":"), text.contains("\"") {
                    key = String(text[..<colon])
                } else if let equals = text.firstIndex(of: "=") {
                    key = String(text[..<equals])
                }
                let named = key.map(settingsKeyNamesSecret) == true ? key : nil
                if let value = Self.hexValue(in: text), let secretKey = named ?? previousKey {
                    found = true
                    let column = text.utf8.distance(from: text.utf8.startIndex, to: value.lowerBound.samePosition(in: text.utf8) ?? text.utf8.startIndex) + 1
                    let name = secretKey.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"<>"))
                    result.report(
                        at: SourceLocation(file: file.path, line: index + 1, column: column),
                        "The App-Specific Shared Secret is kept in \(file.path) (\(name)), which ships in the app or its build: anyone can read it from the bundle. Keep it on your server."
                    )
                    previousKey = nil
                    continue
                }
                // A plist's value follows its key on the next line.
                previousKey = named != nil && Self.hexValue(in: text) == nil ? named : (text.trimmingCharacters(in: .whitespaces).isEmpty ? previousKey : nil)
            }
        }
        return found
    }

    /// The range of a run of exactly 32 hexadecimal digits in `text`.
    static func hexValue(in text: String) -> Range<String.Index>? {
        var start: String.Index?
        var count = 0
        var index = text.startIndex
        func isHex(_ c: Character) -> Bool { c.isHexDigit && c.isASCII }
        while index <= text.endIndex {
            let c: Character? = index < text.endIndex ? text[index] : nil
            if let c, isHex(c) || c.isLetter || c.isNumber {
                if start == nil { start = index; count = 0 }
                count += isHex(c) ? 1 : 100
            } else {
                if let begin = start, count == 32, SharedSecretText.looksLikeSecret(String(text[begin..<index])) { return begin..<index }
                start = nil
                count = 0
            }
            if index == text.endIndex { break }
            index = text.index(after: index)
        }
        return nil
    }
}

extension ObjectiveCChecks {
    /// Methods that run without the user asking: launch, activation, a screen appearing.
    static let automaticSelectors: Set<String> = [
        "application:didFinishLaunchingWithOptions:", "application:willFinishLaunchingWithOptions:",
        "applicationDidBecomeActive:", "applicationWillEnterForeground:", "viewDidLoad", "viewWillAppear:", "viewDidAppear:", "awakeFromNib",
    ]

    /// Whether the code at `index` runs only under an `if` whose condition reads `name`
    /// (not negated): `if (restore) …`, `if (showProgress && restore) { … }`.
    static func isGuarded(_ index: Int, by name: String, in method: ObjectiveCFile.Method, of file: ObjectiveCFile) -> Bool {
        func reads(_ close: Int) -> Bool {
            guard file.isKind(close, .rightParen), let open = file.partner(of: close), file.isIdentifier(open - 1, "if") else { return false }
            return (open + 1..<close).contains { file.isIdentifier($0, name) && !file.isOperator($0 - 1, "!") }
        }
        var before = index - 1
        if file.isIdentifier(before, "return") { before -= 1 }
        if reads(before) { return true }
        var k = index
        while let brace = file.enclosingBrace(of: k), brace > method.body.lowerBound {
            if reads(brace - 1) { return true }
            k = brace
        }
        return false
    }

    /// Whether every send of `selector` in `caller` passes a literal `NO` (`false`, `nil`, `0`)
    /// for one of the parameters `guards`.
    static func passesOnlyFalse(to selector: String, at guards: [Int], from caller: ObjectiveCStoreKit.MethodRef, in model: ObjectiveCStoreKit) -> Bool {
        guard !guards.isEmpty else { return false }
        let file = model.files[caller.file]
        let sends = file.sends.filter { $0.method == caller.method && $0.selector == selector }
        guard !sends.isEmpty else { return false }
        return sends.allSatisfy { send in
            guards.contains { p in
                p < send.arguments.count && send.arguments[p].count == 1 && ["NO", "false", "FALSE", "nil", "0"].contains(file.text(send.arguments[p].lowerBound))
            }
        }
    }

    /// `restore_called_automatically`: `restoreCompletedTransactions` reached from launch or
    /// a screen's appearance rather than from an action. Returns how many restores were read.
    static func automaticRestores(_ project: Project, into result: inout RuleResult) -> Int {
        let model = ObjectiveCStoreKit.of(project)
        let actions = Set(model.actionMethods())
        var count = 0
        for (f, file) in model.files.enumerated() where file.mentions("restoreCompletedTransactions") {
            for send in file.sends where send.selector.hasPrefix("restoreCompletedTransactions") {
                count += 1
                guard let m = send.method else { continue }
                let start = ObjectiveCStoreKit.MethodRef(file: f, method: m)
                // Breadth first over the callers, stopping at actions.
                var seen: Set<ObjectiveCStoreKit.MethodRef> = [start]
                // Each method with the selector it reaches the restore through (nil: the restore itself).
                var frontier: [(ref: ObjectiveCStoreKit.MethodRef, via: String?)] = [(start, nil)]
                var automatic: (file: ObjectiveCFile, method: ObjectiveCFile.Method, site: Int)?
                var behindAction: ObjectiveCFile.Method?
                for _ in 0..<5 where automatic == nil && !frontier.isEmpty {
                    var next: [(ref: ObjectiveCStoreKit.MethodRef, via: String?)] = []
                    for (ref, via) in frontier {
                        let method = model.files[ref.file].methods[ref.method]
                        if actions.contains(ref) {
                            behindAction = behindAction ?? method
                            continue
                        }
                        if automaticSelectors.contains(method.selector) {
                            let callerFile = model.files[ref.file]
                            let site = ref == start ? send.selectorStart
                                : callerFile.sends.first { candidate in
                                    candidate.method == ref.method && candidate.selector != method.selector
                                        && seen.contains { callee in callee != ref && model.files[callee.file].methods[callee.method].selector == candidate.selector }
                                }?.selectorStart ?? method.start
                            automatic = (callerFile, method, site)
                            break
                        }
                        // `if (restore) [self restorePurchases];`: callers that pass NO for `restore` do not restore.
                        let calleeFile = model.files[ref.file]
                        let sites = via.map { selector in calleeFile.sends.filter { $0.method == ref.method && $0.selector == selector }.map(\.open) } ?? [send.open]
                        let guards = method.parameters.indices.filter { p in
                            !sites.isEmpty && sites.allSatisfy { isGuarded($0, by: method.parameters[p], in: method, of: calleeFile) }
                        }
                        for caller in model.callers(of: ref) where !passesOnlyFalse(to: method.selector, at: guards, from: caller, in: model) && seen.insert(caller).inserted {
                            next.append((caller, method.selector))
                        }
                    }
                    frontier = next
                }
                if let automatic {
                    let at = automatic.file.path == file.path && automatic.site == send.selectorStart ? "" : " at \(file.path):\(file.line(of: send.selectorStart))"
                    result.report(
                        at: automatic.file.location(of: automatic.site),
                        "restoreCompletedTransactions\(at) runs without a user action (from \(automatic.method.isClassMethod ? "+" : "-")[\(automatic.method.className) \(automatic.method.selector)]): it can show an Apple Account sign-in prompt."
                    )
                } else if let action = behindAction {
                    result.evidence(at: file.location(of: send.selectorStart), "restoreCompletedTransactions is called behind the user action \(action.selector) of \(action.className)")
                }
            }
        }
        return count
    }
}

extension ObjectiveCChecks {
    /// Sends and properties that put text on screen: a label's, button's or alert's text.
    private static let visibleSelectors = ["setTitle:", "setText:", "initWithTitle:", "alertControllerWithTitle:", "actionWithTitle:", "setAttributedTitle:", "setMessage:", "stringWithFormat:", "localizedStringWithFormat:"]
    private static let visibleProperties: Set<String> = ["text", "title", "message", "placeholder", "attributedText"]

    /// `hardcoded_price` in Objective-C: an amount (`@"$4.99"`, `@"4,99 €/month"`) written in
    /// text a file that uses StoreKit puts on screen (a label's or button's title, an alert,
    /// a format), instead of the product's `price` formatted with its `priceLocale`. Returns how
    /// many places format the product's price with its locale.
    static func hardcodedPrices(_ project: Project, into result: inout RuleResult) -> Int {
        var localized = 0
        for file in project.objectiveCFiles where file.importsStoreKit || file.mentions("SKProduct") {
            localized += file.occurrences(of: "priceLocale").count
            for start in file.stringStarts {
                let text = file.stringLiteral(at: start)
                guard text.contains(where: \.isNumber), let match = MoneyDetector.matches(in: text).first else { continue }
                // Shown: an argument of a send that shows text, or assigned to `x.text =`.
                var shown = file.sends.contains { send in
                    send.arguments.contains { $0.contains(start) } && visibleSelectors.contains { send.selector.contains($0) }
                }
                if !shown, start >= 3, file.isOperator(start - 1, "="), file.isKind(start - 2, .identifier), file.isKind(start - 3, .dot),
                   visibleProperties.contains(file.text(start - 2)) {
                    shown = true
                }
                guard shown else { continue }
                result.report(at: file.location(of: start), "Hard-coded price \"\(match.text)\" in user-visible text: show the product's price formatted with its priceLocale.")
            }
        }
        return localized
    }
}
