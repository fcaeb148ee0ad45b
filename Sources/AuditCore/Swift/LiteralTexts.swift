import Foundation

/// The segments of a file's string literals end to end, each followed by `separator`, for a
/// search that asks of every literal of a file whether a word occurs in one of its segments
/// (`SwiftFile.stringLiteral(at:contains:)`, `containsAnyOf`). The literals' text is about a
/// tenth of a file, and in app code a literal is a couple of dozen bytes: one search over it
/// all costs a fraction of tens of thousands of calls, one a literal.
///
/// Segments are as written (escapes included); interpolations are left out, and a literal
/// inside an interpolation is a literal of its own. No word searched for holds the separator
/// (0xFF, never a byte of UTF-8 text), so no match spans two segments: a literal is found
/// exactly when one of its segments holds the word, as `stringLiteral(at:contains:)` says.
public struct LiteralTexts: Sendable {
    public static let separator: UInt8 = 0xFF

    /// Segment, separator, segment, separator …
    let bytes: [UInt8]
    /// Where the k-th literal of `SwiftFile.stringStarts` begins in `bytes`, and `bytes.count`
    /// after the last: literal k is `starts[k] ..< starts[k + 1]`.
    let starts: [Int32]
    /// `SwiftFile.stringStarts`, to answer with code indices.
    let stringStarts: [Int32]

    init(_ file: SwiftFile) {
        // The segments `stringLiteral(at:contains:)` tests (`anySegment`), in order: found
        // once to size the buffer exactly, then copied.
        var segments: [Token] = []
        segments.reserveCapacity(file.stringStarts.count)
        var starts: [Int32] = []
        starts.reserveCapacity(file.stringStarts.count + 1)
        var length = 0
        for open in file.stringStarts {
            starts.append(Int32(length))
            _ = file.anySegment(ofLiteralAt: Int(open)) { segment in
                segments.append(segment)
                length += Int(segment.end - segment.start) + 1
                return false
            }
        }
        starts.append(Int32(length))
        bytes = file.bytes.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                var offset = 0
                for segment in segments {
                    let count = Int(segment.end - segment.start)
                    (buffer.baseAddress! + offset).initialize(from: source.baseAddress! + Int(segment.start), count: count)
                    buffer[offset + count] = Self.separator
                    offset += count + 1
                }
                initialized = length
            }
        }
        self.starts = starts
        stringStarts = file.stringStarts
    }

    /// The code index (`stringStarts` entry) of the literal holding offset `offset` of `bytes`.
    private func literal(holding offset: Int) -> Int {
        // The last k with starts[k] <= offset; literals without segments share their start
        // with the next one, and the last of those is the one holding the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The code indices of the literals with a segment holding `word` (exact bytes), ascending.
    public func literals(containing word: StaticString) -> [Int] {
        word.withUTF8Buffer { word in
            precondition(!word.isEmpty && !word.contains(Self.separator), "a word without the separator")
            return matches { ASCIISearch.firstIndex(of: word, inLongText: $0) }
        }
    }

    /// The code indices of the literals with a segment holding one of `words`, ascending.
    public func literals(containingAnyOf words: ASCIINeedles) -> [Int] {
        precondition(!words.hasEmptyWord, "words without the empty one")
        return matches { words.firstOccurrence(in: $0) }
    }

    /// Each literal for which `first` finds a match, ascending: after a match, the search goes
    /// on from the next literal.
    private func matches(_ first: (UnsafeBufferPointer<UInt8>) -> Int?) -> [Int] {
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { all in
            var from = 0
            while from < all.count, let offset = first(UnsafeBufferPointer(rebasing: all[from...])) {
                let k = literal(holding: from + offset)
                found.append(Int(stringStarts[k]))
                from = Int(starts[k + 1])
            }
        }
        return found
    }
}
