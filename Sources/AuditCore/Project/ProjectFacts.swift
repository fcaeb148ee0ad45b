import Foundation

/// Facts about a project that several rules derive the same way ("where the app sells",
/// "where each transaction comes from"): built once, by the first rule that asks, and shared
/// by the rules running in parallel. A fact is a pure function of the project and immutable
/// once built, so sharing it changes no result; a rule that asks while another builds it
/// waits for that value instead of building its own.
///
/// Every change to the project's inputs replaces the cache (see `Project`), so a fact never
/// outlives the inputs it was built from.
public final class ProjectFacts: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The two facts asked for each name a rule follows (hundreds of thousands of times on a
    /// large file): kept in fields, not looked up by key under the lock each time.
    let mentions = MentionCache()
    let nameFilterColumns = OnceCell<NameFilterColumns>()

    public init() {}

    /// The fact named by `key` (a type used only as a name), building it with `build` the
    /// first time. `build` must depend on the project alone.
    public func value<Key, Value: Sendable>(_ key: Key.Type, _ build: () -> Value) -> Value {
        let entry: Entry
        lock.lock()
        if let existing = entries[ObjectIdentifier(key)] {
            entry = existing
        } else {
            entry = Entry()
            entries[ObjectIdentifier(key)] = entry
        }
        lock.unlock()
        return entry.value(build)
    }

    /// One fact: its own lock, held while it is built, makes later askers wait for it.
    private final class Entry: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: AnyObject?

        func value<Value: Sendable>(_ build: () -> Value) -> Value {
            lock.lock()
            defer { lock.unlock() }
            // A class box: casting it back is a comparison of its class, where a boxed value
            // in an existential took a generic cast on every question.
            if let stored = stored as? Built<Value> { return stored.value }
            let built = build()
            stored = Built(value: built)
            return built
        }
    }

    /// Boxed so that a fact that is an optional (`nil`: "no SDK") still reads as built.
    private final class Built<Value: Sendable> {
        let value: Value
        init(value: Value) { self.value = value }
    }
}

extension Project {
    /// A fact shared by the rules auditing this project; see `ProjectFacts`.
    public func fact<Key, Value: Sendable>(_ key: Key.Type, _ build: () -> Value) -> Value {
        facts.value(key, build)
    }
}

extension Project {
    /// The app Swift files in which identifier `name` occurs, in project order. Rules that
    /// follow a call or a type across the project ask this for each site; scanning every
    /// file's index each time made them grow with sites × files. Each name is looked up in
    /// every file once per project (in a project of more than `filesAskedDirectly` files).
    public func swiftFiles(mentioning name: String) -> [SwiftFile] {
        swiftFileIndices(mentioning: name).map { swiftFiles[$0] }
    }

    /// The indices in `swiftFiles` of the files that mention `name`. The name is hashed once
    /// and each file's name filter answers most files without a lookup: rules ask about
    /// hundreds of names in projects of thousands of files.
    public func swiftFileIndices(mentioning name: String) -> [Int] {
        // A project of a few files is asked directly: remembering each name cost more than the
        // lookups it saves (a lock, a string hash and a dictionary entry a name; the 50 MB
        // benchmark file, one file, was asked about 17,000 type names).
        if swiftFiles.count <= Self.filesAskedDirectly { return filesAsked(whetherTheyMention: name) }
        return facts.mentions.indices(of: name, filesAsked(whetherTheyMention:))
    }

    /// Projects of at most this many Swift files do not remember which files mention a name.
    static let filesAskedDirectly = 16

    /// `swiftFileIndices(mentioning:)` found afresh: the name filters, then the candidates' indices.
    private func filesAsked(whetherTheyMention name: String) -> [Int] {
        let hash = IdentifierIndex.hash(of: name)
        return nameFilterColumns.candidates(for: hash).filter { swiftFiles[$0].mentions(name, hash: hash) }
    }
}

extension Project {
    /// The name filters on their side, built on the project's workers the first time.
    var nameFilterColumns: NameFilterColumns {
        facts.nameFilterColumns.get { NameFilterColumns(swiftFiles, jobs: jobs) }
    }

    /// Builds what nearly every audit asks for before the rules start: built on first use
    /// inside a rule's own pass over the files, the one worker building it kept the others
    /// waiting.
    public func prepareSharedFacts() {
        if !swiftFiles.isEmpty { _ = nameFilterColumns }
    }
}

/// The files' name filters turned on their side, 64 files to a block: for each filter bit, a
/// bit per file of the block that sets it. A name's candidate files are the AND of its two
/// bits' words in each block, read without touching the files: asking every file's filter
/// for every name a rule follows grew with names × files, so with the square of the project.
final class NameFilterColumns: Sendable {
    /// Per block of 64 files, a word per filter bit.
    private let blocks: [[UInt64]]
    /// The filter every file's bit positions come from (all files' filters have one size).
    private let shape: HashFilter?

    init(_ files: [SwiftFile], jobs: Int?) {
        let shape = files.first?.names
        let bitCount = shape?.bitCount ?? 0
        blocks = parallelMap(Array(stride(from: 0, to: files.count, by: 64)), jobs: jobs) { first in
            var words = [UInt64](repeating: 0, count: bitCount)
            for (offset, file) in files[first..<min(first + 64, files.count)].enumerated() {
                precondition(file.names.bitCount == bitCount, "name filters of one size")
                let bit: UInt64 = 1 << UInt64(offset)
                file.names.forEachSetBit { words[$0] |= bit }
            }
            return words
        }
        self.shape = shape
    }

    /// The indices of the files whose filters may hold `hash`, ascending.
    func candidates(for hash: UInt32) -> [Int] {
        guard let shape else { return [] }
        let (first, second) = shape.positions(of: hash)
        var result: [Int] = []
        for (block, words) in blocks.enumerated() {
            var both = words[first] & words[second]
            while both != 0 {
                result.append(block * 64 + both.trailingZeroBitCount)
                both &= both - 1
            }
        }
        return result
    }
}

/// Per name, the indices of the files that mention it; filled as rules ask.
final class MentionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [Int]] = [:]

    func indices(of name: String, _ find: (String) -> [Int]) -> [Int] {
        lock.lock()
        if let known = files[name] {
            lock.unlock()
            return known
        }
        lock.unlock()
        // Found outside the lock (two rules may both look a name up; both get the same answer).
        let found = find(name)
        lock.lock()
        files[name] = found
        lock.unlock()
        return found
    }
}
