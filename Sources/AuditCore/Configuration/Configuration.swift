import Foundation

/// A project's `.iap-audit.json`: which files to audit, which rules to disable or re-grade,
/// the shipped locales, where the paywall copy is, the fail level and the baseline file.
/// Every key is optional; unknown keys and wrong types are errors that name the key and point
/// at it, so a typo never silently changes what is audited. Docs/config.schema.json is the
/// published schema of the same format.
public struct Configuration: Sendable, Hashable {
    public static let fileName = ".iap-audit.json"

    /// The file it was read from (as given, for messages), nil for the defaults.
    public var file: String?
    /// The folder globs and the baseline path are relative to.
    public var directory: URL?
    public var include: [Glob] = []
    public var exclude: [Glob] = []
    /// Globs of paywall copy documents; nil keeps the built-in name heuristic.
    public var paywallCopy: [Glob]?
    public var disabledRules: [String] = []
    public var severities: [String: Severity] = [:]
    public var locales: [String]?
    public var failOn: FailLevel?
    /// Baseline file, relative to `directory`.
    public var baseline: String?
    /// Globs of folders the walk skips by default (build output, dependency checkouts,
    /// localization exports, bundles) to audit anyway.
    public var auditSkipped: [Glob] = []
    /// App names (Xcode application targets, or packages) to audit; empty for all.
    public var targets: [String] = []
    /// What exists outside the repository (App Store Connect, sandbox testers, the server).
    public var capabilities = Capabilities()
    /// `failOn` names `withheld`: exit 1 when a purchase path's launch approval is withheld.
    public var failOnWithheld = false
    /// The App Store listing (`metadata`): folders in `deliver`'s layout outside
    /// `fastlane/metadata`, and whether App Store Connect holds a custom license agreement.
    public var storeListings: [Glob] = []
    public var declaresCustomEULA = false

