import AuditCore

/// A report format: its `--format` name, its file, its line in `--help`, and how it renders
/// one app's report and, when a folder holds several apps, the top-level file that joins them.
///
/// `ReportRenderers.all` is the one list of formats: the command line's `--format` values,
/// the file names, the help, the manual page and the dispatch all come from it. Adding a
/// format is one file with a type conforming to this protocol and one entry in that list.
public protocol ReportRenderer: Sendable {
    /// The `--format` value: "json".
    var format: String { get }
    /// The file it is written to in the output folder: "report.json".
    var fileName: String { get }
    /// What the file is, for the help and the manual: "JSON for scripts (Docs/report.schema.json)".
    var summary: String { get }
    /// Whether `render` reads `context.markdownPage`, the Markdown page of the report (rendered
    /// once for every format that reads it).
    func readsMarkdownPage(in context: RenderContext) -> Bool
    /// One app's report. Byte-identical across runs and `--jobs` values.
    func render(_ report: Report, in context: RenderContext) -> String
    /// `render`'s text as the format makes it, which the command line writes as it is: a
    /// format that builds its text as bytes (JSON, SARIF) returns them, since making a `String`
    /// of them checked every byte again (a SARIF log of 150 KB for each of 27 apps: 41 M
    /// instructions, a fiftieth of the real benchmark corpus's audit); the others their `String`,
    /// which is written from its own storage (a 65 MB page is not copied first).
    func renderText(_ report: Report, in context: RenderContext) -> RenderedText
    /// The top of the output folder when a folder holds several apps, joining the apps' own
    /// files (`apps[i].rendered[format]`); nil to write none.
    func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String?
    /// `renderIndex` for a format whose index is made from the apps' reports and folders alone,
    /// not from their rendered files (SARIF, JSON); nil for the others. The command line
    /// renders such an index beside the apps' own reports: after them, the real benchmark
    /// corpus's SARIF index (27 apps) ran on one core while the other had nothing to do.
    func renderIndex(reports apps: [(report: Report, folder: String)], subject: String, in context: RenderContext) -> String?
}

extension ReportRenderer {
    public func readsMarkdownPage(in context: RenderContext) -> Bool { false }
    public func renderText(_ report: Report, in context: RenderContext) -> RenderedText { .string(render(report, in: context)) }
    public func renderIndex(reports apps: [(report: Report, folder: String)], subject: String, in context: RenderContext) -> String? { nil }
}

/// A rendered report: a `String`, or the UTF-8 bytes of a format built as bytes.
public enum RenderedText: Sendable {
    case string(String)
    case utf8([UInt8])

    /// The text's UTF-8 bytes, read in place.
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .string(var text): return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        case .utf8(let bytes): return try bytes.withUnsafeBytes(body)
        }
    }

    /// The text as a `String`.
    public var text: String {
        switch self {
        case .string(let text): text
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// What a renderer may need beyond the report: the templates, the options that shape a
/// format, and the Markdown page when it reads it.
public struct RenderContext: Sendable {
    public var markdownTemplate: String
    public var htmlTemplate: String
    /// `--date`, shown in the HTML header.
    public var date: String?
    /// `--compact`: the md report as a pull-request comment.
    public var compact: Bool
    public var jobs: Int?
    public var toolVersion: String
    /// `MarkdownRenderer`'s page, filled in for renderers whose `readsMarkdownPage` is true.
    public var markdownPage: String = ""

    public init(markdownTemplate: String, htmlTemplate: String, date: String? = nil, compact: Bool = false, jobs: Int? = nil, toolVersion: String) {
        self.markdownTemplate = markdownTemplate
        self.htmlTemplate = htmlTemplate
        self.date = date
        self.compact = compact
        self.jobs = jobs
        self.toolVersion = toolVersion
    }
}

public enum ReportRenderers {
    /// Every format, in the order `--help` lists them.
    public static let all: [any ReportRenderer] = [
        MarkdownFormat(),
        HTMLFormat(),
        JSONRenderer(),
        SARIFRenderer(),
        GitHubActionsRenderer(),
        XcodeRenderer(),
        JUnitRenderer(),
    ]

    public static func named(_ format: String) -> (any ReportRenderer)? {
        all.first { $0.format == format }
    }
}
