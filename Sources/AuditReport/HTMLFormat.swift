import AuditCore

/// `--format html`: the Markdown page rendered by cmark-gfm into the HTML template.
public struct HTMLFormat: ReportRenderer {
    public init() {}

    public var format: String { "html" }
    public var fileName: String { "report.html" }
    public var summary: String { "the same page as HTML, to open in a browser" }

    public func readsMarkdownPage(in context: RenderContext) -> Bool { true }

    /// The page lists at most `HTMLRenderer.findingsPerRule` findings of a rule under an item
    /// (the count of the rest follows; JSON and SARIF keep them all): when some rule has more,
    /// the HTML page gets a bounded Markdown page of its own.
    public func render(_ report: Report, in context: RenderContext) -> String {
        HTMLRenderer(template: context.htmlTemplate, date: context.date).render(report, markdown: markdownPage(report, in: context))
    }

    /// The page as bytes, as the renderer builds it (`HTMLRenderer.renderUTF8`).
    public func renderText(_ report: Report, in context: RenderContext) -> RenderedText {
        .utf8(HTMLRenderer(template: context.htmlTemplate, date: context.date).renderUTF8(report, markdown: markdownPage(report, in: context)))
    }

    private func markdownPage(_ report: Report, in context: RenderContext) -> String {
        let bound = HTMLRenderer.findingsPerRule
        return MarkdownRenderer.exceeds(report, findingsPerRule: bound)
            ? MarkdownRenderer(jobs: context.jobs, maximumFindingsPerRule: bound).render(report)
            : context.markdownPage
    }

    public func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String? {
        let markdown = FolderIndex.markdown(subject: subject, apps: apps, htmlLinks: true)
        return HTMLRenderer(template: context.htmlTemplate, date: context.date)
            .renderIndex(markdown: markdown, subject: subject, ready: apps.allSatisfy { $0.report.isReady }, version: context.toolVersion)
    }
}
