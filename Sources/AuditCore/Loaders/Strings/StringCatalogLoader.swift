/// Reads an Xcode string catalog (`.xcstrings`) into a `StringCatalog`.
///
/// Unknown keys are ignored; a value of the wrong type is an `InputError` at that value.
public enum StringCatalogLoader {
    /// Variations nest a few levels in practice (device, then plural, inside substitutions);
    /// the limit keeps hostile input from recursing deeply.
    static let maximumVariationDepth = 16

    public static func load(bytes: [UInt8], file: String) throws(InputError) -> StringCatalog {
        let root = JSONElement(root: try JSONParser.parse(bytes: bytes, file: file), file: file)
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
