import AuditCore

/// The launch path of an app: the `@main` App's initializer and stored properties, the app
/// delegate's launch methods, and the root view of the App's first scene with its
/// `@StateObject`s and `.task`s. "Started at launch" means reachable from there; code a view
/// starts (a paywall's `.task`, a store a settings screen creates) starts late.
enum LaunchPath {
    /// View modifiers whose closure runs when the view appears or changes.
    static let viewModifierClosures: Set<String> = ["task", "onAppear", "onReceive", "refreshable", "onChange", "onOpenURL", "onDisappear"]
    /// Calls whose closure runs when the user acts: a tap, a gesture, a submitted field.
    static let userActionClosures: Set<String> = ["Button", "onTapGesture", "onLongPressGesture", "onSubmit"]
    /// App and scene delegate methods that run at launch.
    static let launchMethods: Set<String> = ["application", "applicationDidFinishLaunching", "scene", "sceneWillEnterForeground"]
    /// Protocol name endings whose requirements the frameworks call by name.
    static let frameworkCallers = ["Delegate", "Observer", "DataSource", "App", "Scene", "View", "ViewModifier", "Style", "Representable", "Controller", "Responder"]
    /// Closures whose content is presented later, not part of the root view at launch.
    static let presentationClosures: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "NavigationLink", "alert", "confirmationDialog", "inspector",
    ]

    enum StartContext: Equatable {
        case launch(String)
        /// Started by a view: how, and where the view starts it (the `.task`, the creation).
        case view(String, SourceLocation)
        case unknown

        var isLaunch: Bool { if case .launch = self { true } else { false } }
        var isView: Bool { if case .view = self { true } else { false } }
    }

    /// How the code at `index` gets started: from launch, from a view, or unknown.
    static func context(of index: Int, in file: SwiftFile, project: Project, depth: Int) -> StartContext {
        let chain = file.declarationChain(of: index)
        for (position, d) in chain.enumerated() {
            let declaration = file.declarations[d]
            switch declaration.kind {
            case .closure:
                // A button's action runs when the user taps it (`Button("Upgrade") { … }`,
                // `Button(action: { … })`), not its label (`label: { … }`).
                if userActionClosures.contains(declaration.name), declaration.calleeIndex >= 0,
                   !(file.isKind(declaration.keyword - 1, .colon) && file.isIdentifier(declaration.keyword - 2, "label")) {
                    return .view("the action of \(declaration.name) in \(scopeDescription(of: index, in: file))", file.location(of: declaration.calleeIndex))
                }
                guard viewModifierClosures.contains(declaration.name), declaration.calleeIndex >= 1,
                      file.isImplicitMember(declaration.calleeIndex) || file.receiver(of: declaration.calleeIndex) != nil,
                      file.isKind(declaration.calleeIndex - 1, .dot)
                else { continue }
                // A `.task` on the root view of the first scene runs when the app's window
                // first appears: at launch (unless it sits in a presented sheet).
                if let type = file.enclosingType(of: index), rootViewTypes(in: project).contains(file.declarations[type].name),
                   !chain[(position + 1)...].contains(where: { isPresentation(file.declarations[$0]) }),
                   !isPresentedArgument(declaration.calleeIndex, in: file) {
                    return .launch(".\(declaration.name) of the root view \(file.declarations[type].name)")
                }
                return .view(".\(declaration.name) in \(scopeDescription(of: index, in: file))", file.location(of: declaration.calleeIndex))
            case .initializer:
                guard let type = file.enclosingType(of: index) else { return .unknown }
                let typeDeclaration = file.declarations[type]
                if typeDeclaration.attributes.contains("@main") { return .launch("\(typeDeclaration.name).init") }
                if PurchaseSurface.isViewType(typeDeclaration) {
                    if rootViewTypes(in: project).contains(typeDeclaration.name) {
                        return .launch("\(typeDeclaration.name).init, the root view of the first scene")
                    }
                    return .view("\(typeDeclaration.name).init", file.location(of: declaration.keyword))
                }
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

    private static func isPresentation(_ declaration: Declaration) -> Bool {
        declaration.kind == .closure && presentationClosures.contains(declaration.name)
    }

    /// Whether code token `index` is inside an argument of a presentation call in the same
    /// closure: `NavigationLink(destination: StoreScreen().task { … }) { … }` shows the store
    /// when the link is followed, not at launch.
    private static func isPresentedArgument(_ index: Int, in file: SwiftFile) -> Bool {
        var inner = index
        for _ in 0..<8 {
            guard let (call, _) = file.enclosingCallArguments(ofArgument: inner) else { return false }
            if presentationClosures.contains(file.text(call.name)) { return true }
            inner = call.name
        }
        return false
    }

    /// The contexts of every call of `name`: launch if any caller starts at launch, view if
    /// all do from views, nil if there are no callers or none can be traced.
    static func callersContext(of name: String, definedIn file: SwiftFile, keyword: Int, project: Project, depth: Int) -> StartContext? {
        guard depth < 4 else { return nil }
        var contexts: [StartContext] = []
        let owner = file.enclosingType(of: keyword).map { file.declarations[$0].name }
        for other in project.swiftFiles(mentioning: name) {
            for call in other.calls(named: name) {
                if other.path == file.path, call.name == keyword + 1 { continue }
                // `analytics.start()` does not start `Store.start`: calls are followed by the
                // receiver's type where the source says it, by the name only where it does not.
                if let owner, !CallGraph.mayCall(call, in: other, methodOf: owner, project: project) { continue }
                contexts.append(context(of: call.name, in: other, project: project, depth: depth + 1))
            }
        }
        if let launch = contexts.first(where: \.isLaunch) { return launch }
        if contexts.contains(.unknown) || contexts.isEmpty { return nil }
        return contexts.first
    }

    /// Where instances of type `name` are created (`Name(`) or its shared instance used.
    static func creationContext(of name: String, project: Project, depth: Int) -> StartContext {
        guard depth < 4 else { return .unknown }
        var contexts: [StartContext] = []
        for file in project.swiftFiles(mentioning: name) {
            for i in file.occurrences(of: name) {
                let next = file.nextCodeIndex(after: i)
                let isCreation = next.map { file.isKind($0, .leftParen) } == true && file.receiver(of: i) == nil
                let isShared = next.map { file.isKind($0, .dot) } == true
                    && file.nextCodeIndex(after: next!).map { file.isIdentifier($0, "shared") || file.isIdentifier($0, "default") } == true
                guard isCreation || isShared else { continue }
                let type = file.enclosingType(of: i)
                // `static let shared = Name()` creates lazily: its users decide.
                if isCreation, let type, file.declarations[type].name == name { continue }
                if let type, file.declarations[type].attributes.contains("@main") {
                    contexts.append(.launch("\(file.declarations[type].name) creates \(name)"))
                    continue
                }
                let function = file.enclosingFunction(of: i)
                if let type, PurchaseSurface.isViewType(file.declarations[type]), function == nil || file.declarations[function!].kind == .variable {
                    let view = file.declarations[type].name
                    // A stored property (`@StateObject var store = Store()`) of the root view
                    // of the first scene is created when the app's window first appears.
                    if function == nil, rootViewTypes(in: project).contains(view) {
                        contexts.append(.launch("the root view \(view) creates \(name)"))
                    } else {
                        contexts.append(.view("\(view) creates \(name)", file.location(of: i)))
                    }
                    continue
                }
                contexts.append(context(of: i, in: file, project: project, depth: depth + 1))
            }
        }
        if let launch = contexts.first(where: \.isLaunch) { return launch }
        if !contexts.isEmpty, contexts.allSatisfy(\.isView) { return contexts[0] }
        return .unknown
    }

    /// Whether the function declared at `declaration` in `file` can never run: it is not
    /// public API, not a launch or framework method, and nothing in the app names it (no
    /// call, no reference such as `Task(operation: f)`).
    static func isNeverCalled(_ declaration: Int, in file: SwiftFile, project: Project) -> Bool {
        let function = file.declarations[declaration]
        guard function.kind == .function else { return false }
        if function.modifiers.contains("public") || function.modifiers.contains("open") || function.modifiers.contains("override")
            || function.modifiers.contains("@objc") || function.attributes.contains("@objc") || launchMethods.contains(function.name) {
            return false
        }
        // A method of a public type may be called by the library's users; a method of a type
        // (or extension) that adopts a delegate, observer or SwiftUI protocol may be called by
        // the framework under its requirement's name.
        if let type = file.enclosingType(of: function.keyword) {
            let typeDeclaration = file.declarations[type]
            if typeDeclaration.modifiers.contains("public") || typeDeclaration.modifiers.contains("open") { return false }
            if typeDeclaration.inheritedTypes.contains(where: { name in frameworkCallers.contains { name.hasSuffix($0) } }) { return false }
        }
        let nameToken = function.keyword + 1
        for other in project.swiftFiles(mentioning: function.name) {
            for i in other.occurrences(of: function.name) where !(other.path == file.path && i == nameToken) {
                return false
            }
        }
        return true
    }

    /// The `@main` type's name: where a launch-time listener belongs.
    static func appEntryPoint(in project: Project) -> CodeSite? {
        mainType(in: project).map { CodeSite(file: $0.file, index: nameIndex(of: $0.declaration, in: $0.file)) }
    }

    /// The app's `@main` type declaration. An app audited with the extensions it embeds has
    /// several: the `App` (or application delegate) is the app's; a `WidgetBundle`, a `Widget`
    /// or an intents extension's entry point is not where the app launches.
    static func mainType(in project: Project) -> (file: SwiftFile, declaration: Int)? {
        project.fact(MainType.self) {
            var found: [(file: SwiftFile, declaration: Int, rank: Int)] = []
            // Only a file with an `@main` attribute token can hold one (its attributes found by
            // `memchr` over the kinds: a look at every token of every file was 11 M instructions
            // on a generated 5 MB file, where the launch path's `context` took 13 M).
            for file in project.swiftFiles where file.codeIndices(ofKind: .attribute).contains(where: { file.tokenIs($0, "@main") }) {
                for (index, declaration) in file.declarations.enumerated() where declaration.kind.isType && declaration.attributes.contains("@main") {
                    let inherited = Set(declaration.inheritedTypes)
                    let rank = !inherited.isDisjoint(with: appEntryTypes) ? 0 : inherited.isDisjoint(with: extensionEntryTypes) ? 1 : 2
                    found.append((file, index, rank))
                }
            }
            return MainType(found: found.min { $0.rank < $1.rank }.map { ($0.file, $0.declaration) })
        }.found
    }

    private struct MainType: Sendable {
        var found: (file: SwiftFile, declaration: Int)?
    }

    private static let appEntryTypes: Set<String> = ["App", "UIApplicationDelegate", "NSApplicationDelegate", "UIResponder"]
    private static let extensionEntryTypes: Set<String> = ["WidgetBundle", "Widget", "AppIntentsPackage", "AppShortcutsProvider", "ControlWidget"]

    /// A type conforming to `SKPaymentTransactionObserver`: the original StoreKit's listener.
    static func legacyObserver(in project: Project) -> (file: SwiftFile, index: Int, location: SourceLocation)? {
        for file in project.swiftFiles where file.mentions("SKPaymentTransactionObserver") {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind.isType && declaration.inheritedTypes.contains("SKPaymentTransactionObserver") {
                return (file, index, file.location(of: nameIndex(of: index, in: file)))
            }
        }
        return nil
    }

    /// Where an original-StoreKit observer is added to the payment queue
    /// (`SKPaymentQueue.default().add(self)` in an observer type, or `.add(storeObserver)`), and
    /// how that code starts. A screen's method (a view controller's, a SwiftUI view's) starts
    /// when the user gets there, not at launch.
    static func legacyObserverRegistrations(in project: Project) -> [(site: CodeSite, context: StartContext)] {
        var result: [(CodeSite, StartContext)] = []
        for file in project.swiftFiles {
            for (call, addsObserver) in file.paymentQueueAdds() where addsObserver {
                let type = file.enclosingType(of: call.name)
                var context = context(of: call.name, in: file, project: project, depth: 0)
                if !context.isLaunch, let type, PurchaseSurface.isViewType(file.declarations[type]) {
                    let function = file.enclosingFunction(of: call.name).map { file.declarations[$0].name } ?? "its code"
                    context = .view("\(file.declarations[type].name).\(function), a screen's method", file.location(of: call.name))
                }
                result.append((CodeSite(file: file, index: call.name), context))
            }
        }
        return result
    }


    private struct RootViews: Sendable {
        var names: Set<String>
    }

    /// The view types (and view modifiers) that make up the root view of the `@main` App's
    /// first scene: `WindowGroup { ContentView().shop() }` gives `ContentView` and the types
    /// `shop()` creates (`modifier(ShopModifier())`). Views inside a presented sheet are not
    /// part of it.
    static func rootViewTypes(in project: Project) -> Set<String> {
        project.fact(RootViews.self) {
            guard let (file, app) = mainType(in: project) else { return RootViews(names: []) }
            guard let body = file.declarations.indices.first(where: {
                file.declarations[$0].parent == app && file.declarations[$0].kind == .variable && file.declarations[$0].name == "body"
            }) else { return RootViews(names: []) }
            let bodyRange = file.bodyRange(of: body)
            guard !bodyRange.isEmpty else { return RootViews(names: []) }
            // The first scene is the first statement of the body.
            let firstScene = bodyRange.lowerBound..<min(bodyRange.upperBound, file.statementEnd(from: bodyRange.lowerBound))
            var names = Set<String>()
            for (type, helper) in createdTypes(in: firstScene, of: file, project: project) {
                if let helper {
                    // `.shop()`: the types its body creates.
                    for (file, declaration) in project.declarations(named: helper, { $0 == .function }).map({ (project.swiftFiles[$0.file], $0.declaration) }) {
                        names.formUnion(createdTypes(in: file.bodyRange(of: declaration), of: file, project: project).compactMap { $0.helper == nil ? $0.type : nil })
                    }
                } else {
                    names.insert(type)
                }
            }
            return RootViews(names: names)
        }.names
    }

    /// The app types created in `range` (`Name(` or `Name {`), and the app functions called
    /// there as modifiers (`.name(`), outside presentation closures.
    private static func createdTypes(in range: Range<Int>, of file: SwiftFile, project: Project) -> [(type: String, helper: String?)] {
        var result: [(String, String?)] = []
        for i in range where file.isKind(i, .identifier) {
            guard let next = file.nextCodeIndex(after: i), file.isKind(next, .leftParen) || file.isKind(next, .leftBrace) else { continue }
            if file.declarationChain(of: i).contains(where: { isPresentation(file.declarations[$0]) && range.contains(file.declarations[$0].keyword) }) { continue }
            let name = file.text(i)
            guard let first = name.first else { continue }
            if first.isUppercase, file.receiver(of: i) == nil {
                if !project.typeDeclarations(named: name).isEmpty { result.append((name, nil)) }
            } else if file.previousCodeIndex(before: i).map({ file.isKind($0, .dot) }) == true, project.mayDeclareFunction(named: name),
                      !presentationClosures.contains(name) {
                result.append((name, name))
            }
        }
        return result
    }
}
