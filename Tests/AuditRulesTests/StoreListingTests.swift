import AuditCore
import AuditRules
import Foundation
import Testing

/// The App Store listing in fastlane's `deliver` layout: which files are read, where findings
/// point, what a broken file does, and the listing rules across locales and platform folders.
@Suite struct StoreListingTests {
    static let subscriptions = """
        { "products" : [ ], "settings" : { "_storefront" : "USA" },
          "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "localizations" : [ ], "subscriptions" : [
            { "displayPrice" : "4.99", "groupNumber" : 1, "productID" : "com.example.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
              "localizations" : [ { "description" : "All", "displayName" : "Pro", "locale" : "en_US" }, { "description" : "Alles", "displayName" : "Pro", "locale" : "de" } ],
              "referenceName" : "Monthly", "type" : "RecurringSubscription" } ] } ],
          "version" : { "major" : 3, "minor" : 0 } }
        """

    static func audit(_ files: [(String, [UInt8])], rules: [any Rule] = BuiltInRules.all, options: AuditOptions = AuditOptions(jobs: 1)) -> AuditResult {
        let inputs = files.map { path, bytes in
            InputFile(relativePath: path, kind: FileKind.classify(path) ?? .swift, contents: .success(bytes))
        }
        return Auditor.audit(files: inputs, rules: rules, options: options)
    }

    static func audit(_ files: [(String, String)], options: AuditOptions = AuditOptions(jobs: 1)) -> AuditResult {
        audit(files.map { ($0.0, Array($0.1.utf8)) }, options: options)
    }

    static func findings(_ result: AuditResult, _ rule: String) -> [String] {
        result.findings.filter { $0.ruleID == rule }.map { "\($0.location)" }.sorted()
    }

    @Test(arguments: [
        ("fastlane/metadata/en-US/description.txt", FileKind?.some(.storeListing)),
        ("ios/fastlane/metadata/de-DE/privacy_url.txt", .storeListing),
        ("fastlane/metadata/appleTV/en-US/name.txt", .storeListing),
        ("Fastlane/metadata/zh-Hans/keywords.txt", .storeListing),
        ("fastlane/metadata/default/release_notes.txt", .storeListing),
        // Not the localized listing: review notes, categories, Android's listing, unknown fields.
        ("fastlane/metadata/review_information/notes.txt", nil),
        ("fastlane/metadata/copyright.txt", nil),
        ("fastlane/metadata/android/en-US/full_description.txt", nil),
        ("fastlane/metadata/en-US/description.md", nil),
        ("fastlane/metadata/en-US/paywall_copy.txt", nil),
        // A locale folder too deep under fastlane/metadata, and one outside it.
        ("fastlane/metadata/a/b/en-US/description.txt", nil),
        ("metadata/en-US/description.txt", nil),
        // Outside fastlane/metadata, paywall copy stays paywall copy.
        ("Marketing/en-US/subscription_copy.txt", .copyDocument),
    ] as [(String, FileKind?)])
    func listingFilesAreFoundByTheirPath(_ path: String, _ kind: FileKind?) {
        #expect(FileKind.classify(path) == kind)
    }

