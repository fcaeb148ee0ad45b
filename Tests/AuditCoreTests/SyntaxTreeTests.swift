import Testing
@testable import AuditCore

private func file(_ source: String) -> SwiftFile { SwiftFile(path: "T.swift", bytes: Array(source.utf8)) }

@Suite struct SyntaxTreeTests {
    @Test func declarationsWithNamesAttributesAndInheritance() {
        let f = file("""
            @main
            struct MyApp: SwiftUI.App {
                private var listener: Task<Void, Never>?
                init() { listener = Self.listen() }
                var body: some Scene { WindowGroup { ContentView() } }
                static func listen() -> Task<Void, Never> { Task { } }
            }
            extension Store.Products where Element == Int { func a() {} }
            @MainActor final class Store: ObservableObject, Sendable { class func make() -> Store { Store() } }
            """)
        let named = f.declarations.filter { $0.kind != .closure }
        #expect(named.map(\.kind) == [.struct, .initializer, .variable, .function, .extension, .function, .class, .function])
        #expect(named.map(\.name) == ["MyApp", "init", "body", "listen", "Store.Products", "a", "Store", "make"])
        #expect(named[0].attributes == ["@main"])
        #expect(named[0].inheritedTypes == ["App"])
        #expect(named[6].attributes == ["@MainActor"])
        #expect(named[6].modifiers == ["final"])
        #expect(named[6].inheritedTypes == ["ObservableObject", "Sendable"])
        // `listener` is stored: no body.
        #expect(!named.contains { $0.name == "listener" })
        // Parents.
        let initializer = f.declarations.firstIndex { $0.kind == .initializer }!
        #expect(f.declarations[f.declarations[initializer].parent].name == "MyApp")
    }


    /// A generated 50 MB file holds 325,000 declarations and closures: each is kept in 48
    /// bytes, and declarations with equal attribute, modifier and inheritance lists share them.
    @Test func declarationsAreCompactAndShareTheirNameLists() {
        #expect(MemoryLayout<Declaration>.stride <= 48)
        let f = file("""
            @MainActor final class A: ObservableObject { private func a() {} }
            @MainActor final class B: ObservableObject { private func b() {} }
            """)
        let named = f.declarations.filter { $0.kind != .closure }
        #expect(named.map(\.name) == ["A", "a", "B", "b"])
        #expect(named[0].attributes == ["@MainActor"] && named[0].modifiers == ["final"] && named[0].inheritedTypes == ["ObservableObject"])
        #expect(named[0] == named[2].renamed("A", keyword: named[0].keyword, bodyStart: named[0].bodyStart, bodyEnd: named[0].bodyEnd))
        #expect(named[1].modifiers == ["private"] && named[1].attributes.isEmpty)
        // Setting a list replaces it for this declaration only.
        var changed = named[0]
        changed.modifiers.append("public")
        #expect(changed.modifiers == ["final", "public"])
        #expect(f.declarations.first { $0.name == "B" }?.modifiers == ["final"])
    }
    /// The declarations inside a range are those whose body's brace lies in it, found by
    /// binary search: the same as a walk over every declaration, for every declaration's full
    /// range and for ranges with no declaration.
    @Test func declarationsInARangeAreTheOnesAWalkFinds() {
        let f = file("""
            final class Store {
                var products: [Product] = []
                func load(_ f: () -> Void = { print(1) }) { Task { await run() } }
                struct Inner { func a() {} }
            }
            let x = 1
            extension Store { func b() { items.map { $0 } } }
            """)
        for index in f.declarations.indices {
            let range = f.fullRange(of: index)
            let walked = f.declarations.indices.filter { range.contains(f.declarations[$0].bodyStart) }
            #expect(Array(f.declarationIndices(bracesIn: range)) == walked, "declaration \(f.declarations[index].name)")
        }
        #expect(f.declarationIndices(bracesIn: f.fullRange(of: 0)).count == 6, "Store, load's default closure, load, Task, Inner, a")
        let betweenTypes = f.code.indices.filter { f.text($0) == "let" }
        #expect(f.declarationIndices(bracesIn: betweenTypes[0]..<(betweenTypes[0] + 4)).isEmpty)
        #expect(f.declarationIndices(bracesIn: 0..<0).isEmpty)
        #expect(f.declarationIndices(bracesIn: 0..<f.code.count) == f.declarations.indices)
    }

