import AuditCore

/// The report as JSON for scripts and dashboards: format `iap-audit-report`, version 1.
/// Docs/report.schema.json is its JSON Schema and Docs/JSON.md describes every field. Adding
/// a field keeps the version; renaming or removing one, or changing a meaning, bumps it.
public struct JSONRenderer: Sendable {
    public static let formatVersion = 1

    public init() {}

    public func render(_ report: Report) -> String { document(report).text }
    /// `render`'s text as UTF-8 bytes.
    public func renderUTF8(_ report: Report) -> [UInt8] { document(report).utf8 }

    /// The report as a JSON tree (the folder index joins the apps' trees without parsing text).
    func document(_ report: Report) -> JSONOutput {
        let items = report.checklists.flatMap(\.items)
        func count(_ status: Report.Status) -> Int { items.filter { $0.status == status }.count }
        var itemsByFingerprint: [String: [String]] = [:]
        for item in items {
            for finding in item.findings { itemsByFingerprint[finding.fingerprint, default: []].append(item.anchor) }
        }
        let document = JSONOutput.object([
            ("format", .string("iap-audit-report")),
            ("version", .int(Self.formatVersion)),
            ("tool", .object([("name", .string("iap-audit")), ("version", .string(report.toolVersion))])),
            ("subject", .string(report.subject)),
            ("verdict", .string(report.isReady ? "ready" : "not_ready")),
            ("failLevel", .string(report.settings.failLevel.rawValue)),
            ("failed", .bool(report.fails)),
            ("summary", .object([
                ("errors", .int(report.count(.error))),
                ("warnings", .int(report.count(.warning))),
                ("notes", .int(report.count(.note))),
                ("failing", .int(report.failingFindings.count)),
                ("suppressed", .int(report.suppressed.count)),
                ("accepted", .int(report.accepted.count)),
                ("outsideChangedLines", .int(report.unchangedCount)),
                ("checklistItems", .object([
                    ("total", .int(items.count)),
                    ("passed", .int(count(.passed))),
                    ("failed", .int(count(.failed))),
                    ("manual", .int(count(.manual))),
                    ("notApplicable", .int(count(.notApplicable))),
                    ("notChecked", .int(count(.notChecked))),
                ])),
            ])),
            ("filters", .object([
                ("configuration", .optional(report.settings.configuration)),
                ("disabledRules", .strings(report.settings.disabledRules)),
                ("baseline", .optional(report.settings.baseline)),
                ("changedSince", .optional(report.settings.changedSince)),
            ])),
            ("findings", .array(report.findings.map { Self.finding($0, items: itemsByFingerprint[$0.fingerprint] ?? []) })),
            ("checklists", .array(report.checklists.map(Self.checklist))),
            ("purchasePaths", Self.purchasePaths(report.purchasePaths, failOnWithheld: report.settings.failOnWithheld)),
            ("suppressed", .array(report.suppressed.map { suppressed in
                .object([
                    ("finding", Self.finding(suppressed.finding, items: itemsByFingerprint[suppressed.finding.fingerprint] ?? [])),
                    ("suppression", .object([
                        ("scope", .string(suppressed.suppression.scope.rawValue)),
                        ("rules", .strings(suppressed.suppression.ruleIDs)),
                        ("reason", .optional(suppressed.suppression.reason)),
                        ("file", .string(suppressed.suppression.location.file)),
                        ("line", .int(suppressed.suppression.location.line)),
                    ])),
                ])
            })),
            ("accepted", .array(report.accepted.map { Self.finding($0, items: itemsByFingerprint[$0.fingerprint] ?? []) })),
            ("rules", .array(report.ruleIDs.compactMap { report.rules[$0] }.map { rule in
                .object([
                    ("id", .string(rule.identifier)),
                    ("title", .string(rule.title)),
                    ("severity", .string(rule.severity.rawValue)),
                    ("scope", .string(rule.scope.rawValue)),
                    ("reference", .string(rule.reference)),
                ])
            })),
            ("inputs", .object([
                ("files", .object([
                    ("swift", .int(report.fileCounts[.swift] ?? 0)),
                    ("objectiveC", .int(report.fileCounts[.objectiveC] ?? 0)),
                    ("storeKitConfigurations", .int(report.fileCounts[.storeKitConfiguration] ?? 0)),
                    ("stringCatalogs", .int(report.fileCounts[.stringCatalog] ?? 0)),
                    ("strings", .int(report.fileCounts[.strings] ?? 0)),
                    ("stringsDictionaries", .int(report.fileCounts[.stringsDictionary] ?? 0)),
                    ("copyDocuments", .int(report.fileCounts[.copyDocument] ?? 0)),
                    ("storeListing", .int(report.fileCounts[.storeListing] ?? 0)),
                ])),
                ("testFiles", .int(report.testFileCount)),
                ("filesWithPreviews", .strings(report.filesWithPreviews)),
                ("locales", .strings(report.locales)),
                ("localeSource", .string(report.localeSource)),
                ("app", .object([
                    ("name", .string(report.scope.app.name)),
                    ("kind", .string(report.scope.app.kind.rawValue)),
                    ("summary", .string(report.scope.app.summary)),
                    ("appsInFolder", .int(report.scope.appCount)),
                    ("platforms", .strings(report.scope.app.platforms.sorted().map(\.rawValue))),
                ])),
                ("buildFiles", .strings(report.scope.buildFiles.map(\.relativePath))),
                ("filesInNoTarget", .strings(report.scope.filesInNoTarget)),
                ("testConfigurations", .strings(report.scope.testConfigurations)),
                ("skipped", .array(report.scope.skipped.map { folder in
                    .object([("path", .string(folder.relativePath)), ("reason", .string(folder.reason.rawValue))])
                })),
                ("notes", .strings(report.scope.notes)),
            ])),
        ])
        return document
    }

