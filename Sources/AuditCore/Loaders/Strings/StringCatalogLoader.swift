/// Reads an Xcode string catalog (`.xcstrings`) into a `StringCatalog`.
///
/// Unknown keys are ignored; a value of the wrong type is an `InputError` at that value.
public enum StringCatalogLoader {
    /// Variations nest a few levels in practice (device, then plural, inside substitutions);
    /// the limit keeps hostile input from recursing deeply.
    static let maximumVariationDepth = 16

    public static func load(bytes: [UInt8], file: String) throws(InputError) -> StringCatalog {
        // A catalog as Xcode writes it is read straight from its bytes, without a tree of
        // every value; anything else (a syntax error, a value of the wrong type, variations
        // nested too deep) is parsed into a tree and read again below, where the error says
        // what is wrong and names the key path.
        if let catalog = try readDirectly(bytes: bytes, file: file) { return catalog }
        let tree = try JSONParser.parse(bytes: bytes, file: file)
        return try load(walkingElementsOf: tree, file: file)
    }

    /// The catalog read straight from the bytes, or nil where `load` parses the tree instead.
    static func readDirectly(bytes: [UInt8], file: String) throws(InputError) -> StringCatalog? {
        let text = try TextDecoding.utf8Text(from: bytes, file: file)
        var reader = JSONByteParser(text: text, file: file)
        // Checked once for the whole file, by the lexer's check for source text (a NUL byte is
        // no more valid in JSON); a file that fails it is read through the tree, whose error
        // points at the byte.
        guard SwiftLexer.firstEncodingProblem(in: text.bytes) == nil else { return nil }
        reader.inputIsValidUTF8 = true
        return CatalogReader.catalog(from: &reader, file: file)
    }

    /// The catalog read through `JSONElement`, which names the key path of a value of the
    /// wrong type: what `load` falls back on, and the reference its direct reading is tested
    /// against.
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

/// `StringCatalogLoader.load` straight from the bytes: the catalog the tree walk reads, or
/// nil at the first thing it does not expect (any error of the tree parser, a value of the
/// wrong type), where the loader parses the tree to report it. Each object's members are read
/// in file order and the last of a duplicated key wins, as `JSONNode.member` has it; a
/// localization's texts are its string unit's, then its variations', then its substitutions',
/// whatever order they are written in, as the tree walk collects them. The 1.8 MB of catalogs
/// in the 20 MB benchmark corpus cost 105 M instructions as a tree (parsing it, walking it,
/// freeing it), most of a catalog's loading.
private enum CatalogReader {
    static func catalog(from reader: inout JSONByteParser, file: String) -> StringCatalog? {
        do {
            try reader.beginDocument()
            guard try reader.openObject(depth: 0) else { return nil }
            var sourceLanguage: String?
            var version: String?
            var entries: [StringCatalogEntry] = []
            var member = try reader.firstMember()
            while let name = member {
                if reader.name(name, is: "sourceLanguage") {
                    sourceLanguage = try reader.optionalString()
                } else if reader.name(name, is: "version") {
                    version = try reader.optionalText()
                } else if reader.name(name, is: "strings") {
                    entries = try Self.entries(&reader, file: file)
                } else {
                    try reader.skipValue(depth: 1)
                }
                member = try reader.nextMember()
            }
            try reader.endDocument()
            return StringCatalog(file: file, sourceLanguage: sourceLanguage, version: version, entries: entries)
        } catch {
            return nil
        }
    }

    /// The `strings` object (depth 1): an entry per member, duplicated keys kept.
    private static func entries(_ reader: inout JSONByteParser, file: String) throws(InputError) -> [StringCatalogEntry] {
        var entries: [StringCatalogEntry] = []
        guard try reader.openObject(depth: 1) else { return entries }
        var member = try reader.firstMember()
        while let name = member {
            entries.append(try entry(&reader, key: reader.text(of: name), keyPosition: name.position, file: file))
            member = try reader.nextMember()
        }
        return entries
    }

    private static func entry(
        _ reader: inout JSONByteParser, key: String, keyPosition: TextPosition, file: String
    ) throws(InputError) -> StringCatalogEntry {
        guard try reader.openObject(depth: 2) else { throw notAnObject(reader) }
        var comment: String?
        var extractionState: String?
        var shouldTranslate: Bool?
        var localizations: [StringCatalogLocalization] = []
        var member = try reader.firstMember()
        while let name = member {
            if reader.name(name, is: "comment") {
                comment = try reader.optionalString()
            } else if reader.name(name, is: "extractionState") {
                extractionState = try reader.optionalString()
            } else if reader.name(name, is: "shouldTranslate") {
                shouldTranslate = try reader.optionalBool()
            } else if reader.name(name, is: "localizations") {
                localizations = try Self.localizations(&reader, file: file)
            } else {
                try reader.skipValue(depth: 3)
            }
            member = try reader.nextMember()
        }
        return StringCatalogEntry(
            key: key, keyLocation: keyPosition.location(in: file), comment: comment, extractionState: extractionState,
            shouldTranslate: shouldTranslate ?? true, localizations: localizations)
    }

