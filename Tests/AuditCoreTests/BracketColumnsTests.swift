import BenchmarkCorpus
import Testing
@testable import AuditCore

/// `SwiftFile.match` and `SwiftFile.parent` store entries only at brackets and where the parent
/// changes. Read token by token, they must say what one entry a token says: the partner and the
/// innermost open bracket found by walking the tokens with a stack (the definition below), on a
/// generated app tree, on random bracket soups and on hand-written edge cases.
@Suite struct BracketColumnsTests {
    /// The definition: one entry for every code token, from a walk with a stack of open
    /// brackets. A closer pairs with the innermost open bracket of its kind (brackets left open
    /// inside stay unmatched); a string that does not close before the next code token at its
    /// level opens nothing; `#else` and `#elseif` go back to the depth at their `#if`.
    static func dense(_ file: SwiftFile) -> (match: [Int32], parent: [Int32]) {
        let kinds = file.code.map(\.kind)
        var match = [Int32](repeating: -1, count: kinds.count)
        var parent = [Int32](repeating: -1, count: kinds.count)
        var stack: [Int] = []
        var conditionals: [Int] = []
        let pairs: [TokenKind: TokenKind] = [
            .rightBrace: .leftBrace, .rightParen: .leftParen, .rightBracket: .leftBracket,
            .interpolationEnd: .interpolationStart, .stringEnd: .stringStart,
        ]
        func stringCloses(after index: Int) -> Bool {
            var depth = 0
            for kind in kinds[(index + 1)...] {
                switch kind {
                case .interpolationStart: depth += 1
                case .interpolationEnd: depth -= 1
                case .stringEnd where depth == 0: return true
                case .stringSegment, .stringEnd: continue
                default: if depth == 0 { return false }
                }
            }
            return false
        }
        for (i, kind) in kinds.enumerated() {
            parent[i] = Int32(stack.last ?? -1)
            switch kind {
            case .leftBrace, .leftParen, .leftBracket, .interpolationStart:
                stack.append(i)
            case .stringStart:
                if i + 1 >= kinds.count || stringCloses(after: i) { stack.append(i) }
            case .rightBrace, .rightParen, .rightBracket, .interpolationEnd, .stringEnd:
                if let position = stack.lastIndex(where: { kinds[$0] == pairs[kind] }) {
                    let opener = stack[position]
                    stack.removeSubrange(position...)
                    match[opener] = Int32(i)
                    match[i] = Int32(opener)
                    parent[i] = parent[opener]
                }
            case .poundKeyword:
                switch file.text(i) {
                case "#if": conditionals.append(stack.count)
                case "#else", "#elseif":
                    if let open = conditionals.last, stack.count > open { stack.removeSubrange(open...) }
                case "#endif": _ = conditionals.popLast()
                default: break
                }
            default:
                break
            }
        }
        return (match, parent)
    }

    static func expectDense(_ file: SwiftFile, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (match, parent) = dense(file)
        #expect(file.match.count == file.code.count && file.parent.count == file.code.count, sourceLocation: sourceLocation)
        var wrong = 0
        for i in file.code.indices where file.match[i] != match[i] || file.parent[i] != parent[i] {
            if wrong < 3 {
                Issue.record("\(file.path) token \(i) (\(file.code[i].kind)): match \(file.match[i]) for \(match[i]), parent \(file.parent[i]) for \(parent[i])",
                             sourceLocation: sourceLocation)
            }
            wrong += 1
        }
        #expect(wrong == 0, "\(file.path): \(wrong) tokens read wrong", sourceLocation: sourceLocation)
    }

    static let generated = CorpusGenerator(megabytes: 0.5, seed: 23).files()
        .filter { $0.path.hasSuffix(".swift") }
        .map { SwiftFile(path: $0.path, bytes: $0.contents) }

    @Test func everyTokenOfAGeneratedAppReadsAsTheDefinitionSays() {
        #expect(Self.generated.count > 50)
        for file in Self.generated { Self.expectDense(file) }
    }

