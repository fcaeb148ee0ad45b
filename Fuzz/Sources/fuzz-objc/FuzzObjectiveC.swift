import AuditCore
import FuzzSupport

/// The Objective-C lexer and the file model the StoreKit 1 checks read: methods, message
/// sends, string literals, switch-free queries.
func fuzzObjectiveC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBytes(data, size)
    // The lexer's contract: tokens cover the input exactly, in order, none empty.
    let (tokens, diagnostics) = ObjectiveCLexer.tokenize(bytes)
    var offset = 0
    for token in tokens {
        expect(Int(token.start) == offset && token.end > token.start, "token \(token) after offset \(offset)")
        offset = Int(token.end)
    }
    expect(offset == bytes.count, "tokens end at \(offset) of \(bytes.count) bytes")
    for diagnostic in diagnostics {
        expect(diagnostic.offset >= 0 && diagnostic.offset <= bytes.count, "diagnostic at \(diagnostic.offset)")
    }

    let file = ObjectiveCFile(path: "App/Fuzz.m", bytes: bytes)
    let count = file.code.count
    expect(file.match.count == count, "match array")
    for i in 0..<count {
        let partner = Int(file.match[i])
        if partner >= 0 { expect(partner < count && Int(file.match[partner]) == i, "match[\(i)] = \(partner)") }
    }
    for method in file.methods {
        expect(method.start < method.body.lowerBound && method.body.upperBound < count, "method \(method.selector) range")
        expect(!method.selector.isEmpty, "method without a selector")
    }
    for send in file.sends {
        expect(send.open < send.selectorStart && send.selectorStart < send.close && send.close < count, "send \(send.selector)")
        expect(send.receiver.lowerBound == send.open + 1 && send.receiver.upperBound == send.selectorStart, "send receiver")
        for argument in send.arguments { expect(argument.lowerBound >= send.open && argument.upperBound <= send.close, "send argument") }
        if let method = send.method { expect(file.methods[method].body.contains(send.open), "send's method") }
        _ = file.text(of: send.receiver)
        _ = file.statementEnd(from: send.open)
        _ = file.enclosingBrace(of: send.open)
    }
    for start in file.stringStarts { _ = file.stringLiteral(at: start) }
    for i in 0..<min(count, 128) { _ = file.location(of: i) }
    return 0
}
