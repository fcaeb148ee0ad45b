import Foundation
import Testing
@testable import AuditCore

@Suite struct StringsDictLoaderTests {
    private let path = "App/en.lproj/Localizable.stringsdict"

    @Test func flattensEveryVariantInAStableOrder() throws {
        let bytes = try LoaderFixtures.bytes("strings/en/Localizable.stringsdict")
        let file = try StringsDictLoader.load(bytes: bytes, file: path)
        #expect(file.entries == [
            StringsDictEntry(
                key: "trial.days",
                texts: ["%#@days@ free, then %@ per year", "%d day", "%d days"],
                location: SourceLocation(file: path, line: 5, column: 2)),
            StringsDictEntry(
                key: "Tom & Jerry",
                texts: ["%#@width@", "T&J", "Tom & Jerry, the full story"],
                location: SourceLocation(file: path, line: 21, column: 2)),
        ])
    }

    @Test func readsBinaryPropertyListsWithoutPositions() throws {
        let plist: [String: Any] = [
            "b.key": ["NSStringLocalizedFormatKey": "%#@n@", "n": ["other": "%d items", "one": "%d item"]],
            "a.key": "Plain text",
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let file = try StringsDictLoader.load(bytes: [UInt8](data), file: "x.stringsdict")
        #expect(file.entries.map(\.key) == ["a.key", "b.key"])
        #expect(file.entries.map(\.texts) == [["Plain text"], ["%#@n@", "%d item", "%d items"]])
        #expect(file.entries.allSatisfy { $0.location == SourceLocation(file: "x.stringsdict", line: 1, column: 1) })
    }

    @Test func malformedXMLNamesTheLine() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<string>unclosed
            </dict>
            </plist>
            """
        let error = inputError { try StringsDictLoader.load(bytes: Array(xml.utf8), file: "x.stringsdict") }
        #expect(error?.location.column == 1)
        #expect(error?.location.line ?? 0 > 1, "Foundation names the line: \(error?.reason ?? "")")
        #expect(error?.reason.hasPrefix("the file is not a valid property list") == true)
    }

    @Test func topLevelMustBeADictionary() {
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><array><string>a</string></array></plist>"
        let error = inputError { try StringsDictLoader.load(bytes: Array(xml.utf8), file: "x.stringsdict") }
        #expect(error == InputError(
            file: "x.stringsdict", line: 1, column: 1,
            reason: "a .stringsdict file should hold a dictionary of keys at the top level"))
    }

    @Test func entryOfTheWrongKindPointsAtItsKey() {
        let xml = """
            <?xml version="1.0"?>
            <plist version="1.0">
            <dict>
              <key>count</key>
              <integer>3</integer>
            </dict>
            </plist>
            """
        let error = inputError { try StringsDictLoader.load(bytes: Array(xml.utf8), file: "x.stringsdict") }
        #expect(error == InputError(
            file: "x.stringsdict", line: 4, column: 3,
            reason: "\"count\" should be a dictionary with NSStringLocalizedFormatKey, found a number"))
    }

    @Test func deepNestingIsAnInputErrorNotACrash() {
        let depth = 100_000
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key>"
            + String(repeating: "<dict><key>a</key>", count: depth) + "<string>x</string>"
            + String(repeating: "</dict>", count: depth) + "</dict></plist>"
        let error = inputError { try StringsDictLoader.load(bytes: Array(xml.utf8), file: "x.stringsdict") }
        #expect(error?.reason.hasPrefix("the file is not a valid property list") == true)
    }

    @Test func binaryGarbageIsAnInputError() {
        let error = inputError { try StringsDictLoader.load(bytes: [0x00, 0x01, 0xFF, 0x13, 0x37], file: "x.stringsdict") }
        #expect(error?.reason.hasPrefix("the file is not a valid property list") == true)
    }
}
