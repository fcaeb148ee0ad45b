import AuditCore

/// One purchase screen: a view type that sells, what it sells, how it buys and the code that
/// shows it. The rules about paywalls (policy links, renewal terms, price and period, the copy
/// rules) all judge these, so they agree on what a paywall is.
struct PurchaseScreen: Sendable {
    var file: SwiftFile
    /// The view type's declaration index in `file`.
    var type: Int
    var name: String
    /// The type's name token: where findings about the screen point.
    var site: CodeSite
    /// The screen's code: the type, its private helper views and the view types it creates.
    var code: [(SwiftFile, Range<Int>)]
    /// StoreKit's `SubscriptionStoreView` is on it: StoreKit shows price, period, renewal terms.
    var usesSubscriptionStoreView: Bool
    /// StoreKit's `ProductView` is on it: StoreKit shows the product's price (and a
    /// subscription's period), but no renewal terms, links or restore button.
    var usesProductView: Bool
    /// The products its StoreKit views name, traced to the configuration (`SoldProducts`).
    var sold: SoldProducts.Kinds
    /// It sells an auto-renewable subscription (by its StoreKit views, the products they name,
    /// or the words of its code).
    var sellsSubscriptions: Bool
    /// Its copy says what it sells does not renew ("one-off purchases, and will not auto-renew").
    var saysItDoesNotRenew: Bool = false
    /// Where the app presents this screen under a StoreKit view's name (`SubscriptionStoreView(controller:)`
    /// of the app's own `struct SubscriptionStoreView`): the line a reader takes for StoreKit's view.
    var presentedUnderStoreKitName: [CodeSite]
    /// Where the app shows it: a sheet, a navigation link, a presented view controller, or
    /// inside another view (followed to where that one is shown).
    var presentations: [ScreenPresentation] = []

    /// "It is shown as a sheet from SettingsView (Settings.swift:42)." for a finding's message,
    /// or "" when no code in the app shows it (a storyboard may).
    var reachedNote: String {
        let shown = presentations.filter { $0.kind != .embedded }
        let listed = (shown.isEmpty ? presentations : shown)
        guard !listed.isEmpty else { return "" }
        let first = listed.prefix(2).map(\.description).joined(separator: " and ")
        let more = listed.count > 2 ? " and \(listed.count - 2) more place\(listed.count == 3 ? "" : "s")" : ""
        return " It is shown \(first)\(more)."
    }

    /// The button of the screen's code that buys (`Button { Task { try await product.purchase() } }`,
    /// `Button(action: { viewModel.purchase(product: product) })`, a helper view's
    /// `Button { onPurchase() }`): where what belongs next to a purchase goes. Nil when no
    /// purchase call of the screen sits in a button.
    func purchaseControl(in project: Project) -> CodeSite? {
        let calls = PurchaseSurface.of(project).purchaseCalls.filter { site in
            code.contains { $0.0.path == site.file.path && $0.1.contains(site.index) }
        }
        var controls = calls.filter { Self.isInButton($0.index, in: $0.file) }
        if controls.isEmpty {
            controls = calls.compactMap { Self.buttonCallingClosure(around: $0, project: project) }
        }
        return controls.min { $0.location < $1.location }
    }

    /// A purchase in a closure handed to a view (`SubscriptionPurchaseView(…) { Task { await
    /// controller.purchase(option: plan) } }`, `PlanPicker(onBuy: { … })`): the button of that
    /// view that calls the closure (`Button { onPurchase() }`).
    static func buttonCallingClosure(around site: CodeSite, project: Project) -> CodeSite? {
        let file = site.file
        var position = site.index
        for _ in 0..<6 {
            guard let brace = file.enclosingBracket(of: position, where: { file.isKind($0, .leftBrace) }) else { return nil }
            position = brace
            var label: String?
            var before = brace - 1
            guard before >= 0 else { return nil }
            if file.isKind(before, .colon), before >= 1, file.isKind(before - 1, .identifier) {
                // `onBuy: { … }` inside `PlanPicker(…)`.
                label = file.text(before - 1)
                guard let (callee, _) = file.callee(ofArgument: brace) else { continue }
                before = callee
            } else if file.isKind(before, .rightParen), let partner = file.matchingBracket(of: before) {
                before = partner - 1
            }
            guard before >= 0, file.isKind(before, .identifier) else { continue }
            let typeName = file.text(before)
            guard typeName.first?.isUppercase == true, typeName != "Task", typeName != "Button" else { continue }
            for place in project.declarations(named: typeName, { $0 == .struct }) {
                let viewFile = project.swiftFiles[place.file]
                let range = viewFile.fullRange(of: place.declaration)
                // Its closure properties' calls in a button; the labelled one when named.
                let properties = Set(range.filter { i in
                    viewFile.isKind(i, .identifier) && i > 0 && (viewFile.tokenIs(i - 1, "let") || viewFile.tokenIs(i - 1, "var")) && viewFile.token(i, offsetBy: 1, is: .colon)
                }.map(viewFile.text))
                let names = label.map { properties.contains($0) ? [$0] : [] } ?? properties.sorted()
                for name in names {
                    for call in viewFile.calls(named: name) where range.contains(call.name) && viewFile.receiver(of: call.name) == nil && isInButton(call.name, in: viewFile) {
                        return CodeSite(file: viewFile, index: call.name)
                    }
                }
            }
        }
        return nil
    }

