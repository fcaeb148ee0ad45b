import Foundation
import Testing
@testable import AuditCore

/// JSON string literals are written from the UTF-8 bytes; they must be what escaping scalar
/// by scalar writes, and valid JSON that reads back as the text.
@Suite struct JSONTextTests {
    @Test func quotingFromBytesAgreesWithQuotingScalars() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", " ", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{7F}",
                                     "é", "€", "\u{2028}", "\u{2029}", "\u{2027}", "😀", "/", "<"]
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let quoted = JSONText.quoted(text)
            #expect(quoted == JSONText.quotedByScalars(text), "\(Array(text.unicodeScalars))")
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
            #expect(decoded == [text])
        }
        #expect(JSONText.quoted("a\"b\\c\u{1}") == #""a\"b\\c\u0001""#)
        #expect(JSONText.quoted("\u{2028}") == #""\u2028""#)
    }
}
