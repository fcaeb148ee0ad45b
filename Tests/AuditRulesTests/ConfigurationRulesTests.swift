import AuditCore
import AuditRules
import Foundation
import Testing

/// The product configuration rules on real-shaped files: every loader fixture (formats 1.0 to
/// 5.0, as Xcode writes them) must yield exactly the findings listed here, so that a false
/// positive on an ordinary file fails a test rather than a pull request. Also the messages,
/// the evidence, and partial models built in code.
@Suite struct ConfigurationRulesTests {
    static let ruleIDs: Set<String> = [
        "product_metadata_empty", "product_metadata_too_long", "product_id_invalid",
        "consumable_family_shareable", "subscription_group_incomplete", "price_missing",
    ]

    static var rules: [any Rule] {
        BuiltInRules.all.filter { ruleIDs.contains($0.description.identifier) }
    }

    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AuditCoreTests/Fixtures/Loaders/storekit")

    struct Expected: Hashable, CustomStringConvertible {
        var rule: String
        var line: Int
        var description: String { "\(rule):\(line)" }
    }

    static func audit(_ files: [(String, String)], locales: [String]? = nil) -> AuditResult {
        let inputs = files.compactMap { InputFile.text($0.0, $0.1) }
        return Auditor.audit(files: inputs, rules: rules, options: AuditOptions(locales: locales, jobs: 1))
    }

    static func auditFixture(_ name: String) throws -> AuditResult {
        let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
        let input = InputFile(relativePath: name, kind: .storeKitConfiguration, contents: .success(bytes))
        return Auditor.audit(files: [input], rules: rules, options: AuditOptions(jobs: 1))
    }

    // MARK: - Real-shaped files

    @Test(arguments: [
        // Xcode 12 wrote an empty localizations list for a new group: no customer-facing name.
        ("v1.0-basic.storekit", [Expected(rule: "subscription_group_incomplete", line: 61)]),
        // A subscription created in Xcode and never filled in: both texts empty, one finding
        // at the display name; its group has no localization either.
        ("v1.1-ad-hoc-offers.storekit", [
            Expected(rule: "subscription_group_incomplete", line: 13),
            Expected(rule: "product_metadata_empty", line: 32),
        ]),
        ("v1.2-promotional.storekit", [Expected(rule: "subscription_group_incomplete", line: 13)]),
        // Group descriptions are empty, as Xcode writes them: not a finding.
        ("v2.0-offer-codes.storekit", []),
        // Level 2 monthly and level 1 yearly are fine; the group has no localization.
        ("v3.0-test-settings.storekit", [Expected(rule: "subscription_group_incomplete", line: 52)]),
        // "Séances quotidiennes, facturées chaque semaine" is 46 characters: over 45.
        ("v4.0-offers.storekit", [Expected(rule: "product_metadata_too_long", line: 84)]),
        // Billing plans, an introductory offers list and a group description of "": all fine.
        ("v5.0-introductory-offers.storekit", []),
    ])
    func fixtureYieldsExactlyTheExpectedFindings(_ name: String, _ expected: [Expected]) throws {
        let result = try Self.auditFixture(name)
        #expect(result.project.inputErrors.isEmpty)
        let actual = Set(result.findings.map { Expected(rule: $0.ruleID, line: $0.location.line) })
        #expect(actual == Set(expected), "\(name): \(result.findings.map { "\($0.location) \($0.ruleID): \($0.message)" })")
        #expect(result.findings.count == expected.count)
    }

    @Test func everyRulePassesOrReportsOnEveryFixture() throws {
        for name in ["v1.0-basic.storekit", "v2.0-offer-codes.storekit", "v4.0-offers.storekit", "v5.0-introductory-offers.storekit"] {
            let result = try Self.auditFixture(name)
            for rule in result.results {
                let accounted = !rule.findings.isEmpty || !rule.evidence.isEmpty || rule.notApplicableReason != nil
                #expect(accounted, "\(rule.rule.identifier) says nothing about \(name)")
            }
        }
    }

