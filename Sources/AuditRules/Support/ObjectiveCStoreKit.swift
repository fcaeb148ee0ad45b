import AuditCore

/// The original StoreKit as an Objective-C app writes it, read once for every rule: methods by
/// selector, which of them finish transactions (directly or through one another), the
/// `paymentQueue:updatedTransactions:` handlers and their state branches, observer
/// registrations and restore actions. Message sends are matched to methods by selector, as the
/// runtime does; a Swift call `MKStoreKit.sharedKit()` reaches the method `sharedKit`.
struct ObjectiveCStoreKit: Sendable {
    struct MethodRef: Sendable, Hashable {
        var file: Int
        var method: Int
    }

    /// `switch (transaction.transactionState)` branches of one handler.
    struct Handler: Sendable {
        var file: Int
        var method: Int
        var branches: [Branch]
    }

    struct Branch: Sendable {
        /// `purchased`, `restored`, `failed`, `deferred`, `purchasing`; empty for `default`.
        var states: [String]
        /// The `case` (or `default`) token.
        var label: Int
        /// The code the branch runs: its own, or (for an empty case) the next one's.
        var body: Range<Int>
        /// Whether the case has no code of its own and falls into the next one.
        var fallsThrough: Bool
    }

    let files: [ObjectiveCFile]
    let bySelector: [String: [MethodRef]]
    /// Selectors of app methods that call `finishTransaction:`, directly or through one another.
    let finishingSelectors: Set<String>
    let handlers: [Handler]

    static func of(_ project: Project) -> ObjectiveCStoreKit {
        project.fact(ObjectiveCStoreKit.self) { ObjectiveCStoreKit(files: project.objectiveCFiles) }
    }

    init(files: [ObjectiveCFile]) {
        self.files = files
        var bySelector: [String: [MethodRef]] = [:]
        for (f, file) in files.enumerated() {
            for (m, method) in file.methods.enumerated() { bySelector[method.selector, default: []].append(MethodRef(file: f, method: m)) }
        }
        self.bySelector = bySelector
        // Finishing methods: a fixed point over the methods' sends.
        var finishing = Set<String>()
        var changed = true
        var rounds = 0
        while changed, rounds < 8 {
            changed = false
            rounds += 1
            for file in files {
                for send in file.sends where send.selector == "finishTransaction:" || finishing.contains(send.selector) {
                    guard let method = send.method else { continue }
                    let selector = file.methods[method].selector
                    if finishing.insert(selector).inserted { changed = true }
                }
            }
        }
        finishingSelectors = finishing
        var handlers: [Handler] = []
        for (f, file) in files.enumerated() where file.mentions("updatedTransactions") {
            for (m, method) in file.methods.enumerated() where method.selector == "paymentQueue:updatedTransactions:" {
                let branches = Self.switches(in: method.inside, of: file).filter { statement in
                    file.text(of: statement.subject).contains("transactionState")
                }.flatMap(\.branches)
                handlers.append(Handler(file: f, method: m, branches: branches))
            }
        }
        self.handlers = handlers
    }

    // MARK: Reading code

    /// The state a `SKPaymentTransactionState…` constant names: `purchased`, `deferred`, …
    static func state(named name: String) -> String? {
        let prefix = "SKPaymentTransactionState"
        guard name.hasPrefix(prefix), name.count > prefix.count else { return nil }
        return name.dropFirst(prefix.count).lowercased()
    }

    struct Switch {
        var keyword: Int
        var subject: Range<Int>
        var branches: [Branch]
        var body: ClosedRange<Int>
    }

