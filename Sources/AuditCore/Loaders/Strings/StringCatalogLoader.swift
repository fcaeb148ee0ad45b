/// Reads an Xcode string catalog (`.xcstrings`) into a `StringCatalog`.
///
/// Unknown keys are ignored; a value of the wrong type is an `InputError` at that value.
public enum StringCatalogLoader {
    /// Variations nest a few levels in practice (device, then plural, inside substitutions);
    /// the limit keeps hostile input from recursing deeply.
    static let maximumVariationDepth = 16

    public static func load(bytes: [UInt8], file: String) throws(InputError) -> StringCatalog {
        let tree = try JSONParser.parse(bytes: bytes, file: file)
        // A catalog as Xcode writes it is read straight from the tree; anything else (a value
        // of the wrong type, variations nested too deep) is read again below, where the
        // error names the key path.
        if let catalog = DirectWalk(file: file).catalog(tree) { return catalog }
        return try load(walkingElementsOf: tree, file: file)
    }

    /// The catalog read through `JSONElement`, which names the key path of a value of the
    /// wrong type: what `load` falls back on, and the reference its direct walk is tested against.
    static func load(walkingElementsOf tree: JSONNode, file: String) throws(InputError) -> StringCatalog {
        let root = JSONElement(root: tree, file: file)
        guard case .object = root.node?.value else {
            throw InputError(
                file: file, line: root.position.line, column: root.position.column,
                reason: "a string catalog should be a JSON object at the top level, "
                    + "found \(root.node?.value.kindDescription ?? "nothing")")
        }
        var catalog = StringCatalog(
            file: file,
            sourceLanguage: try root.member("sourceLanguage").stringIfPresent(),
            version: try root.member("version").textIfPresent())
        for (key, keyPosition, element) in try root.member("strings").membersIfPresent() ?? [] {
            catalog.entries.append(try entry(key: key, keyPosition: keyPosition, element))
        }
        return catalog
    }

    private static func entry(
        key: String, keyPosition: TextPosition, _ element: JSONElement
    ) throws(InputError) -> StringCatalogEntry {
        let object = try element.object()
        var entry = StringCatalogEntry(
            key: key,
            keyLocation: keyPosition.location(in: element.file),
            comment: try object.member("comment").stringIfPresent(),
            extractionState: try object.member("extractionState").stringIfPresent(),
            shouldTranslate: try object.member("shouldTranslate").boolIfPresent() ?? true)
        for (locale, localePosition, localization) in try object.member("localizations").membersIfPresent() ?? [] {
            var texts: [StringCatalogText] = []
            try collectTexts(in: try localization.object(), variation: nil, depth: 0, into: &texts)
            entry.localizations.append(
                StringCatalogLocalization(
                    locale: locale, location: localePosition.location(in: element.file), texts: texts))
        }
        return entry
    }

    /// Walks a localization or a variation case: its `stringUnit`, then its `variations`
    /// (`plural`, `device`, ...), then its `substitutions`, each of which can nest again.
    private static func collectTexts(
        in object: JSONElement, variation: String?, depth: Int, into texts: inout [StringCatalogText]
    ) throws(InputError) {
        guard depth < maximumVariationDepth else {
            throw object.invalid("nests variations more than \(maximumVariationDepth) levels deep")
        }
        if let unit = try object.member("stringUnit").objectIfPresent() {
            let value = unit.member("value")
            let state = unit.member("state")
            if let text = try value.stringIfPresent() {
                var catalogText = StringCatalogText(
                    value: text,
                    state: try state.stringIfPresent().map(StringCatalogState.init(rawValue:)),
                    location: value.location,
                    variation: variation)
                if catalogText.state != nil { catalogText.stateLocation = state.location }
                texts.append(catalogText)
            }
        }
        for (kind, _, cases) in try object.member("variations").membersIfPresent() ?? [] {
            for (name, _, variationCase) in try cases.members() {
                try collectTexts(
                    in: try variationCase.object(), variation: joined(variation, kind, name), depth: depth + 1,
                    into: &texts)
            }
        }
        for (name, _, substitution) in try object.member("substitutions").membersIfPresent() ?? [] {
            try collectTexts(
                in: try substitution.object(), variation: joined(variation, "substitutions", name),
                depth: depth + 1, into: &texts)
        }
    }

    private static func joined(_ prefix: String?, _ parts: String...) -> String {
        let suffix = parts.joined(separator: ".")
        guard let prefix else { return suffix }
        return prefix + "." + suffix
    }
}

/// `StringCatalogLoader.load` without `JSONElement`: the same catalog from a tree whose every
/// value has the type the loader asks for, or nil at the first one that has not (the loader
/// then reads the tree again to say what is wrong and where). Each object's members are
/// looked at once (the last of a duplicated key wins, as `JSONNode.member` has it), and no
/// key path is kept: a catalog of thousands of keys made a path node and a member lookup for
/// every value it read, most of its loading time. Each object's keys are matched by a
/// `switch` over string literals, written out per object: a shared helper comparing against
/// key parameters measured 9 M instructions more on the 20 MB benchmark corpus.
private struct DirectWalk {
    let file: String

