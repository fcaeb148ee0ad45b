import Foundation
import Testing
@testable import AuditCore

/// The identifier index must answer exactly what a scan of every token would.
@Suite struct IdentifierIndexTests {
    static let source = """
        import StoreKit
        @MainActor final class Store: ObservableObject {
            var `default` = 0
            func listen() async {
                for await update in Transaction.updates { await handle(update) }
                let updates = "Transaction.updates in a string is not code" // updates in a comment
                _ = updates.count + `default`
            }
            func handle(_ update: VerificationResult<Transaction>) async {
                if case .verified(let t) = update { await t.finish() }
            }
        }
        """

    @Test func occurrencesAreTheIdentifierTokensWithThatText() {
        let file = SwiftFile(path: "Store.swift", bytes: Array(Self.source.utf8))
        let names = Set(file.code.indices.filter { file.code[$0].kind == .identifier }.map { file.text($0) })
        #expect(names.count > 20)
        for name in names {
            let scanned = file.code.indices.filter { file.code[$0].kind == .identifier && file.text($0) == name }
            #expect(Array(file.occurrences(of: name)) == scanned, "\(name)")
        }
        #expect(Array(file.occurrences(of: "updates")).count == 3)
        #expect(file.occurrences(of: "missing").isEmpty)
        #expect(file.occurrences(of: "").isEmpty)
        // Backtick identifiers are not indexed; code in strings and comments is not code.
        #expect(file.occurrences(of: "default").isEmpty)
        #expect(file.occurrences(of: "comment").isEmpty)
        let both = (Array(file.occurrences(of: "handle")) + Array(file.occurrences(of: "finish"))).sorted()
        #expect(both.count == 3)
        #expect(file.occurrences(ofAny: ["handle", "finish"]) == both)
    }

    @Test func manyDistinctNamesGrowTheTable() {
        // More distinct names than the first table holds, and colliding prefixes.
        let source = (0..<3000).map { "let name\($0) = name\($0 / 2)\n" }.joined()
        let file = SwiftFile(path: "Many.swift", bytes: Array(source.utf8))
        #expect(Array(file.occurrences(of: "name0")).count == 3)
        #expect(Array(file.occurrences(of: "name1499")).count == 3)
        #expect(Array(file.occurrences(of: "name2999")).count == 1)
        #expect(file.occurrences(of: "name3000").isEmpty)
        #expect(Array(file.occurrences(of: "let")).count == 3000)
    }

