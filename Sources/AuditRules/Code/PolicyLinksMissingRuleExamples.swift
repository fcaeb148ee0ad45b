import AuditCore

/// The examples of `PolicyLinksMissingRule` (its description), kept beside the rule for length.
extension PolicyLinksMissingRule {
    static let triggeringExamples: [RuleExample] = [
        // A form shown once in a sign-up flow (Circles' subscription stage), bought through the
        // app's own AsyncButton: the finding is on its purchase button, not on the flow.
        RuleExample("""
            import StoreKit
            import SwiftUI

            @main struct ExampleApp: App {
                var body: some Scene { WindowGroup { SignupFlow() } }
            }
            struct SignupFlow: View {
                @State var stage = 0
                var body: some View {
                    switch stage {
                    case 0: Text("Create your account")
                    default: PlanForm(store: PlanStore())
                    }
                }
            }
            struct PlanForm: View {
                @ObservedObject var store: PlanStore
                var body: some View {
                    VStack {
                        Text("Choose a subscription: \\(store.priceText) a month")
                        AsyncButton(action: { await store.↓purchase() }) { Text("Subscribe") }
                    }
                }
            }
            struct AsyncButton<Label: View>: View {
                let action: () async -> Void
                @ViewBuilder let label: () -> Label
                var body: some View { Button { Task { await action() } } label: { label() } }
            }
            final class PlanStore: ObservableObject {
                @Published var priceText = ""
                func purchase() async {
                    guard let product = try? await Product.products(for: ["app.example.pro.monthly"]).first else { return }
                    _ = try? await product.purchase()
                }
            }
            """),
        // The screen buys through the app's store type, which loads subscription ids: it sells
        // subscriptions although its own code names none.
        RuleExample(files: [
            ("PurchaseManager.swift", """
                @MainActor final class PurchaseManager: ObservableObject {
                    private let productIds = ["pro_monthly", "pro_yearly"]
                    @Published private(set) var products: [Product] = []
                    func loadProducts() async throws { products = try await Product.products(for: productIds) }
                    func purchase(_ product: Product) async throws { _ = try await product.purchase() }
                }
                """),
            ("ContentView.swift", """
                struct ContentView: View {
                    @EnvironmentObject private var purchaseManager: PurchaseManager
                    var body: some View {
                        ForEach(purchaseManager.products) { product in
                            Button(product.displayPrice) { Task { try? await purchaseManager.↓purchase(product) } }
                        }
                    }
                }
                """),
        ]),
        // The seed's WRONG example.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct UpgradeView: View {
                var body: some View {
                    ↓SubscriptionStoreView(groupID: "group_id")
                }
            }
            """),
        // Terms only.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct UpgradeView: View {
                let termsURL = URL(string: "https://example.com/terms")!
                var body: some View {
                    ↓SubscriptionStoreView(groupID: "group_id")
                        .storeButton(.visible, for: .restorePurchases)
                        .subscriptionStorePolicyDestination(url: termsURL, for: .termsOfService)
                }
            }
            """),
        // Destinations that show an empty view or a placeholder line (Tastybytes' subscription
        // sheet had both in turn): links to blank pages.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct SubscriptionSheet: View {
                var body: some View {
                    ↓SubscriptionStoreView(groupID: "group_id") { Text("Pro") }
                        .storeButton(.visible, for: .restorePurchases)
                        .subscriptionStorePolicyDestination(for: .privacyPolicy) { EmptyView() }
                        .subscriptionStorePolicyDestination(for: .termsOfService) { Text("Terms of service here") }
                }
            }
            """),
        // Destinations set, then StoreKit's policy links hidden.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct UpgradeView: View {
                var body: some View {
                    ↓SubscriptionStoreView(groupID: "group_id")
                        .subscriptionStorePolicyDestination(url: URL(string: "https://sketch.app/privacy")!, for: .privacyPolicy)
                        .subscriptionStorePolicyDestination(url: URL(string: "https://sketch.app/terms")!, for: .termsOfService)
                        .storeButton(.hidden, for: .policies)
                }
            }
            """),
        // A custom subscription paywall with no policy links (privacy only in a comment): the
        // finding is on its purchase button, where the links belong.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct ProPaywall: View {
                let product: Product
                // Privacy policy and terms: add before release
                var body: some View {
                    VStack {
                        Text(product.displayName)
                        Text(product.displayPrice)
                        if let period = product.subscription?.subscriptionPeriod { Text(period.unit.localizedDescription) }
                        Button("Subscribe") { Task { _ = try? await product.↓purchase() } }
                    }
                }
            }
            """),
        // Custom paywall with Terms but no Privacy Policy: the finding is on the Terms link,
        // where the other belongs.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct YearlyOfferView: View {
                let product: Product
                var body: some View {
                    VStack {
                        Text("Auto-renewing subscription, billed yearly")
                        Button("Start") { Task { _ = try? await product.purchase() } }
                        Link("↓Terms of Use", destination: URL(string: "https://example.com/terms")!)
                    }
                }
            }
            """),
        // The same in a footer view the paywall shows (Blink's FAQ · TERMS · COPY ID): the
        // finding is on the footer's Terms button, named after the paywall.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct OfferingsView: View {
                @ObservedObject var model: PurchasesModel
                var body: some View {
                    VStack {
                        Text("Pro unlocks every host and theme")
                        Button("BUY \\(model.formattedPrice)/MONTH") { model.purchasePlus() }
                        LegalFooter(model: model)
                    }
                }
            }
            struct LegalFooter: View {
                @ObservedObject var model: PurchasesModel
                var body: some View {
                    HStack {
                        Button("FAQ") { model.open("https://example.com/faq") }
                        Text("•")
                        Button("↓TERMS") { model.open("https://example.com/terms") }
                    }
                }
            }
            final class PurchasesModel: ObservableObject {
                var formattedPrice = ""
                func open(_ url: String) {}
                func purchasePlus() {
                    Task {
                        guard let product = try? await Product.products(for: ["app.example.pro.monthly"]).first else { return }
                        _ = try? await product.purchase()
                    }
                }
            }
            """),
        // The app's own view named SubscriptionStoreView, shown in a sheet, has no links: the
        // finding is on its purchase button and says whose view it is and where it is presented.
        RuleExample(files: [
            ("SubscriptionStoreView.swift", """
                import StoreKit
                import SwiftUI
                struct SubscriptionStoreView: View {
                    @ObservedObject var plans: PlanController
                    var body: some View {
                        ForEach(plans.options) { option in
                            Button("Subscribe \\(option.priceText) a month") { Task { await plans.↓purchase(option: option) } }
                        }
                    }
                }
                """),
            ("FeedView.swift", """
                import SwiftUI
                struct FeedView: View {
                    @State private var showsStore = false
                    @StateObject private var plans = PlanController()
                    var body: some View {
                        List { Text("Feed") }
                            .sheet(isPresented: $showsStore) { SubscriptionStoreView(plans: plans) }
                    }
                }
                """),
            ("PlanController.swift", """
                import StoreKit
                final class PlanController: ObservableObject {
                    func purchase(option: Plan) async {
                        _ = try? await option.product.purchase()
                    }
                }
                """),
        ]),
        // A button labelled Terms that opens the privacy policy is no Terms link: the finding is
        // on that button.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct SupporterView: View {
                let product: Product
                @State private var page: URL?
                var body: some View {
                    Button("Monthly supporter \\(product.displayPrice)") { Task { _ = try? await product.purchase() } }
                    Section("Legal") {
                        Button("Privacy Policy") { page = Links.privacy }
                        Button("↓Terms") { page = Links.privacy }
                    }
                }
            }
            """),
        // Destinations that search for the documents instead of opening them.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct ProStoreView: View {
                let privacyURL = URL(string: ↓"https://www.google.com/search?q=privacy+policy")!
                let termsURL = URL(string: "https://www.google.com/search?q=terms+of+service")!
                var body: some View {
                    SubscriptionStoreView(groupID: "3F19ED53")
                        .subscriptionStorePolicyDestination(url: privacyURL, for: .privacyPolicy)
                        .subscriptionStorePolicyDestination(url: termsURL, for: .termsOfService)
                }
            }
            """),
        // The button calls the app's model, which validates and then buys through RevenueCat
        // in a private method: a purchase screen all the same.
        RuleExample(files: [
            ("PurchaseModel.swift", """
                import RevenueCat
                final class PurchaseModel: ObservableObject {
                    func buyYearlyWithValidation() async { await purchaseValidated(id: "pro_yearly") }
                    private func purchaseValidated(id: String) async { await buy(id: id) }
                    private func buy(id: String) async {
                        guard let product = await Purchases.shared.products([id]).first else { return }
                        _ = try? await Purchases.shared.purchase(product: product)
                    }
                }
                """),
            ("ProOffer.swift", """
                import SwiftUI
                struct ProOffer: View {
                    @StateObject var model = PurchaseModel()
                    var body: some View {
                        VStack {
                            Text("Pro, billed yearly")
                            Button("BUY") { Task { await model.↓buyYearlyWithValidation() } }
                        }
                    }
                }
                """),
        ]),
        // The settings screen links both documents, but it pushes the paywall in a hosting
        // controller: a screen of its own, whose purchase button has no links beside it.
        RuleExample(files: [
            ("SettingsView.swift", """
                import SwiftUI
                struct SettingsView: View {
                    let navigation: UINavigationController
                    var body: some View {
                        List {
                            Button("Plans") { navigation.pushViewController(UIHostingController(rootView: PlansView()), animated: true) }
                            Link("Privacy Policy", destination: URL(string: "https://blink.example.app/privacy")!)
                            Link("Terms of Use", destination: URL(string: "https://blink.example.app/terms")!)
                        }
                    }
                }
                """),
            ("PlansView.swift", """
                import StoreKit
                import SwiftUI
                struct PlansView: View {
                    let yearly: Product?
                    var body: some View {
                        if let yearly {
                            Button("BUY \\(yearly.displayPrice) A YEAR") { Task { _ = try? await yearly.↓purchase() } }
                        }
                    }
                }
                """),
        ]),
        // A sign-up flow shows its terms step or its subscription step, never both: the terms
        // step's links are not on the subscription step.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct SignupFlow: View {
                let stage: String
                let plans: [Product]
                var body: some View {
                    if stage == "terms" {
                        TermsStep()
                    } else if stage == "subscribe" {
                        SubscribeStep(plans: plans)
                    } else {
                        Text("Done")
                    }
                }
            }
            struct TermsStep: View {
                var body: some View {
                    Link("Terms of Use", destination: URL(string: "https://circles.example.app/terms")!)
                    Link("Privacy Policy", destination: URL(string: "https://circles.example.app/privacy")!)
                }
            }
            struct SubscribeStep: View {
                let plans: [Product]
                var body: some View {
                    ForEach(plans) { plan in
                        Text("\\(plan.displayName), renews every \\(plan.subscription?.subscriptionPeriod.unit.localizedDescription ?? "")")
                        Button("Subscribe for \\(plan.displayPrice)") { Task { _ = try? await plan.↓purchase() } }
                    }
                }
            }
            """),
        // Without a purchase button (the purchase runs on a tap gesture), the app's own
        // SubscriptionStoreView is reported where it is presented, the line that reads like StoreKit's.
        RuleExample(files: [
            ("SubscriptionStoreView.swift", """
                import StoreKit
                import SwiftUI
                struct SubscriptionStoreView: View {
                    let plans: [Product]
                    var body: some View {
                        ForEach(plans) { plan in
                            Text("\\(plan.displayPrice) per month, renews automatically")
                                .onTapGesture { Task { _ = try? await plan.purchase() } }
                        }
                    }
                }
                """),
            ("HomeView.swift", """
                import SwiftUI
                struct HomeView: View {
                    @State private var showsStore = false
                    let plans: [Product]
                    var body: some View {
                        Button("Go Pro") { showsStore = true }
                            .sheet(isPresented: $showsStore) { ↓SubscriptionStoreView(plans: plans) }
                    }
                }
                """),
        ]),
        // The paywall hands its purchase to a bar view in a closure: the finding is on the bar's
        // button that runs it.
        RuleExample(files: [
            ("PlansView.swift", """
                import StoreKit
                import SwiftUI
                struct PlansView: View {
                    @StateObject private var store = PlanStore()
                    @State private var chosen: Product?
                    var body: some View {
                        VStack {
                            ForEach(store.plans) { plan in Text("\\(plan.displayName): \\(plan.displayPrice) a year") }
                            PurchaseBar(title: "Subscribe") {
                                if let plan = chosen {
                                    Task { await store.buy(plan) }
                                }
                            }
                        }
                    }
                }
                struct PurchaseBar: View {
                    let title: String
                    let onPurchase: () -> Void
                    var body: some View {
                        Button { ↓onPurchase() } label: { Text(title).bold() }
                    }
                }
                """),
            ("PlanStore.swift", """
                import StoreKit
                @MainActor final class PlanStore: ObservableObject {
                    @Published var plans: [Product] = []
                    func buy(_ plan: Product) async { _ = try? await plan.purchase() }
                }
                """),
        ]),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Destination views that hold the document (a web view, the full text).
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct SubscriptionSheet: View {
                var body: some View {
                    SubscriptionStoreView(groupID: "group_id") { Text("Pro") }
                        .subscriptionStorePolicyDestination(for: .privacyPolicy) { WebView(url: Legal.privacyURL) }
                        .subscriptionStorePolicyDestination(for: .termsOfService) {
                            ScrollView { Text(Legal.termsText) }
                        }
                }
            }
            """),
        // Time plans sold as non-renewing subscriptions: the configuration says so for every
        // product the app asks for, and the auto-renewable group it also holds is not sold.
        RuleExample(files: TimePlanExamples.files(alsoAsksForAutoRenewable: false)),
        // The flow shows the links with the subscription step, in the same branch.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct SignupFlow: View {
                let stage: String
                let plans: [Product]
                var body: some View {
                    if stage == "subscribe" {
                        VStack {
                            SubscribeStep(plans: plans)
                            LegalFooter()
                        }
                    } else {
                        Text("Welcome")
                    }
                }
            }
            struct LegalFooter: View {
                var body: some View {
                    Link("Terms of Use", destination: URL(string: "https://circles.example.app/terms")!)
                    Link("Privacy Policy", destination: URL(string: "https://circles.example.app/privacy")!)
                }
            }
            struct SubscribeStep: View {
                let plans: [Product]
                var body: some View {
                    ForEach(plans) { plan in
                        Text("\\(plan.displayName), renews every \\(plan.subscription?.subscriptionPeriod.unit.localizedDescription ?? "")")
                        Button("Subscribe for \\(plan.displayPrice)") { Task { _ = try? await plan.purchase() } }
                    }
                }
            }
            """),
        // The same shape selling coin packs: no subscription, no links required.
        RuleExample(files: [
            ("CoinShop.swift", """
                @MainActor final class CoinShop: ObservableObject {
                    @Published private(set) var products: [Product] = []
                    func load() async throws { products = try await Product.products(for: ["coins_100", "coins_500"]) }
                    func purchase(_ product: Product) async throws { _ = try await product.purchase() }
                }
                """),
            ("ShopView.swift", """
                struct ShopView: View {
                    @EnvironmentObject private var shop: CoinShop
                    var body: some View {
                        ForEach(shop.products) { product in
                            Button(product.displayPrice) { Task { try? await shop.purchase(product) } }
                        }
                    }
                }
                """),
        ]),
        // The seed's CORRECT example.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct UpgradeView: View {
                var body: some View {
                    SubscriptionStoreView(groupID: "group_id")
                        .subscriptionStorePolicyDestination(url: termsURL, for: .termsOfService)
                        .subscriptionStorePolicyDestination(url: privacyURL, for: .privacyPolicy)
                }
            }
            """),
        // Policies hosted on Google Sites and Google Docs are real pages, not searches.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct ProStoreView: View {
                let privacyURL = URL(string: "https://sites.google.com/view/pocketbudget/privacy")!
                var body: some View {
                    SubscriptionStoreView(groupID: "3F19ED53")
                        .subscriptionStorePolicyDestination(url: privacyURL, for: .privacyPolicy)
                        .subscriptionStorePolicyDestination(url: URL(string: "https://docs.google.com/document/d/1x9Q/terms")!, for: .termsOfService)
                }
            }
            """),
        // Destinations as views, applied to a container around the store view.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct UpgradeView: View {
                var body: some View {
                    NavigationStack {
                        SubscriptionStoreView(groupID: Config.groupID)
                    }
                    .subscriptionStorePolicyDestination(for: .termsOfService) { TermsView() }
                    .subscriptionStorePolicyDestination(for: .privacyPolicy) { PrivacyView() }
                }
            }
            """),
        // A shared modifier in another file applies both links.
        RuleExample(files: [
            ("UpgradeView.swift", """
                import StoreKit
                import SwiftUI
                struct UpgradeView: View {
                    var body: some View {
                        SubscriptionStoreView(groupID: Config.groupID)
                            .legalLinks()
                    }
                }
                """),
            ("View+Legal.swift", """
                import StoreKit
                import SwiftUI
                extension View {
                    func legalLinks() -> some View {
                        self
                            .subscriptionStorePolicyDestination(url: Legal.terms, for: .termsOfService)
                            .subscriptionStorePolicyDestination(url: Legal.privacy, for: .privacyPolicy)
                    }
                }
                """),
        ]),
        // A custom paywall with both links in a footer view it uses.
        RuleExample(files: [
            ("Paywall.swift", """
                import StoreKit
                import SwiftUI
                struct Paywall: View {
                    let product: Product
                    var body: some View {
                        VStack {
                            Text("\\(product.displayPrice) per \\(product.subscription?.subscriptionPeriod.unit.localizedDescription ?? "")")
                            Button("Subscribe") { Task { _ = try? await product.purchase() } }
                            LegalFooter()
                        }
                    }
                }
                """),
            ("LegalFooter.swift", """
                import SwiftUI
                struct LegalFooter: View {
                    var body: some View {
                        HStack {
                            Link("Terms of Use", destination: Legal.termsURL)
                            Link("Privacy Policy", destination: Legal.privacyURL)
                        }
                    }
                }
                """),
        ]),
        // StoreKit's policies button shows Terms and Privacy from the app's metadata.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct MembershipView: View {
                var body: some View {
                    SubscriptionStoreView(groupID: "ABCD")
                        .storeButton(.visible, for: .policies)
                }
            }
            """),
        // A row component of a store screen whose footer holds both links.
        RuleExample(files: [
            ("PlanList.swift", """
                import StoreKit
                import SwiftUI
                struct PlanList: View {
                    let plans: [Product]
                    var body: some View {
                        ForEach(plans) { plan in
                            Button("\\(plan.displayName) \\(plan.displayPrice) yearly") { Task { _ = try? await plan.purchase() } }
                        }
                    }
                }
                """),
            ("MembershipScreen.swift", """
                import SwiftUI
                struct MembershipScreen: View {
                    @Environment(Shop.self) private var shop
                    var body: some View {
                        ScrollView { PlanList(plans: shop.plans) }
                            .safeAreaInset(edge: .bottom) { LegalLinks() }
                    }
                }
                """),
            ("LegalLinks.swift", """
                import SwiftUI
                struct LegalLinks: View {
                    var body: some View {
                        HStack {
                            Link("Terms of Use", destination: Legal.terms)
                            Link("Privacy Policy", destination: Legal.privacy)
                        }
                    }
                }
                """),
        ]),
        // A navigation menu that opens the app's own view named StoreView sells nothing.
        RuleExample(files: [
            ("MenuView.swift", """
                import SwiftUI
                struct MenuView: View {
                    var body: some View {
                        List {
                            NavigationLink("Shop") { StoreView() }
                            NavigationLink("Subscriptions") { PlansOverview() }
                        }
                    }
                }
                """),
            ("StoreView.swift", """
                import SwiftUI
                struct StoreView: View {
                    var body: some View { Text("Cars") }
                }
                """),
        ]),
        // A non-subscription store (consumables) needs no subscription policy links.
        RuleExample("""
            import StoreKit
            import SwiftUI
            struct GemShop: View {
                let gems: Product
                var body: some View {
                    Button("Buy \\(gems.displayName) for \\(gems.displayPrice)") {
                        Task { _ = try? await gems.purchase() }
                    }
                }
            }
            """),
    ]
}