    /// Whether code token `index` is in a `Button`'s action: `Button { … }`,
    /// `Button("Buy") { … }`, `Button(action: { … })`.
    /// SwiftUI's `Button`, or an app's button component named like one (`AsyncButton`,
    /// `PurchaseButton`, `LoadingButton`).
    static func isInButton(_ index: Int, in file: SwiftFile) -> Bool {
        ViewCode.presentingCall(of: index, in: file) { name in
            name.hasSuffix("Button") && name.first?.isUppercase == true && name != "EditButton" && name != "PasteButton"
        } != nil
    }

    /// Words of a screen's name that say it sells: a store or paywall screen is where a row
    /// component's screen-level findings belong.
    private static let sellingWords = ["store", "shop", "paywall", "subscri", "premium", "upgrade", "purchase", "tip", "support", "plus", "pro"]

    /// Where a finding about the whole screen points. A view shown on its own: its name. A
    /// row or section shown only inside other views: the line of the screen a user sees
    /// (the outermost view around it that is presented) that shows it, preferring a screen
    /// named for selling (`StoreView` over `MyCarsView` for a product row both list).
    var screenSite: CodeSite {
        if presentations.isEmpty || presentations.contains(where: { $0.kind != .embedded && $0.via.isEmpty }) { return site }
        let outer = presentations.filter { $0.kind != .embedded }.compactMap(\.via.last)
        guard !outer.isEmpty else { return site }
        let chosen = outer.first { name in Self.sellingWords.contains { name.lowercased().contains($0) } } ?? outer[0]
        // The line in that screen that shows the part holding this one.
        return presentations.first { $0.kind == .embedded && $0.from == chosen }?.site ?? site
    }

    /// Whether the screen is a part shown once in each view that holds it (a form, a stage of
    /// a sign-up flow), not a row repeated for each product (`ForEach(products) { Row(…) }`,
    /// `List(products) { … }`): its own purchase button is where its links belong.
    var isPartShownOnce: Bool {
        let embedded = presentations.filter { $0.kind == .embedded && $0.via.isEmpty }
        return !embedded.isEmpty && !embedded.contains { Self.isRepeated($0.site) }
    }

    /// Whether `site` is inside the content closure of a `ForEach` or `List`.
    static func isRepeated(_ site: CodeSite) -> Bool {
        ViewCode.presentingCall(of: site.index, in: site.file, calls: ["ForEach", "List"]) != nil
    }

    /// The argument lists of the calls that create this view in other views
    /// (`ProductRow(option: TipOption(name: "Monthly Supporter", price: package.localizedPriceString))`):
    /// what a row component shows is often handed to it there. Previews left out.
    func creationArguments(in project: Project) -> [(SwiftFile, Range<Int>)] {
        var result: [(SwiftFile, Range<Int>)] = []
        let range = file.fullRange(of: type)
        for other in project.swiftFiles(mentioning: name) {
            for call in other.calls(named: name) where other.receiver(of: call.name) == nil && call.openParen >= 0 {
                guard other.path != file.path || !range.contains(call.name), !ViewCode.isInPreview(call.name, in: other) else { continue }
                result.append((other, (call.openParen + 1)..<max(call.openParen + 1, call.closeParen)))
            }
        }
        return result
    }

    /// The view types that show this one, up to five levels: a list or row component's
    /// screen around it, whose links and footers are on the same screen.
    func containers(in project: Project) -> [[(SwiftFile, Range<Int>)]] {
        ViewCode.containers(of: type, in: file, project: project)
    }
}

/// The app's purchase screens, found once from `PurchaseSurface`: every view type owning a
/// StoreKit store view, a purchase call, or a call of a purchasing closure handed to it.
struct PurchaseScreens: Sendable {
    var screens: [PurchaseScreen] = []

    static func of(_ project: Project) -> PurchaseScreens {
        project.fact(PurchaseScreens.self) { PurchaseScreens(project) }
    }

    /// Where the screen is shown; a view shown only inside others (a row, a section) is
    /// followed to where those are shown, up to three levels.
    private static func presentations(of name: String, declaredAt type: Int, in file: SwiftFile, project: Project) -> [ScreenPresentation] {
        var all = ScreenPresentation.of(name, declaredAt: type, in: file, project: project)
        var level = all
        var seen: Set<String> = [name]
        for _ in 0..<3 where !level.isEmpty && !level.contains(where: { $0.kind != .embedded }) {
            var next: [ScreenPresentation] = []
            for shown in level where shown.kind == .embedded && seen.insert(shown.from).inserted {
                let other = shown.site.file
                guard let container = other.declarationChain(of: shown.site.index).last(where: { other.declarations[$0].kind.isType }),
                      other.declarations[container].kind != .extension
                else { continue }
                next += ScreenPresentation.of(shown.from, declaredAt: container, in: other, project: project).map { outer in
                    var chained = outer
                    chained.via = shown.via + [shown.from]
                    return chained
                }
            }
            all += next
            level = next
        }
        return all
    }

