/// The keywords whose next token names what they declare: `func NAME`, `let NAME`,
/// `struct NAME` …
public enum DeclarationKeyword: UInt8, Sendable, CaseIterable {
    case `func`, `var`, `let`, `struct`, `enum`, `class`, `actor`, `extension`, `protocol`

    public var spelling: String { staticSpelling.description }

    var staticSpelling: StaticString {
        switch self {
        case .func: "func"
        case .var: "var"
        case .let: "let"
        case .struct: "struct"
        case .enum: "enum"
        case .class: "class"
        case .actor: "actor"
        case .extension: "extension"
        case .protocol: "protocol"
        }
    }
}

/// The code token right after a declaration keyword: the name a declaration is written with
/// (or whatever stands there: `func ==`, `let (a, b)`).
public struct KeywordName: Sendable, Equatable {
    public let keyword: DeclarationKeyword
    /// The code index of the token after the keyword.
    public let index: Int32
    /// `SwiftFile.identifierHash(index)`: the token's text hashed, backticks stripped.
    public let hash: UInt32

    public init(keyword: DeclarationKeyword, index: Int32, hash: UInt32) {
        self.keyword = keyword
        self.index = index
        self.hash = hash
    }
}

/// `init`, `deinit` and `subscript`: keywords that start declarations without a name after
/// them. The column pass finds them with the others (`DeclarationKeywordTable`) and keeps
/// their code indices, so that the syntax tree looks at these tokens and at those before a
/// `KeywordName` instead of at every identifier (see `DeclarationKeywordIndices`).
enum UnnamedDeclarationKeyword: UInt8, CaseIterable {
    // Tags after `DeclarationKeyword`'s raw values, in the same table.
    case `init` = 9, `deinit`, `subscript`

    var staticSpelling: StaticString {
        switch self {
        case .`init`: "init"
        case .`deinit`: "deinit"
        case .`subscript`: "subscript"
        }
    }
}

/// Where a file's declaration keywords are, from the column pass: the code indices of the
/// tokens before its `KeywordName`s, and those of its `init`, `deinit` and `subscript` tokens
/// (identifiers alone, each list ascending).
struct DeclarationKeywordIndices: Sendable {
    let named: [KeywordName]
    let unnamed: [Int32]

    /// How many keyword indices lie in `range` (two binary searches a list).
    func count(in range: Range<Int>) -> Int {
        let namedLow = named.firstIndex(notBelow: { Int($0.index) - 1 < range.lowerBound })
        let namedHigh = named.firstIndex(notBelow: { Int($0.index) - 1 < range.upperBound })
        let unnamedLow = unnamed.firstIndex(notBelow: { Int($0) < range.lowerBound })
        let unnamedHigh = unnamed.firstIndex(notBelow: { Int($0) < range.upperBound })
        return (namedHigh - namedLow) + (unnamedHigh - unnamedLow)
    }

    /// The keyword indices in `range`, ascending.
    func forEach(in range: Range<Int>, _ body: (Int) -> Void) {
        // A name's keyword is the token before it.
        var n = named.firstIndex(notBelow: { Int($0.index) - 1 < range.lowerBound })
        var u = unnamed.firstIndex(notBelow: { Int($0) < range.lowerBound })
        while true {
            let nextNamed = n < named.count ? Int(named[n].index) - 1 : Int.max
            let nextUnnamed = u < unnamed.count ? Int(unnamed[u]) : Int.max
            let next = min(nextNamed, nextUnnamed)
            guard next < range.upperBound else { return }
            if nextNamed == next { n += 1 } else { u += 1 }
            body(next)
        }
    }
}

/// The declaration keywords by hash, for the column pass that hashes every identifier anyway:
/// one table read per identifier says whether it may be one of them. Its tags are
/// `DeclarationKeyword` and `UnnamedDeclarationKeyword` raw values.
struct DeclarationKeywordTable: @unchecked Sendable {
    /// Per slot, the keyword's raw value, or `none`.
    let tags: UnsafePointer<UInt8>
    /// A hash's slot is its top bits: `hash >> shift`.
    let shift: UInt32
    /// Per slot, the hash of the keyword there.
    private let hashes: UnsafePointer<UInt32>

    static let shared = DeclarationKeywordTable()

    /// An empty slot.
    static let none: UInt8 = 0xFF

    private init() {
        let keywords = DeclarationKeyword.allCases.map { ($0.rawValue, $0.staticSpelling) }
            + UnnamedDeclarationKeyword.allCases.map { ($0.rawValue, $0.staticSpelling) }
        // The two enums' raw values are the tags: they must not overlap (a `DeclarationKeyword`
        // case added without moving `UnnamedDeclarationKeyword`'s would take `init`'s tag).
        precondition(Set(keywords.map(\.0)).count == keywords.count && !keywords.contains { $0.0 == Self.none },
                     "declaration keyword tags overlap")
        let keywordHashes = keywords.map { IdentifierIndex.hash(of: $0.1.description) }
        // A table in which no two keywords share a slot, large enough (1,024 slots or more)
        // that few other identifiers land in a keyword's slot and are looked at again.
        var bits: UInt32 = 10
        while Set(keywordHashes.map { $0 >> (32 - bits) }).count < keywords.count { bits += 1 }
        let size = 1 << Int(bits)
        let hashes = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
        let tags = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        hashes.initialize(repeating: 0, count: size)
        tags.initialize(repeating: Self.none, count: size)
        for (keyword, hash) in zip(keywords, keywordHashes) {
            let slot = Int(hash >> (32 - bits))
            hashes[slot] = hash
            tags[slot] = keyword.0
        }
        self.hashes = UnsafePointer(hashes)
        self.tags = UnsafePointer(tags)
        shift = 32 - bits
    }

    /// The hash a `KeywordName` keeps of the code token after a keyword:
    /// `SwiftFile.identifierHash`, backticks stripped.
    static func nameHash(of name: Token, _ b: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var start = Int(name.start)
        var end = Int(name.end)
        if name.kind == .backtickIdentifier, end - start >= 2 {
            start += 1
            end -= 1
        }
        return IdentifierIndex.hash(b, start, end - start)
    }

    /// The tag of the keyword spelled by the `length` bytes at `start`, whose hash is `hash`: a
    /// `DeclarationKeyword` or `UnnamedDeclarationKeyword` raw value.
    /// Out of line: the callers inline only the table read that rules most identifiers out.
    @inline(never)
    func tag(hash: UInt32, _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> UInt8? {
        let slot = Int(hash &>> shift)
        let tag = tags[slot]
        guard hashes[slot] == hash, tag != Self.none else { return nil }
        let spelling = DeclarationKeyword(rawValue: tag)?.staticSpelling ?? UnnamedDeclarationKeyword(rawValue: tag)!.staticSpelling
        guard spelling.utf8CodeUnitCount == length else { return nil }
        return spelling.withUTF8Buffer { word in
            for k in 0..<length where b[start + k] != word[k] { return nil }
            return tag
        }
    }
}