    @Test func valuePositionsAreExact() throws {
        let tooLong = try #require(try Self.auditFixture("v4.0-offers.storekit").findings.first)
        #expect(tooLong.location == SourceLocation(file: "v4.0-offers.storekit", line: 84, column: 31))
        let empty = try #require(try Self.auditFixture("v1.1-ad-hoc-offers.storekit").findings.first { $0.ruleID == "product_metadata_empty" })
        #expect(empty.location == SourceLocation(file: "v1.1-ad-hoc-offers.storekit", line: 32, column: 31))
    }

    // MARK: - Messages

    @Test func messagesNameTheProductAndSayWhatIsWrong() throws {
        let v4 = try #require(try Self.auditFixture("v4.0-offers.storekit").findings.first)
        #expect(v4.message == "Subscription calm.weekly: the description in the fr_FR localization is 46 characters; App Store Connect allows 45.")
        #expect(v4.severity == .error)

        let v11 = try Self.auditFixture("v1.1-ad-hoc-offers.storekit").findings
        #expect(v11.contains { $0.message.hasPrefix("Subscription converter_all_monthly has an empty display name and description in the en_US localization") })
        #expect(v11.contains { $0.message.hasPrefix("Subscription group Currency Converter has no localized display name") && $0.severity == .warning })
    }

    /// A `.storekit` file that cannot be read was still found: its input error says once that it
    /// could not be read, and no rule says that no configuration exists.
    @Test func anUnreadableConfigurationIsNotReportedMissing() throws {
        let app = ("App/NotesApp.swift", """
            import SwiftUI
            import StoreKit

            @main
            struct NotesApp: App {
                var body: some Scene { WindowGroup { Text("Notes") } }
            }

            @MainActor final class Store {
                func buy(_ product: Product) async throws { _ = try await product.purchase() }
            }
            """)
        let broken = ("App/Products.storekit", "{\n  \"products\" : [\n    { \"productID\" : \"com.app.pro\",")
        let inputs = [app, broken].compactMap { InputFile.text($0.0, $0.1) }
        let result = Auditor.audit(files: inputs, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        #expect(result.findings.filter { $0.ruleID == "input_error" }.map(\.location.file) == ["App/Products.storekit"])
        #expect(!result.findings.contains { $0.ruleID == "storekit_config_missing" })
        let configuration = try #require(result.results.first { $0.rule.identifier == "storekit_config_missing" })
        #expect(configuration.notApplicableReason == "The StoreKit configuration file App/Products.storekit could not be read (its input_error says why).")
        // Nothing claims that there is no configuration.
        let said = result.findings.map(\.message) + result.results.compactMap(\.notApplicableReason)
        #expect(!said.contains { $0.localizedCaseInsensitiveContains("configuration file was found") }, "\(said)")

        // Without the file, the same app is told that it has none.
        let without = Auditor.audit(files: [app].compactMap { InputFile.text($0.0, $0.1) }, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        #expect(without.findings.contains { $0.ruleID == "storekit_config_missing" && $0.message.contains("no .storekit configuration file was found") })
    }

    /// Text that is blank but not empty says which invisible characters it holds: the report
    /// cannot show them, and the reader would otherwise see "" in the file.
    @Test func blankTextNamesItsInvisibleCharacters() throws {
        let result = Self.audit([("Store.storekit", """
            {
              "products" : [
                {
                  "localizations" : [
                    { "description" : "\u{200B}", "displayName" : "Werbefrei", "locale" : "de" },
                    { "description" : "   ", "displayName" : "Remove Ads", "locale" : "en_US" }
                  ],
                  "productID" : "com.app.noads", "type" : "NonConsumable", "displayPrice" : "1.99"
                }
              ],
              "subscriptionGroups" : [
                { "id" : "1", "name" : "Pro", "localizations" : [ { "description" : "", "displayName" : "\u{FEFF}", "locale" : "en_US" } ], "subscriptions" : [ ] }
              ]
            }
            """)])
        let messages = result.findings.filter { $0.ruleID == "product_metadata_empty" }.map(\.message)
        #expect(messages.contains { $0.hasPrefix("Non-consumable com.app.noads has an empty description in the de localization (it holds only U+200B ZERO WIDTH SPACE, which shows as nothing); ") })
        #expect(messages.contains { $0.hasPrefix("Non-consumable com.app.noads has an empty description in the en_US localization; ") })
        #expect(messages.contains { $0.hasPrefix("Subscription group Pro has an empty display name in the en_US localization (it holds only U+FEFF ZERO WIDTH NO-BREAK SPACE, which shows as nothing): ") })
        #expect(messages.count == 3, "\(messages)")
    }

    @Test func duplicateIDNamesTheFirstLine() throws {
        let result = Self.audit([("Products.storekit", """
            {
              "products" : [
                { "displayPrice" : "9.99", "productID" : "com.app.pro", "type" : "NonConsumable" },
                { "displayPrice" : "0.99", "productID" : "com.app.tip", "type" : "Consumable" },
                { "displayPrice" : "4.99", "productID" : "com.app.pro", "type" : "Consumable" }
              ]
            }
            """)])
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.location == SourceLocation(file: "Products.storekit", line: 5, column: 46))
        #expect(finding.message == "Product id com.app.pro of the consumable at line 5 is already the id of the non-consumable at line 3; "
            + "Product.products(for:) returns only one product per id.")
    }