    /// What a screen lists from the app's store type: `ForEach(store.products)` with `store` of
    /// a type that loads its products sells what that type loads. One product picked from the
    /// list (`store.products.first { $0.id == cookbook.productID }`) is not the list.
    private static func listedProducts(in code: [(SwiftFile, Range<Int>)], project: Project) -> SoldProducts.Kinds {
        var sold = SoldProducts.Kinds()
        let loaded = SoldProducts.loadedByType(in: project)
        guard !loaded.isEmpty else { return sold }
        for (file, range) in code {
            for i in file.occurrences(of: "products", in: range) {
                if let next = file.nextCodeIndex(after: i), file.isKind(next, .dot) || file.isKind(next, .leftBracket) { continue }
                guard let receiver = file.receiver(of: i), let type = file.typeName(ofReceiver: receiver), let kinds = loaded[type] else { continue }
                for id in kinds.ids where !sold.ids.contains(id) {
                    sold.ids.append(id)
                    if let type = SoldProducts.configured(in: project)[id] { sold.types.append(type) }
                }
            }
        }
        return sold
    }

    private init(_ project: Project) {
        let surface = PurchaseSurface.of(project)
        let shadowed = StoreKitViews.shadowedNames(in: project)
        var seen = Set<String>()
        let sites = (surface.storeViews.map(\.site) + surface.purchaseCalls).sorted { $0.location < $1.location }
        for site in sites {
            let file = site.file
            guard let type = PurchaseSurface.owningView(of: site.index, in: file),
                  seen.insert("\(file.path)#\(type)").inserted
            else { continue }
            let range = file.fullRange(of: type)
            let code = [(file, range)] + ViewCode.helperViews(of: type, in: file, project: project)
            let storeViews = surface.storeViews.filter { view in code.contains { $0.0.path == view.site.file.path && $0.1.contains(view.site.index) } }
            let usesSubscriptionStoreView = storeViews.contains { $0.site.file.tokenIs($0.site.index, "SubscriptionStoreView") }
            let productViews = storeViews.filter { $0.site.file.tokenIs($0.site.index, "ProductView") }
            var sold = SoldProducts.Kinds()
            for (view, call) in storeViews {
                guard let ids = call.arguments.first(where: { $0.label == "id" || $0.label == "ids" }) else { continue }
                let kinds = SoldProducts.kinds(of: ids.valueRange, in: view.file, project: project)
                sold.ids += kinds.ids
                sold.types += kinds.types
            }
            if sold.isEmpty {
                sold = Self.listedProducts(in: code, project: project)
            }
            let words = code.flatMap { ViewCode.words(in: $0.1, of: $0.0) }
            // What it sells decides when it is known (the configuration's types, or the ids'
            // names without one); the screen's words only when it is not, and never against
            // copy that says the purchase does not renew.
            let soldByIDs = project.storeKitConfigurations.isEmpty ? sold.ids.contains(where: SoldProducts.namesSubscription) : sold.includesAutoRenewable
            let saysItDoesNotRenew = code.contains { ViewCode.saysItDoesNotRenew(in: $0.1, of: $0.0, project: project) }
            let sellsSubscriptions = usesSubscriptionStoreView || sold.includesAutoRenewable
                || !sold.isEmpty && soldByIDs
                || sold.isEmpty && project.mayHaveSubscriptions && !saysItDoesNotRenew && !SoldProducts.requestsNoAutoRenewable(in: project) && (
                code.contains { ViewCode.mentionsSubscription(in: $0.1, of: $0.0) }
                    || words.contains { ASCIISearch.contains($0, "subscriptionperiod") || $0 == "autorenewable" })
            let name = file.declarations[type].name
            var presented: [CodeSite] = []
            if shadowed.contains(name) {
                for other in project.swiftFiles(mentioning: name) {
                    for i in other.occurrences(of: name) where other.receiver(of: i) == nil && other.tokenIs(i + 1, "(") {
                        guard other.path != file.path || !range.contains(i) else { continue }
                        if !ViewCode.isInPreview(i, in: other) { presented.append(CodeSite(file: other, index: i)) }
                    }
                }
            }
            screens.append(PurchaseScreen(
                file: file, type: type, name: name, site: CodeSite(file: file, index: nameIndex(of: type, in: file)), code: code,
                usesSubscriptionStoreView: usesSubscriptionStoreView, usesProductView: !productViews.isEmpty, sold: sold,
                sellsSubscriptions: sellsSubscriptions, saysItDoesNotRenew: saysItDoesNotRenew, presentedUnderStoreKitName: presented,
                presentations: Self.presentations(of: name, declaredAt: type, in: file, project: project)
            ))
        }
    }
}
