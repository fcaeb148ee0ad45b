// swift-tools-version:6.0
// libFuzzer harnesses for the parsers that read untrusted input. Not part of the main package:
// they only link with `-sanitize=fuzzer`, which supplies libFuzzer. Use `Fuzz/run TARGET SECONDS`.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which depends on where the repository was
// cloned; read it instead of assuming "iap-audit".
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let iapAudit = parent.lastPathComponent

let package = Package(
    name: "iap-audit-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "AuditCore", package: iapAudit)]),
        .executableTarget(name: "fuzz-swift", dependencies: ["FuzzSupport", .product(name: "AuditCore", package: iapAudit)]),
        .executableTarget(name: "fuzz-storekit", dependencies: ["FuzzSupport", .product(name: "AuditCore", package: iapAudit)]),
        .executableTarget(name: "fuzz-xcstrings", dependencies: ["FuzzSupport", .product(name: "AuditCore", package: iapAudit)]),
        .executableTarget(name: "fuzz-strings", dependencies: ["FuzzSupport", .product(name: "AuditCore", package: iapAudit)]),
        .executableTarget(name: "fuzz-objc", dependencies: ["FuzzSupport", .product(name: "AuditCore", package: iapAudit)]),
        .executableTarget(name: "fuzz-pbxproj", dependencies: ["FuzzSupport", .product(name: "AuditCore", package: iapAudit)]),
    ]
)