    @Test func closuresKnowTheirCalleeAndBlocksAreNotClosures() {
        let f = file("""
            func f() {
                if items.isEmpty { return }
                for x in items where x > 0 { print(x) }
                guard let y = items.first(where: { $0 > 1 }) else { return }
                Task { await run() }
                Task.detached(priority: .background) { }
                let mapped = items.map { $0 * 2 }
                Button("Buy") { buy() } label: { Text("x") }
                switch y { case 1: Task { }; default: break }
                do { try run() } catch { }
            }
            """)
        let closures = f.declarations.filter { $0.kind == .closure }.map(\.name)
        #expect(closures == ["first", "Task", "detached", "map", "Button", "Button", "Task"])
    }

    @Test func callsWithLabelsTrailingClosuresAndModifierChains() throws {
        let f = file("""
            SubscriptionStoreView(groupID: "g") { Text("x") }
                .storeButton(.visible, for: .restorePurchases, .redeemCode)
                .subscriptionStorePolicyDestination(url: terms, for: .termsOfService)
            """)
        let call = try #require(f.calls(named: "SubscriptionStoreView").first)
        #expect(call.arguments.map(\.label) == ["groupID"])
        #expect(call.trailingClosures.count == 1)
        let chain = f.modifierChain(after: call.end)
        #expect(chain.map { f.text($0.name) } == ["storeButton", "subscriptionStorePolicyDestination"])
        #expect(chain[0].arguments.map(\.label) == [nil, "for", nil])
        let restore = try #require(f.code.indices.first { f.isIdentifier($0, "restorePurchases") })
        #expect(f.isImplicitMember(restore))
    }

    @Test func memberAccessIgnoresCommentsAndStrings() {
        let f = file("""
            // for await r in Transaction.updates
            let s = "Transaction.updates"
            for await r in StoreKit.Transaction.updates { }
            """)
        let hits = f.code.indices.filter { f.isMemberAccess($0, base: "Transaction", member: "updates") }
        #expect(hits.count == 1)
        #expect(f.line(of: hits[0]) == 3)
    }

    @Test func switchCasesIncludingDefaultAndUnknownDefault() throws {
        let f = file("""
            switch result {
            case .success(let v):
                if case .verified(let t) = v { use(t) }
            case .pending, .userCancelled:
                state = .idle
            @unknown default:
                break
            }
            """)
        let statement = try #require(f.switchStatements().first)
        #expect(statement.cases.count == 3)
        #expect(statement.cases.map(\.isDefault) == [false, false, true])
        #expect(statement.cases[2].isUnknownDefault)
        let pattern = statement.cases[1].patternRange.map { f.text($0) }.joined()
        #expect(pattern == ".pending,.userCancelled")
    }

    @Test func conditionalCompilationBranchesThatEachOpenABraceStayBalanced() {
        let f = file("""
            #if DEBUG
            func a() {
            #else
            func a() {
            #endif
                work()
            }
            struct After {}
            """)
        let after = f.declarations.first { $0.name == "After" }
        #expect(after?.parent == -1)
    }

    @Test func deepNestingDoesNotCrash() {
        let source = String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)
        let f = file(source)
        #expect(f.code.count == 200_000)
    }
}

@Suite struct ShippedCodeTests {
    @Test func debugBranchesAndPreviewsAreBlankedWithPositionsKept() throws {
        let source = """
            let a = 1
            #if DEBUG
            let debugOnly = SKPaymentQueue.default()
            #else
            let shipped = 2
            #endif
            #Preview { Text("$4.99") }
            let b = 3
            """
        let file = SwiftFile(path: "A.swift", bytes: Array(source.utf8))
        let shipped = try #require(ShippedCode.withoutPreviews(file))
        #expect(shipped.bytes.count == file.bytes.count)
        let identifiers = shipped.code.indices.filter { shipped.code[$0].kind == .identifier }.map { shipped.text($0) }
        #expect(!identifiers.contains("debugOnly"))
        #expect(!identifiers.contains("Text"))
        #expect(identifiers.contains("shipped"))
        let b = try #require(shipped.code.indices.first { shipped.isIdentifier($0, "b") })
        #expect(shipped.line(of: b) == 8)
    }

