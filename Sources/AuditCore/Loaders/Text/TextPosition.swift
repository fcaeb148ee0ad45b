/// A line and column inside one file, before the file's path is known to the value that
/// carries it. Lines and columns start at 1; columns count UTF-8 bytes, like `SourceLocation`.
///
/// Parsed trees store this instead of a `SourceLocation` so that a node does not carry a copy
/// of its file's path; `location(in:)` adds the path when a rule or an error needs it.
public struct TextPosition: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
