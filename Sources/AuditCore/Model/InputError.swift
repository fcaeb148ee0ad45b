/// A file that could not be read, decoded or parsed. Loaders return it instead of throwing
/// past the engine, which turns it into an `input_error` finding; the rest of the audit goes on.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    /// Plain-language reason, e.g. "expected ',' or '}' after an object member".
    public var reason: String

    public init(file: String, line: Int, column: Int, reason: String) {
        self.location = SourceLocation(file: file, line: line, column: column)
        self.reason = reason
    }

    public var description: String { "\(location): \(reason)" }
}
