import AuditCore

/// Product identifiers written as string literals in app code, with the role each plays.
/// Shared by the product-id rules so they agree on what a product id is.
struct ProductIDLiteral: Sendable {
    enum Role: Sendable {
        /// Passed to `Product.products(for:)`, `ProductView(id:)`, `StoreView(ids:)`, `currentEntitlementTask(for:)` …
        case storeKitArgument
        /// A constant: `static let premium = "…"`, a top-level `let`, an enum raw value.
        case constant
        /// Compared with a transaction's or product's id: `t.productID == "…"`, `case "…":`.
        case comparison
        /// Anywhere else, recognised because a StoreKit configuration declares the id.
        case other
    }

    var file: SwiftFile
    /// The literal's `stringStart` token.
    var index: Int
    var text: String
    var role: Role
    /// For `.storeKitArgument`: the call's name token, to report one finding per call.
    var call: Int?

    var location: SourceLocation { file.location(of: index) }
}

enum ProductIDLiterals {
    /// Calls and labels whose string arguments are product ids.
    static let storeKitCalls: [String: Set<String?>] = [
        "products": ["for"], "ProductView": ["id"], "StoreView": ["ids"], "SubscriptionStoreView": ["productIDs"],
        "currentEntitlementTask": ["for"], "latest": ["for"], "currentEntitlement": ["for"], "currentEntitlements": ["for"],
        "subscriptionStatusTask": [], "productsTask": [],
    ]

