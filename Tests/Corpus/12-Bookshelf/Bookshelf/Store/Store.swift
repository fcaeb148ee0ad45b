import Foundation
import Observation
import OSLog
import StoreKit

/// The purchase state of Bookshelf. The type is split by topic:
/// Store+Products, Store+Purchasing, Store+Transactions and Store+Restore.
@Observable
@MainActor
final class Store {
    var products: [Product] = []
    var ownedProductIDs: Set<String> = []
    var isFoundingReader = false
    var message: String?
    var isBusy = false

    @ObservationIgnored let themes: ThemeInstaller
    @ObservationIgnored let log = Logger(subsystem: "com.bookshelf.app", category: "Store")
    @ObservationIgnored private var updates: Task<Void, Never>?

    var hasPro: Bool {
        ownedProductIDs.contains(ProductID.proMonthly.rawValue) || ownedProductIDs.contains(ProductID.proYearly.rawValue)
    }

    var hasSepiaTheme: Bool {
        hasPro || ownedProductIDs.contains(ProductID.sepiaTheme.rawValue)
    }

    init(themes: ThemeInstaller) {
        self.themes = themes
        updates = Task { [weak self] in
            for await result in Transaction.updates {
                await self?.handle(result)
            }
        }
        Task {
            await processUnfinished()
            await updateEntitlements()
            await loadProducts()
            await checkFoundingReader()
        }
    }
}