    @Test func linesAndColumnsCountFromTheFileAfterAByteOrderMarkAndCarriageReturns() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Plan meals.\r\nAlso on Android.\r\n".utf8)
        let field = try StoreListingLoader.load(bytes: bytes, file: "fastlane/metadata/en-US/description.txt")
        #expect(field.locale == "en-US")
        #expect(field.listing == "fastlane/metadata")
        #expect(field.kind == .description)
        #expect(field.lines.map(\.text) == ["Plan meals.", "Also on Android."])
        #expect(field.lines.map(\.column) == [4, 1])
        let result = Self.audit([("fastlane/metadata/en-US/description.txt", bytes)])
        #expect(Self.findings(result, "listing_text_unsuitable") == ["fastlane/metadata/en-US/description.txt:2:1"])
    }

    @Test func aBrokenFileIsAnInputErrorAndTheAuditGoesOn() {
        let broken: [UInt8] = Array("Plan meals.\nCaf".utf8) + [0xC3, 0x28] + Array(" menu\n".utf8)
        let result = Self.audit([
            ("fastlane/metadata/de-DE/description.txt", broken),
            ("fastlane/metadata/en-US/subtitle.txt", Array("TBD\n".utf8)),
            ("fastlane/metadata/fr-FR/description.txt", [0xFF, 0xFE] + Array("P\0l\0a\0n\0".utf8)),
        ])
        let errors = result.findings.filter { $0.ruleID == "input_error" }
        #expect(errors.map { "\($0.location)" }.sorted() == ["fastlane/metadata/de-DE/description.txt:2:4", "fastlane/metadata/fr-FR/description.txt:1:1"])
        #expect(errors.contains { $0.message.contains("UTF-16") })
        #expect(Self.findings(result, "listing_text_unsuitable") == ["fastlane/metadata/en-US/subtitle.txt:1:1"])
    }

    /// Three locales and an Apple TV listing: each locale is judged on its own, a platform
    /// folder is a listing of its own, and `default` fills in what a locale lacks.
    @Test func everyLocaleOfEveryPlatformFolderIsJudged() {
        let result = Self.audit([
            ("Store.storekit", Self.subscriptions),
            ("fastlane/metadata/default/privacy_url.txt", "https://example.com/privacy\n"),
            ("fastlane/metadata/en-US/description.txt", "Pro subscription renews automatically; cancel in Settings.\nTerms of Use: https://example.com/terms\n"),
            ("fastlane/metadata/de-DE/description.txt", "Pro-Abo für alle Funktionen.\nNutzungsbedingungen: https://example.com/agb\n"),
            ("fastlane/metadata/fr-FR/description.txt", "Planifiez vos repas.\n"),
            ("fastlane/metadata/fr-FR/privacy_url.txt", "http://example.com/confidentialite\n"),
            ("fastlane/metadata/appleTV/en-US/description.txt", "Pro subscription renews automatically; cancel in Settings.\n"),
            ("fastlane/metadata/appleTV/en-US/privacy_url.txt", "https://example.com/privacy\n"),
        ])
        #expect(Self.findings(result, "listing_policy_links_missing") == [
            "fastlane/metadata/appleTV/en-US/description.txt:1:1", "fastlane/metadata/fr-FR/description.txt:1:1",
        ])
        #expect(Self.findings(result, "listing_renewal_terms_missing") == ["fastlane/metadata/de-DE/description.txt:1:1"])
        #expect(Self.findings(result, "listing_url_invalid") == ["fastlane/metadata/fr-FR/privacy_url.txt:1:1"])
        // The app (its languages from the configuration here) and the products have en and de,
        // not fr; the Apple TV listing has no German.
        #expect(Self.findings(result, "listing_locales_mismatch") == [
            "fastlane/metadata/appleTV/en-US/description.txt:1:1", "fastlane/metadata/fr-FR/description.txt:1:1", "fastlane/metadata/fr-FR/description.txt:1:1",
        ])
        let evidence = result.results.first { $0.rule.identifier == "listing_policy_links_missing" }?.evidence ?? []
        #expect(evidence.contains { $0.location?.file == "fastlane/metadata/default/privacy_url.txt" && $0.message.contains("de-DE") })
        #expect(evidence.contains { $0.location == SourceLocation(file: "fastlane/metadata/en-US/description.txt", line: 2, column: 15) })
    }

    @Test func aDeclaredCustomEULAStandsInForTheTermsLink() {
        let files = [
            ("Store.storekit", Self.subscriptions),
            ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
            ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
        ]
        #expect(Self.findings(Self.audit(files), "listing_policy_links_missing") == ["fastlane/metadata/en-US/description.txt:1:1"])
        var options = AuditOptions(jobs: 1)
        options.declaresCustomEULA = true
        let declared = Self.audit(files, options: options)
        #expect(Self.findings(declared, "listing_policy_links_missing").isEmpty)
        let evidence = declared.results.first { $0.rule.identifier == "listing_policy_links_missing" }?.evidence ?? []
        #expect(evidence.contains { $0.message.contains("metadata.customEULA") })
    }

    @Test func withoutAListingTheRulesAskForAManualCheck() {
        let result = Self.audit([("Store.storekit", Self.subscriptions)])
        for id in ["listing_policy_links_missing", "listing_url_invalid", "listing_renewal_terms_missing", "listing_price_mismatch", "listing_text_unsuitable", "listing_locales_mismatch"] {
            let rule = result.results.first { $0.rule.identifier == id }
            #expect(rule?.manualCheckReason?.contains("fastlane/metadata") == true, "\(id)")
            #expect(rule?.findings.isEmpty == true)
        }
    }

    @Test func theConfigurationNamesListingFoldersAndACustomEULA() throws {
        let configuration = try Configuration.parse(
            Array(#"{ "metadata": { "paths": ["AppStore/listing"], "customEULA": true } }"#.utf8), file: "c", directory: nil, knownRules: [])
        #expect(configuration.declaresCustomEULA)
        #expect(configuration.storeListings.map(\.pattern) == ["AppStore/listing"])
        #expect(configuration.selection.storeListings.map(\.pattern) == ["AppStore/listing"])
        #expect(throws: Configuration.Error.self) {
            try Configuration.parse(Array(#"{ "metadata": { "customEula": true } }"#.utf8), file: "c", directory: nil, knownRules: [])
        }
        #expect(throws: Configuration.Error.self) {
            try Configuration.parse(Array(#"{ "metadata": ["AppStore/listing"] }"#.utf8), file: "c", directory: nil, knownRules: [])
        }
        do {
            _ = try Configuration.parse(Array("{ \"metadata\": { \"customEULA\": \"yes\" } }".utf8), file: "c", directory: nil, knownRules: [])
            Issue.record("a string for customEULA was accepted")
        } catch {
            #expect(error.reason.contains("metadata.customEULA"))
        }
    }

    /// A listing folder the configuration names is read in the same layout, from disk.
    @Test func aConfiguredFolderIsReadLikeFastlaneMetadata() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Store.storekit": Self.subscriptions,
            "AppStore/listing/en-US/description.txt": "Pro subscription.\n",
            "AppStore/listing/en-US/privacy_url.txt": "https://example.com/privacy\n",
            "AppStore/listing/review/notes.txt": "Demo account inside.\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let plain = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        #expect(plain.fileCounts[.storeListing] == nil)
        let configuration = try Configuration.parse(Array(#"{ "metadata": { "paths": ["AppStore/listing"] } }"#.utf8), file: "c", directory: root, knownRules: [])
        let configured = Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all, options: AuditOptions(jobs: 1, selection: configuration.selection))
        #expect(configured.fileCounts[.storeListing] == 2)
        #expect(Self.findings(configured, "listing_policy_links_missing") == ["AppStore/listing/en-US/description.txt:1:1"])
        #expect(Self.findings(configured, "listing_renewal_terms_missing") == ["AppStore/listing/en-US/description.txt:1:1"])
    }
}
