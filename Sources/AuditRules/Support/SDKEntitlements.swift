import AuditCore

/// What a purchase SDK's customer info is read for: the SDK's active entitlements
/// (`customerInfo.entitlements["pro"]?.isActive`, `entitlements.active`, `activeSubscriptions`,
/// Adapty's `accessLevels[…]?.isActive`), which drop refunded, revoked and expired purchases,
/// or its whole history (`entitlements.all["pro"] != nil`, `allPurchasedProductIdentifiers`),
/// which keeps them. The SDK analogue of a transaction source.
struct SDKEntitlementReads: Sendable {
    /// Reads of active state.
    var active: [CodeSite] = []
    /// Reads of the whole history that decide access (not logging or display text).
    var history: [CodeSite] = []

    static func of(_ project: Project) -> SDKEntitlementReads {
        project.fact(SDKEntitlementReads.self) { SDKEntitlementReads(project) }
    }

    private static let activeMembers: Set<String> = ["isActive", "activeSubscriptions"]

    private init(_ project: Project) {
        let indices = Set(["entitlements", "accessLevels", "allPurchasedProductIdentifiers"].flatMap { project.swiftFileIndices(mentioning: $0) }).sorted()
        for file in indices.map({ project.swiftFiles[$0] }) {
            for name in ["isActive", "activeSubscriptions", "active", "all", "allPurchasedProductIdentifiers"] {
                for i in file.occurrences(of: name) where file.isAfterDot(i) {
                    switch name {
                    case "active", "all":
                        // `entitlements.active`, `entitlements.all[…]`.
                        guard let receiver = file.receiver(of: i), file.isIdentifier(receiver, "entitlements") else { continue }
                        if name == "active" {
                            active.append(CodeSite(file: file, index: i))
                        } else if !isActiveLater(in: file, from: i), decidesAccess(i, in: file) {
                            history.append(CodeSite(file: file, index: i))
                        }
                    case "allPurchasedProductIdentifiers":
                        if decidesAccess(i, in: file) { history.append(CodeSite(file: file, index: i)) }
                    default:
                        // `isActive` of an SDK entitlement: the chain starts at entitlements or accessLevels.
                        let statement = file.statementStart(of: i)..<i
                        if name == "activeSubscriptions" || file.contains(identifier: "entitlements", in: statement) || file.contains(identifier: "accessLevels", in: statement) {
                            active.append(CodeSite(file: file, index: i))
                        }
                    }
                }
            }
        }
        active.sort { $0.location < $1.location }
        history.sort { $0.location < $1.location }
    }

    /// Whether the history read at `index` is a yes-or-no question (`!= nil`, `.contains(…)`,
    /// `.isEmpty`) outside a log line: an access decision. A loop over the history (summing what
    /// a customer spent, listing past purchases) decides nothing.
    private func decidesAccess(_ index: Int, in file: SwiftFile) -> Bool {
        let start = file.statementStart(of: index)
        if file.isIdentifier(start, "for") || TransactionFlow.isLogged(index, in: file) { return false }
        let end = file.statementEnd(from: start)
        guard index < end else { return false }
        return ["contains", "isEmpty", "nil"].contains { file.occurrences(of: $0, in: index..<end).first != nil }
    }

    /// `entitlements.all["pro"]?.isActive`: the history read goes on to ask for active state.
    private func isActiveLater(in file: SwiftFile, from index: Int) -> Bool {
        let end = file.statementEnd(from: file.statementStart(of: index))
        var k = index
        while let next = file.nextCodeIndex(after: k), next <= end {
            if file.isKind(next, .identifier), Self.activeMembers.contains(file.text(next)), file.isAfterDot(next) { return true }
            // `[…]` and `(…)` are part of the chain; `?` and `!` too. Anything else ends it.
            if file.isKind(next, .leftBracket) || file.isKind(next, .leftParen), let close = file.matchingBracket(of: next) {
                k = close
                continue
            }
            if file.isKind(next, .operator), !(file.tokenIs(next, "?") || file.tokenIs(next, "!")) { return false }
            if file.isKind(next, .comma) || file.isKind(next, .leftBrace) { return false }
            k = next
        }
        return false
    }
}