    /// `com.app.pro`, `pro_monthly_2024`, `gems.100`: reverse-DNS-like or snake-case tokens.
    /// Not a prefix ids are built from (`"gr.polar.notes." + "sharing"`): it ends in a separator.
    static func looksLikeProductID(_ text: String) -> Bool {
        if let last = text.utf8.last, last == 0x2E || last == 0x5F || last == 0x2D { return false }
        // ASCII text (nearly every literal) is decided on its bytes: the same answer as the
        // Character test below, which asks Unicode for every letter.
        var text = text
        let ascii: Bool? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard !bytes.isEmpty, bytes.count <= 200 else { return false }
            var separator = false
            for byte in bytes {
                switch byte {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D: break
                case 0x2E, 0x5F: separator = true
                default: return false
                }
            }
            return separator
        }
        if let ascii { return ascii }
        guard !text.isEmpty, text.count <= 200, !ASCIISearch.contains(text, " "), !ASCIISearch.contains(text, "/"),
              !ASCIISearch.contains(text, ":"), !text.unicodeScalars.contains("\u{FFFC}"), !ASCIISearch.contains(text, "\\")
        else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
            && (ASCIISearch.contains(text, ".") || ASCIISearch.contains(text, "_"))
    }

    /// The product id literals of the project, found once and shared by the product-id rules.
    static func find(in project: Project) -> [ProductIDLiteral] {
        project.fact(ProductIDLiteral.self) { collect(in: project) }
    }

    private static func collect(in project: Project) -> [ProductIDLiteral] {
        let declaredIDs = declared(in: project)
        let handed = handedMembers(in: project)
        // Each file on its own, on the project's workers, a large file's literals in slices (each
        // with gates of its own).
        return project.mapSwiftFiles { file in
            slicedMap(file.stringStarts, jobs: project.jobs) { starts in literals(at: starts, in: file, declaredIDs: declaredIDs, handed: handed) }
        }.flatMap { $0 }
    }

    /// The members of the app's types that StoreKit calls are handed, by type name:
    /// `Product.products(for: [StoreIDs.premium, StoreIDs.fonts])` hands `premium` and `fonts`
    /// of `StoreIDs`, `Product.products(for: Shop.all)` hands `all`. Their values are product ids
    /// whatever the type is named (`productConstantTypes` knows the names that say so). Read
    /// from the tokens and brackets: no file's declarations are built for it.
    private static func handedMembers(in project: Project) -> [String: Set<String>] {
        var handed: [String: Set<String>] = [:]
        for (name, _) in storeKitCalls {
            for file in project.swiftFiles(mentioning: name) {
                for k in file.occurrences(of: name) where file.token(k, offsetBy: 1, is: .leftParen) {
                    guard let close = file.matchingBracket(of: k + 1), close > k + 1 else { continue }
                    for t in (k + 2)..<close where file.isKind(t, .identifier) && file.startsWithCapital(t) && !file.isAfterDot(t) {
                        guard file.token(t, offsetBy: 1, is: .dot), let member = file.codeIndex(t, offsetBy: 2), file.isKind(member, .identifier) else { continue }
                        handed[file.text(t), default: []].insert(file.text(member))
                    }
                }
            }
        }
        return handed
    }

    /// Whether the literal at `index`, a constant's value in a type, is one of the values
    /// `handed` says a StoreKit call receives: the constant itself (`static let premium = "…"`),
    /// an element of a handed array (`static let all = ["…", "…"]`), a constant a handed array
    /// names (`static let all = [premium, fonts]`), or an enum case when `allCases` is handed.
    private static func isHanded(_ index: Int, in file: SwiftFile, handed: [String: Set<String>]) -> Bool {
        // The constant's name: before the `=` that the literal, or the array holding it, follows.
        var i = index
        while let open = file.enclosingBracket(of: i), file.isKind(open, .leftBracket) { i = open }
        guard i >= 2, file.tokenIs(i - 1, "="), file.isKind(i - 2, .identifier),
              let type = file.enclosingType(of: index), let members = handed[file.declarations[type].name] else { return false }
        let name = file.text(i - 2)
        if members.contains(name) { return true }
        if i >= 3, file.isIdentifier(i - 3, "case"), members.contains("allCases") { return true }
        // A handed array of the type that names this constant.
        let body = file.bodyRange(of: type)
        for member in members {
            for k in file.occurrences(of: member, in: body) where k > 0 && (file.isIdentifier(k - 1, "let") || file.isIdentifier(k - 1, "var")) {
                guard let start = (k + 1..<min(k + 12, body.upperBound)).first(where: { file.tokenIs($0, "=") }),
                      let open = file.nextCodeIndex(after: start), file.isKind(open, .leftBracket), let close = file.matchingBracket(of: open) else { continue }
                if file.occurrences(of: name, in: open..<close).contains(where: { file.receiver(of: $0) == nil }) { return true }
            }
        }
        return false
    }

    private static func literals(at starts: ArraySlice<Int32>, in file: SwiftFile, declaredIDs: Set<String>, handed: [String: Set<String>]) -> [ProductIDLiteral] {
        var result: [ProductIDLiteral] = []
        var gates: FileGates?
        // Only a file that declares a handed type can hold its constants: asked of the tokens once.
        let mayHoldHanded = handed.keys.contains { file.mentions($0) }
        for i in starts.lazy.map({ Int($0) }) where mayBeProductID(i, in: file) {
            let literal = file.stringLiteral(at: i)
            guard !literal.hasInterpolation, looksLikeProductID(literal.text) else { continue }
            let fileGates = gates ?? FileGates(file)
            gates = fileGates
            if mayHoldHanded, isHanded(i, in: file, handed: handed), file.enclosingFunction(of: i) == nil {
                result.append(ProductIDLiteral(file: file, index: i, text: literal.text, role: .constant, call: nil))
            } else if let role = role(of: i, in: file, gates: fileGates) {
                result.append(ProductIDLiteral(file: file, index: i, text: literal.text, role: role.0, call: role.1))
            } else if declaredIDs.contains(literal.text) {
                result.append(ProductIDLiteral(file: file, index: i, text: literal.text, role: .other, call: nil))
            }
        }
        return result
    }

    static let constantTypeWords: [StaticString] = ["product", "iap", "sku", "inapp", "purchase", "subscription", "entitlement"]
    static let constantTypeNeedles = ASCIINeedles(constantTypeWords)

    /// Type declarations whose names say they hold product constants.
    private static func productConstantTypes(in file: SwiftFile) -> Set<Int> {
        Set(file.declarations.indices.filter { d in
            let declaration = file.declarations[d]
            guard declaration.kind.isType else { return false }
            let name = declaration.name.lowercased()
            return constantTypeWords.contains { word in word.withUTF8Buffer { ASCIISearch.contains(name, String(decoding: $0, as: UTF8.self)) } }
        })
    }

    /// What a file can hold, asked once per file with a candidate literal, so that a file whose
    /// literals cannot be product ids (settings keys, `"route.notifications"`) is decided from
    /// its tokens and name filter without building its tree.
    private final class FileGates {
        let file: SwiftFile
        /// It calls one of `storeKitCalls`.
        let mayCallStoreKit: Bool
        /// It names `productID` or `id` (comparisons and switches over them).
        let mentionsIDs: Bool
        /// The product-constant types, when a type's name has one of their words: asked only
        /// of a literal that stands as a constant's value.
        lazy var constantTypes: Set<Int> = Self.mayDeclareConstantType(file) ? ProductIDLiterals.productConstantTypes(in: file) : []

        init(_ file: SwiftFile) {
            self.file = file
            mayCallStoreKit = ProductIDLiterals.storeKitCalls.keys.contains { file.mentions($0) }
            mentionsIDs = file.mentions("productID") || file.mentions("id")
        }

        /// Whether a type keyword is followed by a name with one of `constantTypeWords` (every
        /// product-constant type is declared so), from the tokens alone.
        static func mayDeclareConstantType(_ file: SwiftFile) -> Bool {
            file.mayDeclareType(keywords: [.struct, .enum, .class, .actor, .extension, .protocol], namedWithAnyOf: ProductIDLiterals.constantTypeNeedles)
        }
    }

    /// A byte-level test that rules out most literals before any String is made: a product
    /// id has no interpolation, no space, `/`, `:` or backslash, and has a `.` or `_`
    /// (`looksLikeProductID` decides for the rest).
    private static func mayBeProductID(_ start: Int, in file: SwiftFile) -> Bool {
        var hasSeparator = false
        let plain = file.plainLiteral(at: start) { byte in
            switch byte {
            case 0x20, 0x2F, 0x3A, 0x5C: return false
            case 0x2E, 0x5F: hasSeparator = true
            default: break
            }
            return true
        }
        return plain && hasSeparator
    }

    private static func role(of index: Int, in file: SwiftFile, gates: FileGates) -> (ProductIDLiteral.Role, Int?)? {
        // Inside an argument list (possibly inside an array literal) of a StoreKit call?
        let open = gates.mayCallStoreKit ? file.enclosingBracket(of: index) { !file.isKind($0, .leftBracket) } : nil
        if let open, open > 0, file.isKind(open, .leftParen),
           let (call, argument) = file.enclosingCallArguments(ofArgument: index) ?? enclosingCallThroughArray(index, in: file) {
            let name = file.text(call.name)
            if let labels = storeKitCalls[name], labels.isEmpty || labels.contains(argument.label) {
                return (.storeKitArgument, call.name)
            }
        }
        // `x.productID == "…"`, `"…" == x.id`, `case "…":` in a switch over a productID.
        if index >= 2, file.tokenIs(index - 1, "==") || file.tokenIs(index - 1, "!=") {
            let lhs = index - 2
            if file.isIdentifier(lhs, "productID") || file.isIdentifier(lhs, "id") { return (.comparison, nil) }
        }
        let end = file.stringLiteral(at: index).end
        if end + 2 < file.code.count, file.tokenIs(end + 1, "==") || file.tokenIs(end + 1, "!="),
           file.isIdentifier(end + 2, "productID") || (end + 4 < file.code.count && file.isIdentifier(end + 4, "productID")) {
            return (.comparison, nil)
        }
        if gates.mentionsIDs, index >= 1, file.isIdentifier(index - 1, "case") || (file.isKind(index - 1, .comma) && isInCaseLabel(index, in: file)) {
            if let statement = file.switchStatements().first(where: { $0.bodyStart < index && index < $0.bodyEnd }),
               statement.subjectRange.contains(where: { file.isIdentifier($0, "productID") || file.isIdentifier($0, "id") }) {
                return (.comparison, nil)
            }
        }
        // Constants: `static let x = "…"` / `let x = "…"` / `case x = "…"` in a product-constants
        // type, or arrays of them there.
        if isConstantValue(index, in: file), !gates.constantTypes.isEmpty, let type = file.enclosingType(of: index),
           gates.constantTypes.contains(type), file.enclosingFunction(of: index) == nil {
            return (.constant, nil)
        }
        return nil
    }

    /// `static let x = "…"`, `case x = "…"`, or an element of an array literal assigned so:
    /// not an argument of a call such as `Logger(subsystem: "…")`.
    private static func isConstantValue(_ index: Int, in file: SwiftFile) -> Bool {
        var i = index
        var open = file.enclosingBracket(of: i)
        while let bracket = open, file.isKind(bracket, .leftBracket) {
            i = bracket
            open = file.enclosingBracket(of: bracket)
        }
        if let open, !file.isKind(open, .leftBrace) { return false }
        return i > 0 && file.tokenIs(i - 1, "=")
    }

    private static func enclosingCallThroughArray(_ index: Int, in file: SwiftFile) -> (Call, Argument)? {
        var open = file.enclosingBracket(of: index)
        while let bracket = open, file.isKind(bracket, .leftBracket) {
            if let found = file.enclosingCallArguments(ofArgument: bracket) { return found }
            open = file.enclosingBracket(of: bracket)
        }
        return nil
    }

    private static func isInCaseLabel(_ index: Int, in file: SwiftFile) -> Bool {
        var i = index - 1
        while i > 0, i > index - 40 {
            if file.isIdentifier(i, "case") { return true }
            if file.isKind(i, .colon) || file.isKind(i, .leftBrace) || file.isKind(i, .rightBrace) { return false }
            i -= 1
        }
        return false
    }

    /// Every product id declared in the project's StoreKit configurations.
    static func declared(in project: Project) -> Set<String> {
        Set(project.storeKitConfigurations.flatMap { $0.allProducts.compactMap(\.productID) })
    }
}
