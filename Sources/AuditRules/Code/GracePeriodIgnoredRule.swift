import AuditCore

/// Seed: subscription status checking. During Billing Grace Period Apple retries a failed
/// renewal and the subscriber keeps access; code that grants only on `.subscribed` locks
/// paying customers out for a card problem.
///
/// Revoking access in `.inBillingRetryPeriod` is not reported: outside a grace period a
/// subscription in billing retry has lapsed (Apple: access ends unless grace period applies,
/// which StoreKit reports as `.inGracePeriod`), so showing the payment problem and locking
/// is what Apple describes.
public struct GracePeriodIgnoredRule: Rule {
    public init() {}

    /// Names of flags whose `true` means "no access": `isExpired = state != .subscribed`.
    static let denialWords: Set<String> = [
        "expired", "lapsed", "locked", "lock", "paywall", "upsell", "restricted", "restrict", "blocked", "inactive", "free",
    ]

    public static let description = RuleDescription(
        identifier: "grace_period_ignored",
        title: "Subscribers in the billing grace period keep access",
        severity: .warning,
        scope: .code,
        rationale: """
            When a renewal payment fails and Billing Grace Period is on, StoreKit reports the \
            subscription as `.inGracePeriod` while Apple retries the charge, and the subscriber \
            keeps full access. Code that unlocks only on `.subscribed` (or locks on anything \
            else) takes the app away from a paying customer because of a card problem, and \
            most of them would have renewed.
            """,
        fix: """
            Treat `.inGracePeriod` like `.subscribed` for access \
            (`case .subscribed, .inGracePeriod:`), and use the grace period only to show a \
            gentle "update your payment method" message. Locking in `.inBillingRetryPeriod` \
            (no grace period) is fine.
            """,
        reference: "StoreKit 2 seed: Subscription Status Checking (renewal states)",
        triggeringExamples: Self.triggeringExamples,
        nonTriggeringExamples: Self.nonTriggeringExamples
    )

    /// On the 50 MB benchmark file (`iap-audit-bench rules`): 23 ms on its first run, 24 ms warm,
    /// where the cheapest rules take well under one. Started before them, so that the audit does
    /// not end with it running alone on one core.
    public static var schedulingWeight: Int { 2 }

    public func check(_ project: Project, into result: inout RuleResult) {
        var sawStateCheck = false
        for file in project.swiftFiles where file.importsStoreKit && Self.readsSubscriptionStatus(file) {
            var patternTokens = Set<Int>()
            for statement in file.switchStatements() where Self.endsWithState(statement.subjectRange, in: file) {
                let subscribedCases = statement.cases.filter { $0.patternRange.contains { file.isCaseReference($0, "subscribed") } }
                guard let subscribed = subscribedCases.first,
                      let subscribedToken = subscribed.patternRange.first(where: { file.isCaseReference($0, "subscribed") })
                else { continue }
                sawStateCheck = true
                for switchCase in statement.cases { patternTokens.formUnion(switchCase.patternRange) }
                if let grace = statement.cases.first(where: { $0.patternRange.contains { file.isCaseReference($0, "inGracePeriod") } }),
                   let graceToken = grace.patternRange.first(where: { file.isCaseReference($0, "inGracePeriod") }) {
                    let decides = Self.resultDecidesAccess(at: graceToken, in: file)
                    if grace.label != subscribed.label, file.deniesAccess(in: grace.bodyRange, countingReturns: decides),
                       !file.grantsAccess(in: grace.bodyRange, countingReturns: decides) {
                        result.report(
                            in: file, at: graceToken,
                            "Access is taken away in .inGracePeriod: subscribers lose the app while Apple is still retrying their payment."
                        )
                    } else {
                        result.evidence(in: file, at: graceToken, ".inGracePeriod keeps access like .subscribed in \(scopeDescription(of: graceToken, in: file))")
                    }
                } else if let fallback = statement.cases.first(where: \.isDefault),
                          file.grantsAccess(in: fallback.bodyRange, countingReturns: Self.resultDecidesAccess(at: fallback.label, in: file)),
                          !file.deniesAccess(in: fallback.bodyRange, countingReturns: Self.resultDecidesAccess(at: fallback.label, in: file)) {
                    // `.inGracePeriod` falls into a `default` that keeps access.
                    result.evidence(in: file, at: fallback.label, ".inGracePeriod keeps access through the default case in \(scopeDescription(of: fallback.label, in: file))")
                } else if file.grantsAccess(in: subscribed.bodyRange, countingReturns: Self.resultDecidesAccess(at: subscribedToken, in: file)) {
                    result.report(
                        in: file, at: subscribedToken,
                        "Access is granted only in .subscribed: subscribers in the billing grace period (.inGracePeriod) fall into another case and lose access while Apple retries their payment."
                    )
                }
            }
            var reportedScopes = Set<Int>()
            for i in file.occurrences(of: "subscribed") where file.isCaseReference(i, "subscribed") && !patternTokens.contains(i) {
                // `state == .subscribed`, or `[.subscribed]` kept as the entitled states and
                // asked `entitledStates.contains(status.state)` (ruddarr's shape).
                let membership = Self.membershipTest(ofListAt: i, in: file)
                guard let negated = Self.stateComparison(at: i, in: file) ?? membership.map({ _ in false }) else { continue }
                sawStateCheck = true
                let scope = Self.scope(of: i, in: file)
                if let grace = scope.first(where: { file.isCaseReference($0, "inGracePeriod") }) {
                    result.evidence(in: file, at: grace, ".inGracePeriod is handled next to .subscribed in \(scopeDescription(of: grace, in: file))")
                    continue
                }
                guard Self.actsOnAccess(comparisonAt: membership ?? i, negated: negated, in: file),
                      reportedScopes.insert(scope.lowerBound).inserted else { continue }
                result.report(
                    in: file, at: i,
                    negated
                        ? "Access is taken away whenever the state is not .subscribed, which includes the billing grace period (.inGracePeriod) while Apple retries the payment."
                        : "Access is granted only when the state is .subscribed: subscribers in the billing grace period (.inGracePeriod) lose access while Apple retries their payment."
                )
            }
        }
        if sawStateCheck { return }
        if project.autoRenewableSubscriptionSignal == nil {
            result.notApplicable("The app sells no auto-renewable subscriptions.")
        } else {
            result.notApplicable("No code compares a subscription's renewal state with .subscribed; access follows the app's entitlements.")
        }
    }

