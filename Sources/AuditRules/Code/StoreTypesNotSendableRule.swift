import AuditCore

/// Seed checklist 17: transaction observer and product model types are `Sendable` (or
/// isolated) when shared across concurrency boundaries.
///
/// Deliberately narrow: it only speaks when sharing is explicit in the code (the class
/// starts tasks that touch its own state, or its shared instance is used from a detached
/// task or an async function elsewhere). Modules that default to main-actor isolation
/// (Swift 6.2's `defaultIsolation(MainActor.self)`) cannot be told apart from the sources
/// alone except by their `nonisolated` type declarations; the rule steps aside for them.
public struct StoreTypesNotSendableRule: Rule {
    public init() {}

    /// StoreKit API whose use means a type keeps StoreKit state.
    static let storeKitMembers: [(base: String, member: String)] = [
        ("Transaction", "updates"), ("Transaction", "currentEntitlements"), ("Transaction", "all"),
        ("Transaction", "unfinished"), ("Product", "products"),
    ]
    /// Type names in a stored property's type that are StoreKit state.
    static let storeKitTypes: Set<String> = ["Product", "Transaction", "VerificationResult", "AppTransaction", "RenewalInfo"]
    /// Locks and queues: a class that guards its state by hand has thought about sharing.
    static let synchronization: Set<String> = [
        "NSLock", "NSRecursiveLock", "OSAllocatedUnfairLock", "Mutex", "os_unfair_lock", "DispatchQueue", "Atomic",
    ]
    /// Superclasses and protocols that make a class main-actor isolated.
    static let mainActorBases: Set<String> = ["View", "App", "Scene", "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate"]

