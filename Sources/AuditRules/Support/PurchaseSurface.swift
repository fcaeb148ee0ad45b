import AuditCore

/// A place in a Swift file: the file and a code-token index.
struct CodeSite: Sendable {
    var file: SwiftFile
    var index: Int
    var location: SourceLocation { file.location(of: index) }
}

/// Where an app sells things: StoreKit views, purchase calls, and the view types that hold
/// them. Several rules need "the paywall" to point at and to decide whether they apply.
struct PurchaseSurface: Sendable {
    private static let purchase = IdentifierNames(["purchase"])

    /// StoreKit's `SubscriptionStoreView(…)`, `StoreView(…)`, `ProductView(…)` calls (not the
    /// app's own views of those names: see `StoreKitViews`).
    var storeViews: [(site: CodeSite, call: Call)] = []
    /// `product.purchase(…)`, `purchase(product)` through `@Environment(\.purchase)`,
    /// `purchase(confirmIn:)`, and legacy `SKPaymentQueue.default().add(payment)`.
    var purchaseCalls: [CodeSite] = []

    /// The project's purchase surface, built once and shared by the rules that need it.
    static func of(_ project: Project) -> PurchaseSurface {
        project.fact(PurchaseSurface.self) { PurchaseSurface(project) }
    }

    private init(_ project: Project) {
        var direct: [CodeSite] = []
        let shadowed = StoreKitViews.shadowedNames(in: project)
        for file in project.swiftFiles {
            for call in file.calls(named: StoreKitViews.identifiers) where StoreKitViews.isStoreKitView(call.name, in: file, shadowed: shadowed) {
                storeViews.append((CodeSite(file: file, index: call.name), call))
            }
            let usesPurchaseEnvironment = file.occurrences(of: "purchase").contains { i in file.isAfterDot(i) && file.tokenIs(i - 2, "\\") }
            for call in file.calls(named: Self.purchase) {
                let receiver = file.receiver(of: call.name)
                if receiver != nil {
                    // `product.purchase(options:)`, `selected?.purchase()`, `products[0].purchase()`;
                    // an app method `store.purchase(p)` is found below through its body.
                    if Self.isStoreKitPurchase(call, in: file) { direct.append(CodeSite(file: file, index: call.name)) }
                } else if usesPurchaseEnvironment {
                    direct.append(CodeSite(file: file, index: call.name))
                }
            }
        }
        // The original StoreKit: `SKPaymentQueue.default().add(payment)` (not an observer).
        for file in project.swiftFiles {
            for (call, addsObserver) in file.paymentQueueAdds() where !addsObserver {
                direct.append(CodeSite(file: file, index: call.name))
            }
        }
        // Purchases through an SDK (RevenueCat, Adapty, …).
        var viaSDK: [CodeSite] = []
        if PurchaseSDK.detect(in: project) != nil {
            for file in project.swiftFiles {
                for call in file.calls(named: PurchaseSDK.purchaseCallNames) where PurchaseSDK.isPurchase(call, in: file) {
                    viaSDK.append(CodeSite(file: file, index: call.name))
                }
            }
        }
        // App methods that start a purchase (`PurchaseManager.purchase(_:)`): calls to them
        // from views are purchase UI too.
        var known = Set((direct + viaSDK).map { "\($0.file.path)#\($0.index)" })
        // `byType`: follow a call only to the method of its receiver's type (TypeQueries), by
        // name only when the type is unknown. The first level stays by name: a view calling
        // `viewModel.purchase(product:)` is purchase UI whichever wrapper buys.
        func callers(of sites: [CodeSite], byType: Bool) -> (functions: [CodeSite], calls: [CodeSite]) {
            var functions: [CodeSite] = []
            var names = Set<String>()
            // Each wrapper's type: a call `x.purchase(p)` is a purchase only when `x` may be
            // of one of those types (TypeQueries), not any type with a method of that name.
            var owners: [String: [String?]] = [:]
            for site in sites {
                guard let function = site.file.enclosingFunction(of: site.index), site.file.declarations[function].kind == .function else { continue }
                functions.append(CodeSite(file: site.file, index: function))
                let name = site.file.declarations[function].name
                names.insert(name)
                owners[name, default: []].append(site.file.enclosingType(of: site.file.declarations[function].keyword).map { site.file.declarations[$0].name })
            }
            var calls: [CodeSite] = []
            guard !names.isEmpty else { return (functions, calls) }
            let wrapperNames = IdentifierNames(names)
            for file in project.swiftFiles {
                for call in file.calls(named: wrapperNames) {
                    let types = owners[file.text(call.name)] ?? []
                    if file.receiver(of: call.name) == nil {
                        // `await _purchaseWithValidation(product)` inside the type that declares it.
                        guard let inType = file.enclosingType(of: call.name).map({ file.declarations[$0].name }), types.contains(inType) else { continue }
                    } else if byType, !types.contains(where: { owner in owner.map { CallGraph.mayCall(call, in: file, methodOf: $0, project: project) } ?? true }) { continue }
                    if known.insert("\(file.path)#\(call.name)").inserted { calls.append(CodeSite(file: file, index: call.name)) }
                }
            }
            return (functions, calls)
        }
        let (wrapperFunctions, viaWrappers) = callers(of: direct + viaSDK, byType: false)
        // The methods that call those, two levels further (`subscribe(_:)` calling
        // `account.makePurchase(product:)` calling `store.purchase(product:id:)`): matched by
        // name, so not purchase UI by themselves, only when handed to a view below.
        var purchasing = wrapperFunctions
        var level = viaWrappers
        // Of those further calls, the ones a view's button makes (`Button("BUY") { Task { await
        // model.purchaseProWithValidation() } }` → `_purchaseWithValidation` → RevenueCat's
        // `purchase(product:)`): a user buying, so purchase UI.
        var fromButtons: [CodeSite] = []
        for _ in 0..<2 where !level.isEmpty {
            let next = callers(of: level, byType: true)
            purchasing += next.functions
            level = next.calls
            fromButtons += level.filter { site in
                Self.owningView(of: site.index, in: site.file) != nil && PurchaseScreen.isInButton(site.index, in: site.file)
            }
        }
        // A purchasing method handed to a view (`PlanList(buy: subscribe)`, the method of the
        // view that creates the list): the view's calls of that parameter (`buy(product)`) buy.
        var viaClosures: [CodeSite] = []
        var handed = Set<String>()
        for function in purchasing {
            let file = function.file
            let declaration = file.declarations[function.index]
            guard handed.insert("\(file.path)#\(function.index)").inserted,
                  let owner = file.declarationChain(of: declaration.keyword).first(where: { file.declarations[$0].kind.isType })
            else { continue }
            let ownerRange = file.fullRange(of: owner)
            for i in file.occurrences(of: declaration.name) where ownerRange.contains(i) && !file.tokenIs(i + 1, "(") {
                guard let (call, argument) = file.enclosingCallArguments(ofArgument: i), let label = argument.label,
                      argument.valueRange.allSatisfy({ $0 == i || file.tokenIs($0, "self") || file.tokenIs($0, ".") })
                else { continue }
                let typeName = file.text(call.name)
                guard typeName.first?.isUppercase == true else { continue }
                for place in project.declarations(named: typeName, { $0 == .struct || $0 == .class }) {
                    let viewFile = project.swiftFiles[place.file]
                    let range = viewFile.fullRange(of: place.declaration)
                    for parameterCall in viewFile.calls(named: label) where range.contains(parameterCall.name) {
                        let receiver = viewFile.receiver(of: parameterCall.name)
                        guard receiver == nil || viewFile.tokenIs(receiver!, "self") else { continue }
                        if known.insert("\(viewFile.path)#\(parameterCall.name)").inserted {
                            viaClosures.append(CodeSite(file: viewFile, index: parameterCall.name))
                        }
                    }
                }
            }
        }
        purchaseCalls = direct + viaWrappers + viaSDK + viaClosures + fromButtons
    }

