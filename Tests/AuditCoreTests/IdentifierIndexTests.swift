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