    /// The `switch` statements in `range`, with their branches.
    static func switches(in range: Range<Int>, of file: ObjectiveCFile) -> [Switch] {
        var result: [Switch] = []
        for k in range where file.isIdentifier(k, "switch") {
            guard file.isKind(k + 1, .leftParen), let subjectEnd = file.partner(of: k + 1),
                  file.isKind(subjectEnd + 1, .leftBrace), let close = file.partner(of: subjectEnd + 1) else { continue }
            let open = subjectEnd + 1
            // The top-level labels: `case X:` / `default:`.
            var labels: [(label: Int, colon: Int, states: [String])] = []
            var j = open + 1
            while j < close {
                if file.isIdentifier(j, "case") || file.isIdentifier(j, "default") {
                    var colon = j + 1
                    while colon < close, !file.isKind(colon, .colon) { colon += 1 }
                    let states = file.isIdentifier(j, "default") ? [] : (j + 1..<colon).compactMap { file.isKind($0, .identifier) ? state(named: file.text($0)) ?? file.text($0) : nil }
                    labels.append((j, colon, states))
                    j = colon + 1
                    continue
                }
                if let partner = file.partner(of: j), partner > j { j = partner }
                j += 1
            }
            var branches: [Branch] = []
            for (index, label) in labels.enumerated() {
                let end = index + 1 < labels.count ? labels[index + 1].label : close
                var body = label.colon + 1..<max(label.colon + 1, end)
                let fallsThrough = body.isEmpty
                // An empty case runs the next case's code (`case Purchased: case Restored: {…}`).
                var next = index + 1
                while body.isEmpty, next < labels.count {
                    let nextEnd = next + 1 < labels.count ? labels[next + 1].label : close
                    body = labels[next].colon + 1..<max(labels[next].colon + 1, nextEnd)
                    next += 1
                }
                branches.append(Branch(states: label.states, label: label.label, body: body, fallsThrough: fallsThrough))
            }
            result.append(Switch(keyword: k, subject: k + 2..<subjectEnd, branches: branches, body: open...close))
        }
        return result
    }

    /// The branch that runs for `state` in a handler: its case, else `default`.
    static func branch(for state: String, in handler: Handler) -> Branch? {
        handler.branches.first { $0.states.contains(state) } ?? handler.branches.first { $0.states.isEmpty }
    }

    /// The first send in `range` that finishes the transaction: `finishTransaction:` or a call
    /// of an app method that does.
    func finishSend(in range: Range<Int>, of file: ObjectiveCFile) -> ObjectiveCFile.MessageSend? {
        file.sends.first { send in
            range.contains(send.open) && (send.selector == "finishTransaction:" || finishingSelectors.contains(send.selector))
        }
    }

    /// The app methods that `range` calls by selector, and those they call, up to `depth` steps.
    func reachableMethods(from range: Range<Int>, of file: ObjectiveCFile, depth: Int = 6) -> [MethodRef] {
        var seen = Set<MethodRef>()
        var frontier: [MethodRef] = []
        for send in file.sends where range.contains(send.open) {
            for ref in bySelector[send.selector] ?? [] where seen.insert(ref).inserted { frontier.append(ref) }
        }
        var steps = 0
        while !frontier.isEmpty, steps < depth {
            steps += 1
            var next: [MethodRef] = []
            for ref in frontier {
                let callee = files[ref.file]
                for send in callee.sends where send.method == ref.method {
                    for target in bySelector[send.selector] ?? [] where seen.insert(target).inserted { next.append(target) }
                }
            }
            frontier = next
        }
        return Array(seen)
    }

    /// Whether code in `range` sends `selector`, itself or through the app methods it calls.
    func reaches(_ selector: String, from range: Range<Int>, of file: ObjectiveCFile) -> Bool {
        if file.sends.contains(where: { range.contains($0.open) && $0.selector == selector }) { return true }
        return reachableMethods(from: range, of: file).contains { ref in
            files[ref.file].sends.contains { $0.method == ref.method && $0.selector == selector }
        }
    }

    // MARK: Delivery

    /// Selector words that record or hand over a purchase.
    private static let deliveryPrefixes = ["persist", "save", "deliver", "unlock", "grant", "provide", "award", "credit", "record", "enable"]

