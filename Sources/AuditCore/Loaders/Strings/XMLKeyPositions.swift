import Foundation

/// Finds where each top-level `<key>` of an XML property list is written. Only the structure
/// needed for that is read: `<dict>` nesting and `<key>` elements.
enum XMLKeyPositions {
    static func topLevelKeys(in bytes: [UInt8]) -> [String: TextPosition] {
        var positions: [String: TextPosition] = [:]
        var depth = 0
        var line = 1
        var lineStart = 0
        var index = 0
        let end = bytes.count
        func hasPrefix(_ text: StaticString, at offset: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard offset + count <= end else { return false }
            return text.withUTF8Buffer { expected in
                for position in 0..<count where bytes[offset + position] != expected[position] {
                    return false
                }
                return true
            }
        }
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "<") {
                if hasPrefix("<dict>", at: index) {
                    depth += 1
                } else if hasPrefix("</dict>", at: index) {
                    depth -= 1
                } else if depth == 1, hasPrefix("<key>", at: index) {
                    let start = index + 5
                    var close = start
                    let keyLine = line
                    let keyColumn = index - lineStart + 1
                    while close < end, bytes[close] != UInt8(ascii: "<") {
                        if bytes[close] == 0x0A {
                            line += 1
                            lineStart = close + 1
                        }
                        close += 1
                    }
                    let key = unescape(String(decoding: bytes[start..<close], as: UTF8.self))
                    if positions[key] == nil {
                        positions[key] = TextPosition(line: keyLine, column: keyColumn)
                    }
                    index = close
                    continue
                }
            }
            index += 1
        }
        return positions
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
