import AuditCore

/// Seed checklist 14 / common mistake 8: entitlements read once at launch go stale when a
/// subscription renews, expires or is refunded while the app runs.
public struct EntitlementsNotRefreshedRule: Rule {
    public init() {}

    /// The foreground markers and `currentEntitlementTask`, hashed once.
    static let hookNames = IdentifierNames(foregroundMarkers.union(["currentEntitlementTask"]))
    static let foregroundMarkers: Set<String> = [
        "scenePhase", "willEnterForegroundNotification", "didBecomeActiveNotification",
        "sceneWillEnterForeground", "sceneDidBecomeActive", "applicationWillEnterForeground", "applicationDidBecomeActive",
    ]

    public static let description = RuleDescription(
        identifier: "entitlements_not_refreshed",
        title: "Entitlements are re-checked on updates and on return to the foreground",
        severity: .warning,
        scope: .code,
        rationale: """
            `Transaction.currentEntitlements` read once at launch goes stale: a renewal, an \
            expiry, a refund, or a purchase approved through Ask to Buy while the app runs does \
            not change what the app unlocked until the next cold start.
            """,
        fix: """
            Update entitlements from the `Transaction.updates` handler, and re-read \
            `Transaction.currentEntitlements` when the app returns to the foreground \
            (`.onChange(of: scenePhase)` to `.active`, or `willEnterForegroundNotification`).
            """,
        reference: "StoreKit 2 review checklist item 14; common mistake 8",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            // The seed's WRONG example: checked once at launch.
            RuleExample("""
                final class AppModel {
                    func appDidFinish() { Task { await updateEntitlements() } }
                    func updateEntitlements() async {
                        for await result in ↓Transaction.currentEntitlements {
                            if case .verified(let t) = result, t.revocationDate == nil { owned.insert(t.productID) }
                        }
                    }
                }
                """),
            // A listener exists but only finishes; nothing refreshes entitlements.
            RuleExample("""
                @MainActor final class Store {
                    init() {
                        Task {
                            for await update in Transaction.updates {
                                if case .verified(let t) = update { await t.finish() }
                            }
                        }
                    }
                    func load() async {
                        for await result in ↓Transaction.currentEntitlements { _ = result }
                    }
                }
                """),
            // Refreshed on appear only.
            RuleExample("""
                struct RootView: View {
                    @State private var isPro = false
                    var body: some View {
                        Text(isPro ? "Pro" : "Free").task {
                            for await result in ↓Transaction.currentEntitlements {
                                if case .verified(let t) = result, t.revocationDate == nil { isPro = true }
                            }
                        }
                    }
                }
                """),
            RuleExample(files: [
                ("Entitlements.swift", """
                    actor Entitlements {
                        private(set) var ids: Set<String> = []
                        func reload() async {
                            var fresh: Set<String> = []
                            for await result in ↓Transaction.currentEntitlements {
                                if case .verified(let t) = result, t.revocationDate == nil { fresh.insert(t.productID) }
                            }
                            ids = fresh
                        }
                    }
                    """),
                ("App.swift", "@main struct A: App { let e = Entitlements(); init() { Task { await e.reload() } }\n var body: some Scene { WindowGroup { Text(\"x\") } } }"),
            ]),
            // A return inside the loop ends the listener at the first revoked update.
            RuleExample("""
                import StoreKit

                @main struct TipsApp: App {
                    let listener = Task.detached {
                        for await result in Transaction.updates {
                            guard case .verified(let transaction) = result else { continue }
                            await transaction.finish()
                            if transaction.revocationDate != nil {
                                await Entitlements.shared.revoke(transaction.productID)
                                ↓return
                            }
                            await Entitlements.shared.grant(transaction.productID)
                        }
                    }
                    var body: some Scene { WindowGroup { Text("Tips") } }
                }
                """),
            // A scene-phase hook that only clears the badge refreshes nothing.
            RuleExample("""
                @main struct CounterApp: App {
                    @Environment(\\.scenePhase) private var scenePhase
                    @StateObject private var store = Store()
                    var body: some Scene {
                        WindowGroup { ContentView().task { await store.loadEntitlements() } }
                            .onChange(of: scenePhase) { _, phase in
                                if phase == .active { UIApplication.shared.applicationIconBadgeNumber = 0 }
                            }
                    }
                }
                @MainActor final class Store: ObservableObject {
                    @Published var isPro = false
                    func loadEntitlements() async {
                        for await result in ↓Transaction.currentEntitlements {
                            if case .verified(let t) = result, t.revocationDate == nil { isPro = true }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The updates handler sets the access flag (here on a shared settings object).
            RuleExample("""
                @main struct WidgetsApp: App {
                    let updates = Task.detached {
                        for await result in Transaction.updates {
                            guard case .verified(let transaction) = result else { continue }
                            UserSettings.shared.isPremium = transaction.revocationReason == nil
                            await transaction.finish()
                        }
                    }
                    var body: some Scene { WindowGroup { ContentView() } }
                }
                func loadAccess() async {
                    for await result in Transaction.currentEntitlements {
                        if case .verified(let t) = result, t.revocationDate == nil { UserSettings.shared.isPremium = true }
                    }
                }
                """),
            // A foreground notification whose selector re-reads them.
            RuleExample("""
                final class EntitlementWatcher: NSObject {
                    override init() {
                        super.init()
                        NotificationCenter.default.addObserver(self, selector: #selector(appWillEnterForeground), name: UIApplication.willEnterForegroundNotification, object: nil)
                    }
                    @objc func appWillEnterForeground() { Task { await reload() } }
                    func reload() async { for await r in Transaction.currentEntitlements { _ = r } }
                }
                """),
            // continue skips one update and keeps listening; a return inside a closure in the
            // loop leaves only the closure.
            RuleExample("""
                @main struct NotesApp: App {
                    let listener = Task.detached {
                        for await result in Transaction.updates {
                            guard case .verified(let transaction) = result else { continue }
                            let granted = await MainActor.run { () -> Bool in
                                guard transaction.revocationDate == nil else { return false }
                                return Entitlements.shared.grant(transaction.productID)
                            }
                            if !granted { continue }
                            await transaction.finish()
                        }
                    }
                    var body: some Scene { WindowGroup { Text("Notes") } }
                }
                """),
            // The seed's CORRECT store: the updates listener calls updateEntitlements().
            RuleExample("""
                @main struct MyApp: App {
                    private let listener: Task<Void, Never>
                    init() { listener = Task { for await result in Transaction.updates {
                        guard case .verified(let transaction) = result else { continue }
                        await StoreManager.shared.updateEntitlements()
                        await transaction.finish()
                    } } }
                    var body: some Scene { WindowGroup { ContentView() } }
                }
                @MainActor final class StoreManager {
                    static let shared = StoreManager()
                    func updateEntitlements() async {
                        for await result in Transaction.currentEntitlements {
                            if case .verified(let t) = result, t.revocationDate == nil { ids.insert(t.productID) }
                        }
                    }
                }
                """),
            // Seed-002: the updates handler updates the entitlement set itself.
            RuleExample("""
                final class StoreService {
                    func observeTransactions() async { for await result in Transaction.updates { await process(result) } }
                    private func process(_ result: VerificationResult<Transaction>) async { await updateEntitlements(try? checkVerified(result)) }
                    private func updateEntitlements(_ transaction: Transaction?) async {
                        guard let transaction else { return }
                        if transaction.revocationDate == nil { ids.insert(transaction.productID) } else { ids.remove(transaction.productID) }
                    }
                    func refreshEntitlements() async {
                        for await result in Transaction.currentEntitlements {
                            guard case .verified(let t) = result, t.revocationDate == nil else { continue }
                            ids.insert(t.productID)
                        }
                    }
                }
                """),
            // A scene-phase hook re-reads them.
            RuleExample("""
                struct RootView: View {
                    @Environment(\\.scenePhase) private var scenePhase
                    @Environment(Store.self) private var store
                    var body: some View {
                        ContentView().onChange(of: scenePhase) { _, phase in
                            if phase == .active { Task { await store.refresh() } }
                        }
                    }
                }
                final class Store { func refresh() async { for await r in Transaction.currentEntitlements { _ = r } } }
                """),
            // UIKit foreground notification.
            RuleExample("""
                final class EntitlementMonitor {
                    init() {
                        NotificationCenter.default.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { _ in
                            Task { await self.reload() }
                        }
                    }
                    func reload() async { for await r in Transaction.currentEntitlements { _ = r } }
                }
                """),
            // No currentEntitlements at all.
            RuleExample("""
                func buy(_ p: Product) async throws { _ = try await p.purchase() }
                """),
            // The SwiftUI currentEntitlementTask modifier refreshes by itself.
            RuleExample("""
                struct Gate: View {
                    @State private var state: EntitlementTaskState<VerificationResult<Transaction>?> = .loading
                    var body: some View {
                        Text("x").currentEntitlementTask(for: ProductID.premium) { state in self.state = state }
                    }
                }
                """),
        ]
    )

    /// On the 50 MB benchmark file (`iap-audit-bench rules`): 105 ms on its first run, 17 ms warm,
    /// where the cheapest rules take well under one. Started before them, so that the audit does
    /// not end with it running alone on one core.
    public static var schedulingWeight: Int { 2 }

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        // A `return` in the updates loop ends the task: every later renewal, expiry and refund
        // goes unheard, and entitlements stop being re-checked.
        for listener in UpdatesListener.all(in: project) where !listener.neverCalled {
            for exit in listener.returns {
                result.report(
                    in: listener.file, at: exit,
                    "This return leaves the Transaction.updates loop in \(scopeDescription(of: exit, in: listener.file)): the listener stops at the first such update, and later renewals, expiries and refunds are never applied. Use continue.",
                    severity: .warning
                )
            }
        }
        var reads: [CodeSite] = []
        var refreshFunctions = Set<String>()
        for file in project.swiftFiles {
            for i in file.occurrences(of: "currentEntitlements") where file.isMemberAccess(i, base: "Transaction", member: "currentEntitlements") {
                reads.append(CodeSite(file: file, index: i - 2))
                if let function = file.enclosingFunction(of: i) { refreshFunctions.insert(file.declarations[function].name) }
            }
        }
        guard let first = reads.first else {
            if result.findings.isEmpty { result.notApplicable("The app does not read Transaction.currentEntitlements.") }
            return
        }
        if let evidence = Self.updatesHandlerRefreshes(project: project, refreshFunctions: refreshFunctions) {
            result.evidence(in: evidence.file, at: evidence.index, "Entitlements are updated from the Transaction.updates handler in \(scopeDescription(of: evidence.index, in: evidence.file))")
            return
        }
        if let hook = Self.foregroundHook(project: project, refreshFunctions: refreshFunctions) {
            result.evidence(in: hook.file, at: hook.index, "Entitlements are re-read when the app returns to the foreground (\(hook.file.text(hook.index)))")
            return
        }
        result.report(
            in: first.file, at: first.index,
            "Entitlements are read from Transaction.currentEntitlements, but neither the Transaction.updates handler nor a return to the foreground refreshes them: renewals, expiries and refunds during a session are missed."
        )
    }

    /// Whether code in `range` (or the functions it calls, two levels deep) re-reads the
    /// entitlements (calls a function that reads `Transaction.currentEntitlements`), or, with
    /// `grants`, grants or removes them itself.
    struct RefreshSearch {
        let project: Project
        let refreshFunctions: Set<String>
        // The bodies of the functions named `name`, in project order, found when first asked:
        // only files that mention the name can declare it, so no other file's tree is built.
        private var functionBodies: [String: [(SwiftFile, Range<Int>)]] = [:]

        init(project: Project, refreshFunctions: Set<String>) {
            self.project = project
            self.refreshFunctions = refreshFunctions
        }

        private mutating func bodies(named name: String) -> [(SwiftFile, Range<Int>)] {
            if let known = functionBodies[name] { return known }
            var found: [(SwiftFile, Range<Int>)] = []
            if project.mayDeclareFunction(named: name) {
                for place in project.declarations(named: name, { $0 == .function }) {
                    let file = project.swiftFiles[place.file]
                    found.append((file, file.bodyRange(of: place.declaration)))
                }
            }
            functionBodies[name] = found
            return found
        }

        mutating func refreshes(_ file: SwiftFile, _ range: Range<Int>, grants: Bool, depth: Int = 0) -> Bool {
            for i in range where file.isKind(i, .identifier) {
                let name = file.text(i)
                // `#selector(reload)` names the function the notification calls.
                let selected = file.isKind(i - 1, .leftParen) && file.tokenIs(i - 2, "#selector")
                if refreshFunctions.contains(name), file.isCall(at: i) || selected { return true }
                if name == "currentEntitlements" || name == "currentEntitlementTask" { return true }
                if grants {
                    // Deciding per product what a transaction unlocks is updating entitlements.
                    if name == "productID" || name == "revocationDate" || name == "revocationReason" { return true }
                    if ["insert", "remove", "formUnion", "subtract"].contains(name), file.receiver(of: i) != nil,
                       let call = file.call(at: i), (call.openParen..<max(call.openParen, call.closeParen)).contains(where: { file.isIdentifier($0, "productID") }) {
                        return true
                    }
                    // A flag that says what the customer has: `isPro = …`, `settings.isPremium = true`.
                    if file.isOperator(i + 1, "="), AccessFlags.isFlagName(name) { return true }
                }
                if depth < 2, file.isCall(at: i) || selected {
                    for (other, body) in bodies(named: name) where refreshes(other, body, grants: grants, depth: depth + 1) { return true }
                }
            }
            return false
        }
    }

    /// A `Transaction.updates` loop whose body (or the functions it calls, two levels deep)
    /// calls an entitlement refresh or grants/removes entitlements itself.
    static func updatesHandlerRefreshes(project: Project, refreshFunctions: Set<String>) -> CodeSite? {
        var search = RefreshSearch(project: project, refreshFunctions: refreshFunctions)
        for file in project.swiftFiles {
            for i in file.occurrences(of: "updates") where file.isMemberAccess(i, base: "Transaction", member: "updates") {
                // The loop body: the brace after `in Transaction.updates …`.
                guard let body = file.index(of: .leftBrace, after: i), let close = file.matchingBracket(of: body), close > body else { continue }
                if search.refreshes(file, file.blockRange(body), grants: true) { return CodeSite(file: file, index: i - 2) }
            }
        }
        return nil
    }

    /// SwiftUI's currentEntitlementTask, or a scene-phase or foreground-notification hook whose
    /// handler re-reads the entitlements (a hook that only clears a badge refreshes nothing).
    static func foregroundHook(project: Project, refreshFunctions: Set<String>) -> CodeSite? {
        var search = RefreshSearch(project: project, refreshFunctions: refreshFunctions)
        // Only files that mention a marker can hold one.
        for file in project.swiftFiles where Self.hookNames.names.contains(where: { file.mentions($0) }) {
            // The markers' occurrences, in token order, from the index: a String made for every
            // identifier of a file that mentions one was the rule's cost on a large file.
            for i in file.occurrences(ofAny: Self.hookNames) {
                if file.tokenIs(i, "currentEntitlementTask") { return CodeSite(file: file, index: i) }
                // `@Environment(\.scenePhase)` alone is not a hook; its use in onChange/if is.
                if file.tokenIs(i, "scenePhase"), file.code.indices.contains(i - 2), file.tokenIs(i - 2, "\\") { continue }
                if search.refreshes(file, handlerRange(ofHook: i, in: file), grants: false) { return CodeSite(file: file, index: i) }
            }
        }
        return nil
    }

    /// The code a foreground marker at `index` runs: a delegate method's body
    /// (`func sceneWillEnterForeground`); the call the marker is handed to, with its closures
    /// (`.onChange(of: scenePhase) { … }`, `.onReceive(…publisher(for: …)) { … }`,
    /// `addObserver(…, selector: #selector(reload), name: …)`); or else its statement
    /// (`if scenePhase == .active { … }`, a `for await` over the notifications).
    static func handlerRange(ofHook index: Int, in file: SwiftFile) -> Range<Int> {
        if file.isIdentifier(index - 1, "func"), let d = file.declarationIndices(named: file.text(index)).first(where: { file.declarations[$0].keyword == index - 1 }) {
            return file.bodyRange(of: d)
        }
        var inner = index
        for _ in 0..<3 {
            guard let (call, _) = file.enclosingCallArguments(ofArgument: inner), let full = file.call(at: call.name) else { break }
            let hasClosure = !full.trailingClosures.isEmpty
                || full.arguments.contains { a in a.valueRange.contains { file.isKind($0, .leftBrace) || file.tokenIs($0, "#selector") } }
            if hasClosure { return call.name..<(full.end + 1) }
            inner = call.name
        }
        let start = file.statementStart(of: index)
        return start..<max(start, file.statementEnd(from: start))
    }
}
