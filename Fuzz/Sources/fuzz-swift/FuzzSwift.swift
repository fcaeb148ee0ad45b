import AuditCore
import FuzzSupport

/// The Swift lexer and syntax tree, the queries rules are written in, suppression comments,
/// and what the engine's loader adds (test-file detection, previews blanked).
func fuzzSwift(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBytes(data, size)
    let file = SwiftFile(path: "App/Fuzz.swift", bytes: bytes)

    // The lexer's contract: tokens cover the input exactly, in order, none empty.
    var offset = 0
    for token in file.tokens {
        expect(Int(token.start) == offset && token.end > token.start, "token \(token) after offset \(offset)")
        offset = Int(token.end)
    }
    expect(offset == bytes.count, "tokens end at \(offset) of \(bytes.count) bytes")
    for diagnostic in file.diagnostics {
        expect(diagnostic.offset >= 0 && diagnostic.offset <= bytes.count, "diagnostic at \(diagnostic.offset)")
    }

    // The tree's contract: partners point at each other, parents come before their children.
    let count = file.code.count
    expect(file.match.count == count && file.parent.count == count && file.startsLine.count == count, "tree arrays")
    for i in 0..<count {
        let partner = Int(file.match[i])
        if partner >= 0 {
            expect(partner < count && Int(file.match[partner]) == i, "match[\(i)] = \(partner)")
        }
        let parent = Int(file.parent[i])
        expect(parent >= -1 && parent < i, "parent[\(i)] = \(parent)")
    }
    for index in file.declarations.indices {
        let declaration = file.declarations[index]
        expect(declaration.bodyStart >= 0 && declaration.bodyStart < count, "declaration \(index) body")
        expect(declaration.parent < index, "declaration \(index) parent \(declaration.parent)")
        _ = file.bodyRange(of: index)
        _ = file.fullRange(of: index)
        _ = file.declarationChain(of: declaration.bodyStart)
    }

    // Queries, over the first tokens (they are what rules call; all of them would make each
    // execution quadratic in the input).
    _ = file.stringLiterals()
    _ = file.switchStatements()
    _ = file.imports
    _ = file.calls(named: ["Text", "Button", "purchase", "Task", "sync"])
    for i in 0..<min(count, 128) {
        _ = file.call(at: i)
        _ = file.receiver(of: i)
        _ = file.isImplicitMember(i)
        _ = file.enclosingCall(ofArgument: i)
        _ = file.declarationChain(of: i)
        _ = file.modifierChain(after: i)
        _ = file.location(of: i)
    }
    // A search of the literals' texts finds the literals each per-literal query says hold
    // the word.
    let literalTexts = file.literalTexts
    for word: StaticString in ["a", "in", "\\", "ab"] {
        let plain = file.stringStarts.map(Int.init).filter { file.stringLiteral(at: $0, contains: word) }
        expect(literalTexts.literals(containing: word) == plain, "literals containing \(word)")
    }
    let words = ASCIINeedles(["a", "in", "ſ", "xyz"])
    let plainAny = file.stringStarts.map(Int.init).filter { file.stringLiteral(at: $0, containsAnyOf: words) }
    expect(literalTexts.literals(containingAnyOf: words) == plainAny, "literals containing any of the words")

    // The index-backed queries rules use instead of scans answer what the scans answer.
    // (Text of invalid UTF-8 is repaired when made a String, so binary inputs are skipped.)
    if !file.isBinary {
        for i in 0..<min(count, 128) {
            expect(file.isCall(at: i) == (file.call(at: i) != nil), "isCall(at: \(i))")
            let function = file.declarations.indices.first { file.declarations[$0].kind == .function && file.declarations[$0].keyword == i }
            expect(file.function(keywordAt: i) == function, "function(keywordAt: \(i))")
            guard file.code[i].kind == .identifier else { continue }
            let name = file.text(i)
            expect(file.mentions(name, hash: IdentifierIndex.hash(of: name)), "mentions(\(name))")
            let range = max(0, i - 24)..<min(count, i + 24)
            // Compared as bytes: String equality would also equate canonically equivalent names.
            let scanned = range.filter { file.code[$0].kind == .identifier && file.text($0).utf8.elementsEqual(name.utf8) }
            expect(Array(file.occurrences(of: name, in: range)) == scanned, "occurrences(of: \(name), in: \(range))")
        }
    }
    for line in 1...max(1, min(file.lines.lineCount, 16)) {
        _ = file.lineText(line)
    }
    _ = Suppression.all(in: file)
    // What the engine's loader does with a Swift file besides lexing it: test files are
    // set aside and previews blanked (which builds a second file from the first).
    if !file.isExcluded, !ShippedCode.isTestFile(file), let shipped = ShippedCode.withoutPreviews(file) {
        expect(shipped.bytes.count == bytes.count && shipped.lines.lineCount == file.lines.lineCount, "blanking previews moved text")
    }
    for diagnostic in file.diagnostics {
        let location = file.location(ofOffset: diagnostic.offset)
        expect(location.line >= 1 && location.line <= file.lines.lineCount && location.column >= 1, "diagnostic at \(location)")
    }
    return 0
}
