/// The notes the filter stage itself reports about suppression comments. They are not `Rule`s
/// (they judge the other rules' findings, after the rules ran) but they are documented and
/// listed like rules, and their examples are tested the same way.
public enum SuppressionRules {
    public static let unused = RuleDescription(
        identifier: "suppression_unused",
        title: "Suppression comments suppress something",
        severity: .note,
        scope: .code,
        rationale: """
            An `iap-audit:disable` comment that matches no finding hides nothing today but will \
            silently hide a real problem that appears on that line later. It usually outlives a \
            fix, names the wrong rule, or sits on the wrong line (`disable:next` covers only the \
            line right after the comment).
            """,
        fix: """
            Remove the comment, or correct its rule id or placement: `disable:next` for the next \
            line, `disable:this` for the comment's own line, `disable` for the whole file.
            """,
        reference: "iap-audit suppressions (README, Suppressions)",
        triggeringExamples: [
            RuleExample("""
                import StoreKit
                ↓// iap-audit:disable:next hardcoded_price — legal approved this copy
                let title = "Upgrade"
                """),
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        Text("Only $4.99") ↓// iap-audit:disable:this legacy_storekit_api — wrong rule
                    }
                }
                """),
            RuleExample("""
                ↓// iap-audit:disable:nxt hardcoded_price — typo in the directive
                let a = 1
                """),
            RuleExample("""
                ↓// iap-audit:disable no_such_rule — an id the tool does not know
                let a = 1
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        // iap-audit:disable:next hardcoded_price — placeholder replaced at build time
                        Text("Only $4.99")
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        Text("Only $4.99") // iap-audit:disable:this hardcoded_price — screenshot mode only
                    }
                }
                """),
            RuleExample("""
                // iap-audit:disable legacy_storekit_api — the macOS 11 fallback path
                import StoreKit
                let queue = SKPaymentQueue.default()
                """),
            RuleExample("""
                // A comment that mentions iap-audit but is no directive.
                let a = 1
                """),
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        /* iap-audit:disable:next all — generated marketing screen */
                        Text("Only $4.99")
                    }
                }
                """),
        ]
    )

    public static let withoutReason = RuleDescription(
        identifier: "suppression_without_reason",
        title: "Suppression comments say why",
        severity: .note,
        scope: .code,
        rationale: """
            A suppression is a decision someone made about a finding; without the reason, the \
            next reader cannot tell whether it still holds, and the report's appendix cannot \
            tell a reviewer why the finding was accepted.
            """,
        fix: "Add the reason after the rule ids, following an em dash: `// iap-audit:disable:next hardcoded_price — approved by legal`.",
        reference: "iap-audit suppressions (README, Suppressions)",
        triggeringExamples: [
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        ↓// iap-audit:disable:next hardcoded_price
                        Text("Only $4.99")
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        Text("Only $4.99") ↓// iap-audit:disable:this hardcoded_price —
                    }
                }
                """),
            RuleExample("""
                ↓// iap-audit:disable legacy_storekit_api
                import StoreKit
                let queue = SKPaymentQueue.default()
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        // iap-audit:disable:next hardcoded_price — placeholder replaced at build time
                        Text("Only $4.99")
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        Text("Only $4.99") // iap-audit:disable:this hardcoded_price -- screenshot mode only
                    }
                }
                """),
            RuleExample("""
                // iap-audit:disable legacy_storekit_api - the macOS 11 fallback path
                import StoreKit
                let queue = SKPaymentQueue.default()
                """),
            RuleExample("""
                import SwiftUI
                struct Paywall: View {
                    var body: some View {
                        // iap-audit:disable:next hardcoded_price—approved by legal
                        Text("Only $4.99")
                    }
                }
                """),
            RuleExample("let a = 1 // an ordinary comment\n"),
        ]
    )

    /// Both, in the order they are documented.
    public static let all = [unused, withoutReason]
}
