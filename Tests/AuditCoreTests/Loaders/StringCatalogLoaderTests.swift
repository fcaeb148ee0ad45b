import BenchmarkCorpus
import Foundation
import Testing
@testable import AuditCore

@Suite struct StringCatalogLoaderTests {
    private let path = "App/Paywall.xcstrings"

    private func loadFixture() throws -> StringCatalog {
        try StringCatalogLoader.load(bytes: try LoaderFixtures.bytes("strings/Paywall.xcstrings"), file: path)
    }

    private func loadText(_ text: String) throws(InputError) -> StringCatalog {
        try StringCatalogLoader.load(bytes: Array(text.utf8), file: "Localizable.xcstrings")
    }

    @Test func readsTheCatalogHeaderAndEveryKeyInOrder() throws {
        let catalog = try loadFixture()
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.version == "1.0")
        #expect(catalog.entries.map(\.key) == [
            "", "%lld days free, then %@/year", "Brand name", "paywall.cta", "paywall.devices",
            "Restore Purchases", "renewal.notice",
        ])
        #expect(catalog.locales == ["de", "en", "fr"])
        #expect(catalog.entry(forKey: "%lld days free, then %@/year")?.keyLocation
            == SourceLocation(file: path, line: 7, column: 5))
    }

    @Test func flattensPluralVariationsWithStatesAndLocations() throws {
        let catalog = try loadFixture()
        let trial = try #require(catalog.entry(forKey: "%lld days free, then %@/year"))
        #expect(trial.comment == "Trial line under the yearly plan")
        #expect(trial.shouldTranslate)
        #expect(trial.localizations.map(\.locale) == ["de", "en"])
        #expect(trial.localization(for: "de")?.location == SourceLocation(file: path, line: 10, column: 9))
        var one = StringCatalogText(
            value: "%lld Tag gratis, dann %@/Jahr", state: .translated,
            location: SourceLocation(file: path, line: 16, column: 29), variation: "plural.one")
        one.stateLocation = SourceLocation(file: path, line: 15, column: 29)
        var other = StringCatalogText(
            value: "%lld Tage gratis, dann %@/Jahr", state: .needsReview,
            location: SourceLocation(file: path, line: 22, column: 29), variation: "plural.other")
        other.stateLocation = SourceLocation(file: path, line: 21, column: 29)
        #expect(trial.texts(in: "de") == [one, other])
        #expect(trial.localization(for: "de")?.states == [.translated, .needsReview])
        #expect(trial.texts(in: "fr").isEmpty)
    }

    @Test func plainStringUnitsAndTranslationStates() throws {
        let catalog = try loadFixture()
        let cta = try #require(catalog.entry(forKey: "paywall.cta"))
        #expect(cta.comment == "Purchase button")
        #expect(cta.extractionState == "manual")
        #expect(cta.texts(in: "en").map(\.value) == ["Subscribe now"])
        #expect(cta.texts(in: "en").first?.variation == nil)
        #expect(cta.texts(in: "fr").map(\.value) == [""])
        #expect(cta.texts(in: "fr").first?.state == .new)
        #expect(StringCatalogState(rawValue: "reviewed") == .unknown("reviewed"))
        #expect(StringCatalogState.needsReview.rawValue == "needs_review")
    }

    @Test func nestedDeviceAndPluralVariations() throws {
        let devices = try #require(try loadFixture().entry(forKey: "paywall.devices"))
        #expect(devices.texts(in: "en").map(\.variation) == [
            "device.ipad", "device.other.plural.one", "device.other.plural.other",
        ])
        #expect(devices.texts(in: "en").map(\.value) == [
            "Unlock Pro on your iPad", "Unlock Pro on %lld device", "Unlock Pro on %lld devices",
        ])
    }

    @Test func substitutionsComeAfterTheStringUnit() throws {
        let notice = try #require(try loadFixture().entry(forKey: "renewal.notice"))
        #expect(notice.extractionState == "stale")
        let texts = notice.texts(in: "en")
        #expect(texts.map(\.variation) == [
            nil, "substitutions.months.plural.one", "substitutions.months.plural.other",
            "substitutions.price.plural.other",
        ])
        #expect(texts.first?.value == "Renews at %#@price@ every %#@months@. Cancel anytime.")
        #expect(texts.allSatisfy { $0.state == .translated })
    }

    @Test func sourceLanguageFallsBackToTheKey() throws {
        let catalog = try loadFixture()
        let brand = try #require(catalog.entry(forKey: "Brand name"))
        #expect(!brand.shouldTranslate)
        #expect(brand.localizations.isEmpty)
        #expect(catalog.userVisibleTexts(of: brand, in: "en") == [
            StringCatalogText(
                value: "Brand name", state: nil, location: SourceLocation(file: path, line: 48, column: 5),
                variation: nil),
        ])
        #expect(catalog.userVisibleTexts(of: brand, in: "de").isEmpty)
        let cta = try #require(catalog.entry(forKey: "paywall.cta"))
        #expect(catalog.userVisibleTexts(of: cta, in: "en").map(\.value) == ["Subscribe now"])
    }

    @Test func toleratesUnknownKeysAndEmptyCatalogs() throws {
        let catalog = try loadText(
            """
            {"sourceLanguage": "de", "futureKey": [1], "strings": {"Kaufen": {"newField": {}, "localizations": {
              "en": {"stringUnit": {"state": "translated"}, "otherThing": 1}}}}}
            """)
        #expect(catalog.version == nil)
        #expect(catalog.entries.first?.texts(in: "en") == [], "a string unit without a value has no text")
        #expect(try loadText("{}").entries.isEmpty)
    }

    @Test(arguments: [
        ("[1]", 1, 1, "a string catalog should be a JSON object at the top level, found an array"),
        ("{\"strings\": []}", 1, 13, "\"strings\" should be an object, found an array"),
        ("{\"strings\": {\"Buy\": {\"localizations\": {\"de\": {\"stringUnit\": {\"value\": 5}}}}}}", 1, 71,
         "\"strings.Buy.localizations.de.stringUnit.value\" should be a string, found a number"),
        ("{\"strings\": {\"Buy now\": {\"shouldTranslate\": \"no\"}}}", 1, 45,
         "\"strings['Buy now'].shouldTranslate\" should be true or false, found a string"),
        ("{\"strings\": {\"a\": {\"localizations\": {\"de\": {\"variations\": {\"plural\": {\"one\": \"x\"}}}}}}}", 1, 78,
         "\"strings.a.localizations.de.variations.plural.one\" should be an object, found a string"),
    ])
    func wrongTypesAreReportedAtTheValue(_ text: String, _ line: Int, _ column: Int, _ reason: String) {
        let error = inputError { try loadText(text) }
        #expect(error == InputError(file: "Localizable.xcstrings", line: line, column: column, reason: reason))
    }

    @Test func boundsVariationNesting() {
        var inner = "{\"stringUnit\": {\"value\": \"x\"}}"
        for _ in 0..<40 {
            inner = "{\"variations\": {\"plural\": {\"other\": \(inner)}}}"
        }
        let text = "{\"strings\": {\"k\": {\"localizations\": {\"en\": \(inner)}}}}"
        let error = inputError { try loadText(text) }
        #expect(error?.reason.contains("nests variations more than 16 levels deep") == true)
    }

    /// The catalogs of the repository (tests and examples) and of a generated app tree.
    static let catalogTexts: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var texts: [String] = []
        for folder in ["Tests", "Examples"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "xcstrings", let text = try? String(contentsOf: url, encoding: .utf8) { texts.append(text) }
            }
        }
        texts += CorpusGenerator(megabytes: 4, seed: 11).files().filter { $0.path.hasSuffix(".xcstrings") }
            .map { String(decoding: $0.contents, as: UTF8.self) }
        return texts
    }()

    /// Catalogs are read straight from their bytes, and through a tree and `JSONElement`
    /// (which names key paths in errors) only when the direct reading gives up: both must
    /// read every catalog alike, and fail alike.
    @Test func directReadingReadsWhatTheElementWalkReads() throws {
        var texts = Self.catalogTexts
        #expect(texts.count >= 6)
        // Every catalog Xcode or the generator wrote is read directly, not through the tree.
        for text in texts {
            let direct = try StringCatalogLoader.readDirectly(bytes: Array(text.utf8), file: "L.xcstrings")
            #expect(direct != nil, "\(text.prefix(120))")
        }
        texts += [
            "{}", "{\"sourceLanguage\": null, \"version\": 1.0, \"strings\": null}",
            "{\"sourceLanguage\": \"en\", \"sourceLanguage\": \"de\", \"strings\": {\"a\": {}, \"a\": {\"comment\": \"x\", \"comment\": null}}}",
            "{\"strings\": {\"k\": {\"shouldTranslate\": false, \"extractionState\": \"manual\", \"localizations\": {\"en\": {\"stringUnit\": null}, \"de\": {\"stringUnit\": {\"value\": null, \"state\": 5}}, \"fr\": {\"stringUnit\": {\"state\": \"new\", \"value\": \"x\", \"value\": \"y\"}}}}}}",
            "{\"strings\": {\"k\": {\"localizations\": {\"en\": {\"stringUnit\": {\"value\": \"%lld\"}, \"substitutions\": {\"n\": {\"variations\": {\"plural\": {\"one\": {\"stringUnit\": {\"value\": \"1\", \"state\": null}}, \"other\": {\"variations\": {\"device\": {\"mac\": {\"stringUnit\": {\"value\": \"n\"}}}}}}}}}, \"variations\": null}}}}}",
            // Variations and substitutions written before the string unit: the unit's text comes first.
            "{\"strings\": {\"k\": {\"localizations\": {\"en\": {\"substitutions\": {\"n\": {\"stringUnit\": {\"value\": \"s\"}}}, \"variations\": {\"plural\": {\"one\": {\"stringUnit\": {\"value\": \"v\"}}}}, \"stringUnit\": {\"value\": \"u\"}}}}}}",
            "{\"strings\": {\"k\": {\"localizations\": {\"en\": {\"variations\": {\"plural\": null}}}}}}",
            "{\"strings\": {\"k\": {\"localizations\": {\"en\": {\"substitutions\": {\"n\": 1}}}}}}",
            "{\"strings\": {\"k\": {\"localizations\": []}}}", "{\"version\": true}", "{\"strings\": {\"k\": 1}}",
            // Escaped member names and texts, unknown members of every kind, numbers and nesting.
            "{\"str\\u0069ngs\": {\"a\\\"b\": {\"x\": [1, -2.5e3, true, {\"y\": [[]]}], \"localizations\": {\"d\\u0065\": {\"stringUnit\": {\"value\": \"Caf\\u00e9 \\ud83d\\ude00\", \"extra\": {}}}}}}}",
            "\u{FEFF}{\"strings\": {}}", "  {\"strings\": {}}  \n", "{\"strings\": {\"k\": {\"localizations\": {\"en\": {\"stringUnit\": {\"value\": \"Kaufen für 4,99 € – jetzt\"}}}}}}",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let tree = try JSONParser.parse(bytes: bytes, file: "L.xcstrings")
            let loaded = Result { () throws(InputError) in try StringCatalogLoader.load(bytes: bytes, file: "L.xcstrings") }
            let elements = Result { () throws(InputError) in try StringCatalogLoader.load(walkingElementsOf: tree, file: "L.xcstrings") }
            #expect(loaded == elements, "\(text.prefix(120))")
            if let direct = try StringCatalogLoader.readDirectly(bytes: bytes, file: "L.xcstrings") {
                #expect(Result<StringCatalog, InputError>.success(direct) == elements, "\(text.prefix(120))")
            }
        }
    }

    /// The string scanner skips eight bytes at a time and stops at the first byte that needs a
    /// look: a closing quote, an escape, a control character or a bad UTF-8 byte at every
    /// offset of a word, after ASCII or multi-byte characters, is found where it is (the
    /// direct reading and the tree agree, and the tree's error names the byte's column).
    @Test func everyByteThatEndsAPlainRunIsFoundWhereItIs() throws {
        let fillers = ["a", "é", "日", "😀"]
        let specials: [(text: String, bytes: [UInt8]?)] = [("", nil), ("\\n", nil), ("\\\"", nil), ("\u{01}", nil), ("", [0xC3]), ("", [0xFF]), ("", [0xE6, 0x97])]
        var checked = 0
        for filler in fillers {
            for count in 0..<17 {
                for special in specials {
                    let head = "{\"strings\": {\"k\": {\"localizations\": {\"en\": {\"stringUnit\": {\"value\": \""
                    var bytes = Array(head.utf8) + Array(String(repeating: filler, count: count).utf8)
                    let column = bytes.count + 1
                    bytes += special.bytes ?? Array(special.text.utf8)
                    bytes += Array("tail\"}}}}}}".utf8)
                    let loaded = Result { () throws(InputError) in try StringCatalogLoader.load(bytes: bytes, file: "L.xcstrings") }
                    let tree = Result { () throws(InputError) in try JSONParser.parse(bytes: bytes, file: "L.xcstrings") }
                    switch tree {
                    case .success(let tree):
                        let elements = Result { () throws(InputError) in try StringCatalogLoader.load(walkingElementsOf: tree, file: "L.xcstrings") }
                        #expect(loaded == elements, "\(filler) × \(count), \(special)")
                        let value = try loaded.get().entries.first?.localizations.first?.texts.first?.value
                        let expected = String(repeating: filler, count: count) + (special.text == "\\n" ? "\n" : special.text == "\\\"" ? "\"" : "") + "tail"
                        #expect(value == expected, "\(filler) × \(count), \(special)")
                    case .failure(let error):
                        // A control character or a bad byte: the error is at that byte, and the
                        // direct reading gave up on the file too.
                        #expect(loaded == .failure(error))
                        #expect(error.location.line == 1 && error.location.column == column, "\(filler) × \(count), \(special): \(error)")
                        #expect(try StringCatalogLoader.readDirectly(bytes: bytes, file: "L.xcstrings") == nil)
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 4 * 17 * 7)
    }

    /// Every prefix of a catalog (a file cut short anywhere: inside a name, after one, inside a
    /// value) is given up on, as the tree parser rejects it, without reading past the end.
    @Test func directReadingGivesUpOnEveryTruncatedCatalog() throws {
        let whole = Array(try #require(Self.catalogTexts.min { $0.utf8.count < $1.utf8.count }).utf8)
        var cut = 0
        for length in 0..<whole.count {
            let prefix = Array(whole[0..<length])
            // Only the final line break can go without making the JSON invalid.
            guard (try? JSONParser.parse(bytes: prefix, file: "L.xcstrings")) == nil else { continue }
            #expect(try StringCatalogLoader.readDirectly(bytes: prefix, file: "L.xcstrings") == nil, "\(length) bytes")
            cut += 1
        }
        #expect(cut >= whole.count - 2)
        for text in ["{\"zero\"", "{\"zero\" ", "{\"strings\": {\"k\"", "{\"strings\":", "{\"a\": [1,", "{\"a\": tru"] {
            #expect(try StringCatalogLoader.readDirectly(bytes: Array(text.utf8), file: "L.xcstrings") == nil, "\(text)")
        }
    }

    /// Catalogs damaged byte by byte (a byte dropped, doubled or replaced by one that matters
    /// to JSON): the direct reading never accepts text the tree parser rejects, and whatever
    /// it accepts, the tree walk reads alike.
    @Test func directReadingGivesUpWhereTheTreeParserFails() throws {
        let seed = Array(try #require(Self.catalogTexts.min { $0.utf8.count < $1.utf8.count }).utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let replacements = Array("{}[],:\"\\ \n0-ntf\u{01}".utf8) + [0xC3, 0xFF]
        var accepted = 0
        var rejected = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<(1 + next(2)) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = replacements[next(replacements.count)]
                }
            }
            let direct = try? StringCatalogLoader.readDirectly(bytes: bytes, file: "L.xcstrings")
            guard let tree = try? JSONParser.parse(bytes: bytes, file: "L.xcstrings") else {
                #expect(direct == nil, "accepted what the parser rejects: \(String(decoding: bytes, as: UTF8.self))")
                rejected += 1
                continue
            }
            if let direct {
                let elements = Result { () throws(InputError) in try StringCatalogLoader.load(walkingElementsOf: tree, file: "L.xcstrings") }
                #expect(Result<StringCatalog, InputError>.success(direct) == elements)
                accepted += 1
            }
        }
        // Both sides were exercised.
        #expect(accepted > 100)
        #expect(rejected > 100)
    }

    @Test func truncatedCatalog() throws {
        let bytes = try LoaderFixtures.bytes("strings/Paywall.xcstrings")
        let error = inputError { try StringCatalogLoader.load(bytes: Array(bytes[0..<300]), file: path) }
        #expect(error?.reason.hasPrefix("unexpected end of file") == true)
    }
}
