/// Where each identifier of a file occurs, built once when the file is loaded: rules ask
/// "where is `updates`?" and get the code indices at once instead of comparing the text of
/// every token. Built from the bytes with its own hash table, so no String is made per token.
/// A class: each lookup reads it through the file's lazily built cell, and a struct of five
/// arrays was copied out of it, five retains and releases, for each of a large file's
/// hundreds of thousands of questions.
public final class IdentifierIndex: Sendable {
    /// Open addressing, a power of two in size: per slot, the name's hash in the high 32 bits
    /// and its number + 1 in the low ones; 0 when empty. The hash beside the number, and each
    /// name's text found by its own start and length: a probe of a large file's table missed
    /// the cache three times (the slot, the name's hash, its sample token's columns).
    private let slots: [UInt64]
    /// Per name: where one occurrence's text starts in the bytes, and its length.
    private let sampleStarts: [Int32]
    private let sampleLengths: [Int32]
    /// Per name n: its occurrences are `positions[firsts[n]..<firsts[n + 1]]`, ascending.
    private let firsts: [Int32]
    private let positions: [Int32]

    private static let hashBits: UInt64 = 0xFFFF_FFFF_0000_0000

    /// Indexes the `.identifier` tokens of `code` (backtick identifiers are not included).
    init(bytes: [UInt8], code: TokenList) {
        let count = code.count
        var identifierCount = 0
        code.kinds.withUnsafeBufferPointer { kinds in
            for kind in kinds where kind == .identifier { identifierCount += 1 }
        }
        // Distinct names are a small part of the identifiers; the table grows when it must.
        // Sized by the identifiers (an eighth of them), a large file's table had far more room
        // than its names took: some half a million slots for the 76,000 names of the 50 MB
        // benchmark file, whose table is now 262,144 slots (2 MB).
        var capacity = 16
        while capacity < min(identifierCount / 8 + 16, 4096) { capacity <<= 1 }
        var slots = [UInt64](repeating: 0, count: capacity)
        var sampleStarts: [Int32] = []
        var sampleLengths: [Int32] = []
        // Name number of each identifier, in code order (one entry an identifier, not a
        // token: a third of the size); dropped after building. Written through its buffer, and
        // each name's count found from it afterwards: appending to it and counting in the
        // loop checked both arrays' room and uniqueness for every identifier (a large file's
        // index cost some 150 instructions an identifier).
        let nameOf = [Int32](unsafeUninitializedCapacity: identifierCount) { nameOf, initialized in
            code.kinds.withUnsafeBufferPointer { kinds in
                code.starts.withUnsafeBufferPointer { starts in
                    code.lengths.withUnsafeBufferPointer { lengths in
                        bytes.withUnsafeBufferPointer { b in
                            var written = 0
                            for index in 0..<count where kinds[index] == .identifier {
                                let start = Int(starts[index])
                                let length = code.long.length(lengths[index], of: index, start: starts[index])
                                let hash = Self.hash(b, start, length)
                                let tag = UInt64(hash) << 32
                                var slot = Int(hash) & (capacity - 1)
                                while true {
                                    let entry = slots[slot]
                                    if entry == 0 {
                                        // Grow when half full, keeping lookups short (most
                                        // names rules ask about are not in the file).
                                        if (sampleStarts.count + 1) * 2 > capacity {
                                            capacity <<= 1
                                            slots = Self.rehash(slots, capacity: capacity)
                                            slot = Int(hash) & (capacity - 1)
                                            continue
                                        }
                                        slots[slot] = tag | UInt64(sampleStarts.count + 1)
                                        nameOf[written] = Int32(sampleStarts.count)
                                        sampleStarts.append(Int32(start))
                                        sampleLengths.append(Int32(length))
                                        break
                                    }
                                    if entry & Self.hashBits == tag {
                                        let name = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                                        if Int(sampleLengths[name]) == length, Self.same(b, start, Int(sampleStarts[name]), length) {
                                            nameOf[written] = Int32(name)
                                            break
                                        }
                                    }
                                    slot = (slot + 1) & (capacity - 1)
                                }
                                written += 1
                            }
                            initialized = written
                        }
                    }
                }
            }
        }
        let names = sampleStarts.count
        var firsts = [Int32](repeating: 0, count: names + 1)
        var positions = [Int32](repeating: 0, count: nameOf.count)
        firsts.withUnsafeMutableBufferPointer { firsts in
            nameOf.withUnsafeBufferPointer { nameOf in
                // Each name's count at firsts[name + 1], then summed into where its
                // occurrences start.
                for name in nameOf { firsts[Int(name) + 1] &+= 1 }
                for name in 0..<names { firsts[name + 1] &+= firsts[name] }
                var fill = [Int32](firsts[0..<names])
                fill.withUnsafeMutableBufferPointer { fill in
                    positions.withUnsafeMutableBufferPointer { positions in
                        code.kinds.withUnsafeBufferPointer { kinds in
                            var ordinal = 0
                            for index in 0..<count where kinds[index] == .identifier {
                                let name = Int(nameOf[ordinal])
                                ordinal += 1
                                positions[Int(fill[name])] = Int32(index)
                                fill[name] &+= 1
                            }
                        }
                    }
                }
            }
        }
        self.slots = slots
        self.sampleStarts = sampleStarts
        self.sampleLengths = sampleLengths
        self.firsts = firsts
        self.positions = positions
    }

