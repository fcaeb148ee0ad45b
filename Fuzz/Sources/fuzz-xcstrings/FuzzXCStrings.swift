import AuditCore
import FuzzSupport

/// The `.xcstrings` (string catalog) loader: JSON parser, entries, nested variations.
func fuzzXCStrings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBytes(data, size)
    let lines = lineCount(bytes)
    do {
        let catalog = try StringCatalogLoader.load(bytes: bytes, file: "Localizable.xcstrings")
        _ = catalog.entries.flatMap(\.localizations).map(\.locale)
    } catch {
        // UTF-16 is transcoded first, keeping its line breaks: never more lines than raw bytes count.
        expectValid(error, lineCount: lines)
    }
    _ = loadThroughEngine(bytes, path: "App/Localizable.xcstrings")
    return 0
}