    @Test func previewProviderTypesAreBlankedWithTheirAttributesAndModifiers() throws {
        let source = """
            import SwiftUI
            struct Paywall: View { var body: some View { Text("Pro") } }
            @MainActor
            private struct Paywall_Previews: PreviewProvider {
                static var previews: some View { Text("$4.99") }
            }
            extension Settings: View, PreviewProvider { static var previews: some View { Text("€1") } }
            class Model { class func make() -> Model { Model() } }
            enum E { case a }

            """
        let file = SwiftFile(path: "A.swift", bytes: Array(source.utf8))
        let shipped = try #require(ShippedCode.withoutPreviews(file))
        let segments = shipped.code.indices.filter { shipped.code[$0].kind == .stringSegment }.map { shipped.text($0) }
        #expect(segments == ["Pro"])
        let identifiers = Set(shipped.code.indices.filter { shipped.code[$0].kind == .identifier }.map { shipped.text($0) })
        #expect(!identifiers.contains("Paywall_Previews") && !identifiers.contains("private") && !identifiers.contains("Settings"))
        #expect(identifiers.isSuperset(of: ["Paywall", "Model", "make", "E"]))
        #expect(!shipped.code.indices.contains { shipped.code[$0].kind == .attribute })
    }

    /// Blanking previews asks for the types inheriting `PreviewProvider` without building the
    /// tree: the same declarations the tree has, on this package's sources and on shapes that
    /// look like type declarations and are not.
    @Test func typesInheritingANameAreTheTreesTypes() throws {
        let shapes = """
            struct A<T: PreviewProvider>: View where T: Sendable { }
            class B: NSObject, PreviewProvider, @unchecked Sendable { class func f() {} ; class var v: Sendable { 1 } }
            let t = a.struct ? b : PreviewProvider { }
            enum: PreviewProvider { }
            final class C: PreviewProvider {}
            enum D: String, Error { case a; enum Inner: PreviewProvider { } }
            protocol P: PreviewProvider, View {}
            actor Q: PreviewProvider {}
            extension E: PreviewProvider where T == Int {}
            let x = y.struct; func g(enum: Int, class: PreviewProvider) {}
            struct Unclosed: PreviewProvider {

            """
        for source in [shapes, try LexingInPartsTests.packageSource()] {
            let file = SwiftFile(path: "A.swift", bytes: Array(source.utf8))
            for name in ["PreviewProvider", "View", "Sendable", "Error", "Rule", "Hashable"] {
                let direct = file.typeDeclarations(inheriting: name)
                let tree = file.declarations.filter { $0.kind.isType && $0.inheritedTypes.contains(name) }.map { ($0.keyword, $0.bodyEnd) }
                #expect(direct.map(\.keyword) == tree.map(\.0), "\(name)")
                #expect(direct.map(\.bodyEnd) == tree.map(\.1), "\(name)")
                // Asked again once the tree is built: from the tree.
                #expect(file.typeDeclarations(inheriting: name).map(\.keyword) == tree.map(\.0), "\(name)")
            }
            if source == shapes {
                #expect(file.typeDeclarations(inheriting: "PreviewProvider").count == 7)
            }
        }
    }

    @Test func otherConditionsAreKept() {
        let file = SwiftFile(path: "A.swift", bytes: Array("#if os(iOS)\nlet a = 1\n#endif\n#if DEBUG_MENU\nlet c = 1\n#endif\n".utf8))
        #expect(ShippedCode.withoutPreviews(file) == nil)
    }
}

private extension Declaration {
    /// This declaration under another name and place (to compare the rest).
    func renamed(_ name: String, keyword: Int, bodyStart: Int, bodyEnd: Int) -> Declaration {
        var copy = self
        copy.name = name
        copy.keyword = keyword
        copy.bodyStart = bodyStart
        copy.bodyEnd = bodyEnd
        return copy
    }
}
