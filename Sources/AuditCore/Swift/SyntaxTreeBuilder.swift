/// Builds the light structural tree over code tokens: bracket matching (tolerant of `#if`
/// branches that each open the same brace), the parent bracket of every token, and the
/// declarations and closures with their bodies.
struct SyntaxTreeBuilder {
    let bytes: [UInt8]
    let code: TokenList
    let startsLine: LineStartFlags
    /// Where the declaration keywords are (the column pass found them): declarations are
    /// looked for at these tokens alone. Without them, at every identifier (the same tokens
    /// start declarations: the others are passed over; the tests build trees either way).
    var keywords: DeclarationKeywordIndices? = nil

    struct Structure {
        var match: BracketPartners
        var parent: EnclosingBrackets
        var declarations: [Declaration]
        var braces: BraceDeclarations
    }

    /// The declarations over the brackets `matchBrackets()` found. `inHalves`: whether the
    /// tokens are walked in two halves at once (tests choose; by default a file of
    /// `declarationsInHalvesCount` code tokens or more).
    func declarations(match: BracketPartners, parent: EnclosingBrackets, inHalves: Bool? = nil) -> Structure {
        var structure = Structure(match: match, parent: parent, declarations: [], braces: BraceDeclarations())
        findDeclarations(into: &structure, inHalves: inHalves ?? (code.count >= Self.declarationsInHalvesCount))
        return structure
    }

    // MARK: Token text

