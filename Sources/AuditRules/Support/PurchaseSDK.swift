import AuditCore

/// Purchase SDKs that wrap StoreKit: they listen for, verify and finish transactions
/// themselves, so the StoreKit plumbing items do not apply to apps that buy through them,
/// while restore, policy links, prices and copy still do.
struct PurchaseSDK: Sendable {
    var name: String
    var site: CodeSite

    static let modules: [String: String] = [
        "RevenueCat": "RevenueCat", "RevenueCatUI": "RevenueCat", "Adapty": "Adapty", "AdaptyUI": "Adapty",
        "Qonversion": "Qonversion", "SuperwallKit": "Superwall", "Glassfy": "Glassfy",
    ]

    /// Entry points that start a purchase or present an SDK paywall.
    static let purchaseCalls: Set<String> = [
        "purchase", "makePurchase", "purchaseProduct", "register", "presentPaywallIfNeeded", "paywall",
    ]
    /// Receivers (or receiver chains ending in) that belong to an SDK.
    static let receivers: Set<String> = ["Purchases", "shared", "Adapty", "Qonversion", "Superwall", "Glassfy"]

    /// `purchaseCalls`, hashed once for the question asked of every file.
    static let purchaseCallNames = IdentifierNames(purchaseCalls)

    /// Restore entry points of the SDKs.
    static let restoreCalls: Set<String> = ["restorePurchases", "restore", "restoreTransactions"]
    static let restoreCallNames = IdentifierNames(restoreCalls)

    /// The first SDK the app imports, with the import as its site.
    static func detect(in project: Project) -> PurchaseSDK? {
        project.fact(PurchaseSDK.self) {
            // A file that imports an SDK mentions its module: the project's name columns rule
            // out the rest at once (the files that may, in project order).
            let candidates = Set(modules.keys.flatMap { project.swiftFileIndices(mentioning: $0) }).sorted()
            for file in candidates.map({ project.swiftFiles[$0] }) {
                for i in file.occurrences(of: "import") where i + 1 < file.code.count {
                    if let name = modules[file.text(i + 1)] {
                        return PurchaseSDK(name: name, site: CodeSite(file: file, index: i + 1))
                    }
                }
            }
            return nil
        }
    }

    /// Whether a call is an SDK purchase or paywall presentation: `Purchases.shared.purchase(package:)`,
    /// `Adapty.makePurchase(product:)`, `Superwall.shared.register(placement:)`, RevenueCatUI's paywall.
    static func isPurchase(_ call: Call, in file: SwiftFile) -> Bool {
        let name = file.text(call.name)
        guard purchaseCalls.contains(name), let receiver = file.receiver(of: call.name) else {
            // RevenueCatUI's `.presentPaywallIfNeeded(…)` modifier on a view.
            return name == "presentPaywallIfNeeded"
        }
        return isSDKReceiver(receiver, in: file)
    }

    /// Whether a call restores through an SDK: `Purchases.shared.restorePurchases()`.
    static func isRestore(_ call: Call, in file: SwiftFile) -> Bool {
        guard restoreCalls.contains(file.text(call.name)), let receiver = file.receiver(of: call.name) else { return false }
        return isSDKReceiver(receiver, in: file)
    }

    /// Whether the receiver token of a call is an SDK's entry point: `Purchases` in
    /// `Purchases.shared.purchase(…)`, or `shared()` in `Qonversion.shared().purchase(…)`.
    private static func isSDKReceiver(_ receiver: Int, in file: SwiftFile) -> Bool {
        if file.isKind(receiver, .identifier), receivers.contains(file.text(receiver)) { return true }
        if file.isKind(receiver, .rightParen), let open = file.matchingBracket(of: receiver), open > 0,
           receivers.contains(file.text(open - 1)) {
            return true
        }
        return false
    }
}

/// The name of the fact "some app code handles StoreKit transactions itself".
private enum HandlesTransactions {}

extension Project {
    /// The SDK purchases go through, when the app does not also handle StoreKit transactions
    /// itself. StoreKit plumbing rules report "not applicable" with this reason.
    var transactionsHandledBySDK: PurchaseSDK? {
        guard let sdk = PurchaseSDK.detect(in: self) else { return nil }
        let handlesTransactions = fact(HandlesTransactions.self) {
            swiftFiles.contains { file in
                file.occurrences(of: "updates").contains { file.isMemberAccess($0, base: "Transaction", member: "updates") }
                    || file.occurrences(of: "currentEntitlements").contains { file.isMemberAccess($0, base: "Transaction", member: "currentEntitlements") }
                    || file.occurrences(of: "finish").contains { i in
                        file.receiver(of: i) != nil && file.token(i, offsetBy: 1, is: .leftParen)
                    }
            }
        }
        return handlesTransactions ? nil : sdk
    }

    func sdkReason(_ sdk: PurchaseSDK) -> String {
        "\(PurchasePathMatrix.sdkReasonPrefix)\(sdk.name) (\(sdk.site.location)), which listens for, verifies and finishes transactions itself."
    }
}