    /// An entry's `localizations` (depth 3): a localization per member.
    private static func localizations(_ reader: inout JSONByteParser, file: String) throws(InputError) -> [StringCatalogLocalization] {
        var localizations: [StringCatalogLocalization] = []
        guard try reader.openObject(depth: 3) else { return localizations }
        var member = try reader.firstMember()
        while let name = member {
            var texts: [StringCatalogText] = []
            try collectTexts(&reader, variation: nil, variationDepth: 0, depth: 4, file: file, into: &texts)
            localizations.append(StringCatalogLocalization(locale: reader.text(of: name), location: name.position.location(in: file), texts: texts))
            member = try reader.nextMember()
        }
        return localizations
    }

    /// A localization, variation case or substitution object opened at `depth`: appends its
    /// string unit's text, then its variations', then its substitutions'.
    private static func collectTexts(
        _ reader: inout JSONByteParser, variation: String?, variationDepth: Int, depth: Int, file: String,
        into texts: inout [StringCatalogText]
    ) throws(InputError) {
        guard variationDepth < StringCatalogLoader.maximumVariationDepth, try reader.openObject(depth: depth) else {
            throw notAnObject(reader)
        }
        // Most objects have a string unit alone: the other lists are made only when written.
        var unit: StringCatalogText?
        var variations: [StringCatalogText]?
        var substitutions: [StringCatalogText]?
        var member = try reader.firstMember()
        while let name = member {
            if reader.name(name, is: "stringUnit") {
                unit = try stringUnit(&reader, variation: variation, depth: depth + 1, file: file)
            } else if reader.name(name, is: "variations") {
                var found: [StringCatalogText] = []
                if try reader.openObject(depth: depth + 1) {
                    var kindMember = try reader.firstMember()
                    while let kind = kindMember {
                        let kindName = reader.text(of: kind)
                        guard try reader.openObject(depth: depth + 2) else { throw notAnObject(reader) }
                        var caseMember = try reader.firstMember()
                        while let variationCase = caseMember {
                            try collectTexts(
                                &reader, variation: joined(variation, kindName, reader.text(of: variationCase)),
                                variationDepth: variationDepth + 1, depth: depth + 3, file: file, into: &found)
                            caseMember = try reader.nextMember()
                        }
                        kindMember = try reader.nextMember()
                    }
                }
                variations = found
            } else if reader.name(name, is: "substitutions") {
                var found: [StringCatalogText] = []
                if try reader.openObject(depth: depth + 1) {
                    var substitution = try reader.firstMember()
                    while let substitutionName = substitution {
                        try collectTexts(
                            &reader, variation: joined(variation, "substitutions", reader.text(of: substitutionName)),
                            variationDepth: variationDepth + 1, depth: depth + 2, file: file, into: &found)
                        substitution = try reader.nextMember()
                    }
                }
                substitutions = found
            } else {
                try reader.skipValue(depth: depth + 1)
            }
            member = try reader.nextMember()
        }
        if let unit { texts.append(unit) }
        if let variations { texts += variations }
        if let substitutions { texts += substitutions }
    }

    /// A `stringUnit` (opened at `depth`): its text when it has a value.
    private static func stringUnit(
        _ reader: inout JSONByteParser, variation: String?, depth: Int, file: String
    ) throws(InputError) -> StringCatalogText? {
        guard try reader.openObject(depth: depth) else { return nil }
        var value: (text: String?, position: TextPosition)?
        var state: (text: String?, position: TextPosition)?
        var member = try reader.firstMember()
        while let name = member {
            if reader.name(name, is: "value") {
                let position = reader.valuePosition
                value = (try reader.optionalString(), position)
            } else if reader.name(name, is: "state") {
                let position = reader.valuePosition
                state = (try reader.optionalString(), position)
            } else {
                try reader.skipValue(depth: depth + 1)
            }
            member = try reader.nextMember()
        }
        guard let value, let valueText = value.text else { return nil }
        var text = StringCatalogText(
            value: valueText, state: state?.text.map(StringCatalogState.init(rawValue:)),
            location: value.position.location(in: file), variation: variation)
        if let state, state.text != nil { text.stateLocation = state.position.location(in: file) }
        return text
    }

    /// The error for a value that should be an object: the reader gives up there.
    private static func notAnObject(_ reader: JSONByteParser) -> InputError {
        InputError(file: "", line: reader.valuePosition.line, column: reader.valuePosition.column, reason: "not an object")
    }

    private static func joined(_ prefix: String?, _ kind: String, _ name: String) -> String {
        guard let prefix else { return kind + "." + name }
        return prefix + "." + kind + "." + name
    }
}
