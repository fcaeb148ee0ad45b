import AuditCore

/// Every rule id of the catalogue (design/RULES.md), built or planned. Checklists may name a
/// planned id: its item stays a manual check until the rule ships. A typo is an error.
///
/// Nothing here lists a built rule: ids and change scopes come from the descriptions of
/// `BuiltInRules.all` and `SuppressionRules.all`, so adding a rule is its file and one entry
/// in `BuiltInRules.all`.
public enum RuleCatalogue {
    /// Ids of design/RULES.md that no rule reports yet, so that a checklist or a configuration
    /// may already name them. Remove an id here when its rule joins `BuiltInRules.all` (a test
    /// fails while an id is both planned and built).
    public static let planned: Set<String> = []

    public static let identifiers: Set<String> = Set(documented.map(\.identifier)).union(planned)

    /// Every rule the tool documents and can report, built-in rules first, then the notes the
    /// filter stage reports about suppression comments: what `iap-audit rules` and
    /// Docs/Rules.md list.
    public static var documented: [RuleDescription] {
        BuiltInRules.all.map(\.description) + SuppressionRules.all
    }

    public static func description(of identifier: String) -> RuleDescription? {
        documented.first { $0.identifier == identifier }
    }

    /// Changed-lines mode (`--changed-since`), by rule id: the rules whose description sets a
    /// `changeScope` other than `.line` (see `RuleDescription.changeScope`).
    public static let changeScopes: [String: ChangeScope] = Dictionary(
        uniqueKeysWithValues: documented.compactMap { $0.changeScope == .line ? nil : ($0.identifier, $0.changeScope) })
}
