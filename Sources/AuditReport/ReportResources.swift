import AuditCore
import Foundation

/// Templates and checklists: built in, or read from folders given on the command line.
public struct ReportResources: Sendable {
    public var htmlTemplate: String
    public var markdownTemplate: String
    public var checklists: [Checklist]

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Built-in resources, with `templates` and `checklists` folders overriding them.
    public static func load(templates: URL?, checklists: URL?, knownRules: Set<String>) throws(LoadError) -> ReportResources {
        let ownHTML = try text(named: "report.html", in: templates)
        let ownMarkdown = try text(named: "report.md", in: templates)
        // A template without {{body}} would write a report with no findings in it.
        for (name, own) in [("report.html", ownHTML), ("report.md", ownMarkdown)] {
            if let own, !own.contains("{{body}}"), let templates {
                throw LoadError(description: "the template \(templates.appendingPathComponent(name).path) has no {{body}}: the report would be empty; put {{body}} where the report goes")
            }
        }
        let html = ownHTML ?? BuiltInResources.file("Templates/report.html") ?? ""
        let markdown = ownMarkdown ?? BuiltInResources.file("Templates/report.md") ?? "{{body}}\n"
        var sources: [(String, String)] = []
        if let checklists {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: checklists.path).filter { $0.hasSuffix(".md") }.sorted()
            } catch {
                throw LoadError(description: "cannot read checklists folder \(checklists.path): \(error.localizedDescription)")
            }
            if names.isEmpty { throw LoadError(description: "no .md checklists in \(checklists.path)") }
            for name in names {
                if let contents = try text(named: name, in: checklists) { sources.append((name, contents)) }
            }
        } else {
            for key in BuiltInResources.files.keys.sorted() where key.hasPrefix("Checklists/") && key.hasSuffix(".md") {
                sources.append((String(key.dropFirst("Checklists/".count)), BuiltInResources.files[key] ?? ""))
            }
        }
        // The review checklist first: it is the one the report is about.
        sources.sort { ($0.0 == "storekit-review.md" ? 0 : 1, $0.0) < ($1.0 == "storekit-review.md" ? 0 : 1, $1.0) }
        var parsed: [Checklist] = []
        for (name, contents) in sources {
            do {
                parsed.append(try Checklist.parse(name: String(name.dropLast(3)), markdown: contents, knownRules: knownRules))
            } catch {
                throw LoadError(description: "checklist \(error.description)")
            }
        }
        return ReportResources(htmlTemplate: html, markdownTemplate: markdown, checklists: parsed)
    }

    private static func text(named name: String, in folder: URL?) throws(LoadError) -> String? {
        guard let folder else { return nil }
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LoadError(description: "cannot read \(url.path)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
