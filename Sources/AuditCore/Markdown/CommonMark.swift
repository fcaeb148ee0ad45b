import CCmarkGFM
import Foundation

/// The one place that talks to cmark-gfm: rendering report Markdown to HTML and parsing copy
/// documents into blocks. Rendering never passes raw HTML through (cmark-gfm's safe default:
/// raw HTML is omitted and `javascript:`-style links are dropped).
public enum CommonMark {
    private static let extensionNames = ["table", "tasklist", "autolink", "strikethrough"]

    // cmark-gfm registers its extensions in a process-wide registry; do it once.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Held while a parser parses inlines. cmark-gfm keeps the characters that start its
    /// extensions' inlines (`~`, and `|` in table rows) in one table for the whole process:
    /// each parser adds them when it parses inlines and removes them when done, so two parsers
    /// at once (copy documents loaded on several workers) took them away from each other, and a
    /// `~~` was sometimes struck and sometimes kept as text. Inlines are parsed in
    /// `cmark_parser_finish` alone (`process_inlines`, between the adding and the removing);
    /// feeding the blocks, rendering and freeing read only the parser's and the document's own
    /// state, and run on every worker at once (they were 60 % of cmark's time in the reports,
    /// all of it behind one lock).
    private static let lock = NSLock()

    private static func withParsedDocument<T>(_ markdown: String, options: Int32, _ body: (OpaquePointer, OpaquePointer) -> T) -> T {
        _ = registered
        guard let parser = cmark_parser_new(options) else { fatalError("cmark_parser_new failed: out of memory") }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var bytes = Array(markdown.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
            }
        }
        lock.lock()
        let finished = cmark_parser_finish(parser)
        lock.unlock()
        guard let document = finished else { fatalError("cmark_parser_finish failed: out of memory") }
        defer { cmark_node_free(document) }
        return body(parser, document)
    }

    /// GitHub-flavoured Markdown (tables, task lists, autolinks, strikethrough) to HTML.
    /// Safe mode: raw HTML in the input is not emitted.
    /// No UTF-8 validation: a String's bytes are valid UTF-8 (cmark's check, which replaces
    /// invalid bytes, found nothing to replace and was a twentieth of its work on the reports).
    /// NUL bytes are replaced either way.
    public static func html(from markdown: String) -> String {
        String(decoding: htmlUTF8(from: markdown), as: UTF8.self)
    }

    /// `html(from:)` as UTF-8 bytes, copied as cmark wrote them: the HTML report goes on as
    /// bytes to the file, where making a `String` of each page checked all of its bytes again.
    /// The input is a `String`, so the output is valid UTF-8 too: cmark writes the input's
    /// text and ASCII markup, and a character reference it decodes as valid UTF-8 (U+FFFD for
    /// one that is not a character).
    public static func htmlUTF8(from markdown: String) -> [UInt8] {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_GITHUB_PRE_LANG
        return withParsedDocument(markdown, options: options) { parser, document in
            guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return [] }
            defer { free(rendered) }
            let count = strlen(rendered)
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let base = buffer.baseAddress { memcpy(base, rendered, count) }
                initialized = count
            }
        }
    }

    /// A block of a Markdown document as copy rules see it: its plain text, where it starts,
    /// and the links inside it.
    public struct Block: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case heading, paragraph, listItem, tableCell, codeBlock
        }

        public var kind: Kind
        public var text: String
        public var line: Int
        public var column: Int
        public var links: [Link]
    }

    public struct Link: Sendable, Hashable {
        public var text: String
        public var destination: String
    }

    /// Parses Markdown into blocks of plain text (inline markup flattened, code spans kept).
    public static func blocks(of markdown: String) -> [Block] {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SOURCEPOS
        return withParsedDocument(markdown, options: options) { _, document in
            var blocks: [Block] = []
            // Stack of blocks being collected; inline text goes to the innermost.
            var open: [(Block, OpaquePointer)] = []
            var linkStack: [(destination: String, text: String)] = []
            guard let iterator = cmark_iter_new(document) else { return [] }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                let typeName = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
                let blockKind: Block.Kind? = switch type {
                case CMARK_NODE_HEADING: .heading
                case CMARK_NODE_PARAGRAPH: .paragraph
                case CMARK_NODE_CODE_BLOCK: .codeBlock
                default: typeName == "table_cell" ? .tableCell : nil
                }
                if event == CMARK_EVENT_ENTER {
                    if let blockKind {
                        // A paragraph directly inside a list item reports as the item.
                        var kind = blockKind
                        if kind == .paragraph, let parent = cmark_node_parent(node), cmark_node_get_type(parent) == CMARK_NODE_ITEM {
                            kind = .listItem
                        }
                        let block = Block(kind: kind, text: "", line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)), links: [])
                        open.append((block, node))
                        if type == CMARK_NODE_CODE_BLOCK, let literal = cmark_node_get_literal(node) {
                            open[open.count - 1].0.text = String(cString: literal)
                        }
                    } else if type == CMARK_NODE_LINK {
                        let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                        linkStack.append((url, ""))
                    } else if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE {
                        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                        if !open.isEmpty { open[open.count - 1].0.text += literal }
                        if !linkStack.isEmpty { linkStack[linkStack.count - 1].text += literal }
                    } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                        if !open.isEmpty { open[open.count - 1].0.text += " " }
                    }
                } else if event == CMARK_EVENT_EXIT {
                    if blockKind != nil, let last = open.last, last.1 == node {
                        open.removeLast()
                        blocks.append(last.0)
                    } else if type == CMARK_NODE_LINK, let link = linkStack.popLast() {
                        if !open.isEmpty { open[open.count - 1].0.links.append(Link(text: link.text, destination: link.destination)) }
                    }
                }
            }
            return blocks.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }
    }
}
