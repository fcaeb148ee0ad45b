/// Deciding what is shipped app code: test targets, SwiftUI previews and `#if DEBUG` code are not audited as
/// app code (they legitimately do things the rules forbid), but the report says they were skipped.
public enum ShippedCode {
    static let testImports: Set<String> = ["XCTest", "Testing", "StoreKitTest", "SnapshotTesting", "Quick", "Nimble"]

    /// Whether a file belongs to a test target: under a `Tests`/`*Tests`/`*UITests` folder, or
    /// importing a test framework.
    public static func isTestFile(_ file: SwiftFile) -> Bool {
        if isInTestFolder(file.path) { return true }
        // The name filter spares most files the lookup of `import` that `imports` needs. A file
        // whose filter may hold a test module is asked for its imports at once, not for each
        // module first: before its index is built, each question is a pass over the bytes, and
        // a large file's filter holds nearly every name (six passes over the 50 MB benchmark file).
        guard testImportHashes.contains(where: { file.names.mayContain($0) }) else { return false }
        return file.imports.contains { testImports.contains($0) }
    }

    private static let testsFolder = Array("Tests".utf8)
    private static let testSupportFolder = Array("TestSupport".utf8)
    private static let testImportHashes = testImports.map { IdentifierIndex.hash(of: $0) }

    /// Whether a folder of `path` (its last component is the file) is `Tests`, `TestSupport`
    /// or named `…Tests` (`StoreUITests`). Compared as bytes: every Swift file is asked.
    static func isInTestFolder(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for end in bytes.indices where bytes[end] == UInt8(ascii: "/") {
                let folder = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                if folder.count >= testsFolder.count, folder.suffix(testsFolder.count).elementsEqual(testsFolder) { return true }
                if folder.elementsEqual(testSupportFolder) { return true }
            }
            return false
        }
    }

    /// Byte ranges of `#Preview { … }` and of `PreviewProvider` types.
    static func previewRanges(in file: SwiftFile) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for i in file.codeIndices(ofKind: .poundKeyword) where file.tokenIs(i, "#Preview") {
            // `#Preview("Name", traits: …) { … }`: up to the closing brace of the trailing closure.
            var j = i + 1
            if j < file.code.count, file.code[j].kind == .leftParen, file.match[j] > j { j = Int(file.match[j]) + 1 }
            guard j < file.code.count, file.code[j].kind == .leftBrace, file.match[j] > j else { continue }
            ranges.append(Int(file.code[i].start)..<Int(file.code[Int(file.match[j])].end))
        }
        // Most files have no preview: the name filter says so without building the tree.
        guard file.mentions("PreviewProvider") else { return ranges }
        for declaration in file.typeDeclarations(inheriting: "PreviewProvider") where declaration.bodyEnd > 0 {
            var start = declaration.keyword
            // Include attributes and modifiers written before the keyword.
            while start > 0, file.code[start - 1].kind == .attribute || ["private", "fileprivate", "internal", "public"].contains(file.text(start - 1)) {
                start -= 1
            }
            ranges.append(Int(file.code[start].start)..<Int(file.code[declaration.bodyEnd].end))
        }
        return ranges
    }

    /// Byte ranges of `#if DEBUG` branches: code that is compiled out of release builds. The
    /// `#else` branch (what ships) is kept.
    static func debugOnlyRanges(in file: SwiftFile) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // Stack of open conditionals: whether the current branch is debug-only, and where it starts.
        var stack: [(debug: Bool, start: Int)] = []
        for i in file.codeIndices(ofKind: .poundKeyword) {
            let word = file.text(i)
            switch word {
            case "#if":
                let isDebug = i + 1 < file.code.count && file.isIdentifier(i + 1, "DEBUG")
                    && (i + 2 >= file.code.count || file.startsLine[i + 2] || file.code[i + 2].kind == .poundKeyword)
                stack.append((isDebug, Int(file.code[i].start)))
            case "#elseif", "#else", "#endif":
                guard let top = stack.popLast() else { continue }
                if top.debug { ranges.append(top.start..<Int(file.code[i].start)) }
                if word != "#endif" { stack.append((false, Int(file.code[i].start))) }
            default:
                break
            }
        }
        return ranges
    }

    /// The file with its previews and `#if DEBUG` branches blanked out (every byte but line
    /// breaks becomes a space), so rules never see that code and positions stay exact. Nil when
    /// there is nothing to blank.
    public static func withoutPreviews(_ file: SwiftFile) -> SwiftFile? {
        let ranges = previewRanges(in: file) + debugOnlyRanges(in: file)
        guard !ranges.isEmpty else { return nil }
        var bytes = file.bytes
        for range in ranges {
            for offset in range where bytes[offset] != 0x0A && bytes[offset] != 0x0D {
                bytes[offset] = 0x20
            }
        }
        return SwiftFile(path: file.path, bytes: bytes)
    }
}
