import AuditCore
import Testing
@testable import AuditRules

/// The purchase-screen model and its vocabulary, asked directly (the rules' examples ask them
/// through findings).
@Suite struct PurchaseScreensTests {
    static func findings(_ sources: [(String, String)], rule: any Rule) -> [Finding] {
        let inputs = sources.map { InputFile(relativePath: $0.0, kind: .swift, contents: .success(Array($0.1.utf8))) }
        return Auditor.audit(files: inputs, rules: [rule], options: AuditOptions(jobs: 1)).findings
    }

    @Test func tipIDs() {
        #expect(SoldProducts.namesTip("uk.co.example.Pens.ExtraFineTip"))
        #expect(SoldProducts.namesTip("com.example.tip.small"))
        #expect(SoldProducts.namesTip("coffee_tip"))
        #expect(SoldProducts.namesTip("com.example.tip3"))
        #expect(!SoldProducts.namesTip("com.example.tipsy.pro"))
        #expect(!SoldProducts.namesTip("com.example.multiple.yearly"))
        #expect(!SoldProducts.namesTip("com.example.Tooltips"))
    }

    /// The app's own `SubscriptionStoreView`, presented from a sheet and from a preview: the
    /// finding is at the sheet only, and names the app's view.
    @Test func anAppViewNamedLikeStoreKitsIsReportedWhereItIsPresentedNotInPreviews() {
        let paywall = """
            import StoreKit
            import SwiftUI
            struct SubscriptionStoreView: View {
                let offer: Product
                var body: some View {
                    Button("Subscribe for \\(offer.displayPrice) a month") { Task { _ = try? await offer.purchase() } }
                }
            }
            struct SubscriptionStoreView_Previews: PreviewProvider {
                static var previews: some View { SubscriptionStoreView(offer: .sample) }
            }
            #Preview { SubscriptionStoreView(offer: .sample) }
            """
        let feed = """
            import SwiftUI
            struct FeedView: View {
                @State private var showsStore = false
                let offer: Product
                var body: some View {
                    Text("Feed").sheet(isPresented: $showsStore) { SubscriptionStoreView(offer: offer) }
                }
            }
            """
        let findings = Self.findings([("SubscriptionStoreView.swift", paywall), ("FeedView.swift", feed)], rule: PolicyLinksMissingRule())
        #expect(findings.map(\.location.file) == ["FeedView.swift"], "\(findings.map { "\($0.location) \($0.message)" })")
        #expect(findings.first?.message.contains("the app's own view") == true)
        // StoreKit's restore-button rule does not apply to the app's view.
        #expect(Self.findings([("SubscriptionStoreView.swift", paywall), ("FeedView.swift", feed)], rule: StoreViewRestoreHiddenRule()).isEmpty)
    }

    /// `StoreKit.StoreView(…)` is StoreKit's even when the app declares a `StoreView`.
    @Test func aQualifiedStoreViewIsStoreKits() {
        let sources = [
            ("StoreView.swift", "import SwiftUI\nstruct StoreView: View { var body: some View { Text(\"Cars\") } }"),
            ("Shop.swift", "import StoreKit\nimport SwiftUI\nstruct Shop: View { var body: some View { StoreKit.StoreView(ids: [\"a.b\"]) } }"),
        ]
        let findings = Self.findings(sources, rule: StoreViewRestoreHiddenRule())
        #expect(findings.map(\.location.file) == ["Shop.swift"])
    }
}
