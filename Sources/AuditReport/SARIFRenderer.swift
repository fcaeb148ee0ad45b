import AuditCore
import Foundation
import Synchronization

/// The report as SARIF 2.1.0, shaped for GitHub code scanning: one run whose driver lists
/// every rule that ran (id, name, short and full description, help as text and Markdown, help
/// link, tags, default level), and one result per finding with a rule id, level, message,
/// a repository-relative location with a full region, and a stable partial fingerprint.
/// Suppressed and baseline-accepted findings are included with a SARIF `suppressions` entry,
/// so code scanning shows them as dismissed instead of open.
public struct SARIFRenderer: Sendable {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The uriBaseId every location is relative to: the repository root (or the audit root
    /// outside a repository).
    public static let sourceRoot = "%SRCROOT%"

    public init() {}

    public func render(_ report: Report) -> String { String(decoding: renderUTF8(report), as: UTF8.self) }

    /// `render`'s text as UTF-8 bytes.
    public func renderUTF8(_ report: Report) -> [UInt8] {
        // Each result is made as it is written: 60,000 findings' results as a tree held more
        // memory than the text.
        let entries = resultEntries(report)
        let ruleIndex = ruleIndices(report)
        let results = JSONOutput.generated(count: entries.count) { index in
            result(entries[index].finding, report: report, ruleIndex: ruleIndex, suppression: entries[index].suppression)
        }
        return Self.log(runs: [run(report, results: results)]).utf8
    }

    /// The identifiers of the rules the report's run lists, in its order.
    func ruleIdentifiers(_ report: Report) -> [String] {
        report.ruleIDs.compactMap { report.rules[$0]?.identifier }
    }

    /// One result per finding: the reported ones first, then the suppressed and accepted ones
    /// in report order.
    func results(_ report: Report) -> [JSONOutput] {
        results(report, ruleIndex: ruleIndices(report))
    }

    /// `results` with the rules' positions in the run (`ruleIndices`), made once for the
    /// reports of a folder that all list the same rules.
    func results(_ report: Report, ruleIndex: [String: Int]) -> [JSONOutput] {
        resultEntries(report).map { result($0.finding, report: report, ruleIndex: ruleIndex, suppression: $0.suppression) }
    }

    func ruleIndices(_ report: Report) -> [String: Int] {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in report.ruleIDs.compactMap({ report.rules[$0] }).enumerated() { ruleIndex[rule.identifier] = index }
        return ruleIndex
    }

    /// The findings the results list, in order, each with its `suppressions` entry if any.
    private func resultEntries(_ report: Report) -> [(finding: Finding, suppression: JSONOutput?)] {
        var entries: [(finding: Finding, suppression: JSONOutput?)] = report.findings.map { ($0, nil) }
        var suppressed: [(finding: Finding, suppression: JSONOutput?)] = []
        for item in report.suppressed {
            let justification = item.suppression.reason ?? "No reason given."
            suppressed.append((item.finding, JSONOutput.object([
                ("kind", .string("inSource")),
                ("status", .string("accepted")),
                ("justification", .string(justification)),
            ])))
        }
        for finding in report.accepted {
            suppressed.append((finding, JSONOutput.object([
                ("kind", .string("external")),
                ("status", .string("accepted")),
                ("justification", .string("Accepted in the baseline \(report.settings.baseline ?? "file").")),
            ])))
        }
        suppressed.sort { Finding.reportOrder($0.finding, $1.finding) }
        entries += suppressed
        return entries
    }

    /// The report's run: the tool with every rule that ran, and the results given.
    func run(_ report: Report, results: JSONOutput) -> JSONOutput {
        let rules = report.ruleIDs.compactMap { report.rules[$0] }
        var driver: [(String, JSONOutput)] = [
            ("name", .string("iap-audit")),
            ("version", .string(report.toolVersion)),
            ("semanticVersion", .string(report.toolVersion)),
        ]
        if let url = report.settings.rulesDocumentationURL { driver.append(("informationUri", .string(url))) }
        driver.append(("rules", ruleDescriptors(rules, report: report)))

        let root = report.settings.repositoryPrefix.isEmpty ? "the audited folder" : "the repository root"
        return .object([
            ("tool", .object([("driver", .object(driver))])),
            ("originalUriBaseIds", .object([
                (Self.sourceRoot, .object([("description", .object([("text", .string("Paths are relative to \(root).")) ]))])),
            ])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", results),
        ])
    }

    /// The SARIF log holding the runs.
    static func log(runs: [JSONOutput]) -> JSONOutput {
        .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array(runs)),
        ])
    }

    // MARK: Rules

    /// The descriptors of `rules`, made and written once for every report that has the same
    /// rules, documentation link and checklists: every app of a folder (27 in the real
    /// benchmark corpus) lists the same descriptors, which were a tenth of the audit's
    /// instructions when each app's log built and wrote them again.
    private func ruleDescriptors(_ rules: [RuleDescription], report: Report) -> JSONOutput {
        // Everything `descriptor` reads, as bytes: compared as bytes, not as Strings (whose
        // equality normalizes Unicode text such as the rationales' dashes).
        var key: [UInt8] = []
        key.reserveCapacity(1 << 17)
        func add(_ kind: UInt8, _ text: String) {
            key.append(kind)
            withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { key.append(contentsOf: $0) }
            key.append(contentsOf: text.utf8)
        }
        if let url = report.settings.rulesDocumentationURL { add(0, url) }
        for rule in rules {
            for part in [rule.identifier, rule.title, Self.level(rule.severity), rule.scope.rawValue, rule.rationale, rule.fix, rule.reference] {
                add(1, part)
            }
        }
        for checklist in report.checklists {
            add(2, checklist.name)
            for item in checklist.items {
                add(3, item.anchor)
                for id in item.ruleIDs { add(4, id) }
            }
        }
        if let known = Self.descriptorCache.withLock({ cache in cache.first { Self.sameBytes($0.key, key) }?.value }) { return .cached(known) }
        let made = CachedJSON(.array(rules.map { descriptor($0, report: report) }))
        Self.descriptorCache.withLock { cache in
            // A run renders one set (tests make more): a bound, not an eviction policy.
            if cache.count >= 8 { cache.removeAll() }
            cache.append((key, made))
        }
        return .cached(made)
    }

    private static let descriptorCache = Mutex<[(key: [UInt8], value: CachedJSON)]>([])

    /// The keys compared with `memcmp`: `==` on two arrays of bytes compares them one element at
    /// a time, and the keys are about 130 KB (27 apps' lookups were 7.8 M instructions).
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    private func descriptor(_ rule: RuleDescription, report: Report) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("id", .string(rule.identifier)),
            ("name", .string(Self.pascalCase(rule.identifier))),
            ("shortDescription", .object([("text", .string(rule.title))])),
            ("fullDescription", .object([("text", .string(rule.rationale))])),
            ("help", .object([
                ("text", .string("\(rule.rationale)\n\nHow to fix: \(rule.fix)\n\nReference: \(rule.reference)")),
                ("markdown", .string("**Why it matters:** \(rule.rationale)\n\n**How to fix:** \(rule.fix)\n\n*Reference:* \(rule.reference)")),
            ])),
        ]
        if let base = report.settings.rulesDocumentationURL {
            members.append(("helpUri", .string("\(base)#\(rule.identifier)")))
        }
        members.append(("defaultConfiguration", .object([("level", .string(Self.level(rule.severity)))])))
        let items = report.checklists.flatMap(\.items).filter { $0.ruleIDs.contains(rule.identifier) }
        var tags = ["in-app-purchase", "storekit", rule.scope.rawValue]
        for checklist in report.checklists where checklist.items.contains(where: { $0.ruleIDs.contains(rule.identifier) }) {
            tags.append(checklist.name)
        }
        var properties: [(String, JSONOutput)] = [("tags", .strings(tags))]
        if !items.isEmpty { properties.append(("checklistItems", .strings(items.map(\.anchor)))) }
        members.append(("properties", .object(properties)))
        return .object(members)
    }

    // MARK: Results

    private func result(_ finding: Finding, report: Report, ruleIndex: [String: Int], suppression: JSONOutput?) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("ruleId", .string(finding.ruleID))]
        if let index = ruleIndex[finding.ruleID] { members.append(("ruleIndex", .int(index))) }
        members.append(("level", .string(Self.level(finding.severity))))
        members.append(("message", .object([("text", .string(finding.message))])))
        members.append(("locations", .array([.object([("physicalLocation", physicalLocation(finding, report: report))])])))
        members.append(("partialFingerprints", .object([("primaryLocationLineHash", .string(finding.fingerprint))])))
        if let suppression { members.append(("suppressions", .array([suppression]))) }
        return .object(members)
    }

    private func physicalLocation(_ finding: Finding, report: Report) -> JSONOutput {
        let line = finding.location.line
        let highlighted = finding.excerpt?.lines.first { $0.number == line }?.text
        let startColumn = Self.utf16Column(finding.location.column, in: highlighted)
        let end = finding.end ?? TextPosition(line: line, column: finding.location.column)
        var endColumn = end.line == line ? Self.utf16Column(end.column, in: highlighted) : Self.utf16Column(end.column, in: finding.excerpt?.lines.first { $0.number == end.line }?.text)
        if end.line == line, endColumn <= startColumn { endColumn = startColumn + 1 }
        return .object([
            ("artifactLocation", .object([
                ("uri", .string(Self.uri(report.settings.repositoryPrefix + finding.location.file))),
                ("uriBaseId", .string(Self.sourceRoot)),
            ])),
            ("region", .object([
                ("startLine", .int(line)),
                ("startColumn", .int(startColumn)),
                ("endLine", .int(max(end.line, line))),
                ("endColumn", .int(endColumn)),
            ])),
        ])
    }

    // MARK: Helpers

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `hardcoded_price` → `HardcodedPrice`: SARIF's `name` is an identifier-like word.
    static func pascalCase(_ identifier: String) -> String {
        identifier.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A 1-based UTF-8 byte column as a 1-based UTF-16 column, using the line's text when it is
    /// known in full (excerpts cut lines longer than 400 bytes); else the byte column.
    static func utf16Column(_ byteColumn: Int, in line: String?) -> Int {
        guard let line, byteColumn > 1 else { return max(1, byteColumn) }
        let bytes = Array(line.utf8)
        if line.hasSuffix("…"), bytes.count > 400, byteColumn > 400 { return byteColumn }
        let prefix = bytes.prefix(byteColumn - 1)
        let extra = max(0, byteColumn - 1 - bytes.count)
        return String(decoding: prefix, as: UTF8.self).utf16.count + extra + 1
    }

    /// A relative URI reference: segments percent-encoded where RFC 3986 requires.
    static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let c = Character(UnicodeScalar(byte))
            if c.isASCII, c.isLetter || c.isNumber || "-._~/!$&'()*+,;=@".contains(c) {
                result.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}

extension SARIFRenderer: ReportRenderer {
    public var format: String { "sarif" }
    public var fileName: String { "report.sarif" }
    public var summary: String { "SARIF 2.1.0 for GitHub code scanning" }
    public func render(_ report: Report, in context: RenderContext) -> String { render(report) }
    public func renderText(_ report: Report, in context: RenderContext) -> RenderedText { .utf8(renderUTF8(report)) }
    public func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String? { FolderIndex.sarif(apps) }
    public func renderIndex(reports apps: [(report: Report, folder: String)], subject: String, in context: RenderContext) -> String? {
        FolderIndex.sarif(reports: apps.map(\.report))
    }
}