    @Test func duplicatesFollowFileOrderNotListOrder() throws {
        // As Xcode writes it: nonRenewingSubscriptions (line 2) comes before products (line 5).
        let result = Self.audit([("Configuration.storekit", """
            {
              "nonRenewingSubscriptions" : [
                { "displayPrice" : "4.99", "productID" : "com.app.pass", "type" : "NonRenewingSubscription" }
              ],
              "products" : [
                { "displayPrice" : "9.99", "productID" : "com.app.pass", "type" : "NonConsumable" }
              ]
            }
            """)])
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.location.line == 6)
        #expect(finding.message.contains("is already the id of the non-renewing subscription at line 3"))
    }

    @Test func invalidCharactersAreNamedOnce() throws {
        let result = Self.audit([("P.storekit", """
            { "products" : [ { "displayPrice" : "1", "productID" : "com.app/pro plus/x", "type" : "Consumable" } ] }
            """)])
        let finding = try #require(result.findings.first)
        #expect(finding.message.contains("contains “/” and a space;"))
    }

    @Test func evidenceWhenEverythingPasses() throws {
        let result = try Self.auditFixture("v5.0-introductory-offers.storekit")
        let evidence = Dictionary(uniqueKeysWithValues: result.results.map { ($0.rule.identifier, $0.evidence.map(\.message)) })
        #expect(evidence["price_missing"] == ["All 3 products have a price"])
        #expect(evidence["product_id_invalid"] == ["All 3 product ids are made of letters, digits, periods, underscores and hyphens, and unique in their configuration"])
        #expect(evidence["consumable_family_shareable"] == ["1 consumable checked: none is marked family shareable"])
        #expect(evidence["subscription_group_incomplete"] == ["1 subscription group with a localized display name; 2 subscriptions with a renewal period and a group level"])
        #expect(evidence["product_metadata_empty"]?.count == 1)
        #expect(evidence["product_metadata_too_long"]?.count == 1)
    }

    @Test func notApplicableWithoutAConfiguration() {
        let result = Self.audit([("App.swift", "import StoreKit\nlet ids = [\"com.app.pro\"]")])
        #expect(result.findings.isEmpty)
        for rule in result.results {
            #expect(rule.notApplicableReason == "No StoreKit configuration file was found.", "\(rule.rule.identifier)")
            #expect(rule.evidence.isEmpty)
        }
    }

    // MARK: - Decisions

    @Test func charactersAreCountedAsCustomersSeeThem() {
        // 29 letters and a family emoji (7 scalars, 11 UTF-16 units) are 30 characters; a
        // decomposed "é" (e + combining accent) is one.
        let family = String(repeating: "a", count: 29) + "👨‍👩‍👧‍👦"
        let decomposed = String(repeating: "e\u{301}", count: 45)
        let result = Self.audit([("P.storekit", """
            { "products" : [ { "displayPrice" : "1", "localizations" : [ { "description" : "\(decomposed)", "displayName" : "\(family)", "locale" : "en" } ], "productID" : "com.app.x", "type" : "Consumable" } ] }
            """)])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        let over = Self.audit([("P.storekit", """
            { "products" : [ { "displayPrice" : "1", "localizations" : [ { "description" : "d", "displayName" : "\(family)b", "locale" : "en" } ], "productID" : "com.app.x", "type" : "Consumable" } ] }
            """)])
        #expect(over.findings.map(\.message) == ["Consumable com.app.x: the display name in the en localization is 31 characters; App Store Connect allows 30."])
    }

    @Test func freeNonConsumableIsANoteAndATrialIsSilent() {
        let result = Self.audit([("P.storekit", """
            {
              "products" : [
                { "displayPrice" : "0.00", "productID" : "com.app.industrial", "referenceName" : "Industrial Pack", "type" : "NonConsumable" },
                { "displayPrice" : "0", "productID" : "com.app.trial", "referenceName" : "Free Trial (14 days)", "type" : "NonConsumable" }
              ]
            }
            """)])
        #expect(result.findings.map(\.severity) == [.note])
        #expect(result.findings.first?.location.line == 3)
    }

    @Test func pricesAreReadAsPlainDecimals() {
        let prices: [String: Bool?] = ["4.99": false, "0": true, "0.00": true, " 0.0 ": true, "10": false, ".5": false,
                      "4,99": nil, "$4.99": nil, "-1": nil, "1.2.3": nil, "Free": nil, ".": nil]
        for (price, zero) in prices {
            let result = Self.audit([("P.storekit", """
                { "products" : [ { "displayPrice" : "\(price)", "productID" : "com.app.x", "type" : "Consumable" } ] }
                """)])
            switch zero {
            case .some(false): #expect(result.findings.isEmpty, "\(price)")
            case .some(true): #expect(result.findings.first?.message.contains("so it would be given away; give it a price.") == true, "\(price)")
            case .none: #expect(result.findings.first?.message.contains("not a decimal number") == true, "\(price)")
            }
        }
    }

    // MARK: - Partial models

    /// Models built in code have no member positions and may lack anything: the rules must
    /// not crash, and findings fall back to the object's position.
    @Test func partialModelsDoNotCrash() {
        let at = SourceLocation(file: "Hand.storekit", line: 2, column: 3)
        let configuration = StoreKitConfiguration(
            file: "Hand.storekit",
            products: [
                StoreKitProduct(location: at, type: .unknown("")),
                StoreKitProduct(location: at, productID: "", type: .consumable, familyShareable: true,
                                localizations: [StoreKitLocalization(location: at, locale: "")]),
                StoreKitProduct(location: at, productID: "com.app.sub", referenceName: String(repeating: "r", count: 65),
                                type: .autoRenewableSubscription),
            ],
            subscriptionGroups: [
                StoreKitSubscriptionGroup(location: at, subscriptions: [
                    StoreKitProduct(location: at, type: .autoRenewableSubscription),
                ]),
            ])
        var project = Project()
        project.storeKitConfigurations = [configuration]
        for rule in Self.rules {
            var result = RuleResult(rule: rule.description)
            rule.check(project, into: &result)
            #expect(result.findings.allSatisfy { $0.location == at }, "\(rule.description.identifier)")
            #expect(!result.findings.isEmpty, "\(rule.description.identifier) found nothing in a broken model")
        }
    }

    @Test func memberLocationsKeepTheLastDuplicateKey() throws {
        let file = "Dup.storekit"
        let configuration = try StoreKitConfigurationLoader.load(bytes: Array("""
            {
              "products" : [
                { "productID" : "first", "productID" : "second", "type" : "Consumable" }
              ]
            }
            """.utf8), file: file)
        let product = try #require(configuration.products.first)
        #expect(product.productID == "second")
        #expect(configuration.location(of: "productID", in: product.location) == SourceLocation(file: file, line: 3, column: 44))
        #expect(configuration.location(of: "displayPrice", in: product.location) == product.location)
        #expect(configuration.memberLocations.location(of: "productID", in: SourceLocation(file: "Other.storekit", line: 3, column: 5)) == nil)
    }
}
