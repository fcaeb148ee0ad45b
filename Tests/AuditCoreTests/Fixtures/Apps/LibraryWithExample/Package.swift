// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "PaywallLib",
    defaultLocalization: "en",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "PaywallLib", targets: ["Lib"]),
    ],
    targets: [
        .target(
            name: "Lib",
            resources: [.process("Resources")]
        ),
        .testTarget(name: "LibTests", dependencies: ["Lib"]),
    ]
)
