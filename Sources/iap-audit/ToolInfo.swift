enum ToolInfo {
    static let version = "0.1.0"
    /// The commit the binary was built from, or "unknown" (a source tarball without git).
    static var commit: String { BuildInfo.commit }
    /// `iap-audit 0.1.0 (commit 0123456789ab)`
    static var versionLine: String { "iap-audit \(version) (commit \(commit))" }
    /// Where Docs/Rules.md is published: SARIF rules link here (`#rule_id`). Change it with the
    /// repository's address.
    static let rulesDocumentationURL = "https://github.com/iap-audit/iap-audit/blob/main/Docs/Rules.md"

    static let exitCodes: [(code: Int, meaning: String)] = [
        (0, "no finding at or above the --fail-on level (or --write-baseline recorded the findings)"),
        (1, "findings at or above the --fail-on level (or, with ,withheld, a withheld purchase path)"),
        (2, "usage, configuration or output error (one line on standard error says why)"),
    ]

    static let environment: [(name: String, meaning: String)] = [
        ("NO_COLOR", "when set and not empty, no colour or symbols unless --color always"),
        ("CI", "when set (not \"false\" or \"0\"), no progress unless --progress"),
        ("IAP_AUDIT_PROGRESS_DELAY", "seconds before progress appears on a terminal (default: 1)"),
        ("IAP_AUDIT_NO_HUGEPAGES", "when set (not \"0\"), no restart with glibc.malloc.hugetlb=1 and top_pad (2 MB pages) on Linux"),
    ]
}
