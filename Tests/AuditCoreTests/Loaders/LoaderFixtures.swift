import Foundation
import Testing
@testable import AuditCore

/// Fixture files for the loader tests, found next to this source file so that no resource
/// bundle is needed.
enum LoaderFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
        .appendingPathComponent("Loaders")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(relativePath)))
    }
}

/// The `InputError` a loader throws, or nil when it succeeds. (Closures do not infer typed
/// throws yet, so the body is untyped and any other error is recorded as a test failure.)
func inputError<T>(_ body: () throws -> T) -> InputError? {
    do {
        _ = try body()
        return nil
    } catch let error as InputError {
        return error
    } catch {
        Issue.record("expected an InputError, got \(error)")
        return nil
    }
}

/// Parses JSON written in a test.
func parseJSON(_ text: String, file: String = "test.json") throws(InputError) -> JSONNode {
    try JSONParser.parse(bytes: Array(text.utf8), file: file)
}
