import AuditCore
import AuditRules
import Foundation
import Testing
@testable import AuditReport

/// The subscription disclosure item "Privacy Policy URL and the license agreement set in App
/// Store Connect" is answered by the App Store listing the repository keeps, and stays a manual
/// check, with the reason, when it keeps none.
@Suite struct StoreListingChecklistTests {
    static let configuration = ("Store.storekit", """
        { "products" : [ ], "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "localizations" : [ ], "subscriptions" : [
          { "displayPrice" : "4.99", "groupNumber" : 1, "productID" : "com.example.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
            "localizations" : [ { "description" : "All", "displayName" : "Pro", "locale" : "en_US" } ],
            "referenceName" : "Monthly", "type" : "RecurringSubscription" } ] } ],
          "version" : { "major" : 3, "minor" : 0 } }
        """)

    static func item(_ files: [(String, String)]) throws -> Report.Item {
        let inputs = files.compactMap { InputFile.text($0.0, $0.1) }
        let result = Auditor.audit(files: inputs, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        let resources = try ReportResources.load(templates: nil, checklists: nil, knownRules: RuleCatalogue.identifiers)
        let report = Report(result: result, checklists: resources.checklists, toolVersion: "test", subject: "Sample")
        let items = report.checklists.first { $0.name == "subscription-disclosure" }?.items ?? []
        return try #require(items.first { $0.text.hasPrefix("Privacy Policy URL and the license agreement") })
    }

    @Test func withoutAListingTheItemStaysManualAndSaysWhy() throws {
        let item = try Self.item([Self.configuration])
        #expect(item.status == .manual)
        #expect(item.notes.contains { $0.contains("fastlane/metadata") && $0.contains("App Store Connect") })
    }

    @Test func aCompleteListingPassesTheItemWithItsPlaces() throws {
        let item = try Self.item([
            Self.configuration,
            ("fastlane/metadata/en-US/description.txt", "Plan meals.\n\nTerms of Use (EULA): https://example.com/terms\n"),
            ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
        ])
        #expect(item.status == .passed)
        let places = item.evidence.compactMap(\.location).map(\.description)
        #expect(places.contains("fastlane/metadata/en-US/description.txt:3:22"))
        #expect(places.contains("fastlane/metadata/en-US/privacy_url.txt:1:1"))
    }

    @Test func aListingWithoutTheTermsLinkFailsTheItem() throws {
        let item = try Self.item([
            Self.configuration,
            ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
            ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
        ])
        #expect(item.status == .failed)
        #expect(item.findings.map(\.location.description) == ["fastlane/metadata/en-US/description.txt:1:1"])
    }
}
