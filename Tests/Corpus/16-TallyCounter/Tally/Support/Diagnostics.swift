import Foundation
import OSLog

/// Builds the text of the "Report a Problem" email. Nothing here is shown as a price.
enum Diagnostics {
    private static let log = Logger(subsystem: "com.tally.app", category: "Diagnostics")

    static func report(hasPro: Bool) -> String {
        """
        Tally diagnostics
        -----------------
        Pro unlocked: \(hasPro ? "yes" : "no")
        Store: StoreKit 2 (Transaction.updates, AppStore.sync). No SKPaymentQueue,
        no restoreCompletedTransactions, no receipt upload.
        Tip jar: com.tally.tip.small / com.tally.tip.large
        """
    }

    /// Matches amounts like "$4.99" or "4,99 €" in counters imported from a CSV file,
    /// so they can be stored as plain numbers.
    static let importedAmount = #/^[$€£]?\s*(\d+(?:[.,]\d{1,2})?)\s*[$€£]?$/#

    static func logPurchaseScreen() {
        log.debug(#"Paywall shown; US price "$4.99" comes from displayPrice"#)
    }
}
