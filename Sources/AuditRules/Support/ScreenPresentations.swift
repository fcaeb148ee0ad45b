import AuditCore

/// Where and how the app shows a purchase screen: the answer to "from where is this paywall
/// reached?", which a reviewer needs to find it and a finding needs to say which screen it means.
struct ScreenPresentation: Sendable {
    enum Kind: String, Sendable {
        case sheet = "as a sheet"
        case fullScreenCover = "as a full-screen cover"
        case popover = "as a popover"
        case navigation = "by navigation"
        case windowRoot = "as the window's first view"
        case presentedController = "as a presented view controller"
        case pushedController = "as a pushed view controller"
        case embedded = "inside"
    }

    /// The code that creates the screen there (`PaywallView(…)`).
    var site: CodeSite
    var kind: Kind
    /// The type whose code shows it (`SettingsView`), or "" at file level.
    var from: String
    /// The views in between when the screen is part of another view that is shown
    /// (`ProductRow` inside `StoreView`, which is shown as a sheet): `["StoreView"]`.
    var via: [String] = []

    /// "as a sheet from SettingsView (Settings/SettingsView.swift:42)", or "inside StoreView,
    /// shown as a sheet from SettingsView (…)".
    var description: String {
        let location = site.location
        let place = "\(location.file):\(location.line)"
        let how = switch kind {
        case .embedded: "inside \(from.isEmpty ? "other code" : from) (\(place))"
        case .windowRoot: "\(kind.rawValue) (\(place))"
        default: "\(kind.rawValue) from \(from.isEmpty ? "other code" : from) (\(place))"
        }
        return via.isEmpty ? how : "inside \(via.joined(separator: " inside ")), shown \(how)"
    }

    private static let viewCalls: [String: Kind] = [
        "sheet": .sheet, "fullScreenCover": .fullScreenCover, "popover": .popover,
        "navigationDestination": .navigation, "NavigationLink": .navigation, "destination": .navigation, "details": .navigation, "detail": .navigation,
        "WindowGroup": .windowRoot, "Window": .windowRoot,
        "present": .presentedController, "presentViewController": .presentedController, "show": .presentedController,
        "pushViewController": .pushedController,
    ]
    private static let viewCallNames = Set(viewCalls.keys)
    private static let hostingNames: Set<String> = ["UIHostingController", "NSHostingController", "UINavigationController"]

    /// The places outside `type` (and outside previews) that create the view or view controller
    /// type named `name`, each with how it is shown. A creation kept in a local
    /// (`let paywall = PaywallViewController()`, `UIHostingController(rootView: Paywall())`) is
    /// followed to the `present` or `push` call in the same function.
    static func of(_ name: String, declaredAt type: Int, in file: SwiftFile, project: Project) -> [ScreenPresentation] {
        var result: [ScreenPresentation] = []
        let own = file.fullRange(of: type)
        for other in project.swiftFiles(mentioning: name) {
            for i in other.occurrences(of: name) where other.receiver(of: i) == nil && (other.tokenIs(i + 1, "(") || other.tokenIs(i + 1, "{") || other.tokenIs(i + 1, ".")) {
                guard other.path != file.path || !own.contains(i), !ViewCode.isInPreview(i, in: other) else { continue }
                // `Paywall.init(…)`, `Paywall(…)`; not `Paywall.Style` or a type annotation.
                if other.tokenIs(i + 1, "."), !(other.codeIndex(i, offsetBy: 2).map { other.isIdentifier($0, "init") } ?? false) { continue }
                guard other.enclosingDeclaration(of: i) != nil else { continue }
                let from = other.declarationChain(of: i).last { other.declarations[$0].kind.isType }.map { other.declarations[$0].name } ?? ""
                result.append(ScreenPresentation(site: CodeSite(file: other, index: i), kind: kind(of: i, in: other), from: from))
            }
        }
        return result.sorted { $0.site.location < $1.site.location }
    }

    private static func kind(of index: Int, in file: SwiftFile) -> Kind {
        if let call = ViewCode.presentingCall(of: index, in: file, calls: viewCallNames), let kind = viewCalls[file.text(call)] {
            return kind
        }
        // `let paywall = Paywall()` or `let host = UIHostingController(rootView: Paywall())`, then
        // `present(host, animated: true)` in the same function.
        var value = index
        if let call = ViewCode.presentingCall(of: index, in: file, calls: hostingNames) { value = call }
        let start = file.statementStart(of: value)
        if file.isIdentifier(start, "let") || file.isIdentifier(start, "var"), let nameIndex = file.nextCodeIndex(after: start), file.isKind(nameIndex, .identifier),
           let function = file.enclosingFunction(of: index) {
            let local = file.text(nameIndex)
            let body = file.bodyRange(of: function)
            guard nameIndex + 1 < body.upperBound else { return .embedded }
            for use in file.occurrences(of: local, in: (nameIndex + 1)..<body.upperBound) {
                if let call = ViewCode.presentingCall(of: use, in: file, calls: viewCallNames), let kind = viewCalls[file.text(call)] {
                    return kind
                }
            }
        }
        return .embedded
    }
}
