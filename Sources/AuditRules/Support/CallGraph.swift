import AuditCore

/// Which app functions call which. A call is followed to the functions of its name whose type
/// the call's receiver may be (`store.deliver(…)` with `let store: Store` reaches
/// `Store.deliver`, not `Analytics.deliver`; a call without a receiver reaches its own type's
/// method); where the receiver's type is not written in the source, to every function of that
/// name. Built lazily for one rule's search: only the functions around the sites it starts from
/// are read.
final class CallGraph {
    struct Function: Hashable, Comparable {
        var file: Int
        var declaration: Int
        static func < (a: Function, b: Function) -> Bool { (a.file, a.declaration) < (b.file, b.declaration) }
    }

    private let project: Project
    /// The function-like declarations with each name, in project order: found when first
    /// asked, in the files that mention the name, for names something declares.
    private var byName: [String: [Function]] = [:]
    /// What each function calls, and who calls each name: found when first asked, since a
    /// search only visits the few functions around a delivery (reading every call of a
    /// large project up front was most of the rule's time).
    private var callsCache: [Function: Set<String>] = [:]
    private var callersCache: [String: [Function]] = [:]

    init(_ project: Project) {
        self.project = project
    }

    /// The declared name of a function-like declaration; nil for others.
    private func name(of function: Function) -> String? {
        let declaration = project.swiftFiles[function.file].declarations[function.declaration]
        guard Self.isFunctionLike(declaration.kind), !declaration.name.isEmpty else { return nil }
        return declaration.name
    }

    private func functions(named name: String) -> [Function] {
        if let known = byName[name] { return known }
        let found = name == "init" || project.mayDeclareFunctionOrVariable(named: name)
            ? project.declarations(named: name, Self.isFunctionLike).map { Function(file: $0.file, declaration: $0.declaration) }
            : []
        byName[name] = found
        return found
    }

    private static func isFunctionLike(_ kind: Declaration.Kind) -> Bool {
        switch kind {
        case .function, .initializer, .variable: true
        default: false
        }
    }

    /// The type that declares `function`, if any.
    private func owner(of function: Function) -> String? {
        let file = project.swiftFiles[function.file]
        return file.enclosingType(of: file.declarations[function.declaration].keyword).map { file.declarations[$0].name }
    }

    /// Whether some call of `name` in `caller`'s body may reach `callee`, by the receiver's type.
    private func mayCall(_ callee: Function, from caller: Function, named name: String) -> Bool {
        guard let owner = owner(of: callee) else { return true }
        let file = project.swiftFiles[caller.file]
        for k in file.occurrences(of: name, in: file.bodyRange(of: caller.declaration)) {
            guard let call = file.call(at: k) else { continue }
            if Self.mayCall(call, in: file, methodOf: owner, project: project) { return true }
        }
        return false
    }

    /// Whether some call of `name` in `function` has a receiver whose type the source says:
    /// then the name's functions are chosen per call, and the name is followed again from
    /// other callers.
    private func hasTypedCalls(named name: String, in function: Function) -> Bool {
        let file = project.swiftFiles[function.file]
        return file.occurrences(of: name, in: file.bodyRange(of: function.declaration)).contains { k in
            guard let receiver = file.receiver(of: k) else { return true }
            return file.typeName(ofReceiver: receiver) != nil
        }
    }

    /// Whether `call` may call the method of that name of type `owner`: its receiver's type is
    /// `owner` (or a protocol or superclass `owner` adopts), or unknown; a call without a
    /// receiver, from inside `owner`.
    static func mayCall(_ call: Call, in file: SwiftFile, methodOf owner: String, project: Project) -> Bool {
        guard let receiver = file.receiver(of: call.name) else {
            guard let type = file.enclosingType(of: call.name) else { return false }
            let name = file.declarations[type].name
            return name == owner || adoptedTypes(of: name, in: project).contains(owner)
        }
        guard let type = file.typeName(ofReceiver: receiver) else { return true }
        if type == owner || adoptedTypes(of: owner, in: project).contains(type) { return true }
        // A type of the app's own that is not `owner`, or a framework type: another method.
        return false
    }

