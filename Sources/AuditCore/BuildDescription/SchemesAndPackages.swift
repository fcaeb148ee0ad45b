/// A shared Xcode scheme (`*.xcodeproj/xcshareddata/xcschemes/*.xcscheme`): what it runs,
/// with which StoreKit configuration, and which test targets it tests.
public struct XcodeScheme: Sendable, Hashable {
    public var path: String
    public var name: String
    /// The `.xcodeproj` it belongs to.
    public var project: String
    /// The target its run action launches (`BuildableProductRunnable`), by name.
    public var runsTarget: String?
    /// The StoreKit configuration its run action uses, relative to the root (nil when none, or
    /// when it points outside the root).
    public var storeKitConfiguration: String?
    /// Test targets its test action runs, by name.
    public var testTargets: [String]

    /// Reads the scheme's XML. Only the few attributes above are read, by their names; a
    /// scheme Xcode cannot read is one we need not understand either.
    public static func load(bytes: [UInt8], file: String) -> XcodeScheme {
        let text = String(decoding: bytes, as: UTF8.self)
        let name = file.split(separator: "/").last.map { String($0.dropLast(".xcscheme".count)) } ?? file
        var project = RepositoryPath.folder(of: file)
        while !project.isEmpty, !project.hasSuffix(".xcodeproj"), !project.hasSuffix(".xcworkspace") { project = RepositoryPath.folder(of: project) }
        var scheme = XcodeScheme(path: file, name: name, project: project, runsTarget: nil, storeKitConfiguration: nil, testTargets: [])
        if let launch = element("LaunchAction", in: text) {
            let launchText = String(text[launch])
            if let runnable = element("BuildableProductRunnable", in: launchText) ?? element("MacroExpansion", in: launchText) {
                scheme.runsTarget = attribute("BlueprintName", in: String(launchText[runnable]))
            }
            if let reference = element("StoreKitConfigurationFileReference", in: launchText),
               let identifier = attribute("identifier", in: String(launchText[reference])) {
                // Xcode writes it relative to the scheme's `xcshareddata` folder.
                let schemes = RepositoryPath.folder(of: file)
                scheme.storeKitConfiguration = RepositoryPath.join(RepositoryPath.folder(of: schemes), identifier)
            }
        }
        if let test = element("TestAction", in: text) {
            var rest = text[test]
            while let testable = rest.range(of: "<TestableReference") {
                let after = rest[testable.upperBound...]
                let end = after.range(of: "</TestableReference>")?.lowerBound ?? after.endIndex
                if !String(after[..<end]).contains("skipped = \"YES\""), let target = attribute("BlueprintName", in: String(after[..<end])) {
                    scheme.testTargets.append(target)
                }
                rest = after[end...]
            }
        }
        return scheme
    }

