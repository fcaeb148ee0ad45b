import XCTest
@testable import StoreKitSupport

final class ProductCatalogTests: XCTestCase {
    func testStandardCatalogHasNoDuplicates() {
        let ids = ProductCatalog.standard.productIDs
        XCTAssertEqual(Set(ids).count, ids.count)
    }
}