    /// The code indices of the identifiers spelled `name`, ascending.
    public func occurrences(of name: String, in bytes: [UInt8], code: TokenList) -> ArraySlice<Int32> {
        guard let number = number(of: name, in: bytes, code: code) else { return [] }
        return positions[Int(firsts[number])..<Int(firsts[number + 1])]
    }

    /// A name's hash, computed once to ask many files (`mentions(_:hash:in:code:)`).
    public static func hash(of name: String) -> UInt32 {
        // A native string's bytes are read in place: no copy of the string (and no retain and
        // release of its storage) for each of the hundred thousand names rules ask about.
        if let hash = name.utf8.withContiguousStorageIfAvailable({ hash($0, 0, $0.count) }) { return hash }
        var name = name
        return name.withUTF8 { hash($0, 0, $0.count) }
    }

    /// Whether identifier `name`, whose `hash(of:)` is `hash`, occurs.
    public func mentions(_ name: String, hash: UInt32, in bytes: [UInt8], code: TokenList) -> Bool {
        number(of: name, hash: hash, in: bytes, code: code) != nil
    }

    private func number(of name: String, in bytes: [UInt8], code: TokenList) -> Int? {
        number(of: name, hash: Self.hash(of: name), in: bytes, code: code)
    }

    private func number(of name: String, hash: UInt32, in bytes: [UInt8], code: TokenList) -> Int? {
        var name = name
        return name.withUTF8 { word in
            bytes.withUnsafeBufferPointer { b -> Int? in
                let mask = slots.count - 1
                let tag = UInt64(hash) << 32
                var slot = Int(hash) & mask
                while true {
                    let entry = slots[slot]
                    if entry == 0 { return nil }
                    if entry & Self.hashBits == tag {
                        let number = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                        let start = Int(sampleStarts[number])
                        if Int(sampleLengths[number]) == word.count {
                            var same = true
                            for k in 0..<word.count where b[start + k] != word[k] {
                                same = false
                                break
                            }
                            if same { return number }
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    @inline(__always)
    static func hash(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> UInt32 {
        // Eight bytes at a time (every identifier of every file is hashed while loading), then
        // a final mix so that the top bits, which the filters use, depend on every byte.
        guard length > 0, let base = b.baseAddress else { return 0x9E37_79B9 }
        let raw = UnsafeRawPointer(base)
        let end = start + length
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length)
        var k = start
        while k + 8 <= end {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            k += 8
        }
        if k < end {
            let rest = end - k
            var tail: UInt64 = 0
            if end >= 8 {
                // The eight bytes ending at `end`, shifted down to the `rest` not yet mixed.
                // (Masking shifts here and in the filters: the amounts are in range, and the
                // checks Swift adds for a larger one cost a tenth of hashing an identifier.)
                tail = raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) &>> UInt64((8 - rest) * 8)
            } else {
                for offset in 0..<rest { tail |= UInt64(base[k + offset]) &<< UInt64(offset * 8) }
            }
            hash = (hash ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        hash ^= hash >> 32
        hash = hash &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        return UInt32(truncatingIfNeeded: hash >> 16)
    }

    /// Whether the `length` bytes at `start` and at `other` are the same.
    @inline(__always)
    private static func same(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ other: Int, _ length: Int) -> Bool {
        // Eight bytes at a time (the byte order is little-endian: the first byte is the low
        // one), the last eight (overlapping) for the rest of a long name.
        guard let base = b.baseAddress else { return length == 0 }
        let raw = UnsafeRawPointer(base)
        if length < 8 {
            // Most names are short: eight bytes from each text, the bytes past the name masked
            // off, where eight bytes are left in the buffer.
            guard max(start, other) + 8 <= b.count else {
                for k in 0..<length where b[start + k] != b[other + k] { return false }
                return true
            }
            let mask: UInt64 = (1 &<< UInt64(length &* 8)) &- 1
            return (raw.loadUnaligned(fromByteOffset: start, as: UInt64.self) ^ raw.loadUnaligned(fromByteOffset: other, as: UInt64.self)) & mask == 0
        }
        var k = 0
        while k + 8 <= length {
            if raw.loadUnaligned(fromByteOffset: start + k, as: UInt64.self) != raw.loadUnaligned(fromByteOffset: other + k, as: UInt64.self) { return false }
            k += 8
        }
        return k == length
            || raw.loadUnaligned(fromByteOffset: start + length - 8, as: UInt64.self) == raw.loadUnaligned(fromByteOffset: other + length - 8, as: UInt64.self)
    }

    /// The table at twice the size: each entry keeps its hash, so it is placed again from it.
    private static func rehash(_ slots: [UInt64], capacity: Int) -> [UInt64] {
        var grown = [UInt64](repeating: 0, count: capacity)
        for entry in slots where entry != 0 {
            var slot = Int(truncatingIfNeeded: entry >> 32) & (capacity - 1)
            while grown[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            grown[slot] = entry
        }
        return grown
    }
}

/// A set of name hashes (`IdentifierIndex.hash(of:)`) that may answer yes wrongly, never no:
/// two bits a hash, from two mixes of it, in a table of 2^`bitCountLog2` bits. A file keeps
/// one of the hashes of its identifiers (8,192 bits: with a few hundred names, a name it lacks passes about
/// one time in a hundred), so most files answer "does it mention X?" without an index.
public struct HashFilter: Sendable {
    private var words: [UInt64]
    private let shift: UInt32

    public init(bitCountLog2: Int) {
        precondition((6...31).contains(bitCountLog2))
        words = [UInt64](repeating: 0, count: 1 << (bitCountLog2 - 6))
        shift = UInt32(32 - bitCountLog2)
    }

    @inline(__always)
    public mutating func insert(_ hash: UInt32) {
        let (first, second) = positions(of: hash)
        words[first >> 6] |= 1 << UInt64(first & 63)
        words[second >> 6] |= 1 << UInt64(second & 63)
    }

    /// Calls `body` with an inserter that writes this filter's words through a pointer: for
    /// a loop that inserts a hash per identifier, which would otherwise check per insert
    /// that the words are not shared.
    mutating func withInserter<Result>(_ body: (HashFilterInserter) -> Result) -> Result {
        let shift = shift
        return words.withUnsafeMutableBufferPointer { words in
            body(HashFilterInserter(words: words.baseAddress!, shift: shift))
        }
    }

    /// False when no hash inserted equals `hash`.
    @inline(__always)
    public func mayContain(_ hash: UInt32) -> Bool {
        let (first, second) = positions(of: hash)
        return words[first >> 6] & (1 << UInt64(first & 63)) != 0 && words[second >> 6] & (1 << UInt64(second & 63)) != 0
    }

    /// The two bits `hash` sets (the same for every filter of this size).
    @inline(__always)
    public func positions(of hash: UInt32) -> (Int, Int) {
        (Int(hash &>> shift), Int((hash &* 0x9E37_79B1) &>> shift))
    }

    /// The number of bits in the table.
    public var bitCount: Int { words.count * 64 }

    /// Calls `body` with the position of every bit that is set, ascending.
    public func forEachSetBit(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                body(index * 64 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }
}

/// `HashFilter.insert` through a pointer to the filter's words; valid inside `withInserter`.
struct HashFilterInserter {
    let words: UnsafeMutablePointer<UInt64>
    let shift: UInt32

    @inline(__always)
    func insert(_ hash: UInt32) {
        let first = Int(hash &>> shift)
        let second = Int((hash &* 0x9E37_79B1) &>> shift)
        words[first >> 6] |= 1 << UInt64(first & 63)
        words[second >> 6] |= 1 << UInt64(second & 63)
    }
}
