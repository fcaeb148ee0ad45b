import Foundation

/// One file found for the audit.
public struct DiscoveredFile: Sendable, Hashable {
    public var url: URL
    /// Relative to the audit root, `/`-separated: what reports print.
    public var relativePath: String
    public var kind: FileKind
}

/// Walks the audited paths and classifies what it finds. It skips build output and
/// dependency folders, never follows a symbolic link to a directory (so no link can make it
/// loop), and returns files sorted by path so every run sees the same order.
public enum Discovery {
    public static let skippedDirectories: Set<String> = [
        ".git", ".build", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules",
        "iap-audit-report", ".hg", ".svn", "xcuserdata",
    ]

    public struct Problem: Sendable, Hashable {
        public var relativePath: String
        public var reason: String
    }

    public static func discover(paths: [URL], root: URL, selection: FileSelection = .everything) -> (files: [DiscoveredFile], problems: [Problem]) {
        var files: [DiscoveredFile] = []
        var problems: [Problem] = []
        var seen = Set<String>()
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
                problems.append(Problem(relativePath: relativePath(of: path, root: root), reason: "no such file or directory"))
                continue
            }
            if !isDirectory.boolValue {
                let relative = relativePath(of: path, root: root)
                if let kind = FileKind.classify(relative), seen.insert(path.standardizedFileURL.path).inserted {
                    files.append(DiscoveredFile(url: path, relativePath: relative, kind: kind))
                }
                continue
            }
            var stack = [path]
            while let directory = stack.popLast() {
                let entries: [String]
                do {
                    entries = try fileManager.contentsOfDirectory(atPath: directory.path)
                } catch {
                    problems.append(Problem(relativePath: relativePath(of: directory, root: root), reason: "cannot list this folder: \(error.localizedDescription)"))
                    continue
                }
                for name in entries {
                    let url = directory.appendingPathComponent(name)
                    guard let attributes = try? fileManager.attributesOfItem(atPath: url.path),
                          let type = attributes[.type] as? FileAttributeType
                    else {
                        // Vanished between listing and stat, or unreadable metadata: let the
                        // loader report it if it is a file we would read.
                        let relative = relativePath(of: url, root: root)
                        if let kind = selection.kind(of: url, relativePath: relative, root: root) {
                            files.append(DiscoveredFile(url: url, relativePath: relative, kind: kind))
                        }
                        continue
                    }
                    switch type {
                    case .typeDirectory:
                        if !skippedDirectories.contains(name), !selection.skips(directory: url, root: root) { stack.append(url) }
                    case .typeRegular:
                        let relative = relativePath(of: url, root: root)
                        if let kind = selection.kind(of: url, relativePath: relative, root: root), seen.insert(url.standardizedFileURL.path).inserted {
                            files.append(DiscoveredFile(url: url, relativePath: relative, kind: kind))
                        }
                    case .typeSymbolicLink:
                        // Follow links to files, never to directories. A broken link with an input's
                        // name is kept so that reading it reports the problem.
                        var targetIsDirectory: ObjCBool = false
                        let exists = fileManager.fileExists(atPath: url.path, isDirectory: &targetIsDirectory)
                        if !exists || !targetIsDirectory.boolValue {
                            let relative = relativePath(of: url, root: root)
                            if let kind = selection.kind(of: url, relativePath: relative, root: root), seen.insert(url.resolvingSymlinksInPath().path).inserted {
                                files.append(DiscoveredFile(url: url, relativePath: relative, kind: kind))
                            }
                        }
                    default:
                        break
                    }
                }
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        return (files, problems)
    }

    /// `path` relative to `root` when inside it, else the path as given.
    public static func relativePath(of url: URL, root: URL) -> String {
        let rootPath = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == rootPath { return url.lastPathComponent }
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return path
    }
}