    /// The range of `<name …>…</name>` (or of `<name …/>`) in `text`.
    static func element(_ name: String, in text: String) -> Range<String.Index>? {
        guard let start = text.range(of: "<" + name) else { return nil }
        if let end = text.range(of: "</" + name + ">", range: start.upperBound..<text.endIndex) {
            return start.lowerBound..<end.upperBound
        }
        let close = text.range(of: ">", range: start.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
        return start.lowerBound..<close
    }

    /// The value of `name = "value"` in an element's text, with XML entities decoded.
    static func attribute(_ name: String, in text: String) -> String? {
        var searchFrom = text.startIndex
        while let found = text.range(of: name, range: searchFrom..<text.endIndex) {
            searchFrom = found.upperBound
            // A whole attribute name: not the end of a longer one.
            if found.lowerBound > text.startIndex, let before = text[text.index(before: found.lowerBound)].asciiValue,
               before != 0x20 && before != 0x0A && before != 0x09 && before != 0x0D { continue }
            var rest = text[found.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let body = rest.dropFirst()
            guard let end = body.firstIndex(of: quote) else { return nil }
            return decodeEntities(String(body[..<end]))
        }
        return nil
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// An Xcode workspace (`contents.xcworkspacedata`): the projects and package folders it holds.
public struct XcodeWorkspace: Sendable, Hashable {
    public var path: String
    /// Its `FileRef` locations resolved against the root: `.xcodeproj` folders and folders.
    public var references: [String]

    public static func load(bytes: [UInt8], file: String) -> XcodeWorkspace {
        let text = String(decoding: bytes, as: UTF8.self)
        // contents.xcworkspacedata sits inside Name.xcworkspace (or Name.xcodeproj/project.xcworkspace).
        let workspace = RepositoryPath.folder(of: file)
        let container = RepositoryPath.folder(of: workspace)
        var references: [String] = []
        var rest = text[...]
        while let found = rest.range(of: "<FileRef") {
            let after = rest[found.upperBound...]
            let end = after.range(of: ">")?.upperBound ?? after.endIndex
            if let location = XcodeScheme.attribute("location", in: String(after[..<end])) {
                // "group:App/App.xcodeproj", "container:App.xcodeproj", "self:", "absolute:/…".
                if let colon = location.firstIndex(of: ":") {
                    let kind = location[..<colon]
                    let path = String(location[location.index(after: colon)...])
                    if (kind == "group" || kind == "container"), !path.isEmpty, let joined = RepositoryPath.join(container, path) {
                        references.append(joined)
                    }
                }
            }
            rest = after[end...]
        }
        return XcodeWorkspace(path: workspace, references: references)
    }
}

/// A Swift package manifest (`Package.swift`), read as text and never run: its targets and
/// products, enough to know which folders are a library's code and which its tests.
public struct PackageManifest: Sendable, Hashable {
    /// The package's folder.
    public var folder: String
    /// `Package(name: …)`, when the text says it plainly.
    public var name: String?
    public var targets: [Target]
    public var products: [Product]

    public struct Target: Sendable, Hashable {
        public var name: String
        public var isTest: Bool
        public var isExecutable: Bool
        /// Its folder, relative to the root.
        public var path: String
        /// The names its `dependencies:` list writes (targets of this package, and products of
        /// others, which are told apart by the package's own target names).
        public var dependencies: [String] = []
    }

    /// A package of command-line tools (executable targets only, no library): build scripts,
    /// code generators, a server; never an app's code.
    public var isToolsOnly: Bool {
        let code = targets.filter { !$0.isTest }
        return !code.isEmpty && code.allSatisfy(\.isExecutable) && products.allSatisfy { product in
            product.targets.allSatisfy { name in targets.first { $0.name == name }?.isExecutable ?? true }
        }
    }

    public struct Product: Sendable, Hashable {
        public var name: String
        public var targets: [String]
    }

    /// The folders of the targets a product stands for (all library targets when the product
    /// is unknown, as a product of this name may be declared in a way the text reading missed).
    /// A product's targets bring the package's own targets they depend on (`Brave` depends on
    /// `BraveVPN`): their code is built into the app too.
    public func folders(ofProduct name: String) -> [String] {
        var names: [String]
        if let product = products.first(where: { $0.name == name }) {
            names = product.targets
        } else if let target = targets.first(where: { $0.name == name && !$0.isTest }) {
            names = [target.name]
        } else {
            return targets.filter { !$0.isTest }.map(\.path)
        }
        var seen = Set<String>()
        var result: [String] = []
        while let next = names.popLast() {
            guard seen.insert(next).inserted, let target = targets.first(where: { $0.name == next && !$0.isTest }) else { continue }
            result.append(target.path)
            names += target.dependencies
        }
        return result.sorted()
    }

    public static func load(bytes: [UInt8], file: String) -> PackageManifest {
        let folder = RepositoryPath.folder(of: file)
        let lexed = SwiftFile(path: file, bytes: bytes)
        var targets: [Target] = []
        var products: [Product] = []
        var name: String?
        // `.target(name: "X", …, path: "…")`, `.testTarget(…)`, `.executableTarget(…)`,
        // `.macro(…)`, `.library(name:, targets: […])`, `.executable(name:, targets: […])`.
        let code = lexed.code
        var i = 0
        while i + 2 < code.count {
            defer { i += 1 }
            if name == nil, lexed.isIdentifier(i, "Package"), code[i + 1].kind == .leftParen, lexed.match[i + 1] > i + 1 {
                name = Self.stringArguments(in: lexed, from: i + 2, to: Int(lexed.match[i + 1]))["name"]?.first
            }
            guard code[i].kind == .dot, code[i + 2].kind == .leftParen else { continue }
            let function = lexed.text(i + 1)
            let close = Int(lexed.match[i + 2])
            guard close > i + 2 else { continue }
            let arguments = Self.stringArguments(in: lexed, from: i + 3, to: close)
            switch function {
            case "target", "testTarget", "executableTarget", "macro", "systemLibrary", "binaryTarget":
                guard let name = arguments["name"]?.first else { continue }
                let isTest = function == "testTarget"
                let defaultFolder = (isTest ? "Tests/" : "Sources/") + name
                let relative = arguments["path"]?.first ?? defaultFolder
                guard let path = RepositoryPath.join(folder, relative) else { continue }
                targets.append(Target(name: name, isTest: isTest, isExecutable: function == "executableTarget", path: path, dependencies: arguments["dependencies"] ?? []))
            case "library", "executable":
                guard let name = arguments["name"]?.first else { continue }
                products.append(Product(name: name, targets: arguments["targets"] ?? []))
            default:
                continue
            }
        }
        return PackageManifest(folder: folder, name: name, targets: targets, products: products)
    }

    /// The string literals of each labelled argument at the top level of a call's parentheses
    /// (an array's strings for `targets: ["A", "B"]`).
    private static func stringArguments(in file: SwiftFile, from start: Int, to end: Int) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var i = start
        while i < end {
            if file.code[i].kind == .identifier, i + 1 < end, file.code[i + 1].kind == .colon {
                let label = file.text(i)
                var values: [String] = []
                var j = i + 2
                var depth = 0
                while j < end {
                    let kind = file.code[j].kind
                    if kind == .leftParen || kind == .leftBracket || kind == .leftBrace { depth += 1 }
                    if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { depth -= 1 }
                    if depth == 0, kind == .comma { break }
                    if let literal = file.plainStringLiteral(at: j) { values.append(literal) }
                    j += 1
                }
                if result[label] == nil { result[label] = values }
                i = j
                continue
            }
            // Skip nested calls and closures wholesale.
            if file.code[i].kind == .leftParen || file.code[i].kind == .leftBracket || file.code[i].kind == .leftBrace, file.match[i] > i {
                i = Int(file.match[i]) + 1
                continue
            }
            i += 1
        }
        return result
    }
}

extension SwiftFile {
    /// The text of a string literal without interpolation that opens at code token `index`
    /// (`"Sources/App"`), escapes left as written; nil for anything else.
    func plainStringLiteral(at index: Int) -> String? {
        guard code[index].kind == .stringStart else { return nil }
        let end = Int(match[index])
        guard end > index else { return nil }
        if end == index + 1 { return "" }
        guard end == index + 2, code[index + 1].kind == .stringSegment else { return nil }
        return text(index + 1)
    }
}