    @Test func theColumnsKeepFarFewerEntriesThanTokens() {
        // What the compact form is for: at 20 MB of Swift, one Int32 a token for each column
        // was 24 MB of the project's memory.
        var tokens = 0
        var kept = 0
        for file in Self.generated {
            tokens += file.code.count
            kept += file.match.column.values.count + file.parent.column.values.count
            let brackets = file.code.indices.count { [.leftBrace, .rightBrace, .leftParen, .rightParen, .leftBracket, .rightBracket,
                                                      .stringStart, .stringEnd, .interpolationStart, .interpolationEnd].contains(file.code[$0].kind) }
            #expect(file.match.column.values.count == brackets, "\(file.path)")
        }
        // Two columns of one entry a token would keep 2 × tokens.
        #expect(kept < tokens, "\(kept) entries kept for \(tokens) tokens, two columns")
    }

    @Test func edgeCasesReadAsTheDefinitionSays() {
        let sources = [
            "", "x", "(", ")", "}{", "(((", ")))", "\"", "\"\\(", "\"a\\(b\"", "[(])", "{ ( } )", "f(a, [b: c]) { $0 }",
            "let s = \"a \\(f(\"b \\(c)\")) d\" + \"\"\"\n  x \\(y)\n  \"\"\"",
            "let raw = #\"a \\#(b) \"# ; let r = /a(b)/",
            "let open = \"never closed\nlet next = (1, 2)",
            "#if os(iOS)\nfunc f() {\n#else\nfunc f() {\n#endif\n  body()\n}\nafter()",
            "#if A\n{ ( \n#elseif B\n[\n#else\n}\n#endif\n)",
            "#else\n}\n#endif\n#endif {",
            "struct S { var v: [String: (Int, Int)] { [\"a\": (1, 2)] } }",
        ]
        for (n, source) in sources.enumerated() {
            Self.expectDense(SwiftFile(path: "Edge\(n).swift", bytes: Array(source.utf8)))
        }
        // Long files cross the 64-token words of the bit columns in every phase.
        // (Up to the nesting a file may have: deeper is not audited, see the last test.)
        for length in [63, 64, 65, 127, 128, 129, 250, 1000] {
            let opens = String(repeating: "(", count: min(length, SwiftFile.maximumNesting))
            Self.expectDense(SwiftFile(path: "Opens\(length).swift", bytes: Array((opens + "x" + String(repeating: ")", count: length)).utf8)))
            Self.expectDense(SwiftFile(path: "Flat\(length).swift", bytes: Array((String(repeating: "a ", count: length) + "{ b }").utf8)))
        }
    }

    @Test func randomBracketSoupsReadAsTheDefinitionSays() {
        let pieces = ["(", ")", "{", "}", "[", "]", "a", " b ", ",", "\"s\"", "\"t \\(", "\\(u)\"", "\"", "\n#if X\n", "\n#else\n",
                      "\n#elseif Y\n", "\n#endif\n", "\n", "\"\"\"\nm\n\"\"\"", "#\"r\"#", "// c\n", "/* d */"]
        var generator = SeededGenerator(seed: 31)
        for n in 0..<400 {
            var source = ""
            for _ in 0..<Int(generator.next() % 200) { source += pieces[Int(generator.next() % UInt64(pieces.count))] }
            Self.expectDense(SwiftFile(path: "Soup\(n).swift", bytes: Array(source.utf8)))
        }
    }

    @Test func aFileNestedTooDeepReadsAsUnmatched() {
        let depth = SwiftFile.maximumNesting + 10
        let file = SwiftFile(path: "Deep.swift", bytes: Array((String(repeating: "(", count: depth) + String(repeating: ")", count: depth)).utf8))
        #expect(file.isExcluded)
        #expect(file.code.indices.allSatisfy { file.match[$0] == -1 && file.parent[$0] == -1 })
    }
}
