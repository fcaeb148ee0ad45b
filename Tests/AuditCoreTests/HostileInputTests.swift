import Foundation
import Testing
@testable import AuditCore

/// Inputs a repository may hold by accident or by malice: each one gives an input error or a
/// normal result, in bounded time, and never stops the rest of the audit. Big inputs are
/// generated here, never committed. (The same inputs through the command line, with all rules,
/// the reports and a memory limit, are in CLITests/HostileInputCLITests.swift.)
@Suite struct HostileInputTests {
    /// A fresh folder holding `files`; removed by the caller.
    func folder(_ files: [String: [UInt8]]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    /// Audits `files` (no rules: this suite is about loading) and fails when it takes longer than `limit`.
    func audit(_ files: [String: [UInt8]], within limit: Duration = .seconds(60), sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> AuditResult {
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ContinuousClock()
        let start = clock.now
        let result = Auditor.audit(paths: [root], root: root, rules: [])
        let elapsed = clock.now - start
        #expect(elapsed < limit, "took \(elapsed)", sourceLocation: sourceLocation)
        return result
    }

    func errors(_ result: AuditResult) -> [String: InputError] {
        Dictionary(result.project.inputErrors.map { ($0.location.file, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static let good = Array("import StoreKit\nstruct Store { func load() async throws { _ = try await Product.products(for: [\"a\"]) } }\n".utf8)

    // MARK: Swift

    @Test func tenMegabyteSingleLineSwiftFileIsAuditedNormally() throws {
        // Generated code: statements on one line around an embedded asset, no line break at all.
        var line = "import StoreKit; import SwiftUI; "
        for n in 0..<2000 { line += "let price\(n) = Text(\"Only $\(n).99 a month\"); " }
        line += "let asset = \"" + String(repeating: "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkr", count: 230_000) + "\"; "
        line += "struct Paywall: View { var body: some View { Button(\"Buy\") { Task { _ = try? await product.purchase() } } } }"
        #expect(line.utf8.count > 10_000_000)
        let result = try audit(["App/Generated.swift": Array(line.utf8)])
        #expect(result.project.inputErrors.isEmpty)
        let file = try #require(result.project.swiftFiles.first)
        #expect(file.lines.lineCount == 1)
        #expect(file.stringLiterals().count == 2002)
    }

    /// The Swift compiler rejects more than 256 nested brackets, so such a file is an input error
    /// (at the opener past the limit) and is not audited; without the limit every query that
    /// walks enclosing scopes costs the depth for each token.
    @Test(arguments: [
        ("balanced braces", "func f() " + String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)),
        ("braces never closed", "func f() " + String(repeating: "{", count: 100_000)),
        ("braces closed by parentheses", "let x = " + String(repeating: "{", count: 100_000) + String(repeating: ")", count: 100_000)),
        ("mismatched kinds", "let x = " + String(repeating: "{ )", count: 100_000)),
        ("nested closures", "func f() " + String(repeating: "Task { ", count: 100_000) + String(repeating: "} ", count: 100_000)),
        ("nested calls", "let x = " + String(repeating: "f(", count: 100_000) + String(repeating: ")", count: 100_000)),
        ("nested arrays", "let x = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
        ("nested interpolations", "let s = " + String(repeating: "\"\\(", count: 100_000) + String(repeating: ")\"", count: 100_000)),
        ("nested switches", "func f() { " + String(repeating: "switch a { case .b: ", count: 100_000) + String(repeating: "} ", count: 100_000) + "}"),
    ])
    func hundredThousandNestedBracketsAreAnInputError(shape: String, source: String) throws {
        let result = try audit(["App/Nested.swift": Array(("import StoreKit\n" + source + "\n").utf8), "App/Store.swift": Self.good], within: .seconds(30))
        let error = try #require(errors(result)["App/Nested.swift"], "\(shape)")
        #expect(error.reason.contains("nest more than 256 levels"), "\(shape): \(error.reason)")
        #expect(error.location.line == 2, "\(shape)")
        #expect(result.project.swiftFiles.map(\.path) == ["App/Store.swift"], "\(shape)")
    }

    @Test func nestingUpToTheCompilersLimitIsAudited() throws {
        // 256 open brackets compile; the 257th does not (swiftc: "structure nesting level
        // exceeded maximum of 256"), and the error points at it.
        let deepest = "func f() {\n" + String(repeating: "do { ", count: 255) + "\n" + String(repeating: "} ", count: 255) + "\n}\n"
        let tooDeep = "func f() {\n" + String(repeating: "do { ", count: 256) + "\n" + String(repeating: "} ", count: 256) + "\n}\n"
        let result = try audit(["App/Deepest.swift": Array(deepest.utf8), "App/TooDeep.swift": Array(tooDeep.utf8)])
        #expect(result.project.swiftFiles.map(\.path) == ["App/Deepest.swift"])
        let error = try #require(errors(result)["App/TooDeep.swift"])
        #expect(error.location.line == 2 && error.location.column == 256 * 5 - 1, "\(error.location)")
        #expect(errors(result)["App/Deepest.swift"] == nil)
    }

    @Test func operatorsBeforeBracesStayLinear() throws {
        // `a > { }` looks like the end of generic arguments before a trailing closure; the search
        // for their start must not run back to the top of the file for each brace.
        let source = "func f() {\n" + String(repeating: "x = a > { } ", count: 100_000) + "\n}\n"
        let result = try audit(["App/Operators.swift": Array(source.utf8)], within: .seconds(30))
        #expect(result.project.inputErrors.isEmpty)
        #expect(result.project.swiftFiles.count == 1)
    }

    @Test(arguments: [
        ("string", "let a = 1\nlet s = \"never closed", 2, 9, "string literal is not terminated"),
        ("multi-line string", "let a = 1\nlet s = \"\"\"\n  never closed\n", 2, 9, "string literal is not terminated"),
        ("raw string", "let a = 1\nlet s = #\"never \"closed", 2, 9, "string literal is not terminated"),
        ("interpolation", "let a = 1\nlet s = \"value \\(a", 2, 9, "string literal is not terminated"),
        ("block comment", "let a = 1\n/* never /* closed */", 2, 1, "block comment is not terminated"),
        ("regex", "let a = 1\nlet r = #/never closed", 2, 9, "regex literal is not terminated"),
    ])
    func unterminatedLiteralsAtEndOfFileAreInputErrorsAndTheFileIsStillAudited(kind: String, source: String, line: Int, column: Int, reason: String) throws {
        let result = try audit(["App/Open.swift": Array(source.utf8)])
        let error = try #require(errors(result)["App/Open.swift"], "\(kind)")
        #expect(error.location.line == line && error.location.column == column, "\(kind): \(error.location)")
        #expect(error.reason.contains(reason), "\(kind): \(error.reason)")
        #expect(result.project.swiftFiles.map(\.path) == ["App/Open.swift"], "\(kind)")
    }

    // MARK: Encodings

    @Test func invalidUTF8AndNULBytesInEveryKindOfInput() throws {
        let invalid: [UInt8] = [0xC3, 0x28]
        func bytes(_ before: String, _ middle: [UInt8], _ after: String) -> [UInt8] {
            Array(before.utf8) + middle + Array(after.utf8)
        }
        var files: [String: [UInt8]] = ["App/Store.swift": Self.good]
        files["App/Invalid.swift"] = bytes("let a = 1\nlet b = \"", invalid, "\"\n")
        files["App/NUL.swift"] = bytes("let a = 1\nlet b = 2", [0], "\n")
        files["App/Invalid.storekit"] = bytes("{\n  \"identifier\" : \"", invalid, "\"\n}")
        files["App/Invalid.xcstrings"] = bytes("{\n  \"sourceLanguage\" : \"", invalid, "\"\n}")
        files["App/de.lproj/Invalid.strings"] = bytes("\"a\" = \"b\";\n\"c\" = \"", invalid, "\";\n")
        files["App/NUL.strings"] = bytes("\"a\" = \"b", [0], "\";\n")
        // Past the 8,000 bytes sniffed for binary content, a NUL is a character like any other.
        let padding = String(repeating: "x", count: 9000)
        files["App/LateNUL.storekit"] = bytes("{\n  \"identifier\" : \"\(padding)\",\n  \"settings\" : \"", [0], "\"\n}")
        files["App/Paywall-copy.md"] = bytes("# Pro\n\nOnly ", invalid, " today\n")
        let result = try audit(files)
        let byFile = errors(result)
        let expectations: [(String, Int, Int, String)] = [
            ("App/Invalid.swift", 2, 10, "UTF-8"),
            ("App/NUL.swift", 2, 10, "NUL"),
            ("App/Invalid.storekit", 2, 19, "UTF-8"),
            ("App/Invalid.xcstrings", 2, 23, "UTF-8"),
            ("App/de.lproj/Invalid.strings", 2, 8, "UTF-8"),
            ("App/NUL.strings", 1, 1, "NUL"),
            ("App/LateNUL.storekit", 3, 17, "control character U+0000"),
            ("App/Paywall-copy.md", 3, 6, "UTF-8"),
        ]
        for (file, line, column, reason) in expectations {
            let error = try #require(byFile[file], "\(file) has no input error")
            #expect(error.location.line == line && error.location.column == column, "\(file): \(error.location)")
            #expect(error.reason.contains(reason), "\(file): \(error.reason)")
        }
        #expect(result.project.swiftFiles.map(\.path) == ["App/Store.swift"])
    }

    @Test func utf16WithAndWithoutByteOrderMark() throws {
        func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
            var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
            for unit in text.utf16 {
                bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            return bytes
        }
        let table = "/* Paywall */\n\"title\" = \"Jahresabo – 😀\";\n\"cta\" = \"Abonnieren\";\n"
        let storekit = "{\n  \"products\" : [ { \"productID\" : \"com.app.pro\", \"type\" : \"NonConsumable\" } ]\n}\n"
        let catalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"Go\" : { } },\n  \"version\" : \"1.0\"\n}\n"
        let swift = "import StoreKit\nlet a = 1\n"
        var files: [String: [UInt8]] = ["App/Store.swift": Self.good]
        for (name, bigEndian, mark) in [("LEBOM", false, true), ("BEBOM", true, true), ("LE", false, false), ("BE", true, false)] {
            files["App/de.lproj/\(name).strings"] = utf16(table, bigEndian: bigEndian, mark: mark)
            files["App/\(name).storekit"] = utf16(storekit, bigEndian: bigEndian, mark: mark)
            files["App/\(name).xcstrings"] = utf16(catalog, bigEndian: bigEndian, mark: mark)
            files["App/\(name).swift"] = utf16(swift, bigEndian: bigEndian, mark: mark)
        }
        let result = try audit(files)
        let byFile = errors(result)
        for name in ["LEBOM", "BEBOM", "LE", "BE"] {
            // Strings tables, StoreKit configurations and catalogs may be UTF-16: read normally.
            #expect(byFile["App/de.lproj/\(name).strings"] == nil)
            let strings = try #require(result.project.stringsFiles.first { $0.file == "App/de.lproj/\(name).strings" })
            #expect(strings.entries.map(\.value) == ["Jahresabo – 😀", "Abonnieren"])
            #expect(strings.entries.map(\.location.line) == [2, 3])
            #expect(byFile["App/\(name).storekit"] == nil)
            #expect(result.project.storeKitConfigurations.first { $0.file == "App/\(name).storekit" }?.products.first?.productID == "com.app.pro")
            #expect(byFile["App/\(name).xcstrings"] == nil)
            #expect(result.project.stringCatalogs.contains { $0.file == "App/\(name).xcstrings" })
            // Swift sources must be UTF-8, as the compiler requires: an input error that says so.
            let error = try #require(byFile["App/\(name).swift"])
            #expect(error.reason.contains("UTF-16"), "\(error.reason)")
        }
        #expect(result.project.swiftFiles.map(\.path) == ["App/Store.swift"])
    }

    // MARK: JSON

    @Test func jsonNumbersOutOfRange() throws {
        func storekit(_ member: String) -> [UInt8] {
            Array("{\n  \"subscriptionGroups\" : [ { \"id\" : \"1\", \"subscriptions\" : [ {\n    \"productID\" : \"com.app.pro\",\n    \(member)\n  } ] } ]\n}\n".utf8)
        }
        let digits = String(repeating: "9", count: 100_000)
        let result = try audit([
            "App/Huge.storekit": storekit("\"displayPrice\" : 1e400"),
            "App/NegativeHuge.storekit": storekit("\"displayPrice\" : -1e400"),
            "App/Tiny.storekit": storekit("\"displayPrice\" : 1e-400"),
            "App/NotWhole.storekit": storekit("\"groupNumber\" : 1e30"),
            "App/TooBigForInt.storekit": storekit("\"groupNumber\" : 99999999999999999999"),
            "App/LongID.storekit": storekit("\"internalID\" : 123456789012345678901234567890"),
            "App/HundredThousandDigits.storekit": storekit("\"displayPrice\" : \(digits)"),
            "App/Version.xcstrings": Array("{\n  \"sourceLanguage\" : \"en\",\n  \"version\" : 1e999\n}\n".utf8),
        ])
        let byFile = errors(result)
        #expect(byFile["App/Huge.storekit"]?.reason.contains("the number 1e400 is too large to represent") == true)
        #expect(byFile["App/Huge.storekit"]?.location.line == 4)
        #expect(byFile["App/NegativeHuge.storekit"]?.reason.contains("too large") == true)
        #expect(byFile["App/NotWhole.storekit"]?.reason.contains("should be a whole number, found 1e30") == true)
        #expect(byFile["App/TooBigForInt.storekit"]?.reason.contains("should be a whole number") == true)
        #expect(byFile["App/HundredThousandDigits.storekit"]?.reason.contains("too large") == true)
        #expect(byFile["App/Version.xcstrings"]?.location.line == 3)
        // Numbers a configuration may hold stay as written.
        #expect(byFile["App/Tiny.storekit"] == nil)
        #expect(byFile["App/LongID.storekit"] == nil)
        let long = result.project.storeKitConfigurations.first { $0.file == "App/LongID.storekit" }
        #expect(long?.subscriptionGroups.first?.subscriptions.first?.internalID == "123456789012345678901234567890")
    }

    @Test func deeplyNestedJSONIsAnInputError() throws {
        let arrays = "{ \"products\" : " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + " }"
        let objects = "{ \"strings\" : " + String(repeating: "{ \"a\" : ", count: 100_000) + "1" + String(repeating: " }", count: 100_000) + " }"
        let unclosed = "{ \"products\" : " + String(repeating: "[{\"localizations\":", count: 100_000)
        let result = try audit([
            "App/Arrays.storekit": Array(arrays.utf8), "App/Objects.xcstrings": Array(objects.utf8),
            "App/Unclosed.storekit": Array(unclosed.utf8), "App/Store.swift": Self.good,
        ], within: .seconds(30))
        let byFile = errors(result)
        for file in ["App/Arrays.storekit", "App/Objects.xcstrings", "App/Unclosed.storekit"] {
            #expect(byFile[file]?.reason.contains("nesting is deeper than 512 levels") == true, "\(file): \(byFile[file]?.reason ?? "no error")")
        }
        #expect(result.project.swiftFiles.count == 1)
    }

    @Test func fiftyMegabyteStoreKitConfigurationIsReadNormally() throws {
        // Twenty localizations of 2,500 characters for each of 1,000 products.
        let description = String(repeating: "Unlock every recipe, offline mode and weekly meal plans. ", count: 45)
        let locales = ["en_US", "de", "fr", "es", "it", "ja", "ko", "zh_Hans", "pt_BR", "nl", "sv", "da", "fi", "nb", "pl", "tr", "ru", "ar", "he", "th"]
        var text = "{\n  \"identifier\" : \"Big\",\n  \"products\" : [\n"
        for n in 0..<1000 {
            let localizations = locales.map { "        { \"description\" : \"\(description)\(n)\", \"displayName\" : \"Pro \(n)\", \"locale\" : \"\($0)\" }" }
            text += "    {\n      \"displayPrice\" : \"4.99\",\n      \"localizations\" : [\n" + localizations.joined(separator: ",\n")
            text += "\n      ],\n      \"productID\" : \"com.example.pro.\(n)\",\n      \"type\" : \"NonConsumable\"\n    }\(n < 999 ? "," : "")\n"
        }
        text += "  ],\n  \"version\" : { \"major\" : 3, \"minor\" : 0 }\n}\n"
        #expect(text.utf8.count > 50_000_000)
        let result = try audit(["App/Products.storekit": Array(text.utf8)], within: .seconds(120))
        #expect(result.project.inputErrors.isEmpty)
        let configuration = try #require(result.project.storeKitConfigurations.first)
        #expect(configuration.products.count == 1000)
        #expect(configuration.products.last?.localizations.count == 20)
    }

    // MARK: The file system

    @Test func symbolicLinkLoopsAreInputErrorsOrSkipped() throws {
        let root = try folder(["App/Store.swift": Self.good])
        defer { try? FileManager.default.removeItem(at: root) }
        let fileManager = FileManager.default
        // Folder loops are never followed; file links that loop cannot be read.
        try fileManager.createSymbolicLink(atPath: root.appendingPathComponent("App/Loop").path, withDestinationPath: root.path)
        try fileManager.createSymbolicLink(atPath: root.appendingPathComponent("App/Self.swift").path, withDestinationPath: "Self.swift")
        try fileManager.createSymbolicLink(atPath: root.appendingPathComponent("App/A.storekit").path, withDestinationPath: "B.storekit")
        try fileManager.createSymbolicLink(atPath: root.appendingPathComponent("App/B.storekit").path, withDestinationPath: "A.storekit")
        let result = Auditor.audit(paths: [root], root: root, rules: [])
        let byFile = errors(result)
        for file in ["App/Self.swift", "App/A.storekit", "App/B.storekit"] {
            #expect(byFile[file]?.reason.contains("symbolic link that leads back to itself") == true, "\(file): \(byFile[file]?.reason ?? "no error")")
        }
        #expect(result.project.swiftFiles.map(\.path) == ["App/Store.swift"])
        #expect(result.project.inputErrors.count == 3)
    }

    /// Tests run as root in CI, and root reads a file whatever its mode, so "unreadable" is made
    /// with what no one can read: a link to nothing, to a pipe that nobody writes (reading it
    /// would block for ever), to an endless device, and a file past the size the audit reads.
    /// Under another user a file without read permission is checked as well.
    @Test func unreadableFilesAreInputErrorsAndNeverBlock() throws {
        let root = try folder(["App/Store.swift": Self.good, "App/Locked.swift": Self.good])
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App")
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("Gone.swift").path, withDestinationPath: "/nonexistent/Gone.swift")
        let pipe = root.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("Pipe.swift").path, withDestinationPath: pipe.path)
        try fileManager.createSymbolicLink(atPath: app.appendingPathComponent("Zero.storekit").path, withDestinationPath: "/dev/zero")
        // Sparse: no disk space is used.
        let huge = app.appendingPathComponent("Huge.swift")
        #expect(fileManager.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, off_t(Auditor.maximumFileSize + 1)) == 0)
        try fileManager.setAttributes([.posixPermissions: 0o000], ofItemAtPath: app.appendingPathComponent("Locked.swift").path)
        defer { try? fileManager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: app.appendingPathComponent("Locked.swift").path) }

        let clock = ContinuousClock()
        let start = clock.now
        let result = Auditor.audit(paths: [root], root: root, rules: [])
        #expect(clock.now - start < .seconds(30))
        let byFile = errors(result)
        #expect(byFile["App/Gone.swift"]?.reason == "cannot be read: it is a symbolic link to a file that does not exist")
        #expect(byFile["App/Pipe.swift"]?.reason == "cannot be read: it is not a regular file but a pipe, socket or device")
        #expect(byFile["App/Zero.storekit"]?.reason == "cannot be read: it is not a regular file but a pipe, socket or device")
        #expect(byFile["App/Huge.swift"]?.reason == "is larger than the 256 MB the audit reads")
        if getuid() != 0 {
            #expect(byFile["App/Locked.swift"]?.reason == "cannot be read: permission denied")
        }
        #expect(result.project.swiftFiles.map(\.path).contains("App/Store.swift"))
    }

    @Test func aFileDeletedDuringTheRunIsAnInputError() throws {
        let root = try folder(["App/Store.swift": Self.good, "App/Going.swift": Self.good, "App/Going.storekit": Array("{}".utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        // Between the walk that finds the files and the reading of them.
        let found = Discovery.discover(paths: [root], root: root)
        #expect(found.files.count == 3)
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Going.swift"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Going.storekit"))
        let inputs = found.files.map { InputFile(relativePath: $0.relativePath, kind: $0.kind, contents: Auditor.read($0)) }
        let result = Auditor.audit(files: inputs, rules: [])
        let byFile = errors(result)
        #expect(byFile["App/Going.swift"]?.reason == "disappeared before it could be read")
        #expect(byFile["App/Going.storekit"]?.reason == "disappeared before it could be read")
        #expect(result.project.swiftFiles.map(\.path) == ["App/Store.swift"])
        // A file deleted after it was read is audited from what was read.
        let later = Auditor.audit(files: [InputFile(relativePath: "App/Store.swift", kind: .swift, contents: Auditor.read(found.files[2]))], rules: [])
        #expect(later.project.inputErrors.isEmpty)
    }

    /// Descriptors open in this process on files under `folder` or on `/proc/…/status`: those
    /// the reads below could leave open. (Counting every descriptor of the process raced with
    /// the tests that run beside this one, which open and close pipes and files.)
    static func openDescriptors(under folder: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        return names.filter { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name) else { return false }
            return target.hasPrefix(prefix) || target.hasPrefix(folder.path + "/") || (target.hasPrefix("/proc/") && target.hasSuffix("/status"))
        }.count
    }

    /// A file of `splitReadSize` or more is read in two halves at once; every byte lands where
    /// it was (a pattern that differs at every offset of the halves' seam), and an odd size
    /// leaves no byte out.
    @Test func aLargeFileReadInHalvesIsReadExactly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-halves-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let size = Auditor.splitReadSize + 12_345
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let url = root.appendingPathComponent("Big.swift")
        try Data(bytes).write(to: url)
        let file = DiscoveredFile(path: url.path, relativePath: "Big.swift", kind: .swift)
        let read = try Auditor.read(file).get()
        #expect(read.count == size)
        #expect(read == bytes)
    }

    /// A file with more bytes than its size says (a `/proc` file reports 0) is read whole, the
    /// general way; every file read, that way or the direct one, leaves no descriptor open.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func aFileLongerThanItsSizeIsReadWholeAndNoDescriptorIsLeftOpen() throws {
        var files: [String: [UInt8]] = [:]
        for index in 0..<50 { files["App/File\(index).swift"] = Self.good }
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Status.swift").path, withDestinationPath: "/proc/self/status")
        let found = Discovery.discover(paths: [root], root: root)
        #expect(found.files.count == 51)
        let before = Self.openDescriptors(under: root)
        var contents: [String: [UInt8]] = [:]
        for _ in 0..<3 {
            for file in found.files {
                if case .success(let bytes) = Auditor.read(file) { contents[file.relativePath] = bytes }
            }
        }
        #expect(before == 0)
        #expect(Self.openDescriptors(under: root) == before)
        #expect(contents.count == 51)
        #expect(contents["App/File7.swift"] == Self.good)
        let status = String(decoding: contents["App/Status.swift"] ?? [], as: UTF8.self)
        #expect(status.hasPrefix("Name:"), "\(status.prefix(80))")
        #expect(status.contains("\nPid:"))
    }
}
