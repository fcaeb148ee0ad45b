import Foundation

/// The lines added or changed since a git revision (`--changed-since REV`), with paths
/// relative to the audit root. Deleted lines mark no line, but their file counts as changed.
public struct ChangedLines: Sendable, Hashable {
    public var revision: String
    /// Added or modified lines, by file.
    public var lines: [String: Set<Int>]
    /// Files whose every line is new: untracked files.
    public var wholeFiles: Set<String>
    /// Every file that changed in any way: added, modified, deleted, renamed or untracked.
    public var files: Set<String>

    public init(revision: String, lines: [String: Set<Int>] = [:], wholeFiles: Set<String> = [], files: Set<String> = []) {
        self.revision = revision
        self.lines = lines
        self.wholeFiles = wholeFiles
        self.files = files.union(lines.keys).union(wholeFiles)
    }

    public func contains(line: Int, in file: String) -> Bool {
        wholeFiles.contains(file) || lines[file]?.contains(line) == true
    }

    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    // MARK: Reading git

    /// Asks git (in `root`) what changed between `revision` and the working tree, untracked
    /// files included.
    public static func load(since revision: String, root: URL) throws(Error) -> ChangedLines {
        let inside = Git.run(["rev-parse", "--is-inside-work-tree"], in: root)
        guard inside.status == 0, inside.output.trimmingWhitespace == "true" else {
            // `env` says 127 when there is no git to run.
            if inside.status == -1 || inside.status == 127 {
                throw Error(description: "--changed-since needs git, which was not found (install git, or leave --changed-since out): \(inside.error.trimmingWhitespace)")
            }
            // Git's own reason when it is not "not a repository": dubious ownership, a broken
            // repository, a permission problem.
            let reason = inside.error.split(separator: "\n").first.map { String($0).trimmingWhitespace } ?? ""
            if !reason.isEmpty, !reason.contains("not a git repository") {
                throw Error(description: "--changed-since: git refused to read \(root.path): \(reason)")
            }
            throw Error(description: "--changed-since needs a git repository, and \(root.path) is not inside one")
        }
        guard !revision.hasPrefix("-") else { throw Error(description: "--changed-since: '\(revision)' is not a revision") }
        let verify = Git.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root)
        guard verify.status == 0 else {
            throw Error(description: "--changed-since: git does not know the revision '\(revision)' (in a shallow CI checkout, fetch more history)")
        }
        let common = ["-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff", "--relative", "--find-renames"]
        let diff = Git.run(common + ["--unified=0", "--src-prefix=a/", "--dst-prefix=b/", revision, "--"], in: root)
        guard diff.status == 0 else { throw Error(description: "git diff \(revision) failed: \(diff.error.trimmingWhitespace)") }
        let names = Git.run(common + ["--name-only", "-z", revision, "--"], in: root)
        guard names.status == 0 else { throw Error(description: "git diff --name-only \(revision) failed: \(names.error.trimmingWhitespace)") }
        let untracked = Git.run(["ls-files", "--others", "--exclude-standard", "-z"], in: root)
        guard untracked.status == 0 else { throw Error(description: "git ls-files failed: \(untracked.error.trimmingWhitespace)") }
        var parsed = parse(diff: diff.output, revision: revision)
        let changedNames = names.output.split(separator: "\0").map(String.init)
        parsed.files.formUnion(changedNames)
        let newFiles = untracked.output.split(separator: "\0").map(String.init)
        parsed.wholeFiles.formUnion(newFiles)
        parsed.files.formUnion(newFiles)
        return parsed
    }

    /// Parses `git diff --unified=0` output: `+++ b/path` names the file, `@@ -a,b +c,d @@`
    /// adds lines c ..< c + d.
    public static func parse(diff: String, revision: String) -> ChangedLines {
        var lines: [String: Set<Int>] = [:]
        var files = Set<String>()
        var current: String?
        for rawLine in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("--- ") {
                if let path = path(from: line.dropFirst(4), prefix: "a/") { files.insert(path) }
            } else if line.hasPrefix("+++ ") {
                current = path(from: line.dropFirst(4), prefix: "b/")
                if let current { files.insert(current) }
            } else if line.hasPrefix("@@ "), let current {
                guard let plus = line.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { continue }
                let numbers = plus.dropFirst().split(separator: ",")
                guard let start = numbers.first.flatMap({ Int($0) }) else { continue }
                let count = numbers.count > 1 ? Int(numbers[1]) ?? 1 : 1
                if count > 0 { lines[current, default: []].formUnion(start..<(start + count)) }
            }
        }
        return ChangedLines(revision: revision, lines: lines, files: files)
    }

    /// `b/path`, `"b/quoted\tpath"` or `/dev/null`.
    static func path(from field: Substring, prefix: String) -> String? {
        var text = String(field)
        if text.hasSuffix("\t") { text.removeLast() }
        if text == "/dev/null" { return nil }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = unquote(String(text.dropFirst().dropLast())) }
        if text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        return text
    }

    /// Git's C-style quoting: `\t`, `\n`, `\"`, `\\` and octal bytes `\303\251`.
    static func unquote(_ text: String) -> String {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var i = 0
        while i < input.count {
            let c = input[i]
            guard c == UInt8(ascii: "\\"), i + 1 < input.count else {
                bytes.append(c)
                i += 1
                continue
            }
            let next = input[i + 1]
            switch next {
            case UInt8(ascii: "t"): bytes.append(0x09); i += 2
            case UInt8(ascii: "n"): bytes.append(0x0A); i += 2
            case UInt8(ascii: "r"): bytes.append(0x0D); i += 2
            case UInt8(ascii: "a"): bytes.append(0x07); i += 2
            case UInt8(ascii: "b"): bytes.append(0x08); i += 2
            case UInt8(ascii: "f"): bytes.append(0x0C); i += 2
            case UInt8(ascii: "v"): bytes.append(0x0B); i += 2
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value: UInt32 = 0
                var j = i + 1
                while j < input.count, j < i + 4, input[j] >= UInt8(ascii: "0"), input[j] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(input[j] - UInt8(ascii: "0"))
                    j += 1
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
                i = j
            default:
                bytes.append(next)
                i += 2
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