    /// Whether the file works with subscription statuses: StoreKit's status types, its SwiftUI
    /// status task, `subscription.status`, or the other renewal states. Keeps an app's own
    /// `.subscribed` (a socket, a newsletter) out.
    static func readsSubscriptionStatus(_ file: SwiftFile) -> Bool {
        let names: Set<String> = ["SubscriptionInfo", "RenewalState", "subscriptionStatusTask", "inGracePeriod", "inBillingRetryPeriod", "renewalInfo"]
        if file.containsIdentifier(in: names) { return true }
        return file.occurrences(of: "status").contains { k in
            guard file.isCaseReference(k, "status"), k >= 2 else { return false }
            // `subscription.status`, `subscription?.status`
            let receiver = file.token(k, offsetBy: -2, is: .operator) ? k - 3 : k - 2
            return file.isIdentifier(receiver, "subscription")
        }
    }

    /// Whether what the function around `index` returns is an access decision: it is named
    /// like one (`isSubscriber`, `hasAccess`, `checkSubscriptionActive`).
    static func resultDecidesAccess(at index: Int, in file: SwiftFile) -> Bool {
        guard let function = file.enclosingFunction(of: index) else { return false }
        return looksLikeAccessFlag(file.declarations[function].name)
    }

    /// Whether an expression ends in a renewal state: `status.state`, `renewalState`.
    static func endsWithState(_ range: Range<Int>, in file: SwiftFile) -> Bool {
        guard let last = file.lastIdentifier(in: range) else { return false }
        return file.text(last).lowercased().hasSuffix("state")
    }

    /// `x.state == .subscribed`, `.subscribed != state`, `case .subscribed = status.state`:
    /// nil when `.subscribed` at `index` is not compared with a renewal state, else whether the
    /// comparison is `!=`.
    static func stateComparison(at index: Int, in file: SwiftFile) -> Bool? {
        // The start of the reference: `.subscribed` or `RenewalState.subscribed`.
        var start = index - 1
        while file.isKind(start - 1, .identifier) {
            if file.isAfterDot(start - 1) { start -= 2 } else { start -= 1; break }
        }
        let before = start - 1
        if file.isOperator(before, "==") || file.isOperator(before, "!="),
           file.isKind(before - 1, .identifier), file.text(before - 1).lowercased().hasSuffix("state") {
            return file.tokenIs(before, "!=")
        }
        let after = index + 1
        if file.isOperator(after, "==") || file.isOperator(after, "!=") || file.isOperator(after, "=") && file.isIdentifier(before, "case") {
            var k = after + 1
            var last = -1
            while file.isKind(k, .identifier) || file.isKind(k, .dot) || file.isOperator(k, "?") {
                if file.isKind(k, .identifier) { last = k }
                k += 1
            }
            if last >= 0, file.text(last).lowercased().hasSuffix("state") {
                return file.tokenIs(after, "!=")
            }
        }
        return nil
    }

