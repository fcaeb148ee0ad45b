import AuditCore

/// What a store sells: the product ids an expression names (`StoreView(ids: productIDs)`,
/// `ProductView(id: Donation.Product.continuous.id)`, `Product.products(for: TipJar.allCases.map(\.rawValue))`),
/// traced through the constants, properties and types the code names to the literals that hold
/// them, and the kind of each product: from the StoreKit configuration, else from its id.
enum SoldProducts {
    /// What is known of the products an expression names.
    struct Kinds: Sendable, Equatable {
        var ids: [String] = []
        var types: [StoreKitProductType] = []

        var isEmpty: Bool { ids.isEmpty }
        /// Every product named is a consumable (and at least one is named).
        var onlyConsumables: Bool { !types.isEmpty && types.count == ids.count && types.allSatisfy { $0 == .consumable } }
        var includesAutoRenewable: Bool { types.contains(.autoRenewableSubscription) }
    }

    /// Product ids and their types in the project's StoreKit configurations.
    static func configured(in project: Project) -> [String: StoreKitProductType] {
        project.fact(ConfiguredProductTypes.self) {
            var types: [String: StoreKitProductType] = [:]
            for configuration in project.storeKitConfigurations {
                for product in configuration.allProducts {
                    if let id = product.productID { types[id] = product.type }
                }
            }
            return types
        }
    }

    /// The products named by the expression `range` of `file`.
    static func kinds(of range: Range<Int>, in file: SwiftFile, project: Project) -> Kinds {
        let configured = configured(in: project)
        var visited = Set<String>()
        let ids = trace(range, in: file, project: project, configured: configured, depth: 0, visited: &visited)
        var kinds = Kinds()
        for id in ids where !kinds.ids.contains(id) {
            kinds.ids.append(id)
            if let type = configured[id] {
                kinds.types.append(type)
            } else if configured.isEmpty, namesTip(id) {
                // With no configuration, a tip jar's products are tips: consumables by nature.
                kinds.types.append(.consumable)
            }
        }
        return kinds
    }

    /// The products each app type loads with `Product.products(for: ids)`, by the type's name:
    /// what a screen showing `store.products` (with `store` of that type) sells.
    static func loadedByType(in project: Project) -> [String: Kinds] {
        project.fact(LoadedByType.self) {
            var result: [String: Kinds] = [:]
            for file in project.swiftFiles(mentioning: "Product") {
                for call in file.calls(named: "products") {
                    guard let receiver = file.receiver(of: call.name), file.isIdentifier(receiver, "Product"),
                          let argument = call.arguments.first(where: { $0.label == "for" }),
                          let type = file.enclosingType(of: call.name)
                    else { continue }
                    let kinds = kinds(of: argument.valueRange, in: file, project: project)
                    result[file.declarations[type].name, default: Kinds()].ids += kinds.ids
                    result[file.declarations[type].name, default: Kinds()].types += kinds.types
                }
            }
            return LoadedByType(kinds: result)
        }.kinds
    }

    private struct LoadedByType: Sendable {
        var kinds: [String: Kinds]
    }

    /// Whether a product id reads as a renewing subscription's (`pro_monthly`, `com.app.yearly`,
    /// `premium.subscription.annual`; not `subscription.30days`, which may be non-renewing time):
    /// used only where no configuration says the type.
    static func namesSubscription(_ id: String) -> Bool {
        let lower = id.lowercased()
        return ["monthly", "yearly", "annual", "weekly", "quarterly", "1month", "1year", "1week"].contains { ASCIISearch.contains(lower, $0) }
    }

    /// Whether everything the app loads or shows to sell is a consumable: every configured
    /// product, or, with no configuration, every product the code asks StoreKit for.
    static func onlyConsumables(in project: Project) -> Bool {
        project.fact(OnlyConsumables.self) {
            let configured = configured(in: project)
            if !configured.isEmpty { return configured.values.allSatisfy { $0 == .consumable } }
            var all = Kinds()
            for literal in ProductIDLiterals.find(in: project) where literal.role == .storeKitArgument || literal.role == .constant {
                all.ids.append(literal.text)
                if namesTip(literal.text) { all.types.append(.consumable) }
            }
            let requests = requests(in: project)
            if requests.someUnread { return false }
            for kinds in requests.each {
                all.ids += kinds.ids
                all.types += kinds.types
            }
            return all.onlyConsumables
        }
    }

