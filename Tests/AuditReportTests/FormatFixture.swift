import AuditCore
import AuditRules
import Foundation
@testable import AuditReport

/// The project every format's golden file is rendered from. It holds one of each case the
/// renderers must get right: a project-level error, warnings with non-ASCII text before them
/// (UTF-16 columns), a suppressed finding with and one without a reason, a baseline-accepted
/// finding, an input error no checklist item names, and a file name with `,`, `:`, `%` and
/// `&` in it. It runs a fixed set of rules against an inline checklist, so rules and
/// checklists added elsewhere do not change the golden files.
enum FormatFixture {
    static let files: [(String, String)] = [
        ("App/RecipeApp.swift", """
            import StoreKit
            import SwiftUI

            @main struct RecipeApp: App {
                var body: some Scene { WindowGroup { PaywallView() } }
            }
            """),
        ("App/PaywallView.swift", """
            import StoreKit
            import SwiftUI

            struct PaywallView: View {
                let product: Product? = nil
                var body: some View {
                    VStack {
                        Text("Ünlock Pro — 4,99 € a month")
                        Text("Only $1.99 today") // iap-audit:disable:this hardcoded_price — screenshot mode only
                        // iap-audit:disable:next hardcoded_price
                        Text("Or $19.99 a year")
                        Button("Buy") { Task { _ = try? await product?.purchase() } }
                    }
                }
            }
            """),
        ("App/Promo, 50% off: now&then.swift", """
            import StoreKit
            let queue = SKPaymentQueue.default()
            """),
        ("App/Legacy.swift", """
            import StoreKit
            final class LegacyStore {
                let request = SKProductsRequest(productIdentifiers: ["com.app.pro"])
            }
            """),
        ("App/Broken.swift", "let title = \"never closed\n"),
    ]

    static let checklist = """
        # Golden checklist

        Items for the format tests.

        - [ ] Listener at launch <!-- rules: transaction_listener_missing -->
        - [ ] Prices from `displayPrice`, never hardcoded <!-- rules: hardcoded_price -->
        - [ ] No original StoreKit API <!-- rules: legacy_storekit_api -->
        - [ ] Sandbox testers created <!-- manual: App Store Connect > Users and Access -->
        """

    static let rules: [any Rule] = [TransactionListenerMissingRule(), HardcodedPriceRule(), LegacyStoreKitAPIRule(), InputErrorRule()]

    static let settings = Report.Settings(
        rootPath: "/work/RecipeApp", repositoryPrefix: "RecipeApp/", rulesDocumentationURL: "https://example.invalid/Docs/Rules.md",
        fullReportURL: "https://example.invalid/actions/runs/1", failLevel: .warning, disabledRules: [],
        changedSince: nil, baseline: "iap-audit-baseline.json", configuration: ".iap-audit.json")

    static func report(jobs: Int = 1, settings: Report.Settings = FormatFixture.settings) throws -> Report {
        let inputs = files.compactMap { InputFile.text($0.0, $0.1) }
        let raw = Auditor.audit(files: inputs, rules: rules, options: AuditOptions(jobs: jobs))
        // The old product request is accepted debt.
        let accepted = raw.findings.filter { $0.ruleID == "legacy_storekit_api" && $0.location.file == "App/Legacy.swift" }
        let filtered = Filters.apply(raw, options: FilterOptions(
            knownRules: RuleCatalogue.identifiers, baseline: Baseline(fingerprints: Set(accepted.map(\.fingerprint)))))
        let list = try Checklist.parse(name: "golden", markdown: checklist, knownRules: RuleCatalogue.identifiers)
        return Report(result: filtered, checklists: [list], toolVersion: "1.0.0-test", subject: "RecipeApp",
                      sourceLinkPrefix: "../", settings: settings)
    }

    static let htmlTemplate = "<!DOCTYPE html>\n<title>{{title}}</title>\n<body class=\"{{verdict}}\">\n{{body}}</body>\n"

    /// Every format, by golden file name.
    static func renderAll(_ report: Report) -> [(String, String)] {
        let markdown = MarkdownRenderer().render(report)
        return [
            ("report.md", markdown),
            ("report.compact.md", CompactMarkdownRenderer().render(report)),
            ("report.html", HTMLRenderer(template: htmlTemplate).render(report, markdown: markdown)),
            ("report.json", JSONRenderer().render(report)),
            ("report.sarif", SARIFRenderer().render(report)),
            ("report.github.txt", GitHubActionsRenderer().render(report)),
            ("report.xcode.txt", XcodeRenderer().render(report)),
            ("report.junit.xml", JUnitRenderer().render(report)),
        ]
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
}