    /// The first send or assignment after `finish` in `range` that records or delivers the
    /// purchase: `[self.persistor persistTransaction:t]`, `[self savePurchaseRecord]`,
    /// `[[NSUserDefaults standardUserDefaults] setBool:YES forKey:…]`, `self.purchased[id] = …`.
    static func deliveryAfter(_ finish: ObjectiveCFile.MessageSend, before end: Int, in file: ObjectiveCFile) -> Int? {
        let start = finish.close + 1
        guard start < end else { return nil }
        for send in file.sends where send.open >= start && send.open < end {
            let selector = send.selector.lowercased()
            if deliveryPrefixes.contains(where: { selector.hasPrefix($0) }) { return send.selectorStart }
            if selector.hasPrefix("set"), file.text(of: send.receiver).contains("NSUserDefaults") || file.text(of: send.receiver).lowercased().contains("keychain") {
                return send.selectorStart
            }
        }
        // `self.purchaseRecord[id] = …`: a record of purchases written.
        for k in start..<end where file.isOperator(k, "=") && k > 0 && file.isKind(k - 1, .rightBracket) {
            guard let open = file.partner(of: k - 1), open > 0, file.isKind(open - 1, .identifier) else { continue }
            let name = file.text(open - 1).lowercased()
            if ["purchase", "record", "entitlement", "unlocked", "premium", "owned"].contains(where: { name.contains($0) }) { return open - 1 }
        }
        return nil
    }

    /// Where the code that finishes at `finish` ends: the switch case that holds it, else its method.
    static func scopeEnd(of finish: ObjectiveCFile.MessageSend, in file: ObjectiveCFile) -> Int? {
        guard let m = finish.method else { return nil }
        let method = file.methods[m]
        var end = method.body.upperBound
        for statement in switches(in: method.inside, of: file) where statement.body.contains(finish.open) {
            for branch in statement.branches where !branch.fallsThrough && branch.body.contains(finish.open) {
                end = min(end, branch.body.upperBound)
            }
        }
        return end
    }

    // MARK: Observer and restore

    /// `[[SKPaymentQueue defaultQueue] addTransactionObserver:x]` sends.
    func observerRegistrations() -> [(file: ObjectiveCFile, send: ObjectiveCFile.MessageSend)] {
        files.flatMap { file in file.sends("addTransactionObserver:").map { (file, $0) } }
    }

    /// Methods a user action runs: `- (IBAction)…`, or named in `@selector(…)` given as a
    /// control's or bar button's `action:`.
    func actionMethods() -> [MethodRef] {
        var actionSelectors = Set<String>()
        for file in files where file.mentions("action:") || file.mentions("IBAction") {
            for send in file.sends {
                let parts = send.selector.split(separator: ":")
                for (index, part) in parts.enumerated() where part == "action" || part.hasSuffix("Action") && index < send.arguments.count {
                    let argument = send.arguments[index]
                    for k in argument where file.isKind(k, .attribute) && file.text(k) == "@selector" {
                        if file.isKind(k + 1, .leftParen), let close = file.partner(of: k + 1) {
                            actionSelectors.insert((k + 2..<close).map { file.text($0) }.joined())
                        }
                    }
                }
            }
        }
        var result: [MethodRef] = []
        for (f, file) in files.enumerated() {
            for (m, method) in file.methods.enumerated() {
                let returns = file.text(of: method.returnType)
                if returns.contains("IBAction") || actionSelectors.contains(method.selector) { result.append(MethodRef(file: f, method: m)) }
            }
        }
        return result
    }

    /// A user action that reaches `restoreCompletedTransactions` (StoreKit 1's restore).
    func restoreAction() -> (file: ObjectiveCFile, method: ObjectiveCFile.Method)? {
        for ref in actionMethods() {
            let file = files[ref.file]
            let method = file.methods[ref.method]
            if reaches("restoreCompletedTransactions", from: method.inside, of: file) || reaches("restoreCompletedTransactionsWithApplicationUsername:", from: method.inside, of: file) {
                return (file, method)
            }
        }
        return nil
    }

    /// Files that use the original StoreKit: the checks here read them.
    var usesStoreKit1: Bool {
        files.contains { $0.mentions("SKPaymentQueue") || $0.mentions("SKProductsRequest") }
    }
}

extension ObjectiveCStoreKit {
    enum StartContext {
        /// Reached from `application:didFinishLaunchingWithOptions:` (Objective-C or Swift); the path.
        case launch(String)
        /// Reached only from a screen's methods (`viewDidLoad`, an action).
        case view(String)
        case unknown
    }

