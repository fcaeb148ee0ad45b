import AuditCore

/// storekit-advanced reference: subscribers should be able to manage or cancel from inside the
/// app, not only by finding the App Store's account page.
public struct ManageSubscriptionsMissingRule: Rule {
    public init() {}

    /// Calls that open Apple's subscription management (StoreKit, RevenueCat, RevenueCatUI).
    static let manageCalls: Set<String> = [
        "manageSubscriptionsSheet", "showManageSubscriptions", "presentCustomerCenter", "CustomerCenterView",
    ]
    /// `manageCalls`, hashed once for the question asked of every file.
    static let manageCallNames = IdentifierNames(manageCalls)
    /// The App Store's subscription management page, opened as a URL.
    /// Each holds "ubscriptions", which `check` looks for first.
    static let manageURLs = ["apps.apple.com/account/subscriptions", "/wa/manageSubscriptions"]
    /// Words of the type names that hold the app's settings screen, where the management link
    /// usually is, most likely first.
    static let settingsTypeWords: [StaticString] = ["settings", "account", "preferences", "profile"]
    private static let settingsTypeNeedles = ASCIINeedles(settingsTypeWords)

    public static let description = RuleDescription(
        identifier: "manage_subscriptions_missing",
        title: "Subscribers can manage or cancel from inside the app",
        severity: .note,
        scope: .code,
        rationale: """
            People look for "cancel" in the app they pay for. When it is not there, they ask \
            for refunds, leave one-star reviews or dispute the charge; App Review also expects \
            an easy way to manage an auto-renewable subscription. StoreKit shows Apple's own \
            management sheet in one line. An app whose targets build only for watchOS or tvOS is \
            not asked: StoreKit has no management sheet there.
            """,
        fix: """
            Add a **Manage Subscription** button (for example in Settings) that presents \
            `.manageSubscriptionsSheet(isPresented:subscriptionGroupID:)`, or calls \
            `try await AppStore.showManageSubscriptions(in: windowScene)` in UIKit.
            """,
        reference: "storekit-advanced reference: manage subscriptions in the app; App Review Guideline 3.1.2",
        changeScope: .lineOrAnyFile([.swift]),
        triggeringExamples: [
            // A subscription paywall and a settings screen with no way to manage.
            RuleExample(files: [
                ("Views/PaywallView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct PaywallView: View {
                        var body: some View {
                            SubscriptionStoreView(groupID: "21482736")
                                .storeButton(.visible, for: .restorePurchases)
                        }
                    }
                    """),
                ("Views/SettingsView.swift", """
                    import SwiftUI
                    struct ↓SettingsView: View {
                        @State private var showsPaywall = false
                        var body: some View {
                            Form {
                                Button("Upgrade") { showsPaywall = true }
                                // Manage subscription: coming in 2.1 (manageSubscriptionsSheet)
                            }
                            .sheet(isPresented: $showsPaywall) { PaywallView() }
                        }
                    }
                    """),
            ]),
            // Subscriptions known from the configuration; no settings screen: the paywall is named.
            RuleExample(files: [
                ("Pro.storekit", """
                    { "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "localizations" : [ ],
                      "subscriptions" : [ { "groupNumber" : 1, "productID" : "com.app.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
                        "localizations" : [ { "description" : "Monthly", "displayName" : "Monthly", "locale" : "en_US" } ],
                        "type" : "RecurringSubscription" } ] } ],
                      "version" : { "major" : 3, "minor" : 0 } }
                    """),
                ("ProPaywall.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ↓ProPaywall: View {
                        let monthly: Product
                        var body: some View {
                            Button("Subscribe for \\(monthly.displayPrice) a month") {
                                Task { _ = try? await monthly.purchase() }
                            }
                        }
                    }
                    """),
            ]),
            // A UIKit app: the account screen is named (a help URL is not the management page).
            RuleExample(files: [
                ("AppDelegate.swift", """
                    import StoreKit
                    import UIKit
                    @main final class AppDelegate: UIResponder, UIApplicationDelegate {}
                    """),
                ("AccountViewController.swift", """
                    import StoreKit
                    import UIKit
                    final class AccountViewController: UIViewController {
                        func openHelp() { UIApplication.shared.open(URL(string: "https://support.apple.com/billing")!) }
                    }
                    """),
                ("AccountView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct ↓AccountView: View {
                        let plans: [Product]
                        var body: some View {
                            ForEach(plans.filter { $0.type == .autoRenewable }) { plan in
                                Button(plan.displayName) { Task { _ = try? await plan.purchase() } }
                            }
                        }
                    }
                    """),
            ]),
            // Only the @main App to point at.
            RuleExample(files: [
                ("App.swift", """
                    import StoreKit
                    import SwiftUI
                    @main struct ↓ReaderApp: App {
                        var body: some Scene {
                            WindowGroup {
                                SubscriptionStoreView(groupID: "4410").storeButton(.visible, for: .restorePurchases)
                            }
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // StoreKit's management sheet in Settings.
            RuleExample(files: [
                ("PaywallView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct PaywallView: View {
                        var body: some View { SubscriptionStoreView(groupID: "21482736") }
                    }
                    """),
                ("SettingsView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct SettingsView: View {
                        @State private var isManaging = false
                        var body: some View {
                            Button("Manage Subscription") { isManaging = true }
                                .manageSubscriptionsSheet(isPresented: $isManaging, subscriptionGroupID: "21482736")
                        }
                    }
                    """),
            ]),
            // UIKit: AppStore.showManageSubscriptions(in:).
            RuleExample("""
                import StoreKit
                import UIKit
                final class AccountViewController: UIViewController {
                    let plan: Product
                    init(plan: Product) { self.plan = plan; super.init(nibName: nil, bundle: nil) }
                    required init?(coder: NSCoder) { nil }
                    func subscribe() { Task { _ = try? await plan.purchase(confirmIn: view.window!.windowScene!) } }
                    @objc func manage() {
                        guard let scene = view.window?.windowScene else { return }
                        Task { try? await AppStore.showManageSubscriptions(in: scene) }
                    }
                    var isSubscription: Bool { plan.type == .autoRenewable }
                }
                """),
            // The App Store's subscriptions page opened as a link.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct SettingsView: View {
                    var body: some View {
                        Form {
                            SubscriptionStoreView(groupID: "8812")
                            Link("Manage Subscription", destination: URL(string: "https://apps.apple.com/account/subscriptions")!)
                        }
                    }
                }
                """),
            // Only consumables and a non-consumable: nothing to manage.
            RuleExample("""
                import StoreKit
                import SwiftUI
                struct ShopView: View {
                    var body: some View {
                        StoreView(ids: ["com.app.gems100", "com.app.noads"])
                            .storeButton(.visible, for: .restorePurchases)
                    }
                }
                """),
            // RevenueCat's customer center.
            RuleExample(files: [
                ("Paywall.swift", """
                    import RevenueCat
                    import SwiftUI
                    struct Paywall: View {
                        let package: Package
                        var body: some View {
                            Button("Subscribe") { Task { _ = try? await Purchases.shared.purchase(package: package) } }
                        }
                    }
                    """),
                ("Settings.swift", """
                    import RevenueCat
                    import RevenueCatUI
                    import SwiftUI
                    struct SettingsView: View {
                        @State private var showsCenter = false
                        let plans: [StoreProduct]
                        var body: some View {
                            Button("Manage") { showsCenter = true }
                                .presentCustomerCenter(isPresented: $showsCenter)
                        }
                        var subscriptions: [StoreProduct] { plans.filter { $0.productType == .autoRenewableSubscription } }
                    }
                    """),
                ("Pro.storekit", """
                    { "subscriptionGroups" : [ { "id" : "1", "name" : "Pro", "localizations" : [ ],
                      "subscriptions" : [ { "groupNumber" : 1, "productID" : "com.app.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
                        "localizations" : [ { "description" : "Monthly", "displayName" : "Monthly", "locale" : "en_US" } ],
                        "type" : "RecurringSubscription" } ] } ],
                      "version" : { "major" : 3, "minor" : 0 } }
                    """),
            ]),
            // An app that sells nothing.
            RuleExample("""
                import SwiftUI
                struct SettingsView: View {
                    var body: some View { Form { Toggle("Dark mode", isOn: .constant(true)) } }
                }
                """),
        ]
    )

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 6 }

    public func check(_ project: Project, into result: inout RuleResult) {
        guard project.usesStoreKitPurchasing else {
            result.notApplicable("No StoreKit purchase code was found.")
            return
        }
        guard project.autoRenewableSubscriptionSignal != nil else {
            result.notApplicable("The app sells no auto-renewable subscriptions.")
            return
        }
        if project.isLibrary {
            result.notApplicable(Project.libraryReason)
            return
        }
        if let reason = Self.unavailableReason(for: project.platforms) {
            result.notApplicable(reason)
            return
        }
        var found = false
        for file in project.swiftFiles {
            for call in file.calls(named: Self.manageCallNames) {
                found = true
                result.evidence(in: file, at: call.name, "\(file.text(call.name)) opens subscription management in \(scopeDescription(of: call.name, in: file))")
            }
            // The URLs' bytes must be in a literal segment; only such literals are made Strings.
            // Both URLs hold "ubscriptions": one search of the file's literals rules out nearly
            // every one.
            let candidates = file.literalTexts.literals(containing: "ubscriptions").filter { i in
                Self.manageURLs.contains { file.stringLiteral(at: i, contains: $0) }
            }
            for literal in candidates.map(file.stringLiteral(at:)) where Self.manageURLs.contains(where: { literal.text.contains($0) }) {
                found = true
                result.evidence(in: file, at: literal.start, "The App Store's subscription management page is opened from \(scopeDescription(of: literal.start, in: file))")
            }
        }
        if found { return }
        guard let site = Self.settingsScreen(in: project) ?? Self.paywallScreen(in: project) ?? project.launchSite() else { return }
        result.report(
            in: site.file, at: site.index,
            "The app sells auto-renewable subscriptions but offers no way to manage or cancel them in the app (no manageSubscriptionsSheet or AppStore.showManageSubscriptions)."
        )
    }

    /// Why no app for `platforms` can manage subscriptions itself: StoreKit's sheet
    /// (`manageSubscriptionsSheet`, `AppStore.showManageSubscriptions(in:)`) exists on iOS,
    /// iPadOS, Mac Catalyst and visionOS, and a Mac app can open the App Store's page; a watchOS
    /// or tvOS app has neither. Nil when the platforms are unknown or one of them can.
    static func unavailableReason(for platforms: Set<ApplePlatform>) -> String? {
        guard !platforms.isEmpty, platforms.isSubset(of: [.watchOS, .tvOS]) else { return nil }
        let names = platforms.sorted().map(\.rawValue).joined(separator: " and ")
        return "The app builds for \(names) only, where StoreKit has no subscription management sheet (manageSubscriptionsSheet and AppStore.showManageSubscriptions are for iOS, iPadOS, Mac Catalyst and visionOS): subscribers manage them on their iPhone or in Settings."
    }

    /// The paywall's view type, when purchases happen in a view (not a call inside the App).
    static func paywallScreen(in project: Project) -> CodeSite? {
        guard let site = PurchaseSurface.of(project).paywallSite() else { return nil }
        let isTypeName = site.file.declarations.indices.contains { index in
            site.file.declarations[index].kind.isType && nameIndex(of: index, in: site.file) == site.index
        }
        return isTypeName ? site : nil
    }

    /// The view type most likely to hold account and subscription settings.
    static func settingsScreen(in project: Project) -> CodeSite? {
        let preferences = settingsTypeWords.map(\.description)
        var best: (rank: Int, site: CodeSite)?
        // Only a file with `struct`/`class` and such a name can declare one.
        for file in project.swiftFiles where file.mayDeclareType(keywords: [.struct, .class], namedWithAnyOf: Self.settingsTypeNeedles) {
            for (index, declaration) in file.declarations.enumerated()
            where declaration.kind == .struct || declaration.kind == .class {
                let isScreen = PurchaseSurface.isViewType(declaration) || declaration.inheritedTypes.contains("UIViewController")
                    || declaration.name.hasSuffix("ViewController")
                guard isScreen, let rank = preferences.firstIndex(where: { declaration.name.lowercased().contains($0) }) else { continue }
                if let current = best, current.rank <= rank { continue }
                best = (rank, CodeSite(file: file, index: nameIndex(of: index, in: file)))
            }
        }
        return best?.site
    }
}
