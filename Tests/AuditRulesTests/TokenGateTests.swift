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
        let cases: [([StaticString], [StaticString])] = [
            (["struct", "enum", "class", "actor", "extension", "protocol"], ProductIDLiterals.constantTypeWords),
            (["struct", "class"], ["settings", "account", "preferences", "profile"]),
            (["enum"], ["view"]),
        ]
        var yes = 0
        for file in Self.files {
            for (keywords, words) in cases {
                let keywordTexts = keywords.map { $0.description }
                let wordTexts = words.map { $0.description }
                var plain = false
                for i in file.code.indices.dropLast() where file.code[i].kind == .identifier && keywordTexts.contains(file.text(i)) {
                    let name = file.text(i + 1).lowercased()
                    if wordTexts.contains(where: { name.contains($0) }) { plain = true }
                }
                #expect(file.mayDeclareType(keywords: keywords, namedWithAnyOf: words) == plain, "\(keywordTexts) \(wordTexts) in \(file.path)")
                if plain { yes += 1 }
            }
        }
        // Both answers occur: the generated tree has product-constant and settings types.
        #expect(yes > 5)
    }
}