    @Test func literalSearchesLookOnlyAtLiteralText() {
        let file = SwiftFile(path: "L.swift", bytes: Array(#"let a = "https://buy.example.com/verifyReceipt"; let b = "x\(verifyReceipt)y""#.utf8))
        let literals = file.code.indices.filter { file.code[$0].kind == .stringStart }
        #expect(literals.count == 2)
        #expect(file.stringLiteral(at: literals[0], contains: "/verifyReceipt"))
        #expect(file.stringLiteral(at: literals[0], contains: String("example.com")))
        #expect(!file.stringLiteral(at: literals[1], contains: "verifyReceipt"))
        #expect(file.stringLiteral(at: literals[1], hasByte: { $0 == UInt8(ascii: "y") }))
        #expect(!file.stringLiteral(at: literals[1], hasByte: { $0 == UInt8(ascii: "v") }))
    }
}

/// The shortcut queries rules use instead of scans must answer what the scans answer, on
/// every token of the example apps and the accuracy corpus.
@Suite struct ShortcutQueryTests {
    static func swiftFiles() throws -> [SwiftFile] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [SwiftFile] = []
        for folder in ["Examples", "Tests/Corpus"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                files.append(SwiftFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
            }
        }
        return files
    }

    @Test func isCallAgreesWithCallOnEveryToken() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 40)
        var calls = 0
        for file in files {
            for i in file.code.indices {
                #expect(file.isCall(at: i) == (file.call(at: i) != nil), "\(file.path) token \(i): \(file.text(i))")
                if file.isCall(at: i) { calls += 1 }
            }
        }
        #expect(calls > 1_000)
    }

    @Test func rangedOccurrencesAndMemberAccessesMatchAScan() throws {
        for file in try Self.swiftFiles() {
            let count = file.code.count
            let ranges = [0..<count, 0..<(count / 2), (count / 3)..<count, (count / 4)..<(count / 4), (count / 5)..<(count * 4 / 5)]
            for name in ["updates", "finish", "Transaction", "let", "products"] {
                for range in ranges {
                    let scanned = range.filter { file.code[$0].kind == .identifier && file.text($0) == name }
                    #expect(Array(file.occurrences(of: name, in: range)) == scanned, "\(file.path) \(name) \(range)")
                }
            }
            for (base, member) in [("Transaction", "updates"), ("Transaction", "currentEntitlements"), ("AppStore", "sync"), ("Product", "products")] {
                let scanned = file.code.indices.filter { file.isMemberAccess($0, base: base, member: member) }
                #expect(file.memberAccesses(base: base, member: member) == scanned)
                for range in ranges {
                    #expect(file.containsMemberAccess(base: base, member: member, in: range) == range.contains { scanned.contains($0) })
                }
            }
        }
    }

    @Test func identifierSetsAndFunctionKeywordsMatchAScan() throws {
        let sets: [Set<String>] = [["SubscriptionInfo", "inGracePeriod", "renewalInfo"], ["NSLock", "DispatchQueue", "Mutex"], ["default", "self"], ["nothing-here"]]
        for file in try Self.swiftFiles() {
            let count = file.code.count
            for names in sets {
                for range in [0..<count, 0..<(count / 2), (count / 3)..<(count * 2 / 3)] {
                    #expect(file.containsIdentifier(in: names, range: range) == range.contains { file.isIdentifier($0, in: names) }, "\(file.path) \(names)")
                }
            }
            for i in file.code.indices {
                let scanned = file.declarations.indices.first { file.declarations[$0].kind == .function && file.declarations[$0].keyword == i }
                #expect(file.function(keywordAt: i) == scanned)
            }
        }
    }

    @Test func mentionsAgreesWithOccurrencesForPresentAndAbsentNames() throws {
        let probes = ["updates", "Transaction", "finish", "StoreKit", "nothingLikeThis", "x", "purchase", "SKPaymentQueue", "shared"]
        for file in try Self.swiftFiles() {
            let names = Set(file.code.indices.filter { file.code[$0].kind == .identifier }.map { file.text($0) })
            for name in names.union(probes) {
                #expect(file.mentions(name, hash: IdentifierIndex.hash(of: name)) == !file.occurrences(of: name).isEmpty, "\(file.path) \(name)")
            }
        }
    }

    @Test func lookupsBeforeAndAfterTheIndexIsBuiltAgree() throws {
        // A file answers its first lookups by walking its tokens and builds the index after;
        // both must answer alike, for present and absent names.
        for file in try Self.swiftFiles() {
            let indexed = SwiftFile(path: file.path, bytes: file.bytes)
            _ = indexed.identifierIndex
            #expect(indexed.isIndexBuilt)
            var names = Array(Set(file.code.indices.filter { file.code[$0].kind == .identifier }.map { file.text($0) })).sorted()
            names = Array(names.prefix(12)) + ["updates", "nothingLikeThis", "x"]
            for name in names {
                let fresh = SwiftFile(path: file.path, bytes: file.bytes)
                #expect(Array(fresh.occurrences(of: name)) == Array(indexed.occurrences(of: name)), "\(file.path) \(name)")
                #expect(!fresh.isIndexBuilt)
                let again = SwiftFile(path: file.path, bytes: file.bytes)
                #expect(again.mentions(name) == indexed.mentions(name), "\(file.path) \(name)")
            }
        }
    }

    @Test func lookupsBeforeTheIndexSkipWhereTheNameIsOnlyWritten() {
        // Before the index, a lookup finds the name's bytes and keeps the identifier tokens
        // that start there: not a longer name, a member of another name, a comment, a
        // string, a backticked name or an attribute.
        let source = """
            // Product in a comment; ProductView, Products
            @Product struct ProductStore { let products: [Product] = []; var `Product` = 0 }
            let text = "Product \\(Product.self) Product"
            func f() -> Product? { MyProduct.Product ?? Product() }  /* Product */ Product
            """
        let file = SwiftFile(path: "Lookup.swift", bytes: Array(source.utf8))
        let expected = file.code.indices.filter { file.code[$0].kind == .identifier && file.text($0) == "Product" }
        #expect(expected.count == 6)
        for name in ["Product", "Products", "products", "ProductStore", "MyProduct", "self", "f", "Missing"] {
            let fresh = SwiftFile(path: "Lookup.swift", bytes: Array(source.utf8))
            let scanned = Array(fresh.occurrences(of: name))
            #expect(!fresh.isIndexBuilt)
            let indexed = SwiftFile(path: "Lookup.swift", bytes: Array(source.utf8))
            _ = indexed.identifierIndex
            #expect(scanned == Array(indexed.occurrences(of: name)), "\(name)")
            #expect(scanned == file.code.indices.filter { file.code[$0].kind == .identifier && file.text($0) == name }, "\(name)")
        }
        #expect(Array(SwiftFile(path: "Lookup.swift", bytes: Array(source.utf8)).occurrences(of: "Product")) == expected)
    }

    @Test func stringStartsAreTheStringStartTokens() throws {
        for file in try Self.swiftFiles() {
            #expect(file.stringStarts.map(Int.init) == file.code.indices.filter { file.code[$0].kind == .stringStart }, "\(file.path)")
        }
    }

    @Test func interpolationsCloseWhereTheTreeSays() throws {
        var interpolations = 0
        for file in try Self.swiftFiles() {
            for i in file.code.indices where file.code[i].kind == .interpolationStart {
                interpolations += 1
                #expect(file.interpolationClose(of: i) == Int(file.match[i]), "\(file.path) token \(i)")
            }
        }
        #expect(interpolations > 50)
    }

    @Test func literalPrefilterNeverHidesAMatch() throws {
        let needles: ASCIINeedles = ["web", "site", "http", "todo", "lorem", "{"]
        var skipped = 0
        for file in try Self.swiftFiles() {
            for i in file.code.indices where file.code[i].kind == .stringStart {
                let text = file.stringLiteral(at: i).text
                // ASCII case folding, with `[` folded onto `{` as the prefilter documents.
                let folded = String(decoding: text.utf8.map { $0 < 0x80 ? $0 | 0x20 : $0 }, as: UTF8.self)
                let holds = ["web", "site", "http", "todo", "lorem", "{"].contains { folded.contains($0) }
                let may = file.stringLiteral(at: i, mayContainFolded: needles)
                if holds { #expect(may, "\(file.path): \(text)") }
                if !may { skipped += 1 }
            }
        }
        // It must also be worth having: most literals are ruled out.
        #expect(skipped > 500)
    }
}