    /// `let entitled: [RenewalState] = [.subscribed]` then `entitled.contains(status.state)`:
    /// for the `.subscribed` at `index` inside such a list, the `contains` that tests a renewal
    /// state against it, in the same function.
    static func membershipTest(ofListAt index: Int, in file: SwiftFile) -> Int? {
        guard let open = file.enclosingBracket(of: index), file.isKind(open, .leftBracket), open >= 2, file.tokenIs(open - 1, "=") else { return nil }
        // The name: `let entitled = [` or `let entitled: [RenewalState] = [`.
        let start = file.statementStart(of: open)
        guard file.isIdentifier(start, "let") || file.isIdentifier(start, "var"), let name = file.variableName(declaredAt: start) else { return nil }
        let scope = Self.scope(of: index, in: file)
        let close = file.matchingBracket(of: open) ?? open
        for use in file.occurrences(of: file.text(name), in: scope) where use > close && file.receiver(of: use) == nil {
            guard file.token(use, offsetBy: 1, is: .dot), let member = file.codeIndex(use, offsetBy: 2), file.isIdentifier(member, "contains"),
                  let call = file.call(at: member), let argument = call.arguments.first, Self.endsWithState(argument.valueRange, in: file)
            else { continue }
            return member
        }
        return nil
    }

    /// The function (or property, closure, file) a comparison is evaluated in.
    static func scope(of index: Int, in file: SwiftFile) -> Range<Int> {
        if let function = file.enclosingFunction(of: index) { return file.bodyRange(of: function) }
        if let declaration = file.enclosingDeclaration(of: index) { return file.bodyRange(of: declaration) }
        return file.code.indices
    }

    /// Whether the statement around a state comparison grants access on `.subscribed` (or, when
    /// `negated`, takes it away on anything else).
    static func actsOnAccess(comparisonAt index: Int, negated: Bool, in file: SwiftFile) -> Bool {
        var start = file.statementStart(of: index)
        // `statuses.contains { $0.state == .subscribed }`: judge the statement using the closure.
        var brace = file.enclosingBrace(of: index)
        // Also a closure's last statement `return status.state == .subscribed` after a guard.
        while let block = brace, let closure = file.declaration(openedBy: block), file.declarations[closure].kind == .closure,
              start == block + 1 || file.isIdentifier(start, "return"), file.isLastStatement(startingAt: start, inBlock: block) {
            start = file.statementStart(of: block)
            brace = file.enclosingBrace(of: block)
        }
        let decides = resultDecidesAccess(at: index, in: file)
        if file.isIdentifier(start, "return") { return decides }
        if file.isIdentifier(start, "if") || file.isIdentifier(start, "guard") || file.isIdentifier(start, "while") {
            let blocks = file.conditionalBlocks(ofStatementAt: start)
            guard let first = blocks.first else { return false }
            let isGuard = file.isIdentifier(start, "guard")
            let body = file.blockRange(first)
            let otherwise = blocks.dropFirst().first.map { file.blockRange($0) }
            // For `guard`, the only block runs when the comparison fails.
            let whenTrue: Range<Int>? = isGuard ? nil : body
            let whenFalse: Range<Int>? = isGuard ? body : otherwise
            let grants = { (range: Range<Int>) in file.grantsAccess(in: range, countingReturns: decides) }
            let denies = { (range: Range<Int>) in file.deniesAccess(in: range, countingReturns: decides) }
            let grantsWhenSubscribed = (negated ? whenFalse.map(grants) : whenTrue.map(grants)) ?? false
            let deniesOtherwise = (negated ? whenTrue.map(denies) : whenFalse.map(denies)) ?? false
            return grantsWhenSubscribed || deniesOtherwise
        }
        // A single-expression property or function body: `var isPro: Bool { state == .subscribed }`.
        if let brace, start == brace + 1, let declaration = file.declaration(openedBy: brace),
           [.variable, .function].contains(file.declarations[declaration].kind),
           file.isLastStatement(startingAt: start, inBlock: brace), !file.isIdentifier(start, in: ["switch", "for", "do"]) {
            return decides
        }
        // `isPro = …`, `let isActive = …`, `self.hasAccess = …`
        var name: String?
        if file.isIdentifier(start, "let") || file.isIdentifier(start, "var") {
            name = file.variableName(declaredAt: start).map { file.text($0) }
        } else if let equals = file.firstOperator("=", from: start, before: index), file.token(equals, offsetBy: -1, is: .identifier) {
            name = file.text(equals - 1)
        }
        guard let name else { return false }
        if looksLikeAccessFlag(name) { return true }
        return negated && camelCaseWords(name).contains { denialWords.contains($0) }
    }
}
