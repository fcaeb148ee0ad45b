import AuditCore
import BenchmarkCorpus
import Foundation
import Testing
@testable import AuditRules

/// The fast token walks that let rules pass over files (by kind through `memchr`, by keyword
/// through a word compare) against plain walks over the same tokens, on a generated app tree
/// and on hand-written edge cases.
@Suite struct TokenGateTests {
    static let files: [SwiftFile] = {
        var files = CorpusGenerator(megabytes: 0.3, seed: 5).files()
            .filter { $0.path.hasSuffix(".swift") }
            .map { SwiftFile(path: $0.path, bytes: $0.contents) }
        let edgeCases = [
            "", "#", "#if DEBUG\nlet a = 1\n#endif", "enum", "struct", "struct ProductIDs {}", "extension  Store.Products {}",
            "class\nSKUList {}", "actor PurchaseActor {}", "protocol EntitlementSource {}", "enumeration Product {}",
            "let structure = 1; var classes = [Product]()", "#Preview { Text(\"x\") }\n#selector(f)", "`struct` Products",
            "struct Café {} struct InAppThing {}", "structs Product", "x.struct Products",
        ]
        files += edgeCases.enumerated().map { SwiftFile(path: "Edge\($0.offset).swift", bytes: Array($0.element.utf8)) }
        return files
    }()

    @Test func codeIndicesOfAKindAreThoseAPlainWalkFinds() {
        for file in Self.files {
            for kind in [TokenKind.poundKeyword, .stringStart, .identifier, .leftBrace, .regexLiteral] {
                let plain = file.code.indices.filter { file.code[$0].kind == kind }
                #expect(file.codeIndices(ofKind: kind) == plain, "\(kind) in \(file.path)")
            }
        }
    }

    @Test func declarationsByNameAreThoseAScanFinds() {
        var asked = 0
        for file in Self.files {
            let names = Set(file.declarations.map(\.name)).union(["", "Missing", "body"])
            for name in names {
                #expect(file.declarationIndices(named: name) == file.declarations.indices.filter { file.declarations[$0].name == name }, "\(name) in \(file.path)")
                asked += 1
            }
        }
        #expect(asked > 100)
    }

    @Test func mayDeclareTypeAnswersLikeAPlainWalk() {
        let cases: [([DeclarationKeyword], [StaticString])] = [
            ([.struct, .enum, .class, .actor, .extension, .protocol], ProductIDLiterals.constantTypeWords),
            ([.struct, .class], ["settings", "account", "preferences", "profile"]),
            ([.enum], ["view"]),
        ]
        var yes = 0
        for file in Self.files {
            for (keywords, words) in cases {
                let keywordTexts = keywords.map(\.spelling)
                let wordTexts = words.map { $0.description }
                var plain = false
                for i in file.code.indices.dropLast() where file.code[i].kind == .identifier && keywordTexts.contains(file.text(i)) {
                    let name = file.text(i + 1).lowercased()
                    if wordTexts.contains(where: { name.contains($0) }) { plain = true }
                }
                #expect(file.mayDeclareType(keywords: keywords, namedWithAnyOf: ASCIINeedles(words)) == plain, "\(keywordTexts) \(wordTexts) in \(file.path)")
                if plain { yes += 1 }
            }
        }
        // Both answers occur: the generated tree has product-constant and settings types.
        #expect(yes > 5)
    }

    /// The names recorded after declaration keywords while loading are those a walk over the
    /// code tokens finds: every keyword spelled as an identifier, with the next token's
    /// `identifierHash` (operators, parentheses and backtick names included).
    @Test func keywordNamesAreThoseAPlainWalkFinds() {
        let extra = [
            "func ==(a: A, b: A) -> Bool", "let (a, b) = (1, 2)", "func `default`() {}", "var `class` = 1",
            "class func make() {}", "struct", "let", "`func` f()", "protocol P { func f() }", "extension Array where Element == Int {}",
            "let x = \"func name\" // func comment\nfunc /* c */ g() {}", "actor A {}; enum E { case a }",
        ].enumerated().map { SwiftFile(path: "Keyword\($0.offset).swift", bytes: Array($0.element.utf8)) }
        var found = 0
        for file in Self.files + extra {
            var plain: [KeywordName] = []
            for i in file.code.indices.dropLast() where file.code[i].kind == .identifier {
                guard let keyword = DeclarationKeyword.allCases.first(where: { $0.spelling == file.text(i) }) else { continue }
                plain.append(KeywordName(keyword: keyword, index: Int32(i + 1), hash: file.identifierHash(i + 1)))
            }
            #expect(file.keywordNames == plain, "\(file.path)")
            found += plain.count
        }
        #expect(found > 1000)
    }

