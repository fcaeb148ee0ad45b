/// The kinds of input the audit reads, decided by file name.
public enum FileKind: String, Sendable, Hashable, CaseIterable {
    case swift
    case storeKitConfiguration
    case stringCatalog
    case strings
    case stringsDictionary
    /// Paywall marketing copy: Markdown or text whose name says it is paywall/subscription copy.
    case copyDocument

    /// False when no selection reads a file of this name: its extension is not one the audit
    /// reads (so the walk need not look at what it is unless it may be a folder).
    public static func mayClassify(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".swift", ".storekit", ".xcstrings", ".strings", ".stringsdict", ".md", ".markdown", ".txt"].contains { lower.hasSuffix($0) }
    }

    /// Classifies a path relative to the audit root; nil for files the audit does not read.
    public static func classify(_ relativePath: String) -> FileKind? {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        let lower = name.lowercased()
        if lower.hasSuffix(".swift") { return .swift }
        if lower.hasSuffix(".storekit") { return .storeKitConfiguration }
        if lower.hasSuffix(".xcstrings") { return .stringCatalog }
        if lower.hasSuffix(".strings") { return .strings }
        if lower.hasSuffix(".stringsdict") { return .stringsDictionary }
        if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") || lower.hasSuffix(".txt") {
            let words = ["paywall", "subscription", "purchase", "pricing", "copy"]
            if words.contains(where: { lower.contains($0) }) { return .copyDocument }
        }
        return nil
    }
}
