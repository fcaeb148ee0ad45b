import AuditCore

/// Seed checklist 11 / common mistake 4: the original StoreKit API is deprecated.
public struct LegacyStoreKitAPIRule: Rule {
    public init() {}

    static let legacyNames: Set<String> = [
        "SKPaymentQueue", "SKProductsRequest", "SKProductsRequestDelegate", "SKProductsResponse", "SKProduct",
        "SKPayment", "SKMutablePayment", "SKPaymentTransaction", "SKPaymentTransactionObserver",
        "SKReceiptRefreshRequest", "SKRequest", "SKRequestDelegate", "SKStoreReviewController",
        "SKProductDiscount", "SKProductSubscriptionPeriod", "restoreCompletedTransactions", "appStoreReceiptURL",
    ]

    private static let legacyNameHashes = IdentifierNames(legacyNames)

    public static let description = RuleDescription(
        identifier: "legacy_storekit_api",
        title: "No original (legacy) StoreKit API",
        severity: .warning,
        scope: .code,
        rationale: """
            The original StoreKit API (`SKPaymentQueue`, `SKProduct`, receipts and `/verifyReceipt`) \
            is deprecated. StoreKit 2 verifies transactions for you, delivers them as async \
            sequences and is what App Review and Apple's documentation now assume. Migrating a \
            file is one task: one warning per file lists every use, and each further line that \
            uses the API gets a note, so that Xcode and code review show where to change it.
            """,
        fix: """
            Use `Product.products(for:)`, `product.purchase()`, `Transaction.updates`, \
            `Transaction.currentEntitlements`, `AppStore.sync()`, `AppStore.requestReview(in:)` and \
            `jwsRepresentation` instead.
            """,
        reference: "StoreKit 2 review checklist item 11; common mistake 4",
        triggeringExamples: [
            // Only the review prompt: a note, since it is not purchase code.
            RuleExample("""
                import StoreKit
                enum ReviewPrompter {
                    static func ask(in scene: UIWindowScene) { ↓SKStoreReviewController.requestReview(in: scene) }
                }
                """),
            // Objective-C.
            RuleExample(files: [("Store.m", """
                #import <StoreKit/StoreKit.h>
                @implementation Store
                - (void)buy:(↓SKProduct *)product {
                    [[SKPaymentQueue defaultQueue] ↓addPayment:[SKPayment paymentWithProduct:product]];
                }
                @end
                """)]),
            // The seed's AVOID example: one warning for the file, at its first use; a note at each
            // further line that uses the original API (buying without asking canMakePayments is
            // the note on the second line).
            RuleExample("""
                let request = ↓SKProductsRequest(productIdentifiers: ["com.app.premium"])
                SKPaymentQueue.default().↓add(payment)
                ↓SKStoreReviewController.requestReview()
                """),
            RuleExample("""
                import StoreKit
                final class LegacyObserver: NSObject, ↓SKPaymentTransactionObserver {
                    func paymentQueue(_ queue: ↓SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}
                    func restore() { ↓SKPaymentQueue.default().restoreCompletedTransactions() }
                }
                """),
            RuleExample("""
                import Foundation
                func uploadReceipt() throws -> Data? {
                    guard let url = Bundle.main.↓appStoreReceiptURL else { return nil }
                    return try Data(contentsOf: url)
                }
                let endpoint = URL(string: ↓"https://buy.itunes.apple.com/verifyReceipt")
                """),
            // Beside StoreKit 2, an observer kept for purchases promoted on the App Store is a note.
            RuleExample("""
                import StoreKit
                final class PromotedPurchases: NSObject, ↓SKPaymentTransactionObserver {
                    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}
                    func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct) -> Bool { true }
                }
                func buy(_ product: Product) async throws {
                    guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                    await transaction.finish()
                }
                """),
        ],
        nonTriggeringExamples: [
            // Objective-C.
            RuleExample(files: [("Store.m", """
                #import <Foundation/Foundation.h>
                @implementation Store
                - (void)open { [self.delegate storeDidOpen:self]; }
                @end
                """)]),
            // The seed's PREFERRED example.
            RuleExample("""
                let products = try await Product.products(for: ["com.app.premium"])
                let result = try await product.purchase()
                try await AppStore.requestReview(in: windowScene)
                """),
            RuleExample("""
                // Migrated from SKPaymentQueue and SKProductsRequest in version 2.0.
                /* Old: SKStoreReviewController.requestReview() */
                let note = "We no longer use SKPaymentQueue"
                """),
            // Names that merely contain a legacy name, and StoreKitTest.
            RuleExample("""
                import StoreKitTest
                struct SKProductCatalog { let SKProducts: [String] }
                let session = try SKTestSession(configurationFileNamed: "Products")
                let overlay = SKOverlay(configuration: SKOverlay.AppConfiguration(appIdentifier: "1", position: .bottom))
                """),
            RuleExample("""
                import StoreKit
                @MainActor final class Store {
                    func restore() async throws { try await AppStore.sync() }
                    func jws(for transaction: Transaction) -> String { transaction.jwsRepresentation }
                }
                """),
            RuleExample("""
                enum Endpoint { static let verify = URL(string: "https://api.example.com/verify-transaction")! }
                let key = \\Model.appStoreReceipt
                """),
        ]
    )

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        var used = false
        // Files whose only original API is the review prompt, and whether any other is used.
        var reviewPromptFiles = 0
        var purchaseAPIUsed = false
        let storeKit2Purchases = Self.buysWithStoreKit2(project)
        // The canMakePayments note's place, if any: no use-site note beside it on that line.
        let canMakePaymentsNote = Self.checkCanMakePayments(project, into: &result)
        for file in project.swiftFiles {
            // One warning per file, at its first use, naming what it uses and where: migrating a
            // file is one task. Each further line that uses the API gets a note, so that Xcode
            // and code review show every place the migration changes (one per line, not one
            // per name).
            var uses = NamedUses()
            var first: Int?
            var endpointLines: Set<Int> = []
            // The legacy names from the file's index, and the literals that can be the endpoint.
            var candidates = file.occurrences(ofAny: Self.legacyNameHashes)
            candidates += file.literalTexts.literals(containing: "/verifyReceipt")
            candidates.sort()
            for i in candidates {
                if file.isKind(i, .identifier) {
                    // `restoreCompletedTransactions` and `appStoreReceiptURL` only as members.
                    let name = file.text(i)
                    if name.first?.isLowercase == true, file.receiver(of: i) == nil { continue }
                    used = true
                    if first == nil { first = i }
                    uses.add(name, line: file.line(of: i), at: i)
                } else if file.isKind(i, .stringStart) {
                    let literal = file.stringLiteral(at: i)
                    // Only a literal that is the endpoint's URL, not text that mentions it.
                    let text = literal.text.trimmingCharacters(in: .whitespaces)
                    if text.hasPrefix("http"), !text.contains(" "), !text.contains("\n"), text.contains("/verifyReceipt") {
                        used = true
                        endpointLines.insert(file.line(of: i))
                        result.report(in: file, at: i, "The /verifyReceipt endpoint is deprecated; verify JWS transactions instead.")
                    }
                }
            }
            guard let first else { continue }
            let listed = uses.listed
            if uses.names == ["SKStoreReviewController"], !file.literalTexts.literals(containing: "/verifyReceipt").contains(where: { file.stringLiteral(at: $0).text.hasPrefix("http") }) {
                // Asking for a review is not purchase code: deprecated, but no purchase defect.
                reviewPromptFiles += 1
                result.report(
                    in: file, at: first,
                    "This file asks for an App Store review with SKStoreReviewController (\(listed)), deprecated since iOS 18: use AppStore.requestReview(in:) or SwiftUI's requestReview action. It is not purchase code.",
                    severity: .note
                )
                continue
            }
            purchaseAPIUsed = true
            if storeKit2Purchases, Self.onlyKeepsPromotedPurchaseObserver(file, uses: uses.names) {
                result.report(
                    in: file, at: first,
                    "This file keeps an original StoreKit observer for purchases promoted on the App Store (paymentQueue(_:shouldAddStorePayment:for:)) beside StoreKit 2 purchases: \(listed). StoreKit 2's PurchaseIntent replaces it from iOS 16.4.",
                    severity: .note
                )
            } else {
                result.report(in: file, at: first, "This file uses the original StoreKit API: \(listed).")
                // No note beside the warning, a /verifyReceipt finding or the canMakePayments note.
                let firstLine = file.line(of: first)
                var skipped = endpointLines.union([firstLine])
                if let note = canMakePaymentsNote, note.file == file.path { skipped.insert(note.line) }
                for site in uses.sites(besides: skipped) {
                    result.report(in: file, at: site.at, Self.useSiteNote(site.names, firstLine: firstLine), severity: .note)
                }
            }
        }
        if ObjectiveCChecks.legacyAPI(project, names: Self.legacyNames, besides: canMakePaymentsNote, siteNote: Self.useSiteNote, into: &result) {
            used = true
            purchaseAPIUsed = true
        }
        if used, !purchaseAPIUsed, reviewPromptFiles > 0, !result.findings.contains(where: { $0.severity >= .warning }) {
            result.evidence(at: nil, "No original StoreKit purchase API is used; \(reviewPromptFiles) file\(reviewPromptFiles == 1 ? "" : "s") only ask\(reviewPromptFiles == 1 ? "s" : "") for a review with SKStoreReviewController (a note)")
        }
        if !used {
            let objectiveC = project.objectiveCFiles.isEmpty ? "" : " and \(project.objectiveCFiles.count) Objective-C file\(project.objectiveCFiles.count == 1 ? "" : "s")"
            result.evidence(at: nil, "No original StoreKit API is used in \(project.swiftFiles.count) Swift file\(project.swiftFiles.count == 1 ? "" : "s")\(objectiveC)")
        }
    }

    /// The note at a further line of a file that uses the original API.
    static func useSiteNote(_ names: [String], firstLine: Int) -> String {
        "Original StoreKit API on this line: \(names.joined(separator: ", ")). Part of migrating this file (the warning at line \(firstLine) lists every use)."
    }

    /// The names an observer kept only for promoted purchases uses.
    private static let promotedObserverNames: Set<String> = ["SKPaymentQueue", "SKPaymentTransactionObserver", "SKPayment", "SKProduct", "SKPaymentTransaction"]

    /// A file whose original-StoreKit code is an observer answering
    /// `paymentQueue(_:shouldAddStorePayment:for:)` (and nothing beyond the observer's types).
    static func onlyKeepsPromotedPurchaseObserver(_ file: SwiftFile, uses: Set<String>) -> Bool {
        uses.isSubset(of: promotedObserverNames) && file.mentions("shouldAddStorePayment")
    }

    /// Whether the app buys with StoreKit 2 (`product.purchase()`, `@Environment(\.purchase)`,
    /// StoreKit views).
    static func buysWithStoreKit2(_ project: Project) -> Bool {
        TransactionFlow(project).bindings.contains { $0.source == .purchase }
            || !PurchaseSurface.of(project).storeViews.isEmpty
    }

    /// The first payment added to the original payment queue (Swift first, then Objective-C).
    static func firstPaymentQueueBuy(_ project: Project) -> SourceLocation? {
        for file in project.swiftFiles where file.mentions("SKPaymentQueue") {
            if let add = file.paymentQueueAdds().first(where: { !$0.addsObserver }) { return file.location(of: add.call.name) }
        }
        for file in project.objectiveCFiles where file.mentions("addPayment") {
            if let send = file.sends("addPayment:").first { return file.location(of: send.selectorStart) }
        }
        return nil
    }

    /// Buying through the original payment queue without asking `SKPaymentQueue.canMakePayments()`
    /// anywhere: with purchases restricted (Screen Time, a managed device) the payment fails
    /// with no explanation. A note at the first purchase; evidence where it is asked.
    /// Returns where the note is.
    static func checkCanMakePayments(_ project: Project, into result: inout RuleResult) -> SourceLocation? {
        guard let firstBuy = firstPaymentQueueBuy(project) else { return nil }
        for file in project.swiftFiles where file.mentions("canMakePayments") {
            if let i = file.occurrences(of: "canMakePayments").first {
                result.evidence(in: file, at: i, "SKPaymentQueue.canMakePayments() is asked in \(scopeDescription(of: i, in: file))")
                return nil
            }
        }
        for file in project.objectiveCFiles where file.mentions("canMakePayments") {
            // `[SKPaymentQueue canMakePayments]` or `SKPaymentQueue.canMakePayments`.
            if let use = file.occurrences(of: "canMakePayments").first {
                result.evidence(at: file.location(of: use), "[SKPaymentQueue canMakePayments] is asked in \(file.path)")
                return nil
            }
        }
        result.report(
            at: firstBuy,
            "The app buys through SKPaymentQueue but never asks SKPaymentQueue.canMakePayments(): where purchases are restricted (Screen Time, a managed device) the payment fails without telling the buyer why.",
            severity: .note
        )
        return firstBuy
    }
}
