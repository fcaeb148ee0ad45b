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
        /// The switch's closing brace.
        var switchEnd: Int
    }

    let files: [ObjectiveCFile]
    let bySelector: [String: [MethodRef]]
    /// Every message send written in a method, by selector: the callers of a method are looked
    /// up here rather than by reading every send of every file.
    let sendsBySelector: [String: [SendRef]]

    struct SendRef: Sendable {
        var file: Int
        var send: Int
    }
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
        var sendsBySelector: [String: [SendRef]] = [:]
        for (f, file) in files.enumerated() {
            for (s, send) in file.sends.enumerated() where send.method != nil { sendsBySelector[send.selector, default: []].append(SendRef(file: f, send: s)) }
        }
        self.sendsBySelector = sendsBySelector
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
                branches.append(Branch(states: label.states, label: label.label, body: body, fallsThrough: fallsThrough, switchEnd: close))
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

    /// For an observer with no switch on `transactionState` of its own, the first app method it
    /// calls (directly, or one step further) that has one, as a handler of its branches.
    func stateHelper(of handler: Handler) -> Handler? {
        let file = files[handler.file]
        let callees = reachableMethods(from: file.methods[handler.method].inside, of: file, depth: 1).sorted { ($0.file, $0.method) < ($1.file, $1.method) }
        for ref in callees {
            let callee = files[ref.file]
            guard ref != MethodRef(file: handler.file, method: handler.method), callee.mentions("transactionState") else { continue }
            let branches = Self.switches(in: callee.methods[ref.method].inside, of: callee).filter { statement in
                callee.text(of: statement.subject).contains("transactionState")
            }.flatMap(\.branches)
            if !branches.isEmpty { return Handler(file: ref.file, method: ref.method, branches: branches) }
        }
        return nil
    }

    /// When the code in `range` does nothing the buyer sees except end a wait: logging, hiding
    /// or stopping a progress indicator, posting a notification whose observers do only that,
    /// calling app methods that do only that (`[self deferredTransaction:t]` → post →
    /// `-productPurchaseDeferred:` → `[self hideProgress:…]`). Returns what it follows, nil
    /// when the code does anything else (or something not read).
    func endsWaitSilently(_ range: Range<Int>, in f: Int, depth: Int = 3) -> String? {
        let file = files[f]
        var path: [String] = []
        var k = range.lowerBound
        while k < range.upperBound {
            if file.isKind(k, .semicolon) || file.isKind(k, .leftBrace) || file.isKind(k, .rightBrace) || file.isKind(k, .comma)
                || file.isKind(k, .rightParen) || file.isOperator(k, "^") || file.isIdentifier(k, "break") || file.isIdentifier(k, "self") {
                k += 1
                continue
            }
            if file.isIdentifier(k, "return"), file.isKind(k + 1, .semicolon) {
                k += 2
                continue
            }
            // `@synchronized (self) {`
            if file.isKind(k, .attribute), file.text(k) == "@synchronized", file.isKind(k + 1, .leftParen), let close = file.partner(of: k + 1) {
                k = close + 1
                continue
            }
            if file.isKind(k, .identifier), file.isKind(k + 1, .leftParen) {
                let name = file.text(k)
                if ObjectiveCChecks.isLogName(name), let close = file.partner(of: k + 1) {
                    k = close + 1
                    continue
                }
                // `dispatch_async(dispatch_get_main_queue(), ^{ … })`: read what it runs.
                if ["dispatch_async", "dispatch_sync", "dispatch_get_main_queue"].contains(name) {
                    k += 2
                    continue
                }
                return nil
            }
            guard file.isKind(k, .leftBracket), let send = file.sends.first(where: { $0.open == k }) else { return nil }
            let selector = send.selector
            if ["hide", "stop", "dismiss"].contains(where: { selector.hasPrefix($0) }) {
                path.append(selector)
            } else if selector.hasPrefix("postNotificationName:"), depth > 0, let name = send.arguments.first.map({ file.text(of: $0) }) {
                let observers = notificationObservers(of: name)
                guard !observers.isEmpty else { return nil }
                for ref in observers {
                    let method = files[ref.file].methods[ref.method]
                    guard let inner = endsWaitSilently(method.inside, in: ref.file, depth: depth - 1) else { return nil }
                    path.append("\(name) → -[\(method.className) \(method.selector)]" + (inner.isEmpty ? "" : " → " + inner))
                }
            } else if let methods = bySelector[selector], !methods.isEmpty, depth > 0 {
                for ref in methods {
                    let method = files[ref.file].methods[ref.method]
                    guard let inner = endsWaitSilently(method.inside, in: ref.file, depth: depth - 1) else { return nil }
                    path.append("-[\(method.className) \(method.selector)]" + (inner.isEmpty ? "" : " → " + inner))
                }
            } else {
                return nil
            }
            k = send.close + 1
        }
        return path.isEmpty ? nil : path.joined(separator: ", ")
    }

    /// The methods registered for notification `name`: `[center addObserver:self selector:@selector(m:) name:name object:nil]`.
    func notificationObservers(of name: String) -> [MethodRef] {
        var result: [MethodRef] = []
        for file in files where file.mentions(name) {
            for send in file.sends where send.selector.hasPrefix("addObserver:selector:name:") && send.arguments.count >= 3 && file.text(of: send.arguments[2]) == name {
                let argument = send.arguments[1]
                guard let at = argument.first(where: { file.isKind($0, .attribute) && file.text($0) == "@selector" }),
                      file.isKind(at + 1, .leftParen), let close = file.partner(of: at + 1) else { continue }
                let selector = (at + 2..<close).map { file.text($0) }.joined()
                let className = send.method.map { file.methods[$0].className }
                for ref in bySelector[selector] ?? [] where files[ref.file].methods[ref.method].className == className {
                    result.append(ref)
                }
            }
        }
        return result
    }

    /// Whether `branch` is finished after its switch, in the code that runs for every state:
    /// `[queue finishTransaction:t]` after the switch in the same loop body, or
    /// `if (shouldFinish) [queue finishTransaction:t];` there when the branch sets
    /// `shouldFinish = YES`.
    func finishedAfterSwitch(_ branch: Branch, in handler: Handler) -> Bool {
        let file = files[handler.file]
        guard let switchOpen = file.partner(of: branch.switchEnd), let scopeOpen = file.enclosingBrace(of: switchOpen),
              let scopeClose = file.partner(of: scopeOpen) else { return false }
        for send in file.sends where send.open > branch.switchEnd && send.open < scopeClose
            && (send.selector == "finishTransaction:" || finishingSelectors.contains(send.selector)) {
            guard let condition = Self.condition(guarding: send.open, in: scopeOpen, of: file) else { continue }
            if condition.isEmpty { return true }
            // A flag the branch sets: `finish = YES;`.
            let flags = condition.filter { file.isKind($0, .identifier) && !($0 > 0 && file.isOperator($0 - 1, "!")) }.map { file.text($0) }
            for k in branch.body where file.isOperator(k, "=") && k > branch.body.lowerBound {
                guard file.isKind(k - 1, .identifier), flags.contains(file.text(k - 1)), file.isKind(k + 1, .identifier) || file.isKind(k + 1, .integerLiteral) else { continue }
                if ["YES", "true", "TRUE", "1"].contains(file.text(k + 1)) { return true }
            }
        }
        return false
    }

    /// The condition under which the statement at `index` runs, read in the block opened at
    /// `scope`: empty when it runs unconditionally there, the tokens of `if (…)` when one `if`
    /// guards it, nil when it is nested deeper (or in an `else`).
    static func condition(guarding index: Int, in scope: Int, of file: ObjectiveCFile) -> Range<Int>? {
        guard let brace = file.enclosingBrace(of: index) else { return nil }
        func ifCondition(before k: Int) -> Range<Int>? {
            guard file.isKind(k, .rightParen), let open = file.partner(of: k), file.isIdentifier(open - 1, "if") else { return nil }
            return open + 1..<k
        }
        if brace == scope {
            // `if (flag) [queue finishTransaction:t];`
            var before = index - 1
            if file.isIdentifier(before, "return") { before -= 1 }
            if let condition = ifCondition(before: before) { return condition }
            if file.isKind(before, .semicolon) || file.isKind(before, .leftBrace) || file.isKind(before, .rightBrace) { return index..<index }
            return nil
        }
        guard file.enclosingBrace(of: brace) == scope, let condition = ifCondition(before: brace - 1) else { return nil }
        return condition
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
                if returns.contains("IBAction") || actionSelectors.contains(method.selector) || method.exportedToJavaScript
                    || Self.selectionSelectors.contains(method.selector) {
                    result.append(MethodRef(file: f, method: m))
                }
            }
        }
        return result
    }

    /// Delegate methods UIKit calls when the user taps a row or an item.
    static let selectionSelectors: Set<String> = ["tableView:didSelectRowAtIndexPath:", "collectionView:didSelectItemAtIndexPath:"]

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
        let actions = Set(actionMethods())
        let launchBodies = Self.swiftLaunchBodies(in: swiftFiles)
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
                if method.exportedToJavaScript {
                    views.append("\(method.className) \(method.selector) (called from JavaScript)")
                    continue
                }
                if Self.viewSelectors.contains(method.selector) || actions.contains(current) {
                    views.append(method.className)
                    continue
                }
                // Swift launch code that calls it.
                if let swift = Self.swiftLaunchCall(of: method, in: launchBodies) {
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
        let selectors = target.selector.hasPrefix("init") ? [target.selector, "alloc", "new", "allocWithZone:"] : [target.selector]
        let candidates = selectors.flatMap { sendsBySelector[$0] ?? [] }.sorted { ($0.file, $0.send) < ($1.file, $1.send) }
        for candidate in candidates {
            let f = candidate.file
            let send = files[f].sends[candidate.send]
            guard let m = send.method, MethodRef(file: f, method: m) != ref else { continue }
            let matches: Bool
            if target.selector.hasPrefix("init") {
                let receiver = files[f].text(of: send.receiver)
                let inClass = files[f].methods[m].className == target.className
                matches = send.selector == target.selector && (receiver.contains(target.className) || inClass && (receiver.contains("alloc") || receiver.contains("self")))
                    || (send.selector == "alloc" || send.selector == "new" || send.selector == "allocWithZone:") && (receiver.contains(target.className) || inClass && (receiver.contains("self") || receiver.contains("super")))
            } else {
                matches = send.selector == target.selector
            }
            if matches { result.append(MethodRef(file: f, method: m)) }
        }
        return result
    }

    /// The bodies of the Swift `application(_:didFinishLaunchingWithOptions:)` methods.
    static func swiftLaunchBodies(in swiftFiles: [SwiftFile]) -> [(file: SwiftFile, body: Range<Int>)] {
        var result: [(file: SwiftFile, body: Range<Int>)] = []
        for file in swiftFiles where file.mentions("didFinishLaunchingWithOptions") {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .function && declaration.name == "application" {
                let signature = declaration.keyword..<max(declaration.keyword, declaration.bodyStart)
                guard !file.occurrences(of: "didFinishLaunchingWithOptions", in: signature).isEmpty else { continue }
                result.append((file, file.bodyRange(of: index)))
            }
        }
        return result
    }

    /// `MKStoreKit.sharedKit()` (or `RMStore()` for an initialiser) written in a Swift
    /// `application(_:didFinishLaunchingWithOptions:)`.
    static func swiftLaunchCall(of method: ObjectiveCFile.Method, in launchBodies: [(file: SwiftFile, body: Range<Int>)]) -> String? {
        let name = method.selector.hasPrefix("init") ? method.className : method.baseName
        for (file, body) in launchBodies where file.mentions(name) {
            if let call = file.occurrences(of: name, in: body).first {
                return "application(_:didFinishLaunchingWithOptions:) in \(file.path):\(file.line(of: call))"
            }
        }
        return nil
    }
}
