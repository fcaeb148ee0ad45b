import AuditCore

/// Seed checklist 3 ("`transaction.finish()` called after content delivery"): finishing first
/// and recording the purchase afterwards loses it when the app stops in between, because
/// StoreKit no longer delivers a finished transaction.
public struct TransactionFinishedBeforeDeliveryRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "transaction_finished_before_delivery",
        title: "Transactions are finished only after the purchase is recorded",
        severity: .warning,
        scope: .code,
        rationale: """
            `finish()` (`finishTransaction(_:)` in original StoreKit) tells the App Store that the \
            content is delivered; StoreKit then never hands the transaction back. When the app \
            records the purchase only after finishing (a `UserDefaults` or iCloud key-value write, \
            a Keychain counter, an access flag, a `deliver…`/`unlock…` call) and is stopped in \
            between, the user has paid and has nothing.
            """,
        fix: "Record or deliver the purchase first, then finish the transaction.",
        reference: "StoreKit 2 review checklist item 3; common mistake 2",
        triggeringExamples: Self.triggeringExamples,
        nonTriggeringExamples: Self.nonTriggeringExamples
    )

    public func prepare(_ project: Project) {
        if project.transactionsHandledBySDK == nil { _ = TransactionFlow(project) }
    }

    /// On the 50 MB benchmark file (`iap-audit-bench rules`): 197 ms on its first run, 35 ms warm,
    /// where the cheapest rules take well under one. Started before them, so that the audit does
    /// not end with it running alone on one core.
    public static var schedulingWeight: Int { 2 }

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        var checked = 0
        // A finished non-consumable or subscription stays in Transaction.currentEntitlements:
        // when the configuration sells nothing else and the app reads them, a local record
        // written after the finish is only a cache (Talky's themes); nothing is lost.
        let products = project.storeKitConfigurations.flatMap(\.allProducts)
        let readsEntitlements = !project.swiftFileIndices(mentioning: "currentEntitlements").isEmpty
        let nothingConsumable = !products.isEmpty && !products.contains { $0.type == .consumable }
        for binding in TransactionFlow(project).bindings where binding.source.mustBeFinished && !binding.isUnverified {
            guard let finish = binding.finishCall else { continue }
            let file = binding.file
            checked += 1
            let name = TransactionFlow.receiverName(of: finish, in: file) ?? binding.name
            if let delivery = FinishOrder.deliveryAfter(finish, inBlockWithin: binding.scope, of: file) {
                if nothingConsumable && readsEntitlements {
                    result.evidence(in: file, at: finish, "'\(name)' is finished before line \(file.line(of: delivery)) records it, but the app sells no consumables and reads Transaction.currentEntitlements, which keeps a finished purchase")
                    continue
                }
                report(finish: finish, delivery: delivery, what: "The transaction '\(name)'", in: file, into: &result,
                       keptByEntitlements: readsEntitlements)
            }
        }
        let finishing = LegacyTransactionHandler.finishingFunctions(in: project)
        for handler in LegacyTransactionHandler.all(in: project) {
            let file = handler.file
            for state in ["purchased", "restored"] {
                guard let branch = handler.branch(for: state),
                      let finish = LegacyTransactionHandler.finishCall(in: branch.body, of: file, finishing: finishing)
                else { continue }
                checked += 1
                if let delivery = FinishOrder.deliveryAfter(finish, in: branch.body, of: file),
                   !result.findings.contains(where: { $0.location == file.location(of: finish) }) {
                    report(finish: finish, delivery: delivery, what: "The \(state) transaction", in: file, into: &result)
                } else if !file.isIdentifier(finish, "finishTransaction") {
                    // `handlePurchased(transaction)`: the app function that finishes; its own
                    // order of finishing and delivering.
                    for (callee, function) in project.swiftFiles(mentioning: file.text(finish)).flatMap({ other in
                        other.declarationIndices(named: file.text(finish)).filter { other.declarations[$0].kind == .function }.map { (other, $0) }
                    }) {
                        let body = callee.bodyRange(of: function)
                        guard let inner = callee.occurrences(of: "finishTransaction", in: body).first(where: { callee.isCall(at: $0) }),
                              let delivery = FinishOrder.deliveryAfter(inner, in: inner..<body.upperBound, of: callee),
                              !result.findings.contains(where: { $0.location == callee.location(of: inner) }) else { continue }
                        report(finish: inner, delivery: delivery, what: "The \(state) transaction", in: callee, into: &result)
                    }
                }
            }
        }
        let objectiveCFinishes = project.objectiveCFiles.reduce(0) { $0 + $1.sends("finishTransaction:").count }
        if objectiveCFinishes > 0 {
            checked += objectiveCFinishes
            ObjectiveCChecks.finishedBeforeDelivery(project, into: &result)
        }
        if checked == 0 {
            result.notApplicable("No code finishes a transaction it receives.")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "No purchase is recorded after its transaction is finished (\(checked) finishing site\(checked == 1 ? "" : "s") read)")
        }
    }

    /// `keptByEntitlements`: the app reads Transaction.currentEntitlements, where a finished
    /// non-consumable or subscription comes back; a consumable does not.
    private func report(finish: Int, delivery: Int, what: String, in file: SwiftFile, into result: inout RuleResult, keptByEntitlements: Bool = false) {
        let loss = keptByEntitlements
            ? "StoreKit does not deliver it again: a consumable is lost, and a non-consumable or subscription comes back only through Transaction.currentEntitlements."
            : "StoreKit does not deliver it again and the user loses what they paid for."
        result.report(
            in: file, at: finish,
            "\(what) is finished before the purchase is recorded (line \(file.line(of: delivery))): if the app stops in between, \(loss)"
        )
    }
}
