import Foundation
import Testing

/// What the app is, from the command line: several apps audited apart with one exit code,
/// `--target`, several PATHs, and runs that audit nothing exiting 2 instead of "ready".
@Suite struct AppsCLITests {
    static let fixtures = CLI.packageRoot.appendingPathComponent("Tests/AuditCoreTests/Fixtures/Apps")

    /// A copy of a fixture in a temporary folder (the reports are written beside it).
    func copy(_ fixture: String) throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-apps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let target = base.appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: target)
        return target
    }

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func anEmptyFolderExitsTwoSayingWhatItLookedFor() throws {
        let root = try CLI.makeProject([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["."], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("nothing to audit"))
        #expect(run.stderr.contains("*.swift") && run.stderr.contains("*.storekit"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stdout.contains("Ready for review"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("iap-audit-report").path))
    }

    @Test func anObjectiveCAppIsAuditedAndAFlutterAppSaysItsCodeIsNotRead() throws {
        let objectiveC = try CLI.makeProject(["Store/RMStoreLike.m": "#import <StoreKit/StoreKit.h>\n@implementation S\n@end\n", "Store/RMStoreLike.h": "@interface S\n@end\n"])
        let flutter = try CLI.makeProject(["pubspec.yaml": "name: shop\n", "lib/store.dart": "import 'package:in_app_purchase/in_app_purchase.dart';\n"])
        defer {
            try? FileManager.default.removeItem(at: objectiveC)
            try? FileManager.default.removeItem(at: flutter)
        }
        let run = try CLI.run([".", "--fail-on", "never", "--verbose"], in: objectiveC)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 Objective-C file"), "\(run.stdout)")
        let dart = try CLI.run(["."], in: flutter)
        #expect(dart.status == 2)
        #expect(dart.stderr.contains("Flutter (Dart)"), "\(dart.stderr)")
    }

    @Test func anObjectiveCStoreLeavesTheItemsItsRulesDoNotReadNotChecked() throws {
        let root = try CLI.makeProject([
            "Store/Store.m": "#import <StoreKit/StoreKit.h>\n@implementation Store\n- (void)buy:(SKProduct *)p { [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:p]]; }\n@end\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try CLI.run([".", "--format", "json", "--fail-on", "never"], in: root)
        let report = try json(root.appendingPathComponent("iap-audit-report/report.json"))
        let items = ((report["checklists"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
        func status(_ prefix: String) -> String? { items.first { ($0["text"] as? String)?.hasPrefix(prefix) == true }?["status"] as? String }
        // Read in Objective-C: the legacy API is found.
        #expect(status("No original StoreKit APIs") == "failed")
        // Not read in Objective-C: neither passed nor "not applicable" on the Swift code alone.
        #expect(status("Revoked transactions excluded") == "not_checked")
        #expect(status("Subscription terms") == "not_checked")
        #expect(!items.contains { $0["status"] as? String == "passed" && (($0["rules"] as? [String]) ?? []).contains("revocation_not_checked") })
    }

    @Test func purchaseCodeInDartLeavesTheCodeItemsNotCheckedButScriptsWithoutPurchasesDoNot() throws {
        let mixed = try CLI.makeProject([
            "App/AppDelegate.swift": "import UIKit\nclass AppDelegate: UIResponder {}\n",
            "lib/store.dart": "import 'package:in_app_purchase/in_app_purchase.dart';\nfinal store = InAppPurchase.instance;\n",
        ])
        let reader = try CLI.makeProject([
            "App/AppDelegate.swift": "import UIKit\nclass AppDelegate: UIResponder {}\n",
            "App/Resources/main.js": "function render(article) { return article.title }\n",
        ])
        defer {
            try? FileManager.default.removeItem(at: mixed)
            try? FileManager.default.removeItem(at: reader)
        }
        let run = try CLI.run([".", "--format", "json", "--verbose", "--fail-on", "never"], in: mixed)
        #expect(run.stdout.contains("Not read: the app's purchase code looks like Dart (Flutter) (1 file) using in_app_purchase"), "\(run.stdout)")
        let report = try json(mixed.appendingPathComponent("iap-audit-report/report.json"))
        let items = ((report["checklists"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
        let legacy = try #require(items.first { ($0["text"] as? String)?.hasPrefix("No original StoreKit APIs") == true })
        #expect(legacy["status"] as? String == "not_checked")
        #expect(!items.contains { $0["status"] as? String == "passed" && (($0["rules"] as? [String]) ?? []).contains("legacy_storekit_api") })
        // JavaScript that renders articles is not purchase code.
        let plain = try CLI.run([".", "--verbose", "--fail-on", "never"], in: reader)
        #expect(!plain.stdout.contains("Not read:"), "\(plain.stdout)")
    }

    @Test func theFlawedExampleWithAMistypedIncludeExitsTwoNamingThePattern() throws {
        let root = CLI.packageRoot.appendingPathComponent("Examples/FlawedApp")
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-typo-\(UUID().uuidString).json")
        try Data(#"{ "include": ["RecipeBox/Sorces/**"] }"#.utf8).write(to: config)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-typo-out-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: config)
            try? FileManager.default.removeItem(at: output)
        }
        let run = try CLI.run([root.path, "--config", config.path, "--output", output.path], in: CLI.packageRoot)
        #expect(run.status == 2)
        #expect(run.stderr.contains("'RecipeBox/Sorces/**'"))
        #expect(run.stderr.contains("matches no file"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func twoAppsGetAReportEachAndAJoinedIndexWithOneExitCode() throws {
        let root = try copy("TwoApps")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let run = try CLI.run([".", "--format", "md,html,json,sarif", "--fail-on", "never"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let out = root.appendingPathComponent("iap-audit-report")
        for app in ["Journal", "JournalWatch"] {
            for file in ["report.md", "report.html", "report.json", "report.sarif"] {
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(app)/\(file)").path), "\(app)/\(file)")
            }
        }
        let index = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(index.contains("[Journal/report.md](Journal/report.md)"))
        #expect(index.contains("[JournalWatch/report.md](JournalWatch/report.md)"))
        // Each app's report says which app it is and lists only its own code.
        let journal = try json(out.appendingPathComponent("Journal/report.json"))
        let inputs = try #require(journal["inputs"] as? [String: Any])
        let app = try #require(inputs["app"] as? [String: Any])
        #expect(app["name"] as? String == "Journal")
        #expect(app["appsInFolder"] as? Int == 2)
        #expect(inputs["locales"] as? [String] == ["en", "it"])
        #expect(app["platforms"] as? [String] == ["iOS"])
        // Both sell the subscription; only the phone app can open StoreKit's management sheet,
        // so only it is told to (watchOS has no manageSubscriptionsSheet).
        let watch = try json(out.appendingPathComponent("JournalWatch/report.json"))
        #expect(((watch["inputs"] as? [String: Any])?["app"] as? [String: Any])?["platforms"] as? [String] == ["watchOS"])
        func rules(_ report: [String: Any]) -> [String] { ((report["findings"] as? [[String: Any]]) ?? []).compactMap { $0["ruleId"] as? String } }
        #expect(rules(journal).contains("manage_subscriptions_missing"))
        #expect(!rules(watch).contains("manage_subscriptions_missing"))
        #expect(rules(watch).contains("policy_links_missing"), "the watch app's paywall is still audited")
        let findingFiles = Set(((journal["findings"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String })
        #expect(!findingFiles.contains { $0.hasPrefix("JournalWatch/") })
        // The joined SARIF holds both apps' results in one run.
        let sarif = try json(out.appendingPathComponent("report.sarif"))
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        // Every app's results, each once: a finding in code both apps build is one result.
        func key(_ result: [String: Any]) -> String {
            let location = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = ((location["artifactLocation"] as? [String: Any])?["uri"] as? String) ?? ""
            let region = (location["region"] as? [String: Any]) ?? [:]
            return "\(result["ruleId"] ?? "")|\(uri)|\(region["startLine"] ?? "")|\(region["startColumn"] ?? "")|\(((result["message"] as? [String: Any])?["text"]) ?? "")"
        }
        var perApp: [[String]] = []
        for app in ["Journal", "JournalWatch"] {
            let one = try json(out.appendingPathComponent("\(app)/report.sarif"))
            perApp.append((((one["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []).map(key))
        }
        let joinedKeys = ((runs[0]["results"] as? [[String: Any]]) ?? []).map(key)
        #expect(Set(joinedKeys) == Set(perApp.joined()))
        #expect(joinedKeys.count == Set(joinedKeys).count)
        #expect(Set(perApp[0]).intersection(perApp[1]).contains { $0.contains("Shared/") }, "the fixture's shared code should give both apps a finding")
        let joined = try json(out.appendingPathComponent("report.json"))
        #expect((joined["apps"] as? [Any])?.count == 2)

        // The exit code is the run's: a failing app fails it.
        let failing = try CLI.run([".", "--quiet", "--fail-on", "note"], in: root)
        #expect(failing.status == 1)
    }

    @Test func aBaselineWrittenForSeveralAppsAcceptsEveryAppsFindings() throws {
        let root = try copy("TwoApps")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        // Recording the findings is what the run is for: it exits 0 with several apps too.
        #expect(try CLI.run([".", "--write-baseline", "baseline.json", "--quiet"], in: root).status == 0)
        let accepted = try CLI.run([".", "--baseline", "baseline.json", "--format", "json", "--fail-on", "note"], in: root)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        for app in ["Journal", "JournalWatch"] {
            let report = try json(root.appendingPathComponent("iap-audit-report/\(app)/report.json"))
            #expect((report["findings"] as? [Any])?.isEmpty == true, "\(app)")
            #expect((report["accepted"] as? [Any])?.isEmpty == false, "\(app)")
        }
    }

    @Test func targetChoosesAnAppAndAnUnknownNameListsTheAppsFound() throws {
        let root = try copy("TwoApps")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let one = try CLI.run([".", "--target", "JournalWatch", "--format", "json", "--fail-on", "never"], in: root)
        #expect(one.status == 0, "\(one.stderr)")
        let report = try json(root.appendingPathComponent("iap-audit-report/report.json"))
        #expect(((report["inputs"] as? [String: Any])?["app"] as? [String: Any])?["name"] as? String == "JournalWatch")
        let unknown = try CLI.run([".", "--target", "Jurnal"], in: root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no app named Jurnal"))
        #expect(unknown.stderr.contains("Journal; JournalWatch"))
    }

    @Test func twoAppsOfOneNameGetTwoFolders() throws {
        let base = try copy("TutorialSteps")
        defer { try? FileManager.default.removeItem(at: base.deletingLastPathComponent()) }
        let root = base.appendingPathComponent("Twins")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: base.appendingPathComponent("Step1"), to: root.appendingPathComponent("A"))
        try FileManager.default.copyItem(at: base.appendingPathComponent("Step1"), to: root.appendingPathComponent("B"))
        let run = try CLI.run([".", "--format", "json", "--fail-on", "never", "--quiet"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("iap-audit-report").path).sorted()
        #expect(names == ["Step1", "Step1-2", "report.json"])
    }

    @Test func severalPathsAreAuditedEachOnItsOwn() throws {
        let first = try copy("TutorialSteps")
        defer { try? FileManager.default.removeItem(at: first.deletingLastPathComponent()) }
        let run = try CLI.run(["Step1", "Step2", "--format", "json", "--fail-on", "never"], in: first)
        #expect(run.status == 0, "\(run.stderr)")
        let out = first.appendingPathComponent("iap-audit-report")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["Step1", "Step2", "report.json"])
        let step1 = try json(out.appendingPathComponent("Step1/report.json"))
        let files = ((step1["findings"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String }
        #expect(!files.contains { $0.contains("Step2") })
    }

    /// The verdict is judged at the --fail-on level, so it always says what the exit code does.
    @Test func theVerdictIsTheExitCodesAtEveryFailLevel() throws {
        let root = try CLI.makeProject(["App/PaywallView.swift": ExitCodeTests.flawedPaywall])
        defer { try? FileManager.default.removeItem(at: root) }
        let never = try CLI.run(["--fail-on", "never", "--color", "never"], in: root)
        #expect(never.status == 0)
        #expect(never.stdout.contains("\nPasses at --fail-on never: "), "\(never.stdout)")
        let markdown = try String(contentsOf: root.appendingPathComponent("iap-audit-report/report.md"), encoding: .utf8)
        #expect(markdown.contains("> **Passes at --fail-on never:** "))
        let failing = try CLI.run(["--color", "never"], in: root)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("\nFails at --fail-on error: "))
    }

    /// Every file of a run over several apps (each app's reports and the joined ones), by path.
    func allFiles(under folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = try? Data(contentsOf: url)
            }
        }
        return result
    }

    @Test(arguments: ["TwoApps", "TutorialSteps"])
    func severalAppsGiveByteIdenticalReportsAcrossRunsAndWorkers(fixture: String) throws {
        let root = try copy(fixture)
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        var outputs: [(String, [String: Data])] = []
        for (name, jobs) in [("a", "1"), ("b", "2"), ("c", "8")] {
            let out = root.deletingLastPathComponent().appendingPathComponent(name)
            let run = try CLI.run([".", "--output", out.path, "--format", OutputIntegrityTests.formats, "--jobs", jobs, "--fail-on", "never", "--quiet"], in: root)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append((name, allFiles(under: out)))
        }
        let reference = outputs[0].1
        #expect(reference.count >= 3 * OutputIntegrityTests.reportNames.count, "\(reference.keys.sorted())")
        for (label, files) in outputs.dropFirst() {
            #expect(Set(files.keys) == Set(reference.keys))
            for (path, data) in reference { #expect(files[path] == data, "\(fixture): \(path) differs in run \(label)") }
        }
    }

    @Test func theInputsSectionNamesTheAppWhatWasSkippedAndWhy() throws {
        let root = try copy("SkippedFolders")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let run = try CLI.run([".", "--format", "md,json", "--fail-on", "never"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let markdown = try String(contentsOf: root.appendingPathComponent("iap-audit-report/report.md"), encoding: .utf8)
        #expect(markdown.contains("No Xcode project or Package.swift was found"))
        #expect(markdown.contains("| dependency checkouts | 5 |"))
        #expect(markdown.contains("| build output | 6 |"))
        #expect(markdown.contains("| localization exports | 1 |"))
        // Nothing from a skipped folder or a project document is reported.
        let report = try json(root.appendingPathComponent("iap-audit-report/report.json"))
        let files = ((report["findings"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String }
        let skipped = ["Pods/", "Carthage/", "SourcePackages/", "node_modules/", ".build/", "build/", "DerivedData/", ".xcarchive/", ".app/", ".framework/", ".xcloc/", ".bundle/", "docs/", "README", "CHANGELOG", "LICENSE"]
        #expect(!files.contains { file in skipped.contains { file.contains($0) } }, "\(files)")
    }
}
