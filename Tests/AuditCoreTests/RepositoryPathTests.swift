import Foundation
import Testing
@testable import AuditCore

/// `RepositoryPath.isInside` and `lastSlash` read the strings' bytes; they answer what the
/// UTF-8 views compared element by element answered, for native strings and for strings
/// bridged from `NSString` (which may have no contiguous UTF-8 to read).
@Suite struct RepositoryPathTests {
    static func insideByView(_ path: String, _ folder: String) -> Bool {
        if folder.isEmpty { return true }
        let bytes = path.utf8
        guard bytes.starts(with: folder.utf8) else { return false }
        return bytes.count == folder.utf8.count || bytes[bytes.index(bytes.startIndex, offsetBy: folder.utf8.count)] == UInt8(ascii: "/")
    }

    static let paths = ["", "a", "a/", "a/b", "a/b/c.swift", "ab/c", "a/bc", "/a/b", "App/Sources/Ünï/Café.swift", "App/Sources", "App/Sources2/x",
                        "Packages/Kit/Sources/Kit/Store.swift", "Packages/Kit", "Packages/KitTests/x.swift", "a//b", "日本/語.swift"]

    @Test func isInsideAnswersAsTheViewsDid() {
        for path in Self.paths {
            for folder in Self.paths {
                let expected = Self.insideByView(path, folder)
                #expect(RepositoryPath.isInside(path, folder: folder) == expected, "\(path) in \(folder)")
                // A bridged string may have no contiguous UTF-8 to read.
                let bridged = String(NSString(string: path)), bridgedFolder = String(NSString(string: folder))
                #expect(RepositoryPath.isInside(bridged, folder: bridgedFolder) == expected, "\(path) in \(folder), bridged")
            }
        }
    }

    @Test func lastSlashIsTheLastSlashBeforeTheEnd() {
        for path in Self.paths {
            var end = path.endIndex
            var expected = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            while true {
                let found = RepositoryPath.lastSlash(in: path, before: end)
                #expect(found == expected, "\(path)")
                guard let slash = found else { break }
                end = slash
                expected = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/"))
            }
        }
    }
}
