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
    /// finding is on its purchase button, says it is the app's view and names the sheet, not
    /// the previews.
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
        #expect(findings.map(\.location.file) == ["SubscriptionStoreView.swift"], "\(findings.map { "\($0.location) \($0.message)" })")
        #expect(findings.first?.location.line == 6)
        #expect(findings.first?.message.contains("the app's own view and not StoreKit's (presented at FeedView.swift:6)") == true)
        #expect(findings.first?.message.contains("Preview") == false)
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

/// Where the purchase screens are shown from: what findings about a screen say so a reader can
/// find it in the running app.
@Suite struct ScreenPresentationTests {
    static func presentations(_ sources: [(String, String)]) -> [String: [String]] {
        let project = Project(swiftFiles: sources.map { SwiftFile(path: $0.0, bytes: Array($0.1.utf8)) })
        var result: [String: [String]] = [:]
        for screen in PurchaseScreens.of(project).screens {
            result[screen.name] = screen.presentations.map(\.description)
        }
        return result
    }

    @Test func sheetsNavigationDestinationsAndNotLinkLabelsOrPreviews() {
        let found = Self.presentations([
            ("Paywall.swift", """
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        Button("Subscribe") { Task { _ = try? await product.purchase() } }
                    }
                }
                #Preview { Paywall(product: .preview) }
                """),
            ("Settings.swift", """
                struct Settings: View {
                    @State var showPaywall = false
                    var body: some View {
                        List {
                            NavigationLink(destination: Paywall(product: store.pro)) { PaywallBadge() }
                            NavigationLink { Paywall(product: store.pro) } label: { Paywall.Label() }
                        }
                        .sheet(isPresented: $showPaywall) { Paywall(product: store.pro) }
                    }
                }
                """),
        ])
        #expect(found["Paywall"] == [
            "by navigation from Settings (Settings.swift:5)",
            "by navigation from Settings (Settings.swift:6)",
            "as a sheet from Settings (Settings.swift:8)",
        ])
    }

    /// A row that buys is followed to the screen that holds it; a view controller kept in a
    /// local is followed to its `present` or push.
    @Test func rowsAreFollowedToTheirScreenAndControllersToTheirPresentation() {
        let found = Self.presentations([
            ("Row.swift", """
                struct ProductRow: View {
                    let product: Product
                    var body: some View {
                        Button(product.displayPrice) { Task { try? await product.purchase() } }
                    }
                }
                struct StoreScreen: View {
                    let products: [Product]
                    var body: some View { ForEach(products) { ProductRow(product: $0) } }
                }
                struct Home: View {
                    var body: some View { Text("Home").fullScreenCover(isPresented: .constant(true)) { StoreScreen(products: []) } }
                }
                """),
            ("Tips.swift", """
                final class TipsViewController: UIViewController, SKPaymentTransactionObserver {
                    func tip(_ product: SKProduct) { SKPaymentQueue.default().add(SKPayment(product: product)) }
                }
                final class SettingsController: UITableViewController {
                    func openTips() {
                        let tips = TipsViewController()
                        navigationController?.pushViewController(tips, animated: true)
                    }
                }
                """),
        ])
        #expect(found["ProductRow"] == [
            "inside StoreScreen (Row.swift:9)",
            "inside StoreScreen, shown as a full-screen cover from Home (Row.swift:12)",
        ])
        #expect(found["TipsViewController"] == ["as a pushed view controller from SettingsController (Tips.swift:6)"])
    }

    /// A component's `details:` closure is the screen it navigates to: its links are not on the
    /// screen that lists the row.
    @Test func aComponentsDetailsClosureIsANavigationDestination() {
        let found = Self.presentations([
            ("Build.swift", """
                struct BuildView: View {
                    let product: Product
                    var body: some View { Button("Subscribe") { Task { _ = try? await product.purchase() } } }
                }
                struct SettingsView: View {
                    var body: some View {
                        List {
                            Row { Label("Build", systemImage: "hammer") } details: { BuildView(product: .build) }
                            Link("Privacy Policy", destination: URL(string: "https://example.com/privacy")!)
                        }
                    }
                }
                """),
        ])
        #expect(found["BuildView"] == ["by navigation from SettingsView (Build.swift:8)"])
    }
}