    /// A search of a file's literal texts finds exactly the literals the per-literal queries
    /// say hold the word (in a segment; interpolations, escapes and nested literals as they
    /// have it), for the words the rules search for and for words that straddle segments,
    /// on the generated tree and on literals written every way.
    @Test func literalTextSearchesFindWhatEachLiteralSays() {
        let extra = [
            #"let a = "", b = "x", c = "\(x)", d = "ab\(x)cd", e = "a\("b\("c")")d""#,
            #"let url = "https://buy.itunes.apple.com/verifyReceipt"; let s = "apps.apple.com/account/subscriptions""#,
            ##"let r = #"raw \#(x) web"#; let m = """\nsubscribe on our\n website\n""""##,
            #"let open = "unterminated /verifyReceipt"#, #"let i = "x\(unclosed"#, #"let k = "Se\(x)RVICE verify\(y)Receipt""#,
            #"Text("Visit our WEB site"); Text("online\nstore"); Text("ſite"); Text("サイトで購入")"#,
            #"let p = "p8"; let q = "-----BEGIN PRIVATE KEY-----""#,
        ].enumerated().map { SwiftFile(path: "Literal\($0.offset).swift", bytes: Array($0.element.utf8)) }
        let words: [StaticString] = ["/verifyReceipt", "ubscriptions", "web", "p8", "RVICE", "a", "\\"]
        let needles: [ASCIINeedles] = [
            CopyPhrases.externalPurchaseCandidates, ClientSideOfferSignatureRule.secretMarkers, CopyPhrases.placeholderCandidates,
            ASCIINeedles(["c", "verify", "x"], foldingCase: false),
        ]
        var found = 0
        for file in Self.files + extra {
            let texts = file.literalTexts
            for word in words {
                let plain = file.stringStarts.map(Int.init).filter { file.stringLiteral(at: $0, contains: word) }
                #expect(texts.literals(containing: word) == plain, "\(word) in \(file.path)")
                found += plain.count
            }
            for needle in needles {
                let plain = file.stringStarts.map(Int.init).filter { file.stringLiteral(at: $0, containsAnyOf: needle) }
                #expect(texts.literals(containingAnyOf: needle) == plain, "needles in \(file.path)")
                found += plain.count
            }
        }
        // Not vacuous: hundreds of literals hold a word.
        #expect(found > 500)
    }

    /// The two-table search of several words finds the first place a naive comparison at
    /// every offset finds, for random texts over a small alphabet (so that words and near
    /// misses abound), folded and not, with one-byte, two-byte and non-ASCII words.
    @Test func severalWordsAreFoundWhereANaiveSearchFindsThem() {
        var random = SeededGenerator(seed: 19)
        // 0xFF (never in UTF-8) and the bytes of ſ alone, as invalid text has them.
        let alphabet = Array("abAB sS".utf8) + [0xFF] + Array("ſ".utf8)
        for folding in [true, false] {
            let spelled: [StaticString] = ["a", "ab", "bs a", "ſ", "sb"]
            let words = spelled.map { $0.withUTF8Buffer { Array($0) } }
            let needles = ASCIINeedles(spelled, foldingCase: folding)
            for _ in 0..<3000 {
                let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                let naive = text.indices.first { start in
                    words.contains { word in
                        start + word.count <= text.count && word.indices.allSatisfy { k in
                            let byte = text[start + k]
                            let folded = folding && byte < 0x80 ? byte | 0x20 : byte
                            return folded == word[k]
                        }
                    }
                }
                let found = text.withUnsafeBufferPointer { needles.firstOccurrence(in: $0) }
                #expect(found == naive, "\(text) folding \(folding)")
            }
        }
    }

    /// The argument and label found for a literal without collecting the call's arguments are
    /// those `enclosingCallArguments` finds, on every literal of the generated tree and of
    /// calls written every way.
    @Test func argumentLabelsAreThoseOfTheEnclosingCall() {
        let extra = [
            "Text(\"a\")", "Button(action: { print(\"x\", 1) }, label: \"b\")", "Task<Void, Never>(priority: \"p\")",
            "f(a: [1, 2], \"c\", d: (3, \"e\"), \"\\(x, y)\")", "`Text`(verbatim: \"v\")", "func f(_ x: String = \"d\") {}",
            "Text\n(\"next line\")", "x.alert(\"t\", isPresented: $p) { Button(\"OK\") {} }", "foo(bar: baz(qux: \"q\"), \"r\")",
            "Label(title: \"t\", systemImage: \"star\")", "g(h, i: \"j\"", "g(\"open\", h", "k(l: m, , \"n\")", "String(localized: \"s\", comment: \"c\")",
        ].enumerated().map { SwiftFile(path: "Call\($0.offset).swift", bytes: Array($0.element.utf8)) }
        var arguments = 0
        for file in Self.files + extra {
            for i in file.stringStarts.map({ Int($0) }) {
                guard let (callee, open) = file.callee(ofArgument: i) else { continue }
                let fast = file.argumentLabel(of: i, callee: callee, open: open)
                let slow = file.enclosingCallArguments(ofArgument: i)
                #expect(fast.isArgument == (slow != nil), "\(file.path) literal \(i)")
                if let slow, fast.isArgument {
                    #expect(fast.label.map { file.identifierText($0) } == slow.argument.label, "\(file.path) literal \(i)")
                    arguments += 1
                }
            }
        }
        #expect(arguments > 500)
    }
}
