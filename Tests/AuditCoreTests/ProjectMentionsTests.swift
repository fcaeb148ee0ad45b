import AuditCore
import Testing

/// `Project.swiftFileIndices(mentioning:)` names exactly the files in which an identifier is
/// written, asked once or again, in projects small enough to be asked directly and large
/// enough to remember the answers.
@Suite struct ProjectMentionsTests {
    static let vocabulary = ["Store", "purchase", "updates", "Transaction", "finish", "productID", "Paywall", "restore", "id", "sheet"]

    static func file(_ number: Int) -> SwiftFile {
        // Each file writes a different selection of the words, some only inside a string or a
        // comment, where they are not identifiers.
        var source = "import StoreKit\n"
        for (position, word) in vocabulary.enumerated() {
            switch (number * 7 + position * 3) % 5 {
            case 0, 1: source += "let v\(position) = \(word)\n"
            case 2: source += "let s\(position) = \"\(word)\"\n"
            case 3: source += "// \(word)\n"
            default: break
            }
        }
        return SwiftFile(path: "F\(number).swift", bytes: Array(source.utf8))
    }

    @Test(arguments: [1, 16, 17, 70])
    func theFilesThatWriteANameAreNamed(fileCount: Int) {
        let files = (0..<fileCount).map(Self.file)
        let project = Project(swiftFiles: files)
        for name in Self.vocabulary + ["absent", "v1", "StoreKit"] {
            let expected = files.indices.filter { f in
                files[f].code.indices.contains { files[f].isKind($0, .identifier) && files[f].tokenIs($0, spelled: name) }
            }
            #expect(project.swiftFileIndices(mentioning: name) == expected, "\(name) in \(fileCount) files")
            #expect(project.swiftFileIndices(mentioning: name) == expected, "\(name) in \(fileCount) files, asked again")
        }
        // Not vacuous: some words are in some files and not in others.
        #expect(Self.vocabulary.contains { name in
            let count = project.swiftFileIndices(mentioning: name).count
            return count > 0 && count < fileCount
        } || fileCount == 1)
    }
}