    /// What each of the app's product requests asks for: StoreKit 2's `Product.products(for:)`
    /// and the original `SKProductsRequest(productIdentifiers:)`, in project order.
    private struct Requests: Sendable {
        var each: [Kinds] = []
        /// Some request's ids could not be read.
        var someUnread = false
    }

    private static func requests(in project: Project) -> Requests {
        project.fact(Requests.self) {
            var result = Requests()
            for file in project.swiftFiles(mentioning: "products") + project.swiftFiles(mentioning: "SKProductsRequest") {
                let calls = file.calls(named: "products").filter { file.receiver(of: $0.name).map({ file.isIdentifier($0, "Product") }) == true }
                    + file.calls(named: "SKProductsRequest").filter { file.receiver(of: $0.name) == nil }
                for call in calls {
                    guard let argument = call.arguments.first(where: { $0.label == "for" || $0.label == "productIdentifiers" }) else { continue }
                    let kinds = kinds(of: argument.valueRange, in: file, project: project)
                    if kinds.isEmpty { result.someUnread = true } else { result.each.append(kinds) }
                }
            }
            return result
        }
    }

    /// Every product the app asks StoreKit for, once each, with the configuration's types; nil
    /// when it asks for none, or when one request's ids cannot be read.
    static func requested(in project: Project) -> Kinds? {
        let requests = requests(in: project)
        guard !requests.someUnread, !requests.each.isEmpty else { return nil }
        var all = Kinds()
        for kinds in requests.each {
            for (offset, id) in kinds.ids.enumerated() where !all.ids.contains(id) {
                all.ids.append(id)
                if kinds.types.count == kinds.ids.count { all.types.append(kinds.types[offset]) }
            }
        }
        return all
    }

    /// Whether the configuration gives a type to every product the app asks StoreKit for, and
    /// none is an auto-renewable subscription (IVPN's time plans are non-renewing
    /// subscriptions): no screen of the app sells a subscription that renews. The
    /// configuration's auto-renewable products must not be named anywhere in the code
    /// either: a request read only in part never hides one that is sold.
    static func requestsNoAutoRenewable(in project: Project) -> Bool {
        project.fact(NoAutoRenewable.self) {
            let configured = configured(in: project)
            guard !configured.isEmpty, let requested = requested(in: project),
                  requested.types.count == requested.ids.count, !requested.includesAutoRenewable
            else { return false }
            return !ProductIDLiterals.find(in: project).contains { configured[$0.text] == .autoRenewableSubscription }
        }
    }

    private enum NoAutoRenewable {}

    /// Why no screen is asked for renewal terms when the configuration says nothing the app
    /// asks for renews (`requestsNoAutoRenewable`); nil otherwise.
    static func noAutoRenewableNote(in project: Project) -> String? {
        guard requestsNoAutoRenewable(in: project), let requested = requested(in: project) else { return nil }
        let files = project.storeKitConfigurations.map(\.file).sorted().joined(separator: ", ")
        let count = requested.ids.count
        return "None of the \(count) product\(count == 1 ? "" : "s") the app asks StoreKit for is an auto-renewable subscription in \(files) (\(ConfigurationWording.counts(of: requested.types))): nothing it sells renews."
    }

    /// `ExtraFineTip`, `tip.small`, `coffee_tip`: an id that names a tip.
    static func namesTip(_ id: String) -> Bool {
        let parts = id.split { $0 == "." || $0 == "_" || $0 == "-" }
        return parts.contains { part in
            let lower = part.lowercased()
            if lower == "tip" || lower.hasPrefix("tip") && lower.dropFirst(3).allSatisfy(\.isNumber) { return true }
            // `ExtraFineTip`, `smallTip`: a camel-case word at the end.
            return part.hasSuffix("Tip") || lower.hasPrefix("tip") && part.dropFirst(3).first?.isUppercase == true
        }
    }

    /// Names that say nothing about which products (`id`, `map`, `rawValue`): not followed.
    private static let ignored: Set<String> = [
        "id", "ids", "map", "compactMap", "flatMap", "filter", "lazy", "sorted", "rawValue", "allCases", "self", "Set",
        "Array", "String", "Product", "ID", "first", "last", "values", "keys", "description",
    ]