    /// A `.purchase(…)` on a receiver, with StoreKit's labels or none: `purchase()`,
    /// `purchase(options:)`, `purchase(confirmIn:options:)`.
    private static func isStoreKitPurchase(_ call: Call, in file: SwiftFile) -> Bool {
        let labels = call.arguments.map(\.label)
        return labels.allSatisfy { $0 == "options" || $0 == "confirmIn" }
    }

    var sellsAnything: Bool { !storeViews.isEmpty || !purchaseCalls.isEmpty }

    /// The most useful place to point a project-level finding about purchase UI at: the name
    /// of the view type that most looks like the paywall (by name, then path order), else the
    /// first purchase call.
    func paywallSite() -> CodeSite? {
        let sites = (storeViews.map(\.site) + purchaseCalls).sorted { $0.location < $1.location }
        var best: (score: Int, site: CodeSite)?
        for site in sites {
            guard let type = Self.owningView(of: site.index, in: site.file) else { continue }
            let name = site.file.declarations[type].name.lowercased()
            let score = name.contains("paywall") ? 3
                : ["subscri", "upgrade", "premium", "purchase", "store", "pro"].contains(where: name.contains) ? 2 : 1
            if best == nil || score > best!.score {
                best = (score, CodeSite(file: site.file, index: nameIndex(of: type, in: site.file)))
            }
        }
        return best?.site ?? sites.first
    }

