import Foundation
import Observation

/// What the UI reads: which products the listener currently owns. Written only by
/// PurchaseService, always on the main actor.
@Observable
@MainActor
final class AccessModel {
    private(set) var ownedProductIDs: Set<String> = []
    private(set) var plusIsActive = false

    var hasPlus: Bool { plusIsActive || ownedProductIDs.contains(ProductID.plusMonthly) }
    var isAdFree: Bool { hasPlus || ownedProductIDs.contains(ProductID.adFree) }

    func grant(_ productID: String) {
        ownedProductIDs.insert(productID)
    }

    func revoke(_ productID: String) {
        ownedProductIDs.remove(productID)
    }

    func replace(owned: Set<String>, plusIsActive: Bool) {
        ownedProductIDs = owned
        self.plusIsActive = plusIsActive
    }
}
