import AuditCore
import Testing
@testable import AuditRules

/// `manage_subscriptions_missing` asks for StoreKit's management sheet only where StoreKit has one.
@Suite struct ManageSubscriptionsPlatformTests {
    /// A subscription paywall with no way to manage the subscription.
    static let paywall = """
        import StoreKit
        import SwiftUI
        struct ProPaywall: View {
            let monthly: Product
            var body: some View {
                Button("Subscribe for \\(monthly.displayPrice) a month, renews automatically") {
                    Task { _ = try? await monthly.purchase() }
                }
            }
        }
        """

    /// The configuration that says it is an auto-renewable subscription.
    static let configuration = """
        { "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "localizations" : [ ],
          "subscriptions" : [ { "groupNumber" : 1, "productID" : "com.app.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
            "localizations" : [ { "description" : "Monthly", "displayName" : "Monthly", "locale" : "en_US" } ],
            "type" : "RecurringSubscription" } ] } ],
          "version" : { "major" : 3, "minor" : 0 } }
        """

    static func findings(platforms: Set<ApplePlatform>) -> [Finding] {
        let inputs = [
            InputFile(relativePath: "ProPaywall.swift", kind: .swift, contents: .success(Array(paywall.utf8))),
            InputFile(relativePath: "Pro.storekit", kind: .storeKitConfiguration, contents: .success(Array(configuration.utf8))),
        ]
        var project = Auditor.audit(files: inputs, rules: [], options: AuditOptions(jobs: 1)).project
        project.platforms = platforms
        var result = RuleResult(rule: ManageSubscriptionsMissingRule.description)
        ManageSubscriptionsMissingRule().check(project, into: &result)
        return result.findings
    }

    @Test func watchAndTVAppsAreNotAskedAndEveryOtherPlatformIs() {
        #expect(Self.findings(platforms: [.watchOS]).isEmpty)
        #expect(Self.findings(platforms: [.tvOS]).isEmpty)
        #expect(Self.findings(platforms: [.watchOS, .tvOS]).isEmpty)
        // A target that also builds for iOS, or platforms the build settings do not say: asked.
        #expect(Self.findings(platforms: [.iOS, .watchOS]).count == 1)
        #expect(Self.findings(platforms: [.macOS]).count == 1)
        #expect(Self.findings(platforms: [.visionOS]).count == 1)
        #expect(Self.findings(platforms: []).count == 1)
    }
}