    private static func trace(
        _ range: Range<Int>, in file: SwiftFile, project: Project, configured: [String: StoreKitProductType], depth: Int, visited: inout Set<String>
    ) -> [String] {
        let direct = literals(in: range, of: file, configured: configured)
        if !direct.isEmpty || depth >= 4 { return direct }
        // Each member chain of the expression (`[themes, credits]` has two, `Donation.Product.continuous.id`
        // one), most specific name first: `continuous`, not every id of `Donation`.
        var chains: [[Int]] = []
        for i in range where file.isKind(i, .identifier) {
            if let last = chains.last?.last, i == last + 2, file.isAfterDot(i) {
                chains[chains.count - 1].append(i)
            } else {
                chains.append([i])
            }
        }
        var result: [String] = []
        for chain in chains {
            result += resolve(chain, in: file, project: project, configured: configured, depth: depth, visited: &visited)
        }
        return result
    }

    /// The ids the most specific name of a member chain holds.
    private static func resolve(
        _ chain: [Int], in file: SwiftFile, project: Project, configured: [String: StoreKitProductType], depth: Int, visited: inout Set<String>
    ) -> [String] {
        for i in chain.reversed() {
            var name = file.identifierText(i)
            // `Self.allCases`, or a bare `allCases` inside the type: the enclosing type.
            if name == "Self" || name == "allCases" && file.receiver(of: i) == nil, let type = file.enclosingType(of: i) {
                name = file.declarations[type].name
            }
            guard !ignored.contains(name), name.count > 2, visited.insert(name).inserted else { continue }
            var found: [String] = []
            var declared = false
            for other in project.swiftFiles(mentioning: name) {
                for j in other.occurrences(of: name) where j >= 1 {
                    guard other.tokenIs(j - 1, "case") || other.tokenIs(j - 1, "let") || other.tokenIs(j - 1, "var") else { continue }
                    declared = true
                    // `case continuous = "…"`, `static let premium = "…"`.
                    if other.tokenIs(j + 1, "="), other.token(j, offsetBy: 2, is: .stringStart) {
                        found += literals(in: (j + 2)..<(other.stringLiteral(at: j + 2).end + 1), of: other, configured: configured)
                        continue
                    }
                    // A computed property: what it is made of.
                    if let declaration = other.declarations.indices.first(where: { other.declarations[$0].keyword == j - 1 }) {
                        found += trace(other.fullRange(of: declaration), in: other, project: project, configured: configured, depth: depth + 1, visited: &visited)
                        continue
                    }
                    // An initialised property (`static let extras: [String] = [themes, credits]`):
                    // its value, to the end of the line; else its type (`var allFood: [BirdFood]`).
                    var k = j + 1
                    let limit = min(other.code.count, j + 10)
                    var types: [Int] = []
                    while k < limit, !other.tokenIs(k, "="), !other.tokenIs(k, "{"), k == j + 1 || !other.startsLine[k] {
                        if other.isKind(k, .identifier), other.text(k).first?.isUppercase == true { types.append(k) }
                        k += 1
                    }
                    if k < limit, other.tokenIs(k, "=") {
                        var end = k + 1
                        if other.isKind(k + 1, .leftBracket), let close = other.matchingBracket(of: k + 1) {
                            // An array written over several lines: all of it.
                            end = close + 1
                        } else {
                            while end < min(other.code.count, k + 200), end == k + 1 || !other.startsLine[end] { end += 1 }
                        }
                        found += trace((k + 1)..<end, in: other, project: project, configured: configured, depth: depth + 1, visited: &visited)
                    } else {
                        for type in types {
                            found += trace(type..<(type + 1), in: other, project: project, configured: configured, depth: depth + 1, visited: &visited)
                        }
                    }
                }
                // A type: the ids its declarations and extensions hold.
                if name.first?.isUppercase == true {
                    for d in other.declarationIndices(named: name) where other.declarations[d].kind.isType {
                        found += literals(in: other.fullRange(of: d), of: other, configured: configured)
                    }
                }
            }
            // `ProductID.extras` names the ids `extras` holds, not every id of `ProductID`.
            if declared, let receiver = file.receiver(of: i), file.isKind(receiver, .identifier) {
                visited.insert(file.identifierText(receiver))
            }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// String literals in `range` that are product ids: configured ids, or, with no
    /// configuration, literals shaped like one.
    private static func literals(in range: Range<Int>, of file: SwiftFile, configured: [String: StoreKitProductType]) -> [String] {
        var result: [String] = []
        for i in file.stringStarts.lazy.map({ Int($0) }) where range.contains(i) {
            let literal = file.stringLiteral(at: i)
            guard !literal.hasInterpolation else { continue }
            if configured.isEmpty ? ProductIDLiterals.looksLikeProductID(literal.text) : configured[literal.text] != nil {
                result.append(literal.text)
            }
        }
        return result
    }
}

/// The names of the facts above.
private enum ConfiguredProductTypes {}
private enum OnlyConsumables {}