    public static let description = RuleDescription(
        identifier: "store_types_not_sendable",
        title: "Store types shared across tasks are isolated or Sendable",
        severity: .note,
        scope: .code,
        rationale: """
            A store object is touched from many places at once: the `Transaction.updates` \
            listener task, purchase calls, views refreshing entitlements. A plain class with \
            mutable StoreKit state (products, purchased ids, the listener task) that tasks share \
            is a data race: entitlements can be lost or read half-updated, which shows up as \
            "purchase went through but nothing unlocked". Swift 6 rejects such code; Swift 5 \
            apps ship it silently.
            """,
        fix: """
            Mark the store `@MainActor` (it drives UI anyway), or make it an `actor`; for \
            immutable values declare `Sendable`. Use `@unchecked Sendable` only with a lock \
            around every stored property.
            """,
        reference: "StoreKit 2 review checklist item 17 (transaction observer and product model types are Sendable when shared)",
        triggeringExamples: [
            // The listener task in init touches the store's own state from another thread.
            RuleExample("""
                import StoreKit

                final class ↓StoreService: ObservableObject {
                    @Published private(set) var purchasedProductIDs: Set<String> = []
                    private var updates: Task<Void, Never>?

                    init() {
                        updates = Task.detached {
                            for await result in Transaction.updates {
                                if case .verified(let transaction) = result {
                                    self.purchasedProductIDs.insert(transaction.productID)
                                    await transaction.finish()
                                }
                            }
                        }
                    }
                }
                """),
            // A singleton used from a detached task in the App.
            RuleExample(files: [
                ("StoreManager.swift", """
                    import StoreKit
                    @Observable
                    class ↓StoreManager {
                        static let shared = StoreManager()
                        var purchasedProductIDs: Set<String> = []
                        func updateEntitlements() async {
                            var purchased = Set<String>()
                            for await result in Transaction.currentEntitlements {
                                if case .verified(let transaction) = result, transaction.revocationDate == nil {
                                    purchased.insert(transaction.productID)
                                }
                            }
                            purchasedProductIDs = purchased
                        }
                    }
                    """),
                ("MyApp.swift", """
                    import StoreKit
                    import SwiftUI
                    @main
                    struct MyApp: App {
                        private var transactionListener: Task<Void, Error>?
                        init() { transactionListener = listenForTransactions() }
                        var body: some Scene { WindowGroup { ContentView() } }
                        func listenForTransactions() -> Task<Void, Error> {
                            Task.detached {
                                for await result in Transaction.updates {
                                    guard case .verified(let transaction) = result else { continue }
                                    await StoreManager.shared.updateEntitlements()
                                    await transaction.finish()
                                }
                            }
                        }
                    }
                    """),
            ]),
            // Products loaded into a plain class from an unstructured task.
            RuleExample("""
                import StoreKit

                final class ↓ProductCatalog {
                    private(set) var products: [Product] = []

                    func reload(ids: [String]) {
                        Task {
                            products = (try? await Product.products(for: ids)) ?? []
                        }
                    }
                }
                """),
            // The shared store reached from an async function of another type.
            RuleExample(files: [
                ("EntitlementStore.swift", """
                    import StoreKit
                    class ↓EntitlementStore {
                        static let current = EntitlementStore()
                        var latest: [VerificationResult<Transaction>] = []
                        func refresh() async {
                            latest = []
                            for await result in Transaction.currentEntitlements { latest.append(result) }
                        }
                    }
                    """),
                ("BackgroundRefresh.swift", """
                    import BackgroundTasks
                    enum BackgroundRefresh {
                        static func handle(_ task: BGAppRefreshTask) async {
                            await EntitlementStore.current.refresh()
                            task.setTaskCompleted(success: true)
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The StoreKit seed's store: @Observable and @MainActor.
            RuleExample("""
                import StoreKit

                @Observable
                @MainActor
                class StoreManager {
                    static let shared = StoreManager()
                    var purchasedProductIDs: Set<String> = []

                    func updateEntitlements() async {
                        var purchased = Set<String>()
                        for await result in Transaction.currentEntitlements {
                            if case .verified(let transaction) = result, transaction.revocationDate == nil {
                                purchased.insert(transaction.productID)
                            }
                        }
                        purchasedProductIDs = purchased
                    }
                }
                """),
            // The monetisation seed's StoreService: @MainActor ObservableObject with a listener task.
            RuleExample("""
                import StoreKit

                @MainActor
                final class StoreService: ObservableObject {
                    @Published private(set) var products: [Product] = []
                    @Published private(set) var purchasedProductIDs: Set<String> = []
                    private var transactionObserver: Task<Void, Never>?

                    init() {
                        transactionObserver = Task { await observeTransactions() }
                    }

                    func observeTransactions() async {
                        for await result in Transaction.updates {
                            if case .verified(let t) = result { purchasedProductIDs.insert(t.productID) }
                        }
                    }
                }
                """),
            // An actor.
            RuleExample("""
                import StoreKit

                actor EntitlementCache {
                    static let shared = EntitlementCache()
                    private var owned: Set<String> = []
                    func refresh() async {
                        var ids = Set<String>()
                        for await result in Transaction.currentEntitlements {
                            if case .verified(let t) = result { ids.insert(t.productID) }
                        }
                        owned = ids
                    }
                }
                func background() { Task.detached { await EntitlementCache.shared.refresh() } }
                """),
            // A lock-protected class declared Sendable in an extension in another file.
            RuleExample(files: [
                ("ProductCache.swift", """
                    import StoreKit
                    import os
                    final class ProductCache {
                        static let shared = ProductCache()
                        private let lock = OSAllocatedUnfairLock(initialState: [Product]())
                        var products: [Product] { lock.withLock { $0 } }
                        func load(_ ids: [String]) async throws {
                            let loaded = try await Product.products(for: ids)
                            lock.withLock { $0 = loaded }
                        }
                    }
                    """),
                ("ProductCache+Sendable.swift", """
                    extension ProductCache: @unchecked Sendable {}
                    """),
            ]),
            // Swift 5 code that hops to the main actor for every state change.
            RuleExample("""
                import StoreKit

                final class LegacyStore: ObservableObject {
                    @Published var products: [Product] = []

                    func reload() {
                        Task { @MainActor in
                            self.products = (try? await Product.products(for: ["com.app.pro"])) ?? []
                        }
                    }
                }
                """),
            // A plain class used only from one place, with no tasks of its own.
            RuleExample("""
                import StoreKit

                final class PriceFormatter {
                    var products: [Product] = []
                    func label(for id: String) -> String {
                        products.first { $0.id == id }?.displayPrice ?? ""
                    }
                }
                """),
            // A UIKit view controller is main-actor isolated by its superclass.
            RuleExample("""
                import StoreKit
                import UIKit

                final class ShopViewController: UIViewController {
                    private var products: [Product] = []
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        Task { self.products = (try? await Product.products(for: ["com.app.gems"])) ?? [] }
                    }
                }
                """),
            // A module with main-actor default isolation (it declares nonisolated types).
            RuleExample(files: [
                ("Store.swift", """
                    import StoreKit
                    final class Store {
                        var products: [Product] = []
                        func reload() { Task { products = (try? await Product.products(for: ["com.app.pro"])) ?? [] } }
                    }
                    """),
                ("Money.swift", """
                    nonisolated struct Money: Sendable { var cents: Int }
                    """),
            ]),
        ]
    )

    /// Cheap on apps, but it follows every type of the files that use StoreKit: on a file of
    /// thousands of types it ran alone after the other rules (the 50 MB benchmark file).
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        if let site = Self.nonisolatedTypeDeclaration(in: project) {
            result.notApplicable("The code declares nonisolated types (\(site.location)), which suggests the module isolates to the main actor by default; unannotated classes are then main-actor isolated.")
            return
        }
        var sawStoreType = false
        // A type owns StoreKit state only through a part (its declaration or an extension) in a
        // file that mentions a StoreKit type: Transaction.updates, Product.products, a stored
        // `Product`. The types of those files around such a name are the candidates; the rest
        // of the project is looked at only where it mentions a candidate, so most files' trees
        // are never built.
        var storeKitFiles = Set<Int>()
        for type in Self.storeKitTypes.sorted() { storeKitFiles.formUnion(project.swiftFileIndices(mentioning: type)) }
        let candidates = Self.candidates(in: project, storeKitFiles: storeKitFiles)
        var declaring = Set<Int>()
        // Once every file is in, no name can add one (a project of one large file has
        // thousands of candidates).
        for name in candidates where declaring.count < project.swiftFiles.count {
            declaring.formUnion(project.swiftFileIndices(mentioning: name))
        }
        let declaringFiles = declaring.sorted()
        // Every part of a candidate type (its declaration and extensions), by name, in project
        // order: what `project.typeDeclarations(named:)` finds, gathered in one pass over the
        // files that mention a candidate (a file declaring a type names it). Asked for each
        // class, it cost two lookups by name each (a third of the rule on the 50 MB file).
        var partsByName: [String: [Part]] = [:]
        partsByName.reserveCapacity(candidates.count)
        for fileIndex in declaringFiles {
            let file = project.swiftFiles[fileIndex]
            // By index: a copied `Declaration` retains and releases its name lists (two passes
            // over every declaration and closure of these files).
            let declarations = file.declarations
            for index in declarations.indices where declarations[index].kind.isType && candidates.contains(declarations[index].name) {
                partsByName[declarations[index].name, default: []].append((file, index))
            }
        }
        for fileIndex in declaringFiles {
            let file = project.swiftFiles[fileIndex]
            // A class of a candidate's name in these files is one of that candidate's parts.
            let declarations = file.declarations
            for index in declarations.indices where declarations[index].kind == .class || declarations[index].kind == .actor {
                guard let parts = partsByName[declarations[index].name] else { continue }
                let declaration = declarations[index]
                guard Self.ownsStoreKitState(declaration.name, parts: parts) else { continue }
                sawStoreType = true
                let nameToken = nameIndex(of: index, in: file)
                if let protection = Self.protection(of: declaration, parts: parts) {
                    result.evidence(in: file, at: nameToken, "\(declaration.name) \(protection)")
                    continue
                }
                guard Self.storedVariables(of: index, in: file).isEmpty == false,
                      let sharing = Self.sharing(of: declaration.name, parts: parts, project: project)
                else { continue }
                result.report(
                    in: file, at: nameToken,
                    "\(declaration.name) holds StoreKit state and is shared with concurrent tasks (\(sharing)), but it is not @MainActor, an actor or Sendable: nothing makes sure two tasks never read and write that state at once, and Swift 6 rejects it."
                )
            }
        }
        if !sawStoreType {
            result.notApplicable("No class or actor holds StoreKit state.")
        }
    }

    typealias Part = (file: SwiftFile, declaration: Int)

    /// The identifiers `ownsStoreKitState` looks for in a part: the StoreKit members it asks
    /// about and the StoreKit types a stored property may hold.
    static let ownershipNames = IdentifierNames(Set(storeKitMembers.map(\.member)).union(storeKitTypes))

    /// The names of the types declared in `storeKitFiles` (no dotted names) that can own StoreKit
    /// state: those with a part (a declaration or an extension, in any file) whose range holds
    /// one of `ownershipNames`, the only tokens `ownsStoreKitState` looks at, so its answer for
    /// any other type is no. Every type of those files was a candidate before: on the 50 MB
    /// benchmark file, 38,000 names were hashed four times each and every class's parts searched
    /// for StoreKit members (the rule took 99.6 ms there, warm; 55.6 ms with this set).
    static func candidates(in project: Project, storeKitFiles: Set<Int>) -> Set<String> {
        var owning = Set<String>()
        var declaredInStoreKitFiles: Set<String>?
        for fileIndex in project.swiftFiles.indices {
            let file = project.swiftFiles[fileIndex]
            let inStoreKitFile = storeKitFiles.contains(fileIndex)
            // A file that names no StoreKit type can still store one spelled in backticks.
            var tokens = inStoreKitFile ? file.occurrences(ofAny: ownershipNames) : []
            let backticked = file.codeIndices(ofKind: .backtickIdentifier).filter { file.isIdentifier($0, in: storeKitTypes) }
            guard !tokens.isEmpty || !backticked.isEmpty else { continue }
            if !backticked.isEmpty { tokens = (tokens + backticked).sorted() }
            let declarations = file.declarations
            for index in declarations.indices where declarations[index].kind.isType {
                let range = file.fullRange(of: index)
                // The first token at or after the part's start, by binary search.
                var low = 0, high = tokens.count
                while low < high {
                    let middle = (low + high) / 2
                    if tokens[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
                }
                guard low < tokens.count, tokens[low] < range.upperBound else { continue }
                let name = declarations[index].name
                if name.utf8.contains(UInt8(ascii: ".")) { continue }
                if !inStoreKitFile {
                    // Only types declared in a file that names a StoreKit type are candidates.
                    if declaredInStoreKitFiles == nil {
                        var names = Set<String>()
                        for storeKitFile in storeKitFiles {
                            for declaration in project.swiftFiles[storeKitFile].declarations where declaration.kind.isType { names.insert(declaration.name) }
                        }
                        declaredInStoreKitFiles = names
                    }
                    guard declaredInStoreKitFiles?.contains(name) == true else { continue }
                }
                owning.insert(name)
            }
        }
        return owning
    }

    static func nonisolatedTypeDeclaration(in project: Project) -> CodeSite? {
        for file in project.swiftFiles where file.mentions("nonisolated") {
            for declaration in file.declarations where declaration.kind.isType && declaration.modifiers.contains("nonisolated") {
                return CodeSite(file: file, index: declaration.keyword)
            }
        }
        return nil
    }

    /// Whether the type uses StoreKit's transaction or product API, or stores StoreKit values.
    static func ownsStoreKitState(_ name: String, parts: [Part]) -> Bool {
        for (file, declaration) in parts {
            let range = file.fullRange(of: declaration)
            if storeKitMembers.contains(where: { file.containsMemberAccess(base: $0.base, member: $0.member, in: range) }) {
                return true
            }
            for variable in storedVariables(of: declaration, in: file) where variable.type.contains(where: { file.isIdentifier($0, in: storeKitTypes) }) {
                return true
            }
        }
        return false
    }

    /// Why the type is safe to share, or nil.
    static func protection(of declaration: Declaration, parts: [Part]) -> String? {
        if declaration.kind == .actor { return "is an actor" }
        if let actor = declaration.attributes.first(where: { $0.hasSuffix("Actor") }) { return "is \(actor)" }
        for (file, part) in parts where file.declarations[part].inheritedTypes.contains("Sendable") {
            return "conforms to Sendable"
        }
        if let base = declaration.inheritedTypes.first(where: isMainActorBase) { return "is main-actor isolated through \(base)" }
        for (file, part) in parts where file.containsIdentifier(in: synchronization, range: file.fullRange(of: part)) {
            return "guards its state with a lock or queue"
        }
        return nil
    }

    static func isMainActorBase(_ name: String) -> Bool {
        if mainActorBases.contains(name) { return true }
        let platform = name.hasPrefix("UI") || name.hasPrefix("NS") || name.hasPrefix("WK")
        return platform && ["Controller", "View", "Responder", "Cell", "SceneDelegate"].contains { name.hasSuffix($0) }
    }

    /// Instance stored properties declared directly in a type body: the `var`/`let` token,
    /// its name and the tokens of its type annotation.
    static func storedVariables(of declaration: Int, in file: SwiftFile) -> [(name: String, type: Range<Int>)] {
        let body = file.bodyRange(of: declaration)
        // Declarations are in source order: those inside this body follow it directly.
        var computed = Set<Int>()
        var j = declaration + 1
        while j < file.declarations.count, body.contains(file.declarations[j].bodyStart) {
            if file.declarations[j].parent == declaration { computed.insert(file.declarations[j].keyword) }
            j += 1
        }
        var result: [(String, Range<Int>)] = []
        for k in body where file.enclosingBracket(of: k) == file.declarations[declaration].bodyStart && file.isIdentifier(k, "var") {
            guard let name = file.variableName(declaredAt: k) else { continue }
            // Static storage is not instance state; computed properties have a body of their own.
            let isStatic = (max(body.lowerBound, file.statementStart(of: k))..<k).contains { file.isIdentifier($0, "static") || file.isIdentifier($0, "class") }
            // A `var` with a body of its own (a computed property) is a declaration.
            let isComputed = computed.contains(k)
            if isStatic || isComputed { continue }
            // The type annotation, if any: `var products: [Product] = []`.
            var end = name + 1
            if file.isKind(end, .colon) {
                end += 1
                while end < body.upperBound, !file.isOperator(end, "="), !file.startsLine[end] || end == name + 2 {
                    end += 1
                }
            }
            result.append((file.text(name), (name + 1)..<end))
        }
        return result
    }

    /// How the type is shared across tasks: its own task closures touching its state, or its
    /// shared instance used from a detached task or an async function of another type.
    static func sharing(of name: String, parts: [Part], project: Project) -> String? {
        for (file, part) in parts {
            // The declarations inside the part, by their braces: looking at every declaration of
            // the file for each part grows with the square of a file of many such types.
            let inside = file.declarationIndices(bracesIn: file.fullRange(of: part))
            let declarations = file.declarations
            let members = Set(inside.filter { declarations[$0].parent == part && declarations[$0].kind != .closure }.map { declarations[$0].name })
                .union(storedVariables(of: part, in: file).map(\.name))
            for index in inside where declarations[index].kind == .closure {
                let declaration = declarations[index]
                guard isTaskClosure(declaration, in: file), !runsOnMainActor(declaration, in: file) else { continue }
                let touchesSelf = file.bodyRange(of: index).contains { k in
                    file.isIdentifier(k, "self") || file.isKind(k, .identifier) && members.contains(file.text(k)) && file.receiver(of: k) == nil
                }
                if touchesSelf {
                    return "a task started in \(scopeDescription(of: declaration.bodyStart, in: file)) uses its state"
                }
            }
        }
        // `Store.shared` used inside `Task.detached { … }` or an async function elsewhere.
        let statics = staticMembers(of: parts)
        guard !statics.isEmpty else { return nil }
        for file in project.swiftFiles(mentioning: name) {
            for k in file.occurrences(ofAny: statics.sorted()) where file.isMemberAccess(k, base: name, member: file.text(k)) {
                if let type = file.enclosingType(of: k), file.declarations[type].name == name { continue }
                let chain = file.declarationChain(of: k)
                if let detached = chain.first(where: { file.declarations[$0].kind == .closure && isTaskClosure(file.declarations[$0], in: file, detachedOnly: true) }) {
                    return "\(name).\(file.text(k)) is used in a detached task in \(scopeDescription(of: file.declarations[detached].bodyStart, in: file))"
                }
                if let function = file.enclosingFunction(of: k), isAsync(function, in: file) {
                    return "\(name).\(file.text(k)) is used in async \(scopeDescription(of: k, in: file))"
                }
            }
        }
        return nil
    }

    /// `Task { … }`, `Task(priority:) { … }`, `Task.detached { … }`.
    static func isTaskClosure(_ declaration: Declaration, in file: SwiftFile, detachedOnly: Bool = false) -> Bool {
        let callee = declaration.calleeIndex
        guard callee >= 0 else { return false }
        if file.isIdentifier(callee, "detached"), file.receiver(of: callee).map({ file.isIdentifier($0, "Task") }) == true { return true }
        return !detachedOnly && file.isIdentifier(callee, "Task") && file.receiver(of: callee) == nil
    }

    /// `Task { @MainActor in … }`: the task's code runs where the UI reads the state.
    static func runsOnMainActor(_ closure: Declaration, in file: SwiftFile) -> Bool {
        let first = closure.bodyStart + 1
        return file.isKind(first, .attribute) && file.tokenIs(first, "@MainActor")
    }

    static func isAsync(_ function: Int, in file: SwiftFile) -> Bool {
        let declaration = file.declarations[function]
        guard declaration.kind == .function else { return false }
        return (declaration.keyword..<declaration.bodyStart).contains { file.isIdentifier($0, "async") }
    }

    /// Names of `static let`/`static var` members: `shared`, `current`.
    static func staticMembers(of parts: [Part]) -> Set<String> {
        var names = Set<String>()
        for (file, part) in parts {
            for k in file.bodyRange(of: part) where file.enclosingBracket(of: k) == file.declarations[part].bodyStart && file.isIdentifier(k, "static") {
                var j = k + 1
                while j < file.code.count, file.isIdentifier(j, in: ["private", "fileprivate", "internal", "public", "nonisolated"]) { j += 1 }
                if let name = file.variableName(declaredAt: j) { names.insert(file.text(name)) }
            }
        }
        return names
    }
}
