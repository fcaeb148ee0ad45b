import AuditCore

/// `--format md`: the filled-in checklist as Markdown, in the Markdown template; with
/// `--compact`, a pull-request comment that fits GitHub's limit.
public struct MarkdownFormat: ReportRenderer {
    public init() {}

    public var format: String { "md" }
    public var fileName: String { "report.md" }
    public var summary: String { "the filled-in checklist as Markdown (a pull-request comment with --compact)" }

    public func readsMarkdownPage(in context: RenderContext) -> Bool { !context.compact }

    public func render(_ report: Report, in context: RenderContext) -> String {
        guard context.compact else { return Template.fill(context.markdownTemplate, with: ["body": context.markdownPage]) }
        let overhead = max(0, context.markdownTemplate.utf16.count - "{{body}}".utf16.count)
        return Template.fill(context.markdownTemplate, with: ["body": CompactMarkdownRenderer().render(report, overhead: overhead)])
    }

    public func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String? {
        FolderIndex.markdown(subject: subject, apps: apps, htmlLinks: false)
    }
}