    /// What a type of the app adopts or inherits, over all its declarations and extensions.
    static func adoptedTypes(of name: String, in project: Project) -> Set<String> {
        var result = Set<String>()
        for file in project.swiftFiles(mentioning: name) {
            for declaration in file.declarations where declaration.kind.isType && declaration.name == name {
                result.formUnion(declaration.inheritedTypes)
            }
        }
        return result
    }

    /// The names called anywhere in the function's body (nested bodies included).
    private func calls(_ function: Function) -> Set<String> {
        if let known = callsCache[function] { return known }
        let file = project.swiftFiles[function.file]
        var called = Set<String>()
        // Only functions, initializers and properties call (a delivery in a closure or a
        // type body has no callees of its own).
        guard Self.isFunctionLike(file.declarations[function.declaration].kind) else { return called }
        for k in file.bodyRange(of: function.declaration) where file.isKind(k, .identifier) && file.isCall(at: k) {
            called.insert(file.text(k))
        }
        callsCache[function] = called
        return called
    }

    /// The functions with a call of `name` in their body, from the identifier index.
    private func callers(named name: String) -> [Function] {
        if let known = callersCache[name] { return known }
        var found = Set<Function>()
        for fileIndex in project.swiftFileIndices(mentioning: name) {
            let file = project.swiftFiles[fileIndex]
            for k in file.occurrences(of: name) where file.isCall(at: k) {
                for declaration in file.declarationChain(of: k)
                where Self.isFunctionLike(file.declarations[declaration].kind) && file.bodyRange(of: declaration).contains(k) {
                    found.insert(Function(file: fileIndex, declaration: declaration))
                }
            }
        }
        let callers = found.sorted()
        callersCache[name] = callers
        return callers
    }

    /// Functions `function` calls, directly or through up to `depth` levels.
    func callees(of function: Function, depth: Int) -> Set<Function> {
        callees(of: [function], depth: depth)
    }

    /// Functions any of `functions` calls, directly or through up to `depth` levels.
    func callees(of functions: Set<Function>, depth: Int) -> Set<Function> {
        var result = Set<Function>()
        var frontier = functions
        // A name already followed added all the functions it names: following it again
        // (from another caller, or a level deeper) adds none. In a large app many
        // functions share a name (`update`, `handle`), and each would otherwise bring them
        // all back.
        var followed = Set<String>()
        for _ in 0..<depth {
            var next = Set<Function>()
            for current in frontier {
                for name in calls(current) where !followed.contains(name) {
                    for callee in self.functions(named: name) where !result.contains(callee) && mayCall(callee, from: current, named: name) {
                        result.insert(callee)
                        next.insert(callee)
                    }
                    // A name followed from an untyped call brought all its functions:
                    // following it again adds none.
                    if !hasTypedCalls(named: name, in: current) { followed.insert(name) }
                }
            }
            frontier = next
        }
        return result
    }

    /// Functions that call `function` by name, directly or through up to `depth` levels.
    func callers(of function: Function, depth: Int) -> Set<Function> {
        var result = Set<Function>()
        var frontier: Set<Function> = [function]
        // As in `callees(of:depth:)`: a name's callers are added once.
        var followed = Set<String>()
        for _ in 0..<depth {
            var next = Set<Function>()
            for current in frontier {
                guard let name = self.name(of: current) else { continue }
                // A name's callers are added once per type that declares it.
                guard followed.insert("\(name)#\(owner(of: current) ?? "")").inserted else { continue }
                for caller in callers(named: name) where !result.contains(caller) && mayCall(current, from: caller, named: name) {
                    result.insert(caller)
                    next.insert(caller)
                }
            }
            frontier = next
        }
        return result
    }
}
