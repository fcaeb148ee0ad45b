/// Reads one App Store listing file. `deliver` uploads the bytes as UTF-8 text: anything else
/// (UTF-16, a binary file, a broken UTF-8 sequence) is an input error that names the place.
public enum StoreListingLoader {
    public static func load(bytes: [UInt8], file: String) throws(InputError) -> StoreListingField {
        guard let path = StoreListingPath.parse(file) ?? StoreListingPath.parse(file, underFastlane: false) else {
            throw InputError(file: file, line: 1, column: 1, reason: "not an App Store listing field: expected <locale>/<field>.txt, such as en-US/description.txt")
        }
        if TextDecoding.utf32ByteOrder(of: bytes) != nil || TextDecoding.isUTF16(bytes) {
            let encoding = TextDecoding.utf32ByteOrder(of: bytes) != nil ? "UTF-32" : "UTF-16"
            throw InputError(file: file, line: 1, column: 1,
                             reason: "\(encoding) text: fastlane deliver uploads listing files as UTF-8 (iconv -f \(encoding) -t UTF-8 converts it)")
        }
        if let problem = SwiftLexer.firstEncodingProblem(in: bytes) {
            let position = LineTable(bytes).position(ofOffset: problem.offset)
            let what = problem.kind == .nulByte ? "a NUL byte" : "a byte that is not UTF-8"
            throw InputError(file: file, line: position.line, column: position.column,
                             reason: "\(what): App Store listing files must be UTF-8 text, which deliver uploads as written")
        }
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var lines: [StoreListingField.Line] = []
        var start = hasByteOrderMark ? 3 : 0
        var number = 1
        // Split on the bytes: in a String, "\r\n" is one character and no "\n" splits it.
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            lines.append(StoreListingField.Line(
                number: number, column: number == 1 && hasByteOrderMark ? 4 : 1,
                text: String(decoding: bytes[start..<contentEnd], as: UTF8.self)))
            number += 1
            start = end + 1
        }
        // A final newline ends the last line; it does not start another.
        if lines.count > 1, lines.last?.text.isEmpty == true { lines.removeLast() }
        return StoreListingField(file: file, listing: path.listing, locale: path.locale, kind: path.kind, lines: lines)
    }
}
