import AuditCore
import FuzzSupport

/// The `.strings` loader: encoding detection (UTF-8, UTF-16 with or without a byte order mark),
/// the text grammar with comments and escapes, and tables saved as XML property lists.
func fuzzStrings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBytes(data, size)
    let lines = lineCount(bytes)
    do {
        let table = try StringsFileLoader.load(bytes: bytes, file: "de.lproj/Paywall.strings")
        for entry in table.entries {
            expect(entry.location.line >= 1 && entry.location.column >= 1, "entry \(entry.key) at \(entry.location)")
        }
    } catch {
        // UTF-16 is transcoded first, keeping its line breaks: never more lines than raw bytes count.
        expectValid(error, lineCount: lines)
    }
    _ = loadThroughEngine(bytes, path: "App/de.lproj/Paywall.strings")
    return 0
}
