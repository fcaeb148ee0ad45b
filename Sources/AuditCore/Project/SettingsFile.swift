import Foundation

/// A property list, build-settings file or JSON file of the app (`.plist`, `.xcconfig`,
/// `.json`) that mentions a secret: where an App-Specific Shared Secret shipped in the bundle
/// or the build is looked for (`MKStoreKitConfigs.plist`'s `SharedSecret`). Only files whose
/// text says "secret" are kept, and only their first megabyte.
public struct SettingsFile: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    static let maximumBytes = 1 << 20
    static let maximumFiles = 2_000

    /// Whether a file of this name is looked at: not an asset catalog's or a project's own.
    static func isCandidate(name: String, relativePath: String) -> Bool {
        guard name.hasSuffix(".plist") || name.hasSuffix(".xcconfig") || name.hasSuffix(".json") else { return false }
        // JSON holds data of every kind (reports, fixtures, fonts): only a file named for
        // configuration or keys is read.
        if name.hasSuffix(".json") {
            let lowered = name.lowercased()
            guard ["config", "secret", "setting", "key", "credential", "env", "store", "purchase", "iap"].contains(where: { lowered.contains($0) }) else { return false }
        }
        if name == "Contents.json" || name == "package.json" || name == "package-lock.json" || name.hasSuffix(".entitlements") { return false }
        return !relativePath.contains(".xcassets/") && !relativePath.contains(".xcodeproj/") && !relativePath.contains(".xcworkspace/")
    }

    /// Whether the text says "secret" (in any case).
    static func mentionsSecret(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            [UInt8]("secret".utf8).withUnsafeBufferPointer { ASCIISearch.findFolded($0, in: haystack) }
        }
    }

    /// The files among `paths` (relative to `root`) whose text mentions a secret.
    static func read(_ paths: [String], root: URL) -> [SettingsFile] {
        var result: [SettingsFile] = []
        for relative in paths.prefix(maximumFiles) {
            let path = root.appendingPathComponent(relative).path
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: maximumBytes), !data.isEmpty else { continue }
            let bytes = [UInt8](data)
            if mentionsSecret(bytes) { result.append(SettingsFile(path: relative, bytes: bytes)) }
        }
        return result
    }
}
