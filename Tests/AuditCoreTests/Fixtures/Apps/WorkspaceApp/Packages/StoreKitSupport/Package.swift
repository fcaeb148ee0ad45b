// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "StoreKitSupport",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "StoreKitSupport", targets: ["StoreKitSupport"]),
    ],
    targets: [
        .target(name: "StoreKitSupport", dependencies: ["StoreKitReceipts", .product(name: "Collections", package: "swift-collections")]),
        .target(name: "StoreKitReceipts"),
        .target(name: "CatalogTools"),
        .testTarget(name: "StoreKitSupportTests", dependencies: ["StoreKitSupport"]),
    ]
)