    /// The view a purchase site belongs to: its outermost type, or, for a private helper view
    /// (`private struct PlanButton: View`), the view in the same file that shows it.
    static func owningView(of index: Int, in file: SwiftFile) -> Int? {
        // The outermost type, but a view declared inside an extension is its own view
        // (`extension StoreScreen { struct PlanPicker: View }`).
        let chain = file.declarationChain(of: index).filter { file.declarations[$0].kind.isType }
        guard let type = chain.last(where: { file.declarations[$0].kind != .extension }) ?? chain.last,
              isViewType(file.declarations[type])
        else { return nil }
        let declaration = file.declarations[type]
        guard declaration.modifiers.contains("private") || declaration.modifiers.contains("fileprivate") else { return type }
        for (other, candidate) in file.declarations.enumerated() where other != type && candidate.kind.isType && candidate.parent == -1 && isViewType(candidate) {
            let range = file.fullRange(of: other)
            if file.occurrences(of: declaration.name).contains(where: { range.contains($0) }) {
                return other
            }
        }
        return type
    }

    /// A SwiftUI view, or a UIKit or AppKit view controller: a screen people see.
    static func isViewType(_ declaration: Declaration) -> Bool {
        declaration.inheritedTypes.contains("View") || declaration.name.hasSuffix("View") || declaration.name.hasSuffix("Screen")
            || isViewController(declaration)
    }

    /// `UIViewController`, `UITableViewController`, `NSViewController`, … and the app's
    /// subclasses named `…ViewController`.
    static func isViewController(_ declaration: Declaration) -> Bool {
        declaration.kind.isType && (declaration.name.hasSuffix("ViewController")
            || declaration.inheritedTypes.contains { $0.hasSuffix("ViewController") && ($0.hasPrefix("UI") || $0.hasPrefix("NS")) })
    }
}

/// The token naming a declaration (`MyApp` in `struct MyApp: App`), or its keyword.
func nameIndex(of declaration: Int, in file: SwiftFile) -> Int {
    let keyword = file.declarations[declaration].keyword
    let next = keyword + 1
    if file.isName(next),
       file.declarations[declaration].kind != .closure {
        return next
    }
    return keyword
}

/// "MyApp.init", "Store.listenForTransactions", "PaywallView": a readable name for the scope
/// around a token, for evidence lines.
func scopeDescription(of index: Int, in file: SwiftFile) -> String {
    let names = file.declarationChain(of: index).reversed().compactMap { d -> String? in
        let declaration = file.declarations[d]
        if declaration.kind == .closure { return nil }
        return declaration.name.isEmpty ? nil : declaration.name
    }
    return names.isEmpty ? "top level" : names.joined(separator: ".")
}

extension Project {
    /// Whether the app uses StoreKit's purchase machinery at all (so StoreKit items apply).
    var usesStoreKitPurchasing: Bool {
        fact(UsesStoreKitPurchasing.self) {
            if PurchaseSurface.of(self).sellsAnything { return true }
            if objectiveCFiles.contains(where: { $0.mentions("SKPaymentQueue") }) { return true }
            return swiftFiles.contains { file in
                file.occurrences(of: "products").contains { file.isMemberAccess($0, base: "Product", member: "products") }
                    || file.occurrences(of: "currentEntitlements").contains { file.isMemberAccess($0, base: "Transaction", member: "currentEntitlements") }
                    || file.occurrences(of: "updates").contains { file.isMemberAccess($0, base: "Transaction", member: "updates") }
                    || !file.occurrences(of: "SKPaymentQueue").isEmpty
            }
        }
    }
}

/// The name of the `usesStoreKitPurchasing` fact.
private enum UsesStoreKitPurchasing {}

extension Project {
}
