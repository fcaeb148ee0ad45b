import AuditCore

/// Every rule id of the catalogue (design/RULES.md), built or planned. Checklists may name a
/// planned id: its item stays a manual check until the rule ships. A typo is an error.
public enum RuleCatalogue {
    public static let identifiers: Set<String> = [
        // Code
        "transaction_listener_missing", "transaction_listener_late", "unverified_transaction_used",
        "transaction_not_finished", "revocation_not_checked", "pending_purchase_unhandled",
        "restore_purchases_missing", "store_view_restore_hidden", "policy_links_missing", "hardcoded_price",
        "legacy_storekit_api", "product_ids_scattered", "unknown_product_id", "unused_product",
        "entitlements_not_refreshed", "consumable_not_idempotent", "intro_offer_eligibility_unchecked",
        "grace_period_ignored", "client_side_offer_signature", "receipt_instead_of_jws", "storekit_config_missing",
        "store_types_not_sendable", "restore_called_automatically", "unfinished_transactions_ignored",
        "app_transaction_unverified", "storekit_tests_missing", "manage_subscriptions_missing",
        // Product configuration
        "product_localization_missing", "product_metadata_empty", "product_metadata_too_long", "product_id_invalid",
        "consumable_family_shareable", "subscription_group_incomplete", "price_missing",
        // Paywall copy
        "subscription_terms_missing", "renewal_terms_missing", "trial_terms_unclear", "external_purchase_link",
        "placeholder_copy", "other_platform_mention", "copy_translation_missing",
        // Inputs
        "input_error",
        // Suppression comments (reported by the filter stage, see SuppressionRules)
        "suppression_unused", "suppression_without_reason",
    ]

    /// Every rule the tool documents and can report, built-in rules first, then the notes the
    /// filter stage reports about suppression comments: what `iap-audit rules` and
    /// Docs/Rules.md list.
    public static var documented: [RuleDescription] {
        BuiltInRules.all.map(\.description) + SuppressionRules.all
    }

    public static func description(of identifier: String) -> RuleDescription? {
        documented.first { $0.identifier == identifier }
    }

    /// Changed-lines mode (`--changed-since`): rules whose findings are about more than their
    /// own line count whenever a file of these kinds changed. Rules not listed count only when
    /// their own line changed. A rule that reports an absence ("no listener anywhere") or a
    /// cross-file mismatch belongs here.
    public static let changeScopes: [String: ChangeScope] = [
        // Absent from the whole app: any Swift change may be the one that should add it.
        "transaction_listener_missing": .lineOrAnyFile([.swift]),
        "transaction_listener_late": .lineOrAnyFile([.swift]),
        "restore_purchases_missing": .lineOrAnyFile([.swift]),
        "entitlements_not_refreshed": .lineOrAnyFile([.swift]),
        "unfinished_transactions_ignored": .lineOrAnyFile([.swift]),
        "manage_subscriptions_missing": .lineOrAnyFile([.swift]),
        "storekit_config_missing": .lineOrAnyFile([.swift, .storeKitConfiguration]),
        "storekit_tests_missing": .lineOrAnyFile([.swift, .storeKitConfiguration]),
        // Code against configuration.
        "unknown_product_id": .lineOrAnyFile([.storeKitConfiguration]),
        "unused_product": .lineOrAnyFile([.swift]),
        "product_ids_scattered": .lineOrAnyFile([.swift]),
        // Configuration against the shipped locales.
        "product_localization_missing": .lineOrAnyFile([.stringCatalog, .strings, .stringsDictionary]),
        "copy_translation_missing": .lineOrAnyFile([.stringCatalog, .strings, .stringsDictionary]),
    ]
}