/// The byte searches behind the rules' gates step eight bytes at a time; they must find what a
/// plain search finds, at every offset and across word boundaries.
@Suite struct ASCIISearchTests {
    static func plainFind(_ word: [UInt8], _ haystack: [UInt8], fold: Bool) -> Bool {
        guard !word.isEmpty else { return true }
        guard haystack.count >= word.count else { return false }
        return (0...(haystack.count - word.count)).contains { start in
            word.indices.allSatisfy { k in (fold ? haystack[start + k] | 0x20 : haystack[start + k]) == word[k] }
        }
    }

    /// The first place any of the words starts, found by trying every start in turn.
    static func plainFirst(_ words: [[UInt8]], _ haystack: [UInt8]) -> Int? {
        (0..<max(haystack.count, 1)).first { start in
            words.contains { word in
                start + word.count <= haystack.count && word.indices.allSatisfy { haystack[start + $0] == word[$0] }
            }
        }
    }

    /// The first occurrence is the first start of any word, wherever it falls among the
    /// positions the search passes four at a time (haystacks of every length up to 40).
    @Test func theFirstOccurrenceIsTheFirstStartOfAnyWord() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcd xyz".utf8)
        for _ in 0..<3_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let words = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            }
            let expected = haystack.isEmpty ? nil : Self.plainFirst(words, haystack)
            haystack.withUnsafeBufferPointer { h in
                #expect(ASCIINeedles(words: words, foldingCase: false).firstOccurrence(in: h) == expected, "\(haystack) \(words)")
            }
        }
    }

    @Test func severalWordsInOnePassFindWhatOneSearchPerWordFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcAB-:/ {[\u{0}é".utf8)
        for _ in 0..<3_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let words = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                    .map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            }
            // The set folds ASCII bytes only: a word's non-ASCII bytes are compared exactly.
            let asciiFolded = haystack.map { $0 < 0x80 ? $0 | 0x20 : $0 }
            let expected = words.contains { Self.plainFind($0, asciiFolded, fold: false) }
            let exact = words.contains { Self.plainFind($0, haystack, fold: false) }
            haystack.withUnsafeBufferPointer { h in
                #expect(ASCIINeedles(words: words).occur(in: h) == expected, "\(haystack) \(words)")
                #expect(ASCIINeedles(words: words, foldingCase: false).occur(in: h) == exact, "\(haystack) \(words)")
            }
        }
        let words: ASCIINeedles = ["web", "online store", "{"]
        for (text, expected) in [("Visit our WEBSITE", true), ("ONLINE STORE", true), ("[copy]", true), ("site", false), ("", false)] {
            var text = text
            #expect(text.withUTF8 { words.occur(in: $0) } == expected, "\(text)")
        }
        // Non-ASCII words added to a folded set are found as written, in the same pass.
        let mixed = words.adding(["サイト", "ſ"])
        for (text, expected) in [("公式サイトで購入", true), ("Kleine ſchrift", true), ("Webサイ", true), ("サイ ト", false), ("Ÿ", false), ("ÅÉ", false)] {
            var text = text
            #expect(text.withUTF8 { mixed.occur(in: $0) } == expected, "\(text)")
        }
    }

    @Test func asciiTestSeesANonASCIIByteAnywhere() {
        for length in 0...19 {
            let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(ascii.withUnsafeBufferPointer { ASCIISearch.isASCII($0) }, "\(length) ASCII bytes")
            for position in 0..<length {
                var bytes = ascii
                bytes[position] = 0x80
                #expect(!bytes.withUnsafeBufferPointer { ASCIISearch.isASCII($0) }, "0x80 at \(position) of \(length)")
                bytes[position] = 0xFF
                #expect(!bytes.withUnsafeBufferPointer { ASCIISearch.isASCII($0) }, "0xFF at \(position) of \(length)")
            }
        }
        #expect(ASCIISearch.contains("Restore Purchases", "Purchase"))
        #expect(!ASCIISearch.contains("Restore Purchases", "purchase"))
        // Non-ASCII text goes to Foundation, which compares characters.
        #expect(ASCIISearch.contains("Café Crème", "Crème"))
        #expect(ASCIISearch.contains("Café Crème", "Cr"))
    }

    @Test func findsWhatAPlainSearchFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcAB-:/ \u{0}é".utf8)
        for _ in 0..<3_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let word = (0..<Int.random(in: 1...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let lower = word.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            haystack.withUnsafeBufferPointer { h in
                word.withUnsafeBufferPointer { w in
                    #expect(ASCIISearch.find(w, in: h) == Self.plainFind(word, haystack, fold: false), "\(haystack) \(word)")
                    let anchor = Int.random(in: 0..<word.count, using: &generator)
                    #expect(ASCIISearch.findInLongText(w, in: h, anchor: anchor) == Self.plainFind(word, haystack, fold: false), "\(haystack) \(word)")
                }
                lower.withUnsafeBufferPointer { w in
                    #expect(ASCIISearch.findFolded(w, in: h) == Self.plainFind(lower, haystack, fold: true), "\(haystack) \(lower)")
                    #expect(ASCIISearch.findFoldedInLongText(w, in: h) == Self.plainFind(lower, haystack, fold: true), "\(haystack) \(lower)")
                }
            }
        }
    }

    @Test func findsAWordThatCrossesAnEightByteBoundaryOrEndsTheText() {
        let text = Array("0123456-audit:89abcdefXYZ".utf8)
        for needle in ["-audit:", "XYZ", "0123", "6-a", "fXY"] {
            let word = Array(needle.utf8)
            text.withUnsafeBufferPointer { h in word.withUnsafeBufferPointer { #expect(ASCIISearch.find($0, in: h), "\(needle)") } }
        }
        let missing = Array("-audix".utf8)
        text.withUnsafeBufferPointer { h in missing.withUnsafeBufferPointer { #expect(!ASCIISearch.find($0, in: h)) } }
    }
}
