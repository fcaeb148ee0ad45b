// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "StoreKitSupport",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "StoreKitSupport", targets: ["StoreKitSupport"]),
    ],
    targets: [
        .target(name: "StoreKitSupport"),
        .testTarget(name: "StoreKitSupportTests", dependencies: ["StoreKitSupport"]),
    ]
)
