import AuditCore
import FuzzSupport

/// The `.storekit` loader: JSON parser, typed decoding with key paths, member locations.
func fuzzStoreKit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBytes(data, size)
    let lines = lineCount(bytes)
    do {
        let configuration = try StoreKitConfigurationLoader.load(bytes: bytes, file: "Products.storekit")
        let products = configuration.products + configuration.nonRenewingSubscriptions
            + configuration.subscriptionGroups.flatMap(\.subscriptions)
        for product in products {
            expect(product.location.line >= 1 && product.location.column >= 1, "product at \(product.location)")
        }
    } catch {
        // UTF-16 is transcoded first, keeping its line breaks: never more lines than raw bytes count.
        expectValid(error, lineCount: lines)
    }
    _ = loadThroughEngine(bytes, path: "App/Products.storekit")
    return 0
}
