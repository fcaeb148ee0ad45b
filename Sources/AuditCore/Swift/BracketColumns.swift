/// One bit per code token, with the count of set bits before every 64th token: how many bits
/// are set before any position is one table read and one population count.
@usableFromInline
struct RankedBits: Sendable {
    /// Two entries for each 64 positions: their bits (least significant first), then the bits
    /// set before them. Side by side, a lookup reads one cache line.
    @usableFromInline let entries: [UInt64]

    /// Copies `words` and counts their bits.
    init(_ words: UnsafeBufferPointer<UInt64>) {
        entries = [UInt64](unsafeUninitializedCapacity: 2 * words.count) { entries, initialized in
            var total: UInt64 = 0
            for (k, word) in words.enumerated() {
                entries[2 * k] = word
                entries[2 * k + 1] = total
                total &+= UInt64(truncatingIfNeeded: word.nonzeroBitCount)
            }
            initialized = 2 * words.count
        }
    }

    /// No bit set, for `count` positions.
    init(zeroBitsFor count: Int) {
        entries = [UInt64](repeating: 0, count: 2 * ((count + 63) / 64))
    }

    /// Whether bit `position` is set, and if so how many bits before it are.
    @inlinable @inline(__always)
    func rank(at position: Int) -> Int? {
        let word = position &>> 6
        let bit = UInt64(1) &<< UInt64(position & 63)
        let bits = entries[2 &* word]
        guard bits & bit != 0 else { return nil }
        return Int(truncatingIfNeeded: entries[2 &* word &+ 1]) &+ (bits & (bit &- 1)).nonzeroBitCount
    }

    /// The bits set at positions up to and including `position`.
    @inlinable @inline(__always)
    func rank(through position: Int) -> Int {
        let word = position &>> 6
        let bit = UInt64(1) &<< UInt64(position & 63)
        return Int(truncatingIfNeeded: entries[2 &* word &+ 1]) &+ (entries[2 &* word] & (bit | (bit &- 1))).nonzeroBitCount
    }
}

/// Entries for some of a file's code tokens, with the bits saying which: what
/// `BracketPartners` and `EnclosingBrackets` read, each in its own way.
@usableFromInline
struct RankedColumn: Sendable {
    @usableFromInline let bits: RankedBits
    /// One entry for each set bit, in order.
    @usableFromInline let values: [Int32]
    @usableFromInline let count: Int

    init(bits: RankedBits, values: [Int32], count: Int) {
        self.bits = bits
        self.values = values
        self.count = count
    }

    /// No entries, for `count` tokens.
    init(emptyFor count: Int) {
        self.init(bits: RankedBits(zeroBitsFor: count), values: [], count: count)
    }
}

/// `SwiftFile.match`: for each code token that opens or closes a bracket, string or
/// interpolation, the index of its partner; -1 elsewhere or when unbalanced.
///
/// Reads like an `[Int32]` with one entry per code token, but stores a partner only for the
/// tokens of a bracket kind (about a third of the code): a loaded project keeps this for every
/// file for as long as it lives, and a column of every token was 12 MB at 20 MB of Swift.
public struct BracketPartners: Sendable {
    /// Bit i: code token i is of a bracket kind; its entry is its partner, -1 if it has none.
    @usableFromInline let column: RankedColumn

    init(_ column: RankedColumn) { self.column = column }

    public var count: Int { column.count }

    @inlinable
    public subscript(position: Int) -> Int32 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: column.count), "index out of range")
        guard let slot = column.bits.rank(at: position) else { return -1 }
        return column.values[slot]
    }
}

/// `SwiftFile.parent`: for each code token, the index of the innermost open bracket around it;
/// -1 at top level.
///
/// Reads like an `[Int32]` with one entry per code token, but stores only where the value
/// changes from the token before (at brackets and `#else`), for the reason `BracketPartners`
/// gives.
public struct EnclosingBrackets: Sendable {
    /// Bit i: token i's parent differs from token i - 1's (token -1's is taken as -1); its
    /// entry is that parent.
    @usableFromInline let column: RankedColumn

    init(_ column: RankedColumn) { self.column = column }

    public var count: Int { column.count }

    @inlinable
    public subscript(position: Int) -> Int32 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: column.count), "index out of range")
        let changes = column.bits.rank(through: position)
        return changes == 0 ? -1 : column.values[changes &- 1]
    }
}
