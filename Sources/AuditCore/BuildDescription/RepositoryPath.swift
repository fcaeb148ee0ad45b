/// Paths inside the audited folder as the build description uses them: `/`-separated,
/// relative to the audit root, without `.` or `..` steps (nil when a path leaves the root).
public enum RepositoryPath {
    /// `path` resolved against the folder `base` (both relative to the root; "" is the root).
    /// An absolute `path` is taken as it is and kept only when it lies under `root`.
    public static func join(_ base: String, _ path: String, root: String? = nil) -> String? {
        if path.hasPrefix("/") {
            guard let root else { return nil }
            let prefix = root.hasSuffix("/") ? root : root + "/"
            return path.hasPrefix(prefix) ? normalize(String(path.dropFirst(prefix.count))) : nil
        }
        if base.isEmpty { return normalize(path) }
        if path.isEmpty { return normalize(base) }
        return normalize(base + "/" + path)
    }

    /// Removes `.` and empty steps and resolves `..`; nil when `..` climbs above the root.
    public static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// The folder of `path` ("" for a path at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Whether `path` is `folder` itself or lies under it ("" holds everything).
    public static func isInside(_ path: String, folder: String) -> Bool {
        if folder.isEmpty { return true }
        let bytes = path.utf8
        guard bytes.starts(with: folder.utf8) else { return false }
        return bytes.count == folder.utf8.count || bytes[bytes.index(bytes.startIndex, offsetBy: folder.utf8.count)] == UInt8(ascii: "/")
    }
}
