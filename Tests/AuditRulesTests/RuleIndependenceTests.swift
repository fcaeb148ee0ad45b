import AuditCore
import Foundation
import Testing

/// Shared meaning lives in named support and model types (`TransactionFlow`, `LaunchPath`,
/// `UpdatesListener`), never in one rule that others call: a rule type is not named by another
/// rule file or by a support file.
@Suite struct RuleIndependenceTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AuditRules")

    /// Uses that predate this test and belong to the purchase-screen work (issue 22, the
    /// paywall half): each is to move into a support type, then leave this list.
    static let knownUses: Set<String> = [
        "PaywallCopy.swift → HardcodedPriceRule", "PaywallCopy.swift → PolicyLinksMissingRule",
        "StoreViewRestoreHiddenRule.swift → RestorePurchasesMissingRule",
    ]

    @Test func noRuleFileOrSupportFileNamesAnotherRuleType() throws {
        var uses = Set<String>()
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }
        for path in files {
            let url = Self.sources.appendingPathComponent(path)
            let file = SwiftFile(path: path, bytes: Array(try Data(contentsOf: url)))
            let own = url.deletingPathExtension().lastPathComponent
            for i in file.code.indices where file.code[i].kind == .identifier {
                let name = file.text(i)
                // `SomeRule.member`: a rule type used from outside its own file.
                guard name.hasSuffix("Rule"), name != own, name.first?.isUppercase == true,
                      file.token(i, offsetBy: 1, is: .dot) else { continue }
                uses.insert("\(url.lastPathComponent) → \(name)")
            }
        }
        // The catalogue lists every rule by type; it is the one place that may.
        uses = uses.filter { !$0.hasPrefix("BuiltInRules.swift") && !$0.hasPrefix("RuleCatalogue.swift") }
        let unexpected = uses.subtracting(Self.knownUses)
        #expect(unexpected.isEmpty, "rule types named outside their own file: \(unexpected.sorted())")
    }
}