    public init() {}

    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        public var location: SourceLocation
        public var reason: String
        public var description: String { "\(location): \(reason)" }
    }

    /// Keys in the order the starter file and the documentation list them.
    public static let keys = ["$schema", "$comment", "include", "exclude", "paywallCopy", "disabledRules", "severity", "locales", "failOn", "baseline", "auditSkipped", "targets", "capabilities", "metadata"]

    /// The keys of `metadata`.
    public static let metadataKeys = ["paths", "customEULA"]

    // MARK: Finding and loading

    /// The nearest `.iap-audit.json` in `start` or a folder above it. The search stops at the
    /// repository root (a folder holding `.git`) or the file system root.
    public static func find(from start: URL) -> URL? {
        let fileManager = FileManager.default
        var directory = start.standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent(fileName)
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
            if fileManager.fileExists(atPath: directory.appendingPathComponent(".git").path) { return nil }
            let parent = directory.deletingLastPathComponent().standardizedFileURL
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// Reads and validates `url`; `displayPath` is how messages name it.
    public static func load(_ url: URL, displayPath: String, knownRules: Set<String>) throws(Error) -> Configuration {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Error(location: SourceLocation(file: displayPath, line: 1, column: 1), reason: "cannot read the configuration file")
        }
        return try parse(Array(data), file: displayPath, directory: url.deletingLastPathComponent(), knownRules: knownRules)
    }

    public static func parse(_ bytes: [UInt8], file: String, directory: URL?, knownRules: Set<String>) throws(Error) -> Configuration {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes: bytes, file: file)
        } catch {
            throw Error(location: error.location, reason: "not valid JSON: \(error.reason)")
        }
        let reader = Reader(file: file)
        var configuration = Configuration()
        configuration.file = file
        configuration.directory = directory
        guard case .object(let members) = root.value else {
            throw reader.error(at: root.position, "the configuration should be a JSON object, found \(root.value.kindDescription)")
        }
        var seen = Set<String>()
        for member in members {
            guard seen.insert(member.key).inserted else {
                throw reader.error(at: member.keyPosition, "key \"\(member.key)\" appears twice")
            }
            let node = member.node
            switch member.key {
            case "$schema":
                _ = try reader.string(node, key: member.key)
            case "$comment":
                if case .array = node.value { _ = try reader.strings(node, key: member.key) } else { _ = try reader.string(node, key: member.key) }
            case "include":
                configuration.include = try reader.globs(node, key: member.key)
            case "exclude":
                configuration.exclude = try reader.globs(node, key: member.key)
            case "paywallCopy":
                configuration.paywallCopy = try reader.globs(node, key: member.key)
            case "auditSkipped":
                configuration.auditSkipped = try reader.globs(node, key: member.key)
            case "targets":
                configuration.targets = try reader.strings(node, key: member.key)
            case "disabledRules":
                let ids = try reader.strings(node, key: member.key)
                for (index, id) in ids.enumerated() {
                    try reader.checkRule(id, key: "\(member.key)[\(index)]", at: reader.elementPosition(node, index), knownRules: knownRules)
                }
                configuration.disabledRules = ids
            case "severity":
                guard case .object(let levels) = node.value else {
                    throw reader.error(at: node.position, "\"severity\" should be an object mapping rule ids to \"error\", \"warning\" or \"note\", found \(node.value.kindDescription)")
                }
                for level in levels {
                    try reader.checkRule(level.key, key: "severity.\(level.key)", at: level.keyPosition, knownRules: knownRules)
                    let text = try reader.string(level.node, key: "severity.\(level.key)")
                    guard let severity = Severity(rawValue: text) else {
                        throw reader.error(at: level.node.position, "\"severity.\(level.key)\" should be \"error\", \"warning\" or \"note\", found \"\(text)\"")
                    }
                    configuration.severities[level.key] = severity
                }
            case "locales":
                let locales = try reader.strings(node, key: member.key)
                for (index, locale) in locales.enumerated() where locale.isEmpty || locale.contains(where: { $0 == " " || $0 == "," }) {
                    throw reader.error(at: reader.elementPosition(node, index), "\"locales[\(index)]\" should be a locale identifier such as \"en\" or \"pt-BR\", found \"\(locale)\"")
                }
                configuration.locales = locales
            case "failOn":
                let text = try reader.string(node, key: member.key)
                guard let gate = FailGate(text) else {
                    throw reader.error(at: node.position, "\"failOn\" should be \"error\", \"warning\", \"note\" or \"never\", found \"\(text)\"")
                }
                configuration.failOn = gate.level
                configuration.failOnWithheld = gate.withheld
            case "capabilities":
                configuration.capabilities = try reader.capabilities(node)
            case "metadata":
                guard case .object(let entries) = node.value else {
                    throw reader.error(at: node.position, "\"metadata\" should be an object with the keys \(metadataKeys.joined(separator: ", ")), found \(node.value.kindDescription)")
                }
                for entry in entries {
                    let key = "metadata.\(entry.key)"
                    switch entry.key {
                    case "paths": configuration.storeListings = try reader.globs(entry.node, key: key)
                    case "customEULA": configuration.declaresCustomEULA = try reader.bool(entry.node, key: key)
                    default:
                        let hint = Spelling.closest(to: entry.key, among: metadataKeys).map { " (did you mean \"\($0)\"?)" } ?? ""
                        throw reader.error(at: entry.keyPosition, "unknown key \"\(key)\"\(hint); known keys: \(metadataKeys.joined(separator: ", "))")
                    }
                }
            case "baseline":
                let path = try reader.string(node, key: member.key)
                if path.isEmpty { throw reader.error(at: node.position, "\"baseline\" should be a file path, found an empty string") }
                configuration.baseline = path
            default:
                let hint = Spelling.closest(to: member.key, among: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw reader.error(at: member.keyPosition, "unknown key \"\(member.key)\"\(hint); known keys: \(keys.joined(separator: ", "))")
            }
        }
        return configuration
    }

    /// What `iap-audit init` writes: every key with its default, and a `$comment` saying how to
    /// use them (JSON has no comments).
    public static let starter = """
        {
          "$comment": [
            "iap-audit configuration: every key is optional. Docs/Configuration.md explains each one.",
            "include/exclude: globs relative to this file ('**' any folders, '*' within a name, a bare name matches at any depth).",
            "paywallCopy: globs of paywall copy documents (default: .md/.txt files whose name mentions paywall, subscription, purchase, pricing or copy).",
            "disabledRules: rule ids not to run. severity: rule id to \\"error\\", \\"warning\\" or \\"note\\". Run 'iap-audit rules' for the ids.",
            "locales: locales the app ships (default: from the string catalogs and .lproj folders).",
            "failOn: \\"error\\", \\"warning\\", \\"note\\" or \\"never\\", with \\",withheld\\" to also fail when a purchase path's launch approval is withheld (--fail-on overrides it). baseline: accepted findings, from --write-baseline.",
            "capabilities: set to true what exists outside the repository, and notificationsEndpoint to your App Store Server Notifications V2 URL (https://…); the purchase-path matrix withholds launch approval for the paths whose capability is neither found nor declared."
          ],
          "include": [],
          "exclude": ["**/Generated/**"],
          "disabledRules": [],
          "severity": {},
          "failOn": "error",
          "capabilities": {
            "appStoreConnectProducts": false,
            "sandboxTesters": false,
            "serverJWSValidation": false
          }
        }

        """

    /// The file `include`/`exclude` globs and paywall copy globs select: paths relative to
    /// `directory`.
    public var selection: FileSelection {
        FileSelection(base: directory, include: include, exclude: exclude, paywallCopy: paywallCopy, auditSkipped: auditSkipped,
                      storeListings: storeListings)
    }
}