    func word(_ index: Int) -> String {
        guard index >= 0, index < code.count else { return "" }
        let token = code[index]
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    func isWord(_ index: Int, _ text: StaticString) -> Bool {
        index >= 0 && index < code.count && code.kinds[index] == .identifier && spells(index, text)
    }

    /// Whether token `index` is spelled `text` (any kind; false out of range), compared as
    /// bytes: the builder looks at every identifier and must not make a String for each.
    func spells(_ index: Int, _ text: StaticString) -> Bool {
        // Words are short: a long token's length marker (255) never equals one's length.
        guard index >= 0, index < code.count, Int(code.lengths[index]) == text.utf8CodeUnitCount else { return false }
        let start = Int(code.starts[index])
        return text.withUTF8Buffer { w in
            for k in 0..<w.count where bytes[start + k] != w[k] { return false }
            return true
        }
    }

    func spellsAny(_ index: Int, _ words: Words) -> Bool {
        guard index >= 0, index < code.count else { return false }
        let length = Int(code.lengths[index])
        // One read of the lengths the token's first byte starts a word at rules out most
        // tokens (the tree asks this of every brace and of the words before it).
        guard length > 0, length < Words.maximumLength, words.startsWord(bytes[Int(code.starts[index])], length: length) else { return false }
        for word in words.list where word.utf8CodeUnitCount == length && spells(index, word) { return true }
        return false
    }

    /// Words the tree compares tokens with, and per first byte the lengths of the words it
    /// starts: a word list's test of a token costs a table read unless the token may be one.
    struct Words: ExpressibleByArrayLiteral, Sendable {
        static let maximumLength = 32
        let list: [StaticString]
        /// Per byte, bit n set when a word of length n starts with it.
        private let lengths: [UInt32]

        init(arrayLiteral list: StaticString...) {
            self.list = list
            var lengths = [UInt32](repeating: 0, count: 256)
            for word in list {
                precondition(word.utf8CodeUnitCount > 0 && word.utf8CodeUnitCount < Self.maximumLength, "a word the tree compares is too long for its table")
                word.withUTF8Buffer { lengths[Int($0[0])] |= 1 << UInt32($0.count) }
            }
            self.lengths = lengths
        }

        @inline(__always)
        func startsWord(_ first: UInt8, length: Int) -> Bool {
            lengths[Int(first)] & (1 &<< UInt32(truncatingIfNeeded: length)) != 0
        }
    }

    /// The declaration kind a type keyword introduces (`struct`, `class`, ...), if token
    /// `index` is one.
    func typeKeyword(_ index: Int) -> Declaration.Kind? {
        switch code.lengths[index] {
        case 4: spells(index, "enum") ? .enum : nil
        case 5: spells(index, "class") ? .class : spells(index, "actor") ? .actor : nil
        case 6: spells(index, "struct") ? .struct : nil
        case 8: spells(index, "protocol") ? .protocol : nil
        case 9: spells(index, "extension") ? .extension : nil
        default: nil
        }
    }

    func kind(_ index: Int) -> TokenKind? {
        index >= 0 && index < code.count ? code[index].kind : nil
    }

    // MARK: Brackets

    private static func closer(for opener: TokenKind) -> TokenKind? {
        switch opener {
        case .leftBrace: .rightBrace
        case .leftParen: .rightParen
        case .leftBracket: .rightBracket
        case .interpolationStart: .interpolationEnd
        case .stringStart: .stringEnd
        default: nil
        }
    }

    /// The kinds that open or close a bracket, string or interpolation: bit `rawValue` set (an
    /// expression the compiler folds to a constant, which leaves a register free in the loop).
    @inline(__always)
    private static var bracketKinds: UInt64 {
        1 &<< UInt64(TokenKind.stringStart.rawValue) | 1 &<< UInt64(TokenKind.stringEnd.rawValue)
            | 1 &<< UInt64(TokenKind.interpolationStart.rawValue) | 1 &<< UInt64(TokenKind.interpolationEnd.rawValue)
            | 1 &<< UInt64(TokenKind.leftBrace.rawValue) | 1 &<< UInt64(TokenKind.rightBrace.rawValue)
            | 1 &<< UInt64(TokenKind.leftParen.rawValue) | 1 &<< UInt64(TokenKind.rightParen.rawValue)
            | 1 &<< UInt64(TokenKind.leftBracket.rawValue) | 1 &<< UInt64(TokenKind.rightBracket.rawValue)
    }

    /// The bracket kinds and `#` keywords: the tokens `matchBrackets` does more for than
    /// note their parent.
    @inline(__always)
    private static var specialKinds: UInt64 { bracketKinds | 1 &<< UInt64(TokenKind.poundKeyword.rawValue) }

    /// The bracket partners and parents alone: what reading arguments and literals needs.
    /// `inPlace`: whether the columns are written where they stay (tests choose; by default a
    /// file of `columnsInPlaceCount` code tokens or more).
    func matchBrackets(inPlace: Bool? = nil) -> (match: BracketPartners, parent: EnclosingBrackets) {
        let count = code.count
        let wordCount = (count + 63) / 64
        // Scratch of at most one entry a token, in one block, for this call only: the open
        // brackets (innermost last), each one's slot in `partners`, then the entries of the two
        // columns kept, which are copied out at their exact sizes, and their bits:
        // - bit i of `partnerBits`: token i is of a bracket kind, so it has an entry in
        //   `partners` (-1 until its partner is found);
        // - bit i of `parentBits`: token i's parent differs from the token before's, so it has
        //   an entry in `parents`.
        // See `BracketPartners` and `EnclosingBrackets`. Plain pointers and locals, not arrays
        // and closures: this runs over every token of every file, and every value it keeps in
        // a register instead of on the stack counts.
        // A large file's two columns are written where they stay instead (`columnsInPlaceCount`).
        let stride = count + 1
        let inPlace = inPlace ?? (count >= Self.columnsInPlaceCount)
        let scratchColumns = inPlace ? 2 : 4
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 4 * scratchColumns * stride + 2 * 8 * wordCount, alignment: 8)
        defer { scratch.deallocate() }
        let partnerBits = scratch.bindMemory(to: UInt64.self, capacity: 2 * wordCount)
        let parentBits = partnerBits + wordCount
        partnerBits.initialize(repeating: 0, count: 2 * wordCount)
        let stack = (scratch + 2 * 8 * wordCount).bindMemory(to: Int32.self, capacity: scratchColumns * stride)
        let slots = stack + stride
        /// Walks the tokens, writing the two columns' entries to `partners` and `parents` (room
        /// for `stride` each); returns how many of each.
        func walk(_ partners: UnsafeMutablePointer<Int32>, _ parents: UnsafeMutablePointer<Int32>) -> (partners: Int, parents: Int) {
            var partnerCount = 0
            var parentCount = 0
            var lastParent: Int32 = -1
            var depth = 0
            // Depth of the bracket stack at each open `#if`, so that branches which each open the
            // same brace (`#if A func f() { #else func f() { #endif … }`) do not nest in each other.
            var conditionalDepths: [Int] = []
            // The innermost open bracket: the parent of a token that is not a closer.
            var top: Int32 = -1
            code.kinds.withUnsafeBufferPointer { kindBuffer in
                let kinds = kindBuffer.baseAddress!
                /// Notes that token `i`'s parent is `parent`, where the token before's was not.
                @inline(__always) func record(_ parent: Int32, at i: Int) {
                    guard parent != lastParent else { return }
                    parentBits[i &>> 6] |= 1 &<< UInt64(i & 63)
                    parents[parentCount] = parent
                    parentCount &+= 1
                    lastParent = parent
                }
                var i = 0
                while i < count {
                    // Most tokens are no bracket and no `#` keyword: each one's parent is the
                    // innermost open bracket, and nothing is written for them beyond the first of
                    // a run.
                    if Self.specialKinds & (1 &<< UInt64(kinds[i].rawValue)) == 0 {
                        record(top, at: i)
                        i &+= 1
                        while i < count, Self.specialKinds & (1 &<< UInt64(kinds[i].rawValue)) == 0 { i &+= 1 }
                        if i == count { break }
                    }
                    var parent = top
                    let kind = kinds[i]
                    let slot = partnerCount
                    if kind != .poundKeyword {
                        partnerBits[i &>> 6] |= 1 &<< UInt64(i & 63)
                        partners[slot] = -1
                        partnerCount &+= 1
                    }
                    switch kind {
                    case .leftBrace, .leftParen, .leftBracket, .interpolationStart:
                        stack[depth] = Int32(truncatingIfNeeded: i)
                        slots[depth] = Int32(truncatingIfNeeded: slot)
                        depth &+= 1
                        top = Int32(truncatingIfNeeded: i)
                    case .stringStart:
                        // A string never closed on its line leaves no stringEnd; do not let it
                        // swallow the rest of the file.
                        if i + 1 >= count || Self.stringCloses(from: i, kindBuffer) {
                            stack[depth] = Int32(truncatingIfNeeded: i)
                            slots[depth] = Int32(truncatingIfNeeded: slot)
                            depth &+= 1
                            top = Int32(truncatingIfNeeded: i)
                        }
                    case .rightBrace, .rightParen, .rightBracket, .interpolationEnd, .stringEnd:
                        var position = depth &- 1
                        while position >= 0, Self.closer(for: kinds[Int(stack[position])]) != kind { position &-= 1 }
                        if position >= 0 {
                            // Brackets left open inside the one being closed stay unmatched.
                            partners[Int(slots[position])] = Int32(truncatingIfNeeded: i)
                            partners[slot] = stack[position]
                            depth = position
                            // The opener's parent (the entry under it: entries under an open
                            // bracket are not overwritten while it stays open) is the closer's,
                            // and the innermost open bracket after it.
                            top = depth > 0 ? stack[depth &- 1] : -1
                            parent = top
                        }
                    default:
                        // `#` keywords.
                        if spells(i, "#if") {
                            conditionalDepths.append(depth)
                        } else if spells(i, "#else") || spells(i, "#elseif") {
                            if let open = conditionalDepths.last, depth > open {
                                depth = open
                                top = depth > 0 ? stack[depth &- 1] : -1
                            }
                        } else if spells(i, "#endif") {
                            _ = conditionalDepths.popLast()
                        }
                    }
                    record(parent, at: i)
                    i &+= 1
                }
            }
            return (partnerCount, parentCount)
        }
        var partnerValues: [Int32] = []
        var parentValues: [Int32] = []
        if inPlace {
            partnerValues = [Int32](unsafeUninitializedCapacity: stride) { partners, partnerCount in
                parentValues = [Int32](unsafeUninitializedCapacity: stride) { parents, parentCount in
                    (partnerCount, parentCount) = walk(partners.baseAddress!, parents.baseAddress!)
                }
            }
        } else {
            let partners = stack + 2 * stride
            let parents = stack + 3 * stride
            let counts = walk(partners, parents)
            partnerValues = Array(UnsafeBufferPointer(start: partners, count: counts.partners))
            parentValues = Array(UnsafeBufferPointer(start: parents, count: counts.parents))
        }
        func column(_ bits: UnsafeMutablePointer<UInt64>, _ values: [Int32]) -> RankedColumn {
            RankedColumn(bits: RankedBits(UnsafeBufferPointer(start: bits, count: wordCount)), values: values, count: count)
        }
        return (BracketPartners(column(partnerBits, partnerValues)), EnclosingBrackets(column(parentBits, parentValues)))
    }

