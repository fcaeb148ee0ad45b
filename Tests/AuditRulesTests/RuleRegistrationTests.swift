import AuditCore
import AuditRules
import Foundation
import Testing

/// `BuiltInRules.all` is the one list of rules: the catalogue's ids and change scopes come from
/// it, so a rule type left out of it would never run, never be documented and have its id
/// rejected in configurations. This suite finds every rule type in Sources/AuditRules.
@Suite struct RuleRegistrationTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AuditRules")

    /// Names of the structs declared as conforming to `Rule` (`struct X: Rule`, `struct X: Sendable, Rule`).
    static func ruleTypes(in source: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\bstruct\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^{]*)\{"#)
        return pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)).compactMap { match in
            let conformances = String(source[Range(match.range(at: 2), in: source)!])
            let names = conformances.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            return names.contains("Rule") ? String(source[Range(match.range(at: 1), in: source)!]) : nil
        }
    }

    @Test func everyRuleTypeIsRegisteredInBuiltInRules() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 30, "Sources/AuditRules not found at \(Self.sources.path)")
        let registered = Set(BuiltInRules.all.map { String(describing: type(of: $0)) })
        var declared: [String] = []
        for file in files {
            for name in Self.ruleTypes(in: try String(contentsOf: file, encoding: .utf8)) {
                declared.append(name)
                #expect(registered.contains(name), "\(file.lastPathComponent) declares \(name), which is not in BuiltInRules.all")
            }
        }
        #expect(declared.count == BuiltInRules.all.count)
    }

    @Test func theScanFindsRuleConformancesOnly() {
        let source = """
            public struct TransactionListenerMissingRule: Rule {
            struct Helper: Sendable {
            struct OtherRule: Sendable, Rule {
            struct RuleNames: Hashable {
            """
        #expect(Self.ruleTypes(in: source) == ["TransactionListenerMissingRule", "OtherRule"])
    }

    @Test func plannedIdsAreNotBuiltYet() {
        let built = Set(RuleCatalogue.documented.map(\.identifier))
        #expect(RuleCatalogue.planned.isDisjoint(with: built), "built now, remove from RuleCatalogue.planned: \(RuleCatalogue.planned.intersection(built).sorted())")
        #expect(RuleCatalogue.identifiers == built.union(RuleCatalogue.planned))
    }
}
