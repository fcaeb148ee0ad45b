import AuditCore

/// Files that cannot be read, decoded or parsed: reported, never fatal.
public struct InputErrorRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "input_error",
        title: "Every input could be read",
        severity: .error,
        scope: .input,
        rationale: """
            A file the audit cannot read is a file it cannot check: a truncated StoreKit \
            configuration, a binary file named `.swift`, an unreadable catalog. Each is reported \
            with its position so it can be fixed; the rest of the audit goes on.
            """,
        fix: "Fix or remove the file, or exclude it from the audit.",
        reference: "iap-audit input handling",
        triggeringExamples: [
            RuleExample(files: [("Binary.swift", "let a = 1↓\u{0}\u{1}")]),
            RuleExample(files: [("Broken.swift", "let price = ↓\"unterminated\nlet b = 2\n")]),
            RuleExample(files: [("Comment.swift", "let a = 1\n↓/* never closed\n")]),
            RuleExample(files: [("Paywall-copy.md", "# Go Pro\n\nTry it ↓\u{0}free")]),
            // A truncated StoreKit configuration: the object opened on line 2 never closes.
            RuleExample(files: [("Products.storekit", "{\n  \"products\" : [ { \"productID\" : \"com.app.pro\"↓")]),
            // A wrong type deep in a product.
            RuleExample(files: [("Products.storekit", "{ \"products\" : [ { \"productID\" : \"a\", \"localizations\" : ↓\"en\" } ] }")]),
        ],
        nonTriggeringExamples: [
            RuleExample("let a = \"fine\" // ok"),
            RuleExample("let r = #/\\d+/# ; let s = #\"raw \\(x)\"#"),
            RuleExample(files: [("Docs/Paywall-copy.md", "# Go Pro\n\nUnlock everything.\n")]),
            RuleExample("/* nested /* comment */ still */ let x = 1"),
            RuleExample("let multi = \"\"\"\n  text\n  \"\"\"\n"),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        for error in project.inputErrors {
            result.report(at: error.location, "Could not be audited: \(error.reason)")
        }
    }
}
