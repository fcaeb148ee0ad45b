/// A paywall copy document (Markdown or text) as blocks of plain text with positions.
public struct CopyDocument: Sendable {
    public var path: String
    public var blocks: [CommonMark.Block]

    public init(path: String, text: String) {
        self.path = path
        blocks = CommonMark.blocks(of: text)
    }

    public func location(of block: CommonMark.Block) -> SourceLocation {
        SourceLocation(file: path, line: max(1, block.line), column: max(1, block.column))
    }
}
