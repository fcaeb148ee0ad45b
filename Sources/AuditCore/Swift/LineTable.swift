import Foundation

/// Byte offsets where each line starts, for turning offsets into line and column on demand.
/// Only findings need positions, so tokens store offsets and this table answers lookups.
public struct LineTable: Sendable, Hashable {
    public let lineStarts: [Int32]
    public let byteCount: Int

    public init(_ bytes: [UInt8]) {
        lineStarts = bytes.withUnsafeBufferPointer { b in
            // Every line break holds an LF or a CR: their count bounds the lines, and is exact
            // when there is no CR. The table is made at that size: grown by doubling, a file of a
            // million lines held twice its entries' room and copied them at each step (the table
            // is made for a file's first finding or evidence line, and kept with the file).
            guard let base = b.baseAddress else { return [0] }
            // Nearly every file ends its lines with LF alone (no CR: one `memchr`): `memchr`
            // finds them (a line is some thirty bytes, and the word loop below cost five
            // instructions a byte), once they are counted.
            if memchr(base, 0x0D, b.count) == nil {
                let lineFeeds = Self.count(of: 0x0A, in: b)
                return [Int32](unsafeUninitializedCapacity: lineFeeds + 1) { starts, initialized in
                    starts[0] = 0
                    var from = 0
                    var line = 1
                    while line <= lineFeeds, let found = memchr(base + from, 0x0A, b.count - from) {
                        from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                        starts[line] = Int32(truncatingIfNeeded: from)
                        line += 1
                    }
                    initialized = line
                }
            }
            let (lineFeeds, returns) = Self.lineBreakCounts(in: b)
            var starts: [Int32] = []
            starts.reserveCapacity(lineFeeds + returns + 1)
            starts.append(0)
            var i = 0
            let n = b.count
            while i < n {
                // Eight bytes at a time where none ends a line.
                if i + 8 <= n {
                    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if !WordBytes.hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A), !WordBytes.hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D) {
                        i += 8
                        continue
                    }
                }
                let c = b[i]
                if c == 0x0A {
                    starts.append(Int32(truncatingIfNeeded: i + 1))
                } else if c == 0x0D {
                    if i + 1 < n, b[i + 1] == 0x0A { i += 1 }
                    starts.append(Int32(truncatingIfNeeded: i + 1))
                }
                i += 1
            }
            return starts
        }
        byteCount = bytes.count
    }

    /// How many times `byte` occurs in `b`, counted eight bytes at a time.
    static func count(of byte: UInt8, in b: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = b.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let repeated = UInt64(byte) &* 0x0101_0101_0101_0101
        var count = 0
        var i = 0
        while i + 8 <= b.count {
            count &+= WordBytes.count(of: WordBytes.zeroByteMask(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ repeated))
            i += 8
        }
        while i < b.count {
            if base[i] == byte { count &+= 1 }
            i += 1
        }
        return count
    }

    /// How many LFs and CRs `b` holds (two passes: only files with a CR are asked).
    static func lineBreakCounts(in b: UnsafeBufferPointer<UInt8>) -> (lineFeeds: Int, returns: Int) {
        (count(of: 0x0A, in: b), count(of: 0x0D, in: b))
    }

    public var lineCount: Int { lineStarts.count }

    /// 1-based line and column (in bytes) of a byte offset.
    public func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        let target = Int32(truncatingIfNeeded: max(0, min(offset, byteCount)))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= target { low = mid } else { high = mid - 1 }
        }
        return (low + 1, Int(target - lineStarts[low]) + 1)
    }

    /// The byte range of a 1-based line, without its line terminator.
    public func range(ofLine line: Int, in bytes: [UInt8]) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return 0..<0 }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }
}

/// Eight bytes tested at once.
enum WordBytes {
    /// Whether any of the eight bytes of `word` is zero (exact: the borrow of a zero byte sets
    /// its high bit only where the byte had none).
    @inline(__always)
    static func hasZeroByte(_ word: UInt64) -> Bool {
        zeroByteBits(word) & 0x8080_8080_8080_8080 != 0
    }

    /// The high bit of each zero byte of `word`, and no other bit: exact for every byte (no
    /// borrow crosses bytes), so its bits can be counted.
    @inline(__always)
    static func zeroByteMask(_ word: UInt64) -> UInt64 {
        ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
    }

    /// The number of bytes marked in a `zeroByteMask`: its high bits moved to the low bit of
    /// each byte and summed into the top byte by one multiplication (`nonzeroBitCount` is a
    /// dozen instructions or more on x86-64 without POPCNT, which Swift's Linux builds do not
    /// assume: counting a 5 MB file's line breaks cost 31 instructions a word).
    @inline(__always)
    static func count(of mask: UInt64) -> Int {
        Int(truncatingIfNeeded: ((mask &>> 7) &* 0x0101_0101_0101_0101) &>> 56)
    }

    /// `hasZeroByte` before its mask: several words' bits can be ORed and masked once.
    @inline(__always)
    static func zeroByteBits(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word
    }

    /// Whether a byte of `word`, which has no byte of 0x80 or above, is below `limit`
    /// (at most 0x80): the subtraction borrows into a high bit only for such a byte.
    @inline(__always)
    static func hasASCIIByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- (0x0101_0101_0101_0101 &* UInt64(limit))) & ~word & 0x8080_8080_8080_8080 != 0
    }
}
