import AuditCore

/// Seed: "Start at app launch, not when a paywall appears". Updates delivered while no
/// listener runs (renewals, Ask to Buy approvals, purchases interrupted by a crash) wait
/// until some screen happens to start one.
public struct TransactionListenerLateRule: Rule {
    public init() {}

    static let viewModifierClosures: Set<String> = ["task", "onAppear", "onReceive", "refreshable", "onChange", "onOpenURL", "onDisappear"]
    static let launchMethods: Set<String> = ["application", "applicationDidFinishLaunching", "scene", "sceneWillEnterForeground"]

    public static let description = RuleDescription(
        identifier: "transaction_listener_late",
        title: "The Transaction.updates listener starts at launch",
        severity: .warning,
        scope: .code,
        rationale: """
            `Transaction.updates` delivers renewals, refunds, Ask to Buy approvals and purchases \
            completed while the app was not running, right after launch. A listener started by a \
            view (`.task`, `.onAppear`, a paywall's `init`) misses them until that view appears, \
            which may be never.
            """,
        fix: """
            Start the listener in the `@main` App's `init`, in the app delegate's \
            `application(_:didFinishLaunchingWithOptions:)`, or in the `init` of a store object \
            the App creates, and keep the task for the app's lifetime.
            """,
        reference: "StoreKit 2 guidance: start at app launch, not when a paywall appears; review checklist item 1",
        triggeringExamples: [
            RuleExample("""
                struct PaywallView: View {
                    var body: some View {
                        Text("Pro")
                            .↓task {
                                for await result in Transaction.updates {
                                    if case .verified(let t) = result { await t.finish() }
                                }
                            }
                    }
                }
                """),
            // Started from a paywall's init.
            RuleExample("""
                struct PaywallView: View {
                    private let updates: Task<Void, Never>
                    ↓init() {
                        updates = Task {
                            for await result in Transaction.updates { _ = result }
                        }
                    }
                    var body: some View { Text("Pro") }
                }
                """),
            // A store method only called from a view's .task.
            RuleExample(files: [
                ("Store.swift", """
                    @MainActor @Observable final class Store {
                        func observeTransactions() async {
                            for await result in Transaction.updates { await handle(result) }
                        }
                        func handle(_ result: VerificationResult<Transaction>) async {}
                    }
                    """),
                ("RootView.swift", """
                    struct RootView: View {
                        @Environment(Store.self) private var store
                        var body: some View {
                            ContentView().↓task { await store.observeTransactions() }
                        }
                    }
                    """),
            ]),
            // A store whose init listens, created only by a paywall view.
            RuleExample(files: [
                ("PurchaseModel.swift", """
                    final class PurchaseModel: ObservableObject {
                        private var listener: Task<Void, Never>?
                        init() {
                            listener = Task { for await update in Transaction.updates { _ = update } }
                        }
                    }
                    """),
                ("UpgradeView.swift", """
                    struct UpgradeView: View {
                        @StateObject private var model = ↓PurchaseModel()
                        var body: some View { Text("Upgrade") }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // The seed's CORRECT App.init listener.
            RuleExample("""
                @main
                struct MyApp: App {
                    private let transactionListener: Task<Void, Never>
                    init() { transactionListener = Self.listenForTransactions() }
                    var body: some Scene { WindowGroup { ContentView() } }
                    static func listenForTransactions() -> Task<Void, Never> {
                        Task(priority: .background) {
                            for await result in Transaction.updates {
                                guard case .verified(let transaction) = result else { continue }
                                await transaction.finish()
                            }
                        }
                    }
                }
                """),
            // Seed-002: a store created by the App starts the listener in its init
            // (and the root view's .task also calls it).
            RuleExample(files: [
                ("App.swift", """
                    @main
                    struct MyApp: App {
                        @StateObject private var store = StoreService()
                        var body: some Scene {
                            WindowGroup { ContentView().environmentObject(store).task { await store.observeTransactions() } }
                        }
                    }
                    """),
                ("StoreService.swift", """
                    @MainActor final class StoreService: ObservableObject {
                        private var transactionObserver: Task<Void, Never>?
                        init() { transactionObserver = Task { await observeTransactions() } }
                        func observeTransactions() async {
                            for await result in Transaction.updates { _ = result }
                        }
                    }
                    """),
            ]),
            // An app delegate's launch method.
            RuleExample("""
                final class AppDelegate: NSObject, UIApplicationDelegate {
                    var updates: Task<Void, Never>?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                        updates = Task { for await update in Transaction.updates { _ = update } }
                        return true
                    }
                }
                """),
            // A shared singleton touched in App.init.
            RuleExample(files: [
                ("App.swift", """
                    @main struct NotesApp: App {
                        init() { Purchases.shared.start() }
                        var body: some Scene { WindowGroup { Text("Notes") } }
                    }
                    """),
                ("Purchases.swift", """
                    final class Purchases {
                        static let shared = Purchases()
                        private var task: Task<Void, Never>?
                        func start() { task = Task { for await u in Transaction.updates { _ = u } } }
                    }
                    """),
            ]),
            // A listener whose start cannot be traced is given the benefit of the doubt.
            RuleExample("""
                final class Listener {
                    func run() async { for await update in Transaction.updates { _ = update } }
                }
                """),
            // No listener at all is the other rule's business.
            RuleExample("""
                struct PaywallView: View { var body: some View { Text("Pro") } }
                """),
        ]
    )

    enum StartContext: Equatable {
        case launch(String)
        /// Started by a view: how, and where the view starts it (the `.task`, the creation).
        case view(String, SourceLocation)
        case unknown
    }

    public func check(_ project: Project, into result: inout RuleResult) {
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
            return
        }
        var sites: [(CodeSite, StartContext)] = []
        for file in project.swiftFiles {
            for i in file.occurrences(of: "updates") where file.isMemberAccess(i, base: "Transaction", member: "updates") {
                let site = CodeSite(file: file, index: i - 2)
                sites.append((site, Self.context(of: site.index, in: file, project: project, depth: 0)))
            }
        }
        guard !sites.isEmpty else {
            result.notApplicable("No Transaction.updates listener exists (see transaction_listener_missing).")
            return
        }
        if let (site, context) = sites.first(where: { if case .view = $0.1 { return false } else { return true } }) {
            if case .launch(let path) = context {
                result.evidence(in: site.file, at: site.index, "The Transaction.updates listener starts at launch: \(path)")
            } else {
                result.evidence(in: site.file, at: site.index, "A Transaction.updates listener exists in \(scopeDescription(of: site.index, in: site.file)); where it starts could not be traced")
            }
            return
        }
        var reported = Set<SourceLocation>()
        for (_, context) in sites {
            guard case .view(let view, let start) = context, reported.insert(start).inserted else { continue }
            result.report(at: start, "The only Transaction.updates listener is started from a view (\(view)), not at launch: updates that arrive before that view appears are missed.")
        }
    }

    /// How the code at `index` gets started: from launch, from a view, or unknown.
    static func context(of index: Int, in file: SwiftFile, project: Project, depth: Int) -> StartContext {
        for d in file.declarationChain(of: index) {
            let declaration = file.declarations[d]
            switch declaration.kind {
            case .closure:
                if viewModifierClosures.contains(declaration.name), declaration.calleeIndex >= 0, file.isImplicitMember(declaration.calleeIndex) || file.receiver(of: declaration.calleeIndex) != nil {
                    if file.code.indices.contains(declaration.calleeIndex - 1), file.code[declaration.calleeIndex - 1].kind == .dot {
                        return .view(".\(declaration.name) in \(scopeDescription(of: index, in: file))", file.location(of: declaration.calleeIndex))
                    }
                }
            case .initializer:
                guard let type = file.enclosingType(of: index) else { return .unknown }
                let typeDeclaration = file.declarations[type]
                if typeDeclaration.attributes.contains("@main") { return .launch("\(typeDeclaration.name).init") }
                if PurchaseSurface.isViewType(typeDeclaration) { return .view("\(typeDeclaration.name).init", file.location(of: declaration.keyword)) }
                return creationContext(of: typeDeclaration.name, project: project, depth: depth)
            case .function:
                if launchMethods.contains(declaration.name) { return .launch("\(scopeDescription(of: index, in: file))") }
                if let type = file.enclosingType(of: index), file.declarations[type].attributes.contains("@main") {
                    // A method of the App, e.g. called from its init.
                    return callersContext(of: declaration.name, definedIn: file, keyword: declaration.keyword, project: project, depth: depth) ?? .launch("\(file.declarations[type].name).\(declaration.name)")
                }
                return callersContext(of: declaration.name, definedIn: file, keyword: declaration.keyword, project: project, depth: depth) ?? .unknown
            default:
                continue
            }
        }
        return .unknown
    }

    /// The contexts of every call of `name`: launch if any caller starts at launch, view if
    /// all do from views, nil if there are no callers or none can be traced.
    static func callersContext(of name: String, definedIn file: SwiftFile, keyword: Int, project: Project, depth: Int) -> StartContext? {
        guard depth < 4 else { return nil }
        var contexts: [StartContext] = []
        for other in project.swiftFiles(mentioning: name) {
            for call in other.calls(named: name) {
                if other.path == file.path, call.name == keyword + 1 { continue }
                contexts.append(context(of: call.name, in: other, project: project, depth: depth + 1))
            }
        }
        if let launch = contexts.first(where: { if case .launch = $0 { return true } else { return false } }) { return launch }
        if contexts.contains(.unknown) || contexts.isEmpty { return nil }
        return contexts.first
    }

    /// Where instances of type `name` are created (`Name(`) or its shared instance used.
    static func creationContext(of name: String, project: Project, depth: Int) -> StartContext {
        guard depth < 4 else { return .unknown }
        var contexts: [StartContext] = []
        for file in project.swiftFiles(mentioning: name) {
            for i in file.occurrences(of: name) {
                let isCreation = i + 1 < file.code.count && file.code[i + 1].kind == .leftParen && file.receiver(of: i) == nil
                let isShared = i + 2 < file.code.count && file.code[i + 1].kind == .dot && (file.isIdentifier(i + 2, "shared") || file.isIdentifier(i + 2, "default"))
                guard isCreation || isShared else { continue }
                // `static let shared = Name()` creates lazily: its users decide.
                if isCreation, let type = file.enclosingType(of: i), file.declarations[type].name == name { continue }
                if let type = file.enclosingType(of: i), file.declarations[type].attributes.contains("@main") {
                    contexts.append(.launch("\(file.declarations[type].name) creates \(name)"))
                    continue
                }
                if let type = file.enclosingType(of: i), PurchaseSurface.isViewType(file.declarations[type]), file.enclosingFunction(of: i) == nil || file.declarations[file.enclosingFunction(of: i) ?? 0].kind == .variable {
                    contexts.append(.view("\(file.declarations[type].name) creates \(name)", file.location(of: i)))
                    continue
                }
                contexts.append(context(of: i, in: file, project: project, depth: depth + 1))
            }
        }
        if let launch = contexts.first(where: { if case .launch = $0 { return true } else { return false } }) { return launch }
        if !contexts.isEmpty, contexts.allSatisfy({ if case .view = $0 { return true } else { return false } }) { return contexts[0] }
        return .unknown
    }
}
