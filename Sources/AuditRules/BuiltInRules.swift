import AuditCore

/// Every rule the tool ships, in catalogue order.
public enum BuiltInRules {
    public static let all: [any Rule] = [
        TransactionListenerMissingRule(),
        TransactionListenerLateRule(),
        RestorePurchasesMissingRule(),
        StoreViewRestoreHiddenRule(),
        RestoreCalledAutomaticallyRule(),
        PolicyLinksMissingRule(),
        UnverifiedTransactionUsedRule(),
        TransactionNotFinishedRule(),
        TransactionFinishedBeforeDeliveryRule(),
        RevocationNotCheckedRule(),
        PendingPurchaseUnhandledRule(),
        EntitlementsNotRefreshedRule(),
        HardcodedPriceRule(),
        LegacyStoreKitAPIRule(),
        ProductIDsScatteredRule(),
        UnknownProductIDRule(),
        UnusedProductRule(),
        ConsumableNotIdempotentRule(),
        IntroOfferEligibilityUncheckedRule(),
        GracePeriodIgnoredRule(),
        ClientSideOfferSignatureRule(),
        SharedSecretInAppRule(), EntitlementStoredLocallyRule(),
        ReceiptInsteadOfJWSRule(),
        StoreKitConfigMissingRule(),
        StoreTypesNotSendableRule(),
        UnfinishedTransactionsIgnoredRule(),
        AppTransactionUnverifiedRule(),
        StoreKitTestsMissingRule(),
        ManageSubscriptionsMissingRule(),
        ProductLocalizationMissingRule(),
        ProductMetadataEmptyRule(),
        ProductMetadataTooLongRule(),
        ProductIDInvalidRule(),
        ConsumableFamilyShareableRule(),
        SubscriptionGroupIncompleteRule(),
        PriceMissingRule(),
        SubscriptionTermsMissingRule(),
        RenewalTermsMissingRule(),
        TrialTermsUnclearRule(),
        ExternalPurchaseLinkRule(),
        PlaceholderCopyRule(),
        OtherPlatformMentionRule(),
        CopyTranslationMissingRule(),
        InputErrorRule(),
    ]

    public static func rule(identifier: String) -> (any Rule)? {
        all.first { $0.description.identifier == identifier }
    }
}
