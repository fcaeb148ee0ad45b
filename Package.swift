// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "iap-audit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "iap-audit", targets: ["iap-audit"]),
        .library(name: "AuditCore", targets: ["AuditCore"]),
        .library(name: "AuditRules", targets: ["AuditRules"]),
        .library(name: "AuditReport", targets: ["AuditReport"]),
        // `swift package iap-audit` in any package that depends on this one.
        .plugin(name: "IAPAuditPlugin", targets: ["IAPAuditCommand"]),
    ],
    targets: [
        // cmark-gfm from the system: `apt-get install libcmark-gfm-dev libcmark-gfm-extensions-dev`
        // on Debian/Ubuntu, `brew install cmark-gfm` on macOS. Debian ships a pkg-config file for
        // the core library only; the module map links the extensions library by name.
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [
                .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
                .brew(["cmark-gfm"]),
            ]
        ),
        .target(name: "AuditCore", dependencies: ["CCmarkGFM"]),
        .target(name: "AuditRules", dependencies: ["AuditCore"]),
        .target(
            name: "AuditReport",
            dependencies: ["AuditCore", "CCmarkGFM"],
            plugins: ["EmbedResources"]
        ),
        // The huge-pages restart, decided in C before the Swift runtime starts (HugePages.swift).
        .target(name: "IAPAuditBoot", path: "Sources/IAPAuditBoot"),
        .executableTarget(
            name: "iap-audit", dependencies: ["AuditCore", "AuditRules", "AuditReport", "IAPAuditBoot"], plugins: ["EmbedBuildInfo"]
        ),
        .executableTarget(
            name: "iap-audit-bench", dependencies: ["AuditCore", "AuditRules", "BenchmarkCorpus"], path: "Benchmarks/Sources/iap-audit-bench"
        ),
        // The seeded app-tree generator behind Benchmarks/run and the --jobs equivalence test.
        .target(name: "BenchmarkCorpus", path: "Benchmarks/Sources/BenchmarkCorpus"),

        // Build-time embedding of Templates/ and Checklists/ into AuditReport, so the binary
        // works from any folder without a resource bundle beside it.
        .executableTarget(name: "embed-resources", path: "Sources/embed-resources"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["embed-resources"]),

        // Build-time record of the commit, for `iap-audit --version` ("unknown" without git).
        .executableTarget(name: "build-info", path: "Sources/build-info"),
        .plugin(name: "EmbedBuildInfo", capability: .buildTool(), dependencies: ["build-info"]),

        // `swift package iap-audit`: audits the package with the iap-audit built from here.
        .plugin(
            name: "IAPAuditCommand",
            capability: .command(
                // No write permission: reports go to the plugin's work folder by default, so the
                // command never asks. `swift package --disable-sandbox iap-audit --output DIR`
                // writes elsewhere.
                intent: .custom(verb: "iap-audit", description: "Audit the package's in-app purchase code and write the filled review checklist")
            ),
            dependencies: ["iap-audit"]
        ),

        .testTarget(name: "AuditCoreTests", dependencies: ["AuditCore", "BenchmarkCorpus"], exclude: ["Fixtures"]),
        .testTarget(name: "AuditRulesTests", dependencies: ["AuditCore", "AuditRules", "BenchmarkCorpus"]),
        .testTarget(name: "AuditReportTests", dependencies: ["AuditCore", "AuditRules", "AuditReport"], exclude: ["Golden"]),
        .testTarget(name: "CLITests", dependencies: ["AuditCore", "AuditRules", "AuditReport"]),
    ]
)