    private static let launchSelectors = ["application:didFinishLaunchingWithOptions:", "application:willFinishLaunchingWithOptions:"]
    private static let viewSelectors: Set<String> = ["viewDidLoad", "viewWillAppear:", "viewDidAppear:", "awakeFromNib", "loadView"]

    /// Where the code of method `ref` runs from: launch, a screen, or not known. Callers are
    /// found by selector (`[RMStore defaultStore]` calls `+defaultStore`; an `init` is called
    /// by the class methods that allocate the class), and Swift launch code calling the
    /// selector's base name (`MKStoreKit.sharedKit()`) counts.
    func startContext(of ref: MethodRef, swiftFiles: [SwiftFile]) -> StartContext {
        var seen: Set<MethodRef> = [ref]
        var frontier: [(MethodRef, [String])] = [(ref, [])]
        var views: [String] = []
        var unknown = false
        for _ in 0..<6 {
            var next: [(MethodRef, [String])] = []
            for (current, path) in frontier {
                let file = files[current.file]
                let method = file.methods[current.method]
                let described = "\(method.isClassMethod ? "+" : "-")[\(method.className) \(method.selector)]"
                let trail = [described] + path
                if Self.launchSelectors.contains(method.selector) {
                    return .launch(trail.joined(separator: " → "))
                }
                if Self.viewSelectors.contains(method.selector) || file.text(of: method.returnType).contains("IBAction") {
                    views.append(method.className)
                    continue
                }
                // Swift launch code that calls it.
                if let swift = Self.swiftLaunchCall(of: method, in: swiftFiles) {
                    return .launch(([swift] + trail).joined(separator: " → "))
                }
                let callers = self.callers(of: current)
                if callers.isEmpty { unknown = true }
                for caller in callers where seen.insert(caller).inserted { next.append((caller, trail)) }
            }
            frontier = next
            if frontier.isEmpty { break }
        }
        if !frontier.isEmpty { unknown = true }
        if !views.isEmpty, !unknown { return .view(views.sorted().first!) }
        return .unknown
    }

    /// The methods that call `ref`: by its selector, or for an initialiser, the class's own
    /// methods that allocate an instance.
    func callers(of ref: MethodRef) -> [MethodRef] {
        let target = files[ref.file].methods[ref.method]
        var result: [MethodRef] = []
        for (f, file) in files.enumerated() {
            for send in file.sends {
                guard let m = send.method, MethodRef(file: f, method: m) != ref else { continue }
                let matches: Bool
                if target.selector.hasPrefix("init") {
                    let receiver = file.text(of: send.receiver)
                    let inClass = file.methods[m].className == target.className
                    matches = send.selector == target.selector && (receiver.contains(target.className) || inClass && (receiver.contains("alloc") || receiver.contains("self")))
                        || (send.selector == "alloc" || send.selector == "new" || send.selector == "allocWithZone:") && (receiver.contains(target.className) || inClass && (receiver.contains("self") || receiver.contains("super")))
                } else {
                    matches = send.selector == target.selector
                }
                if matches { result.append(MethodRef(file: f, method: m)) }
            }
        }
        return result
    }

    /// `MKStoreKit.sharedKit()` (or `RMStore()` for an initialiser) written in a Swift
    /// `application(_:didFinishLaunchingWithOptions:)`.
    static func swiftLaunchCall(of method: ObjectiveCFile.Method, in swiftFiles: [SwiftFile]) -> String? {
        for file in swiftFiles where file.mentions(method.baseName) || file.mentions(method.className) {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .function && declaration.name == "application" {
                let signature = declaration.keyword..<max(declaration.keyword, declaration.bodyStart)
                guard !file.occurrences(of: "didFinishLaunchingWithOptions", in: signature).isEmpty else { continue }
                let body = file.bodyRange(of: index)
                let name = method.selector.hasPrefix("init") ? method.className : method.baseName
                if let call = file.occurrences(of: name, in: body).first {
                    return "application(_:didFinishLaunchingWithOptions:) in \(file.path):\(file.line(of: call))"
                }
            }
        }
        return nil
    }
}
