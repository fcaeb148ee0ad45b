/// The kinds of input the audit reads, decided by file name.
public enum FileKind: String, Sendable, Hashable, CaseIterable {
    case swift
    /// Objective-C and Objective-C++ implementation files (`.m`, `.mm`).
    case objectiveC
    case storeKitConfiguration
    case stringCatalog
    case strings
    case stringsDictionary
    /// Paywall marketing copy: Markdown or text whose name says it is paywall/subscription copy.
    case copyDocument
    /// A field of the App Store listing in fastlane's `deliver` layout
    /// (`fastlane/metadata/en-US/description.txt`), or under a folder the configuration names.
    case storeListing

    /// String catalogs and tables: the largest files an app has (megabytes of translations),
    /// loaded first.
    public var isLargeTable: Bool { self == .stringCatalog || self == .strings }

    /// False when no selection reads a file of this name: its extension is not one the audit
    /// reads (so the walk need not look at what it is unless it may be a folder).
    public static func mayClassify(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { extensionKind(of: $0) != nil }
    }

    /// Classifies a path relative to the audit root; nil for files the audit does not read.
    public static func classify(_ relativePath: String) -> FileKind? {
        var path = relativePath
        return path.withUTF8 { path in
            // The name: what follows the last `/`.
            var nameStart = path.count
            while nameStart > 0, path[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
            let name = UnsafeBufferPointer(rebasing: path[nameStart...])
            guard let kind = extensionKind(of: name) else { return nil }
            if kind != .copyDocument { return kind }
            if let listing = storeListingKind(of: path) { return listing }
            guard copyWords.contains(where: { word in word.withUnsafeBufferPointer { ASCIISearch.findFolded($0, in: name) } }) else { return nil }
            // A project's own documents are never paywall copy by their name: its readme,
            // licence, changelog, and whatever lies in a documentation folder.
            let written = String(decoding: name, as: UTF8.self)
            let lowered = written.lowercased()
            if projectDocumentPrefixes.contains(where: { lowered.hasPrefix($0) }) { return nil }
            // A name in capitals at the repository's top (`PURCHASES.md` beside `README.md`) is
            // the repository's own document by convention: a developer's price list, not copy
            // users read. In a folder (`Marketing/SUBSCRIPTION_TERMS.TXT`) the name decides.
            let stem = written.split(separator: ".").first.map(String.init) ?? written
            if nameStart == 0, stem.contains(where: \.isLetter), !stem.contains(where: \.isLowercase) { return nil }
            let folders = String(decoding: UnsafeBufferPointer(rebasing: path[..<nameStart]), as: UTF8.self).lowercased().split(separator: "/")
            if folders.contains(where: { documentationFolders.contains(String($0)) }) { return nil }
            return .copyDocument
        }
    }

    /// `.storeListing` for a field file of a `fastlane/metadata` folder; `nil` (no input at all)
    /// for its other text files (`copyright.txt`, the review notes), which are never paywall copy;
    /// nil as a whole when the path is not in such a folder.
    private static func storeListingKind(of path: UnsafeBufferPointer<UInt8>) -> FileKind?? {
        // Only a path that holds "metadata/" can be in such a folder: most are ruled out on their bytes.
        guard metadataFolderWord.withUnsafeBufferPointer({ ASCIISearch.findFolded($0, in: path) }) else { return nil }
        let text = String(decoding: path, as: UTF8.self)
        if StoreListingPath.parse(text) != nil { return .some(.storeListing) }
        return StoreListingPath.isInFastlaneMetadata(text) ? .some(nil) : nil
    }

    private static let metadataFolderWord = Array("metadata/".utf8)

    private static let projectDocumentPrefixes = ["readme", "license", "licence", "copying", "changelog", "changes", "contributing", "authors", "notice", "code_of_conduct", "security"]
    private static let documentationFolders: Set<String> = ["docs", "doc", "documentation", ".github"]

    /// Words that make a Markdown or text file paywall copy, by its name.
    private static let copyWords: [[UInt8]] = ["paywall", "subscription", "purchase", "pricing", "copy"].map { Array($0.utf8) }

    /// The extensions, matched without regard to ASCII case; `.copyDocument` stands for the
    /// Markdown and text extensions, whose files are copy only when their names say so.
    private static let extensions: [(suffix: [UInt8], kind: FileKind)] = ([
        (".swift", .swift), (".m", .objectiveC), (".mm", .objectiveC), (".storekit", .storeKitConfiguration), (".xcstrings", .stringCatalog),
        (".strings", .strings), (".stringsdict", .stringsDictionary),
        (".md", .copyDocument), (".markdown", .copyDocument), (".txt", .copyDocument),
    ] as [(String, FileKind)]).map { (Array($0.0.utf8), $0.1) }

    /// The kind a file name's extension stands for (bytes compared without regard to ASCII
    /// case, with no String made: the walk asks this of every name).
    static func extensionKind(of name: UnsafeBufferPointer<UInt8>) -> FileKind? {
        for (suffix, kind) in extensions where suffix.count <= name.count {
            let offset = name.count - suffix.count
            var same = true
            for k in 0..<suffix.count {
                let c = name[offset + k]
                if (c >= 0x41 && c <= 0x5A ? c | 0x20 : c) == suffix[k] { continue }
                same = false
                break
            }
            if same { return kind }
        }
        return nil
    }
}
