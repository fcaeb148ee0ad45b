import AuditCore

/// Every rule the tool ships, in catalogue order.
public enum BuiltInRules {
    public static let all: [any Rule] = [
        TransactionListenerMissingRule(),
        RestorePurchasesMissingRule(),
        PolicyLinksMissingRule(),
        HardcodedPriceRule(),
        LegacyStoreKitAPIRule(),
        ConsumableNotIdempotentRule(),
        IntroOfferEligibilityUncheckedRule(),
        GracePeriodIgnoredRule(),
        ClientSideOfferSignatureRule(),
        ReceiptInsteadOfJWSRule(),
        StoreKitConfigMissingRule(),
        StoreTypesNotSendableRule(),
        UnfinishedTransactionsIgnoredRule(),
        AppTransactionUnverifiedRule(),
        StoreKitTestsMissingRule(),
        ManageSubscriptionsMissingRule(),
        ProductLocalizationMissingRule(),
        InputErrorRule(),
    ]

    public static func rule(identifier: String) -> (any Rule)? {
        all.first { $0.description.identifier == identifier }
    }
}
