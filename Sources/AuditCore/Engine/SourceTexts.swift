import Synchronization

/// The texts findings point into, looked up by path when findings get their excerpts, end
/// positions and fingerprints: each input's bytes as read and the project's Swift files (whose
/// line tables and tokens are already built).
///
/// Inputs arrive sorted by path, so a lookup is a binary search: a dictionary of every file
/// (two, with the Swift files) was built on one worker after the rules, for the few files that
/// have findings.
struct SourceTexts: Sendable {
    /// Ascending; a path given twice keeps its last text, as assigning into a dictionary did.
    private let paths: [String]
    private let texts: [SourceText]
    private let swiftFiles: [SwiftFile]
    /// `swiftFiles`' indices in path order (the project's own order is path order when the
    /// audit loaded it; any other order is sorted once).
    private let swiftOrder: [Int]
    /// The texts read again from disk, by index, each once.
    private let reread = RereadTexts()

    /// `inputs` in ascending path order.
    init(inputs: [(path: String, text: SourceText)], swiftFiles: [SwiftFile]) {
        var paths: [String] = []
        var texts: [SourceText] = []
        paths.reserveCapacity(inputs.count)
        texts.reserveCapacity(inputs.count)
        for (path, text) in inputs {
            precondition(paths.last.map { $0 <= path } ?? true, "inputs in path order")
            if paths.last == path {
                texts[texts.count - 1] = text
            } else {
                paths.append(path)
                texts.append(text)
            }
        }
        self.paths = paths
        self.texts = texts
        self.swiftFiles = swiftFiles
        let inOrder = zip(swiftFiles, swiftFiles.dropFirst()).allSatisfy { $0.path <= $1.path }
        // A stable sort: of two files with one path, the first in the project is found.
        swiftOrder = inOrder ? Array(swiftFiles.indices) : swiftFiles.indices.sorted { (swiftFiles[$0].path, $0) < (swiftFiles[$1].path, $1) }
    }

    /// The Swift file at `path` (the first, if the project has two).
    func swiftFile(_ path: String) -> SwiftFile? {
        let slot = Self.firstIndex(of: path, count: swiftOrder.count) { swiftFiles[swiftOrder[$0]].path }
        return slot.map { swiftFiles[swiftOrder[$0]] }
    }

    /// The text at `path`: the input as read (or read again, for a table whose bytes were let
    /// go), else the Swift file's.
    func bytes(_ path: String) -> [UInt8]? {
        if let index = Self.firstIndex(of: path, count: paths.count, { paths[$0] }) {
            switch texts[index] {
            case .bytes(let bytes): return bytes
            case .onDisk(let file): return reread.text(index) { try? Auditor.read(file).get() }
            }
        }
        return swiftFile(path)?.bytes
    }

    /// The first index whose key is `path`, among `count` keys in ascending order.
    private static func firstIndex(of path: String, count: Int, _ key: (Int) -> String) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if key(middle) < path { low = middle + 1 } else { high = middle }
        }
        return low < count && key(low) == path ? low : nil
    }
}

/// An input's text for the findings' excerpts and fingerprints: the bytes read, or, for a string
/// catalog or table, the file to read again. Those are the largest inputs (the real benchmark
/// corpus: 11 MB of 22), their parsed form is what the rules read, and a handful of them have
/// findings; kept until the app's findings were decorated, their bytes were memory the kernel
/// had to hand out (and zero) at the audit's peak.
enum SourceText: Sendable {
    case bytes([UInt8])
    case onDisk(DiscoveredFile)
}

/// The texts `SourceTexts` read again, each once however many findings and rules ask (the
/// rules' findings are decorated on the workers at once).
private final class RereadTexts: Sendable {
    private let texts = Mutex<[Int: [UInt8]?]>([:])

    func text(_ index: Int, read: () -> [UInt8]?) -> [UInt8]? {
        if let known = texts.withLock({ $0[index] }) { return known }
        let text = read()
        return texts.withLock { texts in
            if let known = texts[index] { return known }
            texts[index] = .some(text)
            return text
        }
    }
}