    func catalog(_ root: JSONNode) -> StringCatalog? {
        guard case .object(let members) = root.value else { return nil }
        var sourceLanguage: JSONNode?
        var version: JSONNode?
        var strings: JSONNode?
        for member in members {
            switch member.key {
            case "sourceLanguage": sourceLanguage = member.node
            case "version": version = member.node
            case "strings": strings = member.node
            default: break
            }
        }
        guard let language = string(sourceLanguage), let versionText = text(version) else { return nil }
        var catalog = StringCatalog(file: file, sourceLanguage: language.value, version: versionText.value)
        guard let keys = object(strings) else { return nil }
        for member in keys.value ?? [] {
            guard let entry = entry(key: member.key, keyPosition: member.keyPosition, member.node) else { return nil }
            catalog.entries.append(entry)
        }
        return catalog
    }

    private func entry(key: String, keyPosition: TextPosition, _ node: JSONNode) -> StringCatalogEntry? {
        guard case .object(let members) = node.value else { return nil }
        var comment: JSONNode?
        var extractionState: JSONNode?
        var shouldTranslate: JSONNode?
        var localizations: JSONNode?
        for member in members {
            switch member.key {
            case "comment": comment = member.node
            case "extractionState": extractionState = member.node
            case "shouldTranslate": shouldTranslate = member.node
            case "localizations": localizations = member.node
            default: break
            }
        }
        guard let commentText = string(comment), let state = string(extractionState), let translate = bool(shouldTranslate),
              let locales = object(localizations)
        else { return nil }
        var entry = StringCatalogEntry(
            key: key, keyLocation: keyPosition.location(in: file), comment: commentText.value,
            extractionState: state.value, shouldTranslate: translate.value ?? true)
        for localization in locales.value ?? [] {
            guard case .object(let members) = localization.node.value else { return nil }
            var texts: [StringCatalogText] = []
            guard collectTexts(in: members, variation: nil, depth: 0, into: &texts) else { return nil }
            entry.localizations.append(
                StringCatalogLocalization(locale: localization.key, location: localization.keyPosition.location(in: file), texts: texts))
        }
        return entry
    }

    /// `StringCatalogLoader.collectTexts` on an object's members; false where it would throw.
    private func collectTexts(in members: [JSONMember], variation: String?, depth: Int, into texts: inout [StringCatalogText]) -> Bool {
        guard depth < StringCatalogLoader.maximumVariationDepth else { return false }
        var unit: JSONNode?
        var variations: JSONNode?
        var substitutions: JSONNode?
        for member in members {
            switch member.key {
            case "stringUnit": unit = member.node
            case "variations": variations = member.node
            case "substitutions": substitutions = member.node
            default: break
            }
        }
        guard let unitMembers = object(unit) else { return false }
        if let unitMembers = unitMembers.value {
            var value: JSONNode?
            var state: JSONNode?
            for member in unitMembers {
                switch member.key {
                case "value": value = member.node
                case "state": state = member.node
                default: break
                }
            }
            guard let text = string(value) else { return false }
            if let valueText = text.value, let value {
                guard let stateText = string(state) else { return false }
                var catalogText = StringCatalogText(
                    value: valueText, state: stateText.value.map(StringCatalogState.init(rawValue:)),
                    location: value.position.location(in: file), variation: variation)
                if catalogText.state != nil, let state { catalogText.stateLocation = state.position.location(in: file) }
                texts.append(catalogText)
            }
        }
        guard let kinds = object(variations) else { return false }
        for kind in kinds.value ?? [] {
            guard case .object(let cases) = kind.node.value else { return false }
            for variationCase in cases {
                guard case .object(let caseMembers) = variationCase.node.value,
                      collectTexts(
                          in: caseMembers, variation: Self.joined(variation, kind.key, variationCase.key), depth: depth + 1,
                          into: &texts)
                else { return false }
            }
        }
        guard let names = object(substitutions) else { return false }
        for substitution in names.value ?? [] {
            guard case .object(let substitutionMembers) = substitution.node.value,
                  collectTexts(
                      in: substitutionMembers, variation: Self.joined(variation, "substitutions", substitution.key),
                      depth: depth + 1, into: &texts)
            else { return false }
        }
        return true
    }

    // The accessors of `JSONElement`'s `…IfPresent` forms: an absent or null value is
    // `.some(nil)`, a value of the wrong type is nil.

    private func string(_ node: JSONNode?) -> Present<String>? {
        guard let node else { return Present(value: nil) }
        switch node.value {
        case .null: return Present(value: nil)
        case .string(let text): return Present(value: text)
        default: return nil
        }
    }

    private func text(_ node: JSONNode?) -> Present<String>? {
        guard let node else { return Present(value: nil) }
        switch node.value {
        case .null: return Present(value: nil)
        case .string(let text): return Present(value: text)
        case .number(_, let raw): return Present(value: raw)
        default: return nil
        }
    }

    private func bool(_ node: JSONNode?) -> Present<Bool>? {
        guard let node else { return Present(value: nil) }
        switch node.value {
        case .null: return Present(value: nil)
        case .bool(let flag): return Present(value: flag)
        default: return nil
        }
    }

    private func object(_ node: JSONNode?) -> Present<[JSONMember]>? {
        guard let node else { return Present(value: nil) }
        switch node.value {
        case .null: return Present(value: nil)
        case .object(let members): return Present(value: members)
        default: return nil
        }
    }

    private static func joined(_ prefix: String?, _ kind: String, _ name: String) -> String {
        guard let prefix else { return kind + "." + name }
        return prefix + "." + kind + "." + name
    }
}

/// A value read with an `…IfPresent` accessor: nil inside when absent or null.
private struct Present<Value> {
    var value: Value?
}
