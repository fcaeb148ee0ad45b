public struct ProductCatalog: Sendable {
    public let productIDs: [String]

    public init(productIDs: [String]) {
        self.productIDs = productIDs
    }

    public static let standard = ProductCatalog(productIDs: [
        "com.example.workspaceapp.unlimited",
        "com.example.workspaceapp.exports10",
    ])
}