    /// Files of at least this many code tokens (about 1.5 MB of Swift) have their bracket
    /// columns written where they stay, in arrays with room for an entry a token of which only
    /// the pages written are touched: copying them out at their exact sizes was a third of a
    /// 50 MB file's bracket pass, on one core (memory the kernel zeroes, then the copy).
    /// Smaller files' are copied out, so that the columns a project keeps have no room to spare.
    static let columnsInPlaceCount = 1 << 18

    /// Whether the string opened at `index` has its `stringEnd` among the following tokens
    /// before another string opener at the same level ends the search.
    private static func stringCloses(from index: Int, _ kinds: UnsafeBufferPointer<TokenKind>) -> Bool {
        var depth = 0
        var i = index + 1
        while i < kinds.count {
            switch kinds[i] {
            case .interpolationStart: depth += 1
            case .interpolationEnd: depth -= 1
            case .stringEnd where depth == 0: return true
            case .stringSegment, .stringEnd: break
            default:
                if depth == 0 { return false }
            }
            i += 1
        }
        return false
    }

    // MARK: Declarations

    private static let modifierWords: Words = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "class",
        "final", "override", "mutating", "nonmutating", "nonisolated", "lazy", "weak", "unowned",
        "required", "convenience", "dynamic", "indirect", "optional", "consuming", "borrowing",
        "isolated", "distributed", "async", "prefix", "postfix", "infix", "let", "var", "func",
    ]

    /// Words that, at the start of a statement, make the following `{` a block rather than a closure.
    private static let controlKeywords: Words = [
        "if", "guard", "while", "for", "switch", "catch", "else", "do", "repeat", "defer",
    ]

    /// Words before `let`/`var` that make it a binding in a condition or pattern.
    private static let bindingKeywords: Words = ["if", "guard", "while", "case", "for", "catch", "in"]
    /// Words that start a new member on a following line.
    private static let memberKeywords: Words = ["func", "init", "var", "let", "case", "deinit", "subscript"]
    /// Modifier words that are keywords of their own, not modifiers.
    private static let introducers: Words = ["let", "var", "func"]
    private static let setters: Words = ["set", "willSet", "didSet"]

    private static let accessorKeywords: Words = [
        "get", "set", "willSet", "didSet", "_read", "_modify", "init", "unsafeAddress", "unsafeMutableAddress",
    ]

    private func findDeclarations(into structure: inout Structure, inHalves: Bool) {
        let count = code.count
        // A large file's tokens in two halves, one of them walked on a thread of its own: a
        // 50 MB file's declarations were a third of a second on one core while the other
        // waited for them. Every token is looked at in the half it lies in, and the halves'
        // findings are joined in token order: what one walk over all the tokens finds, in its order.
        let halves = inHalves ? [0..<count / 2, count / 2..<count] : [0..<count]
        let match = structure.match
        let parent = structure.parent
        let keyworded = Self.inHalves(halves) { range in self.keywordDeclarations(in: range, match: match) }
        // The claimed braces, ascending (a flag a token was 9 MB for a 50 MB file).
        let bodies = keyworded.flatMap(\.claimed).sorted()
        let closures = Self.inHalves(halves) { range in
            self.closureDeclarations(in: range, claimed: bodies, match: match, parent: parent)
        }

        // In the order of their braces; those of one brace in the order found (keyword
        // declarations, then closures, each in token order).
        let parts = keyworded.map(\.pending) + closures
        let total = parts.reduce(0) { $0 + $1.count }
        var declarations: [Declaration] = []
        if parts.allSatisfy({ Self.bracesAscend($0) }) {
            // Each part's braces ascend (a body's brace follows its keyword, and the parts are
            // in token order): merged in one pass, the lowest brace first and, for one brace,
            // the earlier part. Making and sorting a key per declaration was about a third of
            // the serial join after a 50 MB file's halves (perf: 116 of 314 samples). Walked in
            // halves, the braces below the middle token and those from it on are merged at
            // once, each into its own part of the declarations: the merge was still 45 ms of a
            // 50 MB file with one core busy (perf).
            let middle = inHalves ? count / 2 : Int.max
            let splits = parts.map { part in part.firstIndex(notBelow: { $0.index < middle }) }
            let lowCount = splits.reduce(0, +)
            var braces = BraceDeclarations()
            declarations = [Declaration](unsafeUninitializedCapacity: total) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                let output = DeclarationSlots(base: base)
                let low = parts.indices.map { 0..<splits[$0] }
                let high = parts.indices.map { splits[$0]..<parts[$0].count }
                if inHalves {
                    let second = BackgroundWork<BraceDeclarations, Never> {
                        Self.merge(parts, ranges: high, into: output.base + lowCount, numberedFrom: lowCount)
                    }
                    second.start()
                    braces = Self.merge(parts, ranges: low, into: output.base, numberedFrom: 0)
                    braces.append(second.result().get())
                } else {
                    braces = Self.merge(parts, ranges: low, into: output.base, numberedFrom: 0)
                    braces.append(Self.merge(parts, ranges: high, into: output.base + lowCount, numberedFrom: lowCount))
                }
                initialized = total
            }
            structure.braces = braces
        } else {
            // A declaration inside another's header (`func f(x: () -> Void = { func g() {} })`):
            // sorted as small keys, and each declaration copied once.
            declarations.reserveCapacity(total)
            structure.braces.reserveCapacity(total)
            var order: [(brace: Int32, part: Int32, offset: Int32)] = []
            order.reserveCapacity(total)
            for (part, found) in parts.enumerated() {
                for (offset, entry) in found.enumerated() { order.append((Int32(entry.index), Int32(part), Int32(offset))) }
            }
            order.sort { ($0.brace, $0.part, $0.offset) < ($1.brace, $1.part, $1.offset) }
            for entry in order {
                structure.braces.assign(brace: Int(entry.brace), declaration: declarations.count)
                declarations.append(parts[Int(entry.part)][Int(entry.offset)].declaration)
            }
        }
        // Parents: the nearest enclosing brace that belongs to a declaration, found in halves of
        // the declarations when the tokens were walked in halves, each half setting its own
        // declarations' parents in place (a list of owners joined and set afterwards was most
        // of what remained of a 50 MB file's join on one core).
        let braces = structure.braces
        let found = declarations.count
        declarations.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let slots = DeclarationSlots(base: base)
            _ = Self.inHalves(inHalves ? [0..<found / 2, found / 2..<found] : [0..<found]) { range in
                for index in range {
                    var open = Int(parent[slots.base[index].bodyStart])
                    while open >= 0 {
                        if self.code[open].kind == .leftBrace, let owner = braces.declaration(of: open) {
                            slots.base[index].parent = owner
                            break
                        }
                        open = Int(parent[open])
                    }
                }
            }
        }
        structure.declarations = declarations
    }

    /// The declarations being made, in one buffer whose two halves are written by one thread
    /// each (`merge`, the parents).
    private struct DeclarationSlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Declaration>
    }

    /// The entries of `parts` in `ranges` (one range a part, each part's braces ascending)
    /// initialized at `output` by brace, for one brace the earlier part first; their braces,
    /// the declarations numbered from `first`.
    private static func merge(
        _ parts: [[(index: Int, declaration: Declaration)]], ranges: [Range<Int>],
        into output: UnsafeMutablePointer<Declaration>, numberedFrom first: Int
    ) -> BraceDeclarations {
        var braces = BraceDeclarations()
        braces.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        var next = ranges.map(\.lowerBound)
        var written = 0
        while true {
            var best = -1
            var bestBrace = Int.max
            for part in parts.indices where next[part] < ranges[part].upperBound {
                let brace = parts[part][next[part]].index
                if brace < bestBrace {
                    best = part
                    bestBrace = brace
                }
            }
            if best < 0 { break }
            (output + written).initialize(to: parts[best][next[best]].declaration)
            braces.assign(brace: bestBrace, declaration: first + written)
            next[best] += 1
            written += 1
        }
        return braces
    }

    /// Whether the entries' braces never go down, in their order.
    private static func bracesAscend(_ entries: [(index: Int, declaration: Declaration)]) -> Bool {
        var previous = Int.min
        for entry in entries {
            if entry.index < previous { return false }
            previous = entry.index
        }
        return true
    }

    /// Files of at least this many code tokens (about 1.5 MB of Swift) have their declarations
    /// found in two halves at once (`findDeclarations`).
    static let declarationsInHalvesCount = 1 << 18

    /// `body` of each range, the second of two on a thread of its own, in the ranges' order.
    private static func inHalves<Result: Sendable>(_ ranges: [Range<Int>], _ body: @escaping @Sendable (Range<Int>) -> Result) -> [Result] {
        guard ranges.count == 2 else { return ranges.map(body) }
        let second = BackgroundWork<Result, Never> { body(ranges[1]) }
        second.start()
        let first = body(ranges[0])
        return [first, second.result().get()]
    }

    /// The declarations introduced by a keyword in `range` (types, functions, initializers,
    /// subscripts, variables with a body), each with the `{` of its body, in token order, and
    /// those braces.
    private func keywordDeclarations(
        in range: Range<Int>, match: BracketPartners
    ) -> (pending: [(index: Int, declaration: Declaration)], claimed: [Int32]) {
        var claimed: [Int32] = []
        var pending: [(index: Int, declaration: Declaration)] = []
        // A large range's lists at the most they can hold, a declaration a keyword (the 50 MB
        // file has one declaration for every 2.3 keywords: 171,911 for 400,192): grown by
        // doubling, each copied its entries into memory the kernel zeroed anew (perf: a sixth
        // of the file's page faults were the declarations' lists), and the pages reserved and
        // not written are never touched.
        if range.count >= Self.declarationsInHalvesCount / 2, let keywords {
            let most = keywords.count(in: range)
            pending.reserveCapacity(most)
            claimed.reserveCapacity(most)
        }
        var interner = NameListsInterner()

        func visit(_ i: Int) {
            guard code[i].kind == .identifier else { return }
            let previousIsDot = kind(i - 1) == .dot
            if previousIsDot { return }
            var declarationKind: Declaration.Kind?
            if let typeKind = typeKeyword(i) {
                guard startsTypeDeclaration(i, typeKind) else { return }
                declarationKind = typeKind
            } else if spells(i, "func") {
                declarationKind = .function
            } else if spells(i, "init"), kind(i + 1) == .leftParen || (kind(i + 1) == .operator && kind(i + 2) == .leftParen) || kind(i + 1) == .operator && spells(i + 1, "<") {
                if isWord(i - 1, "self") || isWord(i - 1, "super") { return }
                declarationKind = .initializer
            } else if spells(i, "deinit"), kind(i + 1) == .leftBrace {
                declarationKind = .deinitializer
            } else if spells(i, "subscript"), kind(i + 1) == .leftParen {
                declarationKind = .subscript
            } else if spells(i, "var") || spells(i, "let") {
                if isBindingInCondition(i) { return }
                declarationKind = .variable
            }
            guard let declarationKind else { return }
            guard let bodyStart = bodyBrace(after: i, kind: declarationKind) else {
                return
            }
            claimed.append(Int32(bodyStart))
            let name = declarationName(after: i, kind: declarationKind)
            let (attributes, modifiers) = attributesAndModifiers(before: i)
            let lists = interner.box(attributes, modifiers, declarationKind.isType ? inheritedTypes(after: i, before: bodyStart) : [])
            let declaration = Declaration(
                kind: declarationKind, name: name, keyword: i, bodyStart: bodyStart,
                bodyEnd: Int(match[bodyStart]), lists: lists, calleeIndex: -1
            )
            pending.append((bodyStart, declaration))
        }
        // Only keywords start declarations: the column pass's list of them spares the look at
        // every other identifier (this walk took 34 M instructions on a generated 5 MB file
        // looking at every identifier, 6 M looking at the keywords).
        if let keywords {
            keywords.forEach(in: range, visit)
        } else {
            for i in range where code[i].kind == .identifier { visit(i) }
        }
        return (pending, claimed)
    }

    /// Whether the type keyword at `i` (an identifier not after a dot) starts a declaration.
    private func startsTypeDeclaration(_ i: Int, _ typeKind: Declaration.Kind) -> Bool {
        // `class func`, `class var`: a modifier, not a class.
        if typeKind == .class, kind(i + 1) == .identifier,
           spellsAny(i + 1, Self.modifierWords) || spells(i + 1, "subscript") || spells(i + 1, "init") {
            return false
        }
        // `case` patterns like `.enum` cannot reach here (dot checked); an `enum` used
        // as a label `enum:` is excluded by the colon check.
        return kind(i + 1) != .colon
    }

    /// The type declarations that list `name` among their inherited types, as `declarations`
    /// finds them (its keyword, its body's closing brace), without the rest of the tree: the
    /// type keywords alone are looked at. What blanking previews asks of every file naming
    /// `PreviewProvider`, whose tree is otherwise not needed (the file is lexed again without
    /// them).
    func typeDeclarations(inheriting name: String, match: BracketPartners) -> [(keyword: Int, bodyEnd: Int)] {
        var found: [(keyword: Int, bodyEnd: Int)] = []
        func visit(_ i: Int) {
            guard code[i].kind == .identifier, kind(i - 1) != .dot, let typeKind = typeKeyword(i), startsTypeDeclaration(i, typeKind),
                  let bodyStart = bodyBrace(after: i, kind: typeKind),
                  inheritedTypes(after: i, before: bodyStart).contains(name) else { return }
            found.append((i, Int(match[bodyStart])))
        }
        if let keywords {
            keywords.forEach(in: 0..<code.count, visit)
        } else {
            for i in 0..<code.count where code[i].kind == .identifier { visit(i) }
        }
        return found
    }

    /// The closures opened in `range`: every `{` no declaration claimed that is not the body
    /// of a control statement or accessor, in token order.
    private func closureDeclarations(
        in range: Range<Int>, claimed: [Int32], match: BracketPartners, parent: EnclosingBrackets
    ) -> [(index: Int, declaration: Declaration)] {
        var pending: [(index: Int, declaration: Declaration)] = []
        // Room for a large range's closures at once (see `keywordDeclarations`): one every
        // sixteen tokens is more than the 50 MB file opens (one in 59), or the real corpus's
        // Swift as one file (one in 115); a range with more grows the list as before.
        if range.count >= Self.declarationsInHalvesCount / 2 { pending.reserveCapacity(range.count / 16) }
        // The claimed braces from the range's start on, walked beside the tokens.
        var next = 0
        var high = claimed.count
        while next < high {
            let middle = (next + high) / 2
            if Int(claimed[middle]) < range.lowerBound { next = middle + 1 } else { high = middle }
        }
        for i in range where code[i].kind == .leftBrace {
            while next < claimed.count, Int(claimed[next]) < i { next += 1 }
            if next < claimed.count, Int(claimed[next]) == i { continue }
            if isBlockBrace(i) { continue }
            let callee = calleeOfClosure(at: i, match: match, parent: parent)
            let declaration = Declaration(
                // `#Preview { … }` is named "Preview", like the closure of a call.
                kind: .closure, name: callee < 0 ? "" : kind(callee) == .poundKeyword ? String(word(callee).dropFirst()) : word(callee), keyword: i, bodyStart: i,
                bodyEnd: Int(match[i]), parent: -1, attributes: [], modifiers: [],
                inheritedTypes: [], calleeIndex: callee
            )
            pending.append((i, declaration))
        }
        return pending
    }

    /// `if let x`, `guard var y`, `case let .verified(t)`, `for var i`, `while let`: bindings, not declarations.
    private func isBindingInCondition(_ index: Int) -> Bool {
        guard let previous = kind(index - 1) else { return false }
        if previous == .comma || previous == .leftParen { return true }
        if previous == .identifier {
            return spellsAny(index - 1, Self.bindingKeywords)
        }
        return false
    }

    /// The `{` that opens the body of the declaration introduced at `keyword`, or nil when the
    /// declaration has none (a stored property, a protocol requirement).
    private func bodyBrace(after keyword: Int, kind declarationKind: Declaration.Kind) -> Int? {
        var i = keyword + 1
        let isVariable = declarationKind == .variable
        while i < code.count {
            let token = code[i]
            switch token.kind {
            case .leftBrace:
                return i
            case .leftParen, .leftBracket:
                // Skip parameter lists, generic constraints in brackets, attributes' arguments.
                i = skip(from: i)
                continue
            case .rightBrace, .rightParen, .rightBracket, .semicolon:
                return nil
            case .operator:
                if isVariable, spells(i, "=") { return nil }
            case .comma:
                if isVariable { return nil }
            case .identifier:
                if i > keyword + 1, startsLine[i] {
                    // A new declaration or statement on a following line: this one had no body.
                    if typeKeyword(i) != nil || spellsAny(i, Self.memberKeywords)
                        || spellsAny(i, Self.modifierWords) || spells(i, "typealias") || spells(i, "associatedtype") {
                        return nil
                    }
                    if isVariable { return nil }
                }
            case .attribute, .poundKeyword:
                if i > keyword + 1, startsLine[i] { return nil }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    private func skip(from open: Int) -> Int {
        var depth = 0
        var i = open
        while i < code.count {
            switch code[i].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth == 0 { return i + 1 }
            default: break
            }
            i += 1
        }
        return code.count
    }

    private func declarationName(after keyword: Int, kind declarationKind: Declaration.Kind) -> String {
        switch declarationKind {
        case .initializer: return "init"
        case .deinitializer: return "deinit"
        case .subscript: return "subscript"
        case .extension:
            // `extension Store.Products where …`: the dotted type name.
            var parts: [String] = []
            var i = keyword + 1
            while kind(i) == .identifier || kind(i) == .backtickIdentifier {
                parts.append(word(i))
                if kind(i + 1) == .dot { i += 2 } else { break }
            }
            return parts.joined(separator: ".")
        default:
            let next = keyword + 1
            if kind(next) == .identifier || kind(next) == .backtickIdentifier || kind(next) == .operator {
                return word(next).trimmingBackticks
            }
            return ""
        }
    }

    private func attributesAndModifiers(before keyword: Int) -> ([String], [String]) {
        var attributes: [String] = []
        var modifiers: [String] = []
        var i = keyword - 1
        while i >= 0 {
            let token = code[i]
            if token.kind == .attribute {
                attributes.append(word(i))
            } else if token.kind == .identifier, spellsAny(i, Self.modifierWords), !spellsAny(i, Self.introducers) {
                modifiers.append(word(i))
            } else if token.kind == .rightParen, let open = openParen(before: i), open > 0, code[open - 1].kind == .attribute || spellsAny(open - 1, Self.modifierWords) {
                // `@available(iOS 17, *)`, `private(set)`
                i = open - 1
                continue
            } else {
                break
            }
            i -= 1
        }
        return (attributes.reversed(), modifiers.reversed())
    }

    private func openParen(before close: Int) -> Int? {
        var depth = 0
        var i = close
        while i >= 0 {
            switch code[i].kind {
            case .rightParen: depth += 1
            case .leftParen:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i -= 1
        }
        return nil
    }

    private func inheritedTypes(after keyword: Int, before brace: Int) -> [String] {
        var types: [String] = []
        var i = keyword + 1
        var afterColon = false
        var angleDepth = 0
        while i < brace {
            let token = code[i]
            if token.kind == .operator {
                let text = word(i)
                angleDepth += text.filter { $0 == "<" }.count - text.filter { $0 == ">" }.count
            }
            if angleDepth == 0 {
                if token.kind == .colon, !afterColon {
                    afterColon = true
                } else if afterColon, token.kind == .identifier {
                    if spells(i, "where") { break }
                    // Keep the last component of a qualified name: `SwiftUI.App` → `App`.
                    if kind(i + 1) != .dot { types.append(word(i)) }
                }
            }
            i += 1
        }
        return types
    }

    /// Whether the `{` at `index` opens a control-statement block or an accessor, not a closure.
    private func isBlockBrace(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        if kind(index - 1) == .identifier, spellsAny(index - 1, Self.controlKeywords) || spellsAny(index - 1, Self.accessorKeywords) {
            return true
        }
        // `set(newValue) {`
        if kind(index - 1) == .rightParen, let open = openParen(before: index - 1), open > 0,
           kind(open - 1) == .identifier, spellsAny(open - 1, Self.setters) {
            return true
        }
        // Walk back over the statement at this depth looking for a control keyword.
        var i = index - 1
        while i >= 0 {
            let token = code[i]
            switch token.kind {
            case .leftBrace, .rightBrace, .semicolon, .leftParen, .leftBracket:
                return false
            case .rightParen, .rightBracket:
                if let open = openBracket(before: i) { i = open - 1; continue }
                return false
            case .stringEnd:
                if let open = stringStart(before: i) { i = open - 1; continue }
                return false
            case .identifier:
                if spellsAny(i, Self.controlKeywords) {
                    return kind(i - 1) != .dot
                }
                if spells(i, "return") || spells(i, "throw") {
                    // `return Foo { }`: an expression starts here.
                    return false
                }
            case .colon:
                // `case .a: Task { }` and labelled trailing closures `label: { }`.
                return false
            default:
                break
            }
            i -= 1
        }
        return false
    }

    private func openBracket(before close: Int) -> Int? {
        var depth = 0
        var i = close
        while i >= 0 {
            switch code[i].kind {
            case .rightParen, .rightBracket, .rightBrace: depth += 1
            case .leftParen, .leftBracket, .leftBrace:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i -= 1
        }
        return nil
    }

    private func stringStart(before end: Int) -> Int? {
        var depth = 0
        var i = end
        while i >= 0 {
            switch code[i].kind {
            case .stringEnd: depth += 1
            case .stringStart:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i -= 1
        }
        return nil
    }

    /// The name token of the call a closure is passed to as a trailing closure: `Task {`,
    /// `.task {`, `Button("Restore") {`, `Button { } label: {`, or -1.
    private func calleeOfClosure(at brace: Int, match: BracketPartners, parent: EnclosingBrackets) -> Int {
        // A closure passed inside an argument list or a parameter's default value:
        // `first(where: { … })`, `Task(operation: { … })`, `func f(x: () -> Void = { … })`;
        // not a trailing closure inside one (`NavigationLink(destination: Store().task { … })`
        // passes the closure to `task`), nor a labelled trailing closure after another.
        let open = Int(parent[brace])
        let startsArgument = kind(brace - 1) == .leftParen || kind(brace - 1) == .comma
            || kind(brace - 1) == .colon && kind(brace - 3) != .rightBrace
            || kind(brace - 1) == .operator && spells(brace - 1, "=")
        if open > 0, code[open].kind == .leftParen, startsArgument, kind(open - 1) == .identifier || kind(open - 1) == .backtickIdentifier {
            if !spellsAny(open - 1, Self.controlKeywords) { return open - 1 }
        }
        var i = brace - 1
        // `label: {` after a previous trailing closure of the same call.
        if kind(i) == .colon, kind(i - 1) == .identifier, kind(i - 2) == .rightBrace {
            let open = Int(match[i - 2])
            if open >= 0, code[open].kind == .leftBrace { return calleeOfClosure(at: open, match: match, parent: parent) }
        }
        if kind(i) == .rightParen {
            let open = Int(match[i])
            guard open > 0 else { return -1 }
            i = open - 1
        }
        // Generic arguments: `Task<Void, Never> {`. They never span a brace or a `;`, which
        // also keeps `a > { } b > { } …` from searching back to the start of the file each time.
        if kind(i) == .operator, word(i).hasSuffix(">") {
            var j = i
            while j > 0, !(kind(j) == .operator && word(j).contains("<")) {
                if kind(j) == .leftBrace || kind(j) == .rightBrace || kind(j) == .semicolon { return -1 }
                j -= 1
            }
            i = j - 1
        }
        if kind(i) == .poundKeyword, spells(i, "#Preview") { return i }
        if kind(i) == .identifier || kind(i) == .backtickIdentifier {
            if spellsAny(i, Self.controlKeywords) || spells(i, "in") || spells(i, "return") { return -1 }
            return i
        }
        return -1
    }
}

extension String {
    var trimmingBackticks: String {
        if hasPrefix("`"), hasSuffix("`"), count >= 2 { return String(dropFirst().dropLast()) }
        return self
    }
}