/// Reads typed values from the configuration's JSON, with errors that name the key.
private struct Reader {
    var file: String

    func error(at position: TextPosition, _ reason: String) -> Configuration.Error {
        Configuration.Error(location: position.location(in: file), reason: reason)
    }

    func string(_ node: JSONNode, key: String) throws(Configuration.Error) -> String {
        guard case .string(let text) = node.value else {
            throw error(at: node.position, "\"\(key)\" should be a string, found \(node.value.kindDescription)")
        }
        return text
    }

    func strings(_ node: JSONNode, key: String) throws(Configuration.Error) -> [String] {
        guard case .array(let elements) = node.value else {
            throw error(at: node.position, "\"\(key)\" should be an array of strings, found \(node.value.kindDescription)")
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element.value else {
                throw error(at: element.position, "\"\(key)[\(index)]\" should be a string, found \(element.value.kindDescription)")
            }
            result.append(text)
        }
        return result
    }

    func globs(_ node: JSONNode, key: String) throws(Configuration.Error) -> [Glob] {
        let patterns = try strings(node, key: key)
        var result: [Glob] = []
        for (index, pattern) in patterns.enumerated() {
            do {
                result.append(try Glob(pattern))
            } catch {
                throw self.error(at: elementPosition(node, index), "\"\(key)[\(index)]\" is not a valid glob: \(error.reason)")
            }
        }
        return result
    }

    func capabilities(_ node: JSONNode) throws(Configuration.Error) -> Capabilities {
        guard case .object(let members) = node.value else {
            throw error(at: node.position, "\"capabilities\" should be an object with the keys \(Capabilities.keys.joined(separator: ", ")), found \(node.value.kindDescription)")
        }
        var result = Capabilities()
        for member in members {
            let key = "capabilities.\(member.key)"
            switch member.key {
            case "appStoreConnectProducts": result.appStoreConnectProducts = try bool(member.node, key: key)
            case "sandboxTesters": result.sandboxTesters = try bool(member.node, key: key)
            case "serverJWSValidation": result.serverJWSValidation = try bool(member.node, key: key)
            case "notificationsEndpoint":
                let url = try string(member.node, key: key)
                guard url.hasPrefix("https://"), url.count > "https://".count, !url.contains(where: { $0 == " " }) else {
                    throw error(at: member.node.position, "\"\(key)\" should be the https:// URL registered in App Store Connect, found \"\(url)\"")
                }
                result.notificationsEndpoint = url
            default:
                let hint = Spelling.closest(to: member.key, among: Capabilities.keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw error(at: member.keyPosition, "unknown key \"\(key)\"\(hint); known keys: \(Capabilities.keys.joined(separator: ", "))")
            }
        }
        return result
    }

    func bool(_ node: JSONNode, key: String) throws(Configuration.Error) -> Bool {
        guard case .bool(let value) = node.value else {
            throw error(at: node.position, "\"\(key)\" should be true or false, found \(node.value.kindDescription)")
        }
        return value
    }

    func elementPosition(_ node: JSONNode, _ index: Int) -> TextPosition {
        if case .array(let elements) = node.value, index < elements.count { return elements[index].position }
        return node.position
    }

    func checkRule(_ id: String, key: String, at position: TextPosition, knownRules: Set<String>) throws(Configuration.Error) {
        guard !knownRules.contains(id) else { return }
        let hint = Spelling.closest(to: id, among: knownRules.sorted()).map { " (did you mean \($0)?)" } ?? ""
        throw error(at: position, "\"\(key)\": unknown rule id \"\(id)\"\(hint); run 'iap-audit rules' for the list")
    }
}