    static func finding(_ finding: Finding, items: [String]) -> JSONOutput {
        .object([
            ("ruleId", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("file", .string(finding.location.file)),
            ("line", .int(finding.location.line)),
            ("column", .int(finding.location.column)),
            ("endLine", .int(finding.end?.line ?? finding.location.line)),
            ("endColumn", .int(finding.end?.column ?? finding.location.column)),
            ("message", .string(finding.message)),
            ("fixHint", .optional(finding.fixHint)),
            ("fingerprint", .string(finding.fingerprint)),
            ("checklistItems", .strings(items)),
            ("excerpt", .array((finding.excerpt?.lines ?? []).map { line in
                .object([("line", .int(line.number)), ("text", .string(line.text)), ("highlighted", .bool(line.isHighlighted))])
            })),
        ])
    }

    static func purchasePaths(_ matrix: PurchasePathMatrix, failOnWithheld: Bool) -> JSONOutput {
        func location(_ place: SourceLocation?) -> [(String, JSONOutput)] {
            [("file", .optional(place?.file)), ("line", place.map { .int($0.line) } ?? .null)]
        }
        func cell(_ cell: PurchasePathMatrix.Cell) -> JSONOutput {
            .object([("state", .string(cell.state.rawValue)), ("text", .string(cell.text))] + location(cell.location) + [("ruleId", .optional(cell.ruleID))])
        }
        return .object([
            ("summary", .string(matrix.summary)),
            ("degraded", .strings(matrix.degraded)),
            ("failOnWithheld", .bool(failOnWithheld)),
            ("capabilities", .array(matrix.capabilities.map { capability in
                .object([("key", .string(capability.key)), ("title", .string(capability.title)), ("source", .string(capability.source.rawValue)),
                         ("detail", .string(capability.detail))] + location(capability.location))
            })),
            ("rows", .array(matrix.rows.map { row in
                .object([
                    ("id", .string(row.id)),
                    ("path", .string(row.path.rawValue)),
                    ("title", .string(row.title)),
                    ("configured", cell(row.configured)),
                    ("handled", cell(row.handled)),
                    ("tested", cell(row.tested)),
                    ("server", cell(row.server)),
                    ("status", .string(row.status.rawValue)),
                    ("reason", .string(row.reason)),
                    ("requirement", .optional(row.requirement)),
                    ("launchApprovalWithheld", .bool(row.withheld != nil)),
                    ("withheldBecause", .optional(row.withheld)),
                ])
            })),
        ])
    }

    static func checklist(_ checklist: Report.FilledChecklist) -> JSONOutput {
        .object([
            ("name", .string(checklist.name)),
            ("title", .string(checklist.title)),
            ("items", .array(checklist.items.map { item in
                .object([
                    ("id", .string(item.anchor)),
                    ("text", .string(item.text)),
                    ("status", .string(item.status.rawValue)),
                    ("rules", .strings(item.ruleIDs)),
                    ("findings", .strings(item.findings.map(\.fingerprint))),
                    ("evidence", .array(item.evidence.map { evidence in
                        .object([
                            ("ruleId", .string(evidence.ruleID)),
                            ("file", .optional(evidence.location?.file)),
                            ("line", evidence.location.map { .int($0.line) } ?? .null),
                            ("column", evidence.location.map { .int($0.column) } ?? .null),
                            ("message", .string(evidence.message)),
                        ])
                    })),
                    ("notes", .strings(item.notes)),
                ])
            })),
        ])
    }
}

extension JSONRenderer: ReportRenderer {
    public var format: String { "json" }
    public var fileName: String { "report.json" }
    public var summary: String { "for scripts (Docs/JSON.md, Docs/report.schema.json)" }
    public func render(_ report: Report, in context: RenderContext) -> String { render(report) }
    public func renderText(_ report: Report, in context: RenderContext) -> RenderedText { .utf8(renderUTF8(report)) }
    public func renderIndex(_ apps: [FolderIndex.App], subject: String, in context: RenderContext) -> String? { FolderIndex.json(apps) }
    public func renderIndex(reports apps: [(report: Report, folder: String)], subject: String, in context: RenderContext) -> String? {
        FolderIndex.json(reports: apps)
    }
}
