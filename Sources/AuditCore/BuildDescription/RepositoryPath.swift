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
    ///
    /// Compared over the strings' own bytes: the UTF-8 views compared element by element cost
    /// 2,300 instructions a question, asked for files × member folders before anything is read.
    public static func isInside(_ path: String, folder: String) -> Bool {
        if folder.isEmpty { return true }
        var path = path
        var folder = folder
        return path.withUTF8 { whole in
            folder.withUTF8 { start in
                guard whole.count >= start.count else { return false }
                for i in start.indices where whole[i] != start[i] { return false }
                return whole.count == start.count || whole[start.count] == UInt8(ascii: "/")
            }
        }
    }

    /// The index of the last `/` in `path` before `end`, nil when there is none: read from the
    /// string's bytes (`utf8.lastIndex(of:)` stepped through the view one index at a time).
    public static func lastSlash(in path: String, before end: String.Index) -> String.Index? {
        let limit = path.utf8.distance(from: path.utf8.startIndex, to: end)
        var bytes = path
        let offset = bytes.withUTF8 { buffer in buffer[..<limit].lastIndex(of: UInt8(ascii: "/")) }
        return offset.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }
}
