import Foundation

/// Which walked files the audit reads: the configuration's include and exclude globs and its
/// paywall copy globs, all relative to `base` (the configuration file's folder). Files named
/// explicitly on the command line are always read.
public struct FileSelection: Sendable, Hashable {
    public var base: URL?
    public var include: [Glob]
    public var exclude: [Glob]
    /// Nil keeps the built-in rule for copy documents (a name mentioning paywall, pricing, ...).
    public var paywallCopy: [Glob]?
    /// Folders skipped by default (build output, dependencies, exports) that are walked anyway.
    public var auditSkipped: [Glob]
    /// Folders that hold an App Store listing in `deliver`'s layout (`<locale>/<field>.txt`)
    /// outside a `fastlane/metadata` folder.
    public var storeListings: [Glob] = []

    public init(base: URL? = nil, include: [Glob] = [], exclude: [Glob] = [], paywallCopy: [Glob]? = nil, auditSkipped: [Glob] = [],
                storeListings: [Glob] = []) {
        self.base = base
        self.include = include
        self.exclude = exclude
        self.paywallCopy = paywallCopy
        self.auditSkipped = auditSkipped
        self.storeListings = storeListings
    }

    /// Whether a folder the walk skips by default is walked because the configuration asks.
    func includes(skippedFolder directory: String, root: URL) -> Bool {
        guard !auditSkipped.isEmpty else { return false }
        let path = relative(URL(fileURLWithPath: directory, isDirectory: true), root: root)
        return auditSkipped.contains { $0.matches(path) || $0.matches(path + "/") }
    }

    /// The include globs no file in `files` matches: a mistyped pattern audits nothing it meant to.
    public func unmatchedIncludes(_ files: [DiscoveredFile], root: URL) -> [Glob] {
        include.filter { glob in
            !files.contains { glob.matches(relative(URL(fileURLWithPath: $0.path, isDirectory: false), root: root)) }
        }
    }

    public static let everything = FileSelection()

    private func relative(_ url: URL, root: URL) -> String {
        Discovery.relativePath(of: url, root: base ?? root)
    }

    /// A folder the walk does not enter.
    func skips(directory: String, root: URL) -> Bool {
        guard !exclude.isEmpty else { return false }
        let path = relative(URL(fileURLWithPath: directory, isDirectory: true), root: root)
        return exclude.contains { $0.matches(path) }
    }

    /// The kind of a walked file (`filePath` on disk), or nil when the audit does not read it.
    func kind(ofPath filePath: String, relativePath: String, root: URL) -> FileKind? {
        // Without globs no path relative to the configuration is needed.
        if include.isEmpty, exclude.isEmpty, paywallCopy == nil, storeListings.isEmpty { return FileKind.classify(relativePath) }
        let path = relative(URL(fileURLWithPath: filePath, isDirectory: false), root: root)
        if exclude.contains(where: { $0.matches(path) }) { return nil }
        if !include.isEmpty, !include.contains(where: { $0.matches(path) }) { return nil }
        if !storeListings.isEmpty, storeListings.contains(where: { $0.matches(path) }),
           StoreListingPath.parse(relativePath, underFastlane: false) != nil {
            return .storeListing
        }
        return FileKind.classify(relativePath, copyGlobs: paywallCopy, globPath: path)
    }
}

extension FileKind {
    /// Like `classify(_:)`, with copy documents chosen by `copyGlobs` (matched against
    /// `globPath`) instead of by name when they are given.
    public static func classify(_ relativePath: String, copyGlobs: [Glob]?, globPath: String) -> FileKind? {
        guard let copyGlobs else { return classify(relativePath) }
        var path = relativePath
        if path.withUTF8({ extensionKind(of: $0) }) == .copyDocument {
            // The App Store listing's files are never paywall copy, whatever the globs say.
            if let kind = classify(relativePath), kind == .storeListing { return kind }
            if StoreListingPath.isInFastlaneMetadata(relativePath) { return nil }
            return copyGlobs.contains { $0.matches(globPath) } ? .copyDocument : nil
        }
        return classify(relativePath)
    }
}
