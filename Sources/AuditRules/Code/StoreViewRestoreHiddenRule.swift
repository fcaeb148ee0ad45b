import AuditCore

/// Seed common mistake 9: StoreKit's store views should show their Restore Purchases button.
public struct StoreViewRestoreHiddenRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "store_view_restore_hidden",
        title: "StoreKit store views show Restore Purchases",
        severity: .warning,
        scope: .code,
        rationale: """
            `SubscriptionStoreView` and `StoreView` are often the only purchase screen of an app. \
            Without `.storeButton(.visible, for: .restorePurchases)` people who bought on another \
            device, or reinstalled, cannot restore there, and App Review may reject the build \
            (Guideline 3.1.1).
            """,
        fix: "Add `.storeButton(.visible, for: .restorePurchases)` to the store view (or to a view containing it).",
        reference: "StoreKit 2 common mistake 9; review checklist item 6; App Review Guideline 3.1.1",
        triggeringExamples: [
            // The seed's WRONG example.
            RuleExample("""
                struct Upgrade: View {
                    var body: some View {
                        ↓SubscriptionStoreView(groupID: "group_id")
                    }
                }
                """),
            RuleExample("""
                struct Shop: View {
                    var body: some View {
                        ↓StoreView(ids: ProductID.all)
                            .storeButton(.hidden, for: .restorePurchases)
                    }
                }
                """),
            // Shown only in debug builds: App Review gets the release build.
            RuleExample("""
                struct Upgrade: View {
                    var body: some View {
                        ↓SubscriptionStoreView(groupID: "group_id")
                            #if DEBUG
                            .storeButton(.visible, for: .restorePurchases)
                            #endif
                    }
                }
                """),
            // The release branch of `#if !DEBUG` hides it; only the debug branch shows it.
            RuleExample("""
                struct Upgrade: View {
                    var body: some View {
                        ↓SubscriptionStoreView(groupID: "group_id")
                            #if !DEBUG
                            .storeButton(.hidden, for: .restorePurchases)
                            #else
                            .storeButton(.visible, for: .restorePurchases)
                            #endif
                    }
                }
                """),
            // Visible for redeem codes only.
            RuleExample("""
                struct Upgrade: View {
                    var body: some View {
                        ↓SubscriptionStoreView(groupID: Config.group) { Marketing() }
                            .storeButton(.visible, for: .redeemCode)
                    }
                }
                """),
            // Two store views in one file, one of them fine.
            RuleExample("""
                struct Screens: View {
                    var body: some View {
                        TabView {
                            StoreView(ids: ["a"]).storeButton(.visible, for: .restorePurchases)
                        }
                    }
                }
                struct Other: View {
                    var body: some View { ↓StoreView(ids: ["b"]) }
                }
                """),
            // Shown only when a setting is on, and the setting starts off: nothing says it is visible.
            RuleExample(files: [
                ("ShopSettings.swift", """
                    import Observation
                    @Observable final class ShopSettings {
                        var showsRestoreButton = false
                    }
                    """),
                ("UpgradeScreen.swift", """
                    import StoreKit
                    import SwiftUI
                    struct UpgradeScreen: View {
                        @Environment(ShopSettings.self) private var settings
                        var body: some View {
                            ↓SubscriptionStoreView(groupID: "F00D1234")
                                .storeButton(settings.showsRestoreButton ? .visible : .hidden, for: .restorePurchases)
                        }
                    }
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            // Objective-C.
            RuleExample(files: [("StoreViewController.m", """
                #import <StoreKit/StoreKit.h>
                // Objective-C has no StoreKit views: a store screen draws its own restore button.
                @implementation StoreViewController
                - (IBAction)restoreTapped:(id)sender {
                    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
                }
                @end
                """)]),
            // The seed's CORRECT example.
            RuleExample("""
                SubscriptionStoreView(groupID: "group_id")
                    .storeButton(.visible, for: .restorePurchases)
                """),
            // The modifier inside a platform condition (Tastybytes leaves it out on watchOS).
            RuleExample("""
                struct SubscriptionSheet: View {
                    var body: some View {
                        SubscriptionStoreView(groupID: "group_id") { Text("Pro") }
                            #if !os(watchOS)
                            .storeButton(.visible, for: .restorePurchases)
                            #endif
                            .subscriptionStorePolicyDestination(url: Legal.privacyURL, for: .privacyPolicy)
                    }
                }
                """),
            // The seed's full example.
            RuleExample("""
                SubscriptionStoreView(groupID: "YOUR_GROUP_ID")
                    .subscriptionStoreControlStyle(.prominentPicker)
                    .subscriptionStoreButtonLabel(.multiline)
                    .storeButton(.visible, for: .restorePurchases)
                    .storeButton(.visible, for: .redeemCode)
                    .subscriptionStorePolicyDestination(url: termsURL, for: .termsOfService)
                """),
            // Variadic form.
            RuleExample("""
                StoreView(ids: [ProductID.gems100, ProductID.premium])
                    .storeButton(.visible, for: .restorePurchases, .redeemCode)
                """),
            // Applied to a container around the store view.
            RuleExample("""
                struct Upgrade: View {
                    var body: some View {
                        NavigationStack {
                            SubscriptionStoreView(groupID: Config.group)
                        }
                        .storeButton(.visible, for: .restorePurchases)
                    }
                }
                """),
            // ProductView is a single product tile, not a store screen.
            RuleExample("""
                ProductView(id: ProductID.premium) { phase in Image(systemName: "star") }
                    .productViewStyle(.large)
                """),
            // The app's own view named StoreView (with its own restore button) is not StoreKit's.
            RuleExample(files: [
                ("StoreView.swift", """
                    import StoreKit
                    import SwiftUI
                    struct StoreView: View {
                        @EnvironmentObject var shop: Shop
                        var body: some View {
                            List(shop.cars) { car in CarRow(car: car) }
                            Button("Restore Purchases") { Task { try? await AppStore.sync() } }
                        }
                    }
                    """),
                ("HomeView.swift", """
                    import SwiftUI
                    struct HomeView: View {
                        var body: some View {
                            NavigationLink { StoreView() } label: { Label("Shop", systemImage: "cart") }
                        }
                    }
                    """),
            ]),
            // The setting that shows the button starts on.
            RuleExample(files: [
                ("ShopSettings.swift", """
                    import Combine
                    final class ShopSettings: ObservableObject {
                        @Published var showsRestoreButton: Bool = true
                    }
                    """),
                ("UpgradeScreen.swift", """
                    import StoreKit
                    import SwiftUI
                    struct UpgradeScreen: View {
                        @EnvironmentObject var settings: ShopSettings
                        var body: some View {
                            SubscriptionStoreView(groupID: "F00D1234")
                                .storeButton(settings.showsRestoreButton ? .visible : .hidden, for: .restorePurchases)
                        }
                    }
                    """),
            ]),
            // A shop of consumables (traced from its ids to the configuration): nothing to restore.
            RuleExample(files: [
                ("SeedShop.swift", """
                    import StoreKit
                    import SwiftUI
                    struct SeedShop: View {
                        var body: some View {
                            StoreView(ids: SeedPack.allIDs)
                                .storeButton(.hidden, for: .cancellation)
                        }
                    }
                    """),
                ("SeedPack.swift", """
                    enum SeedPack {
                        static let allIDs = ["seeds.small", "seeds.large"]
                    }
                    """),
                ("Shop.storekit", """
                    {
                      "products" : [
                        { "displayPrice" : "0.99", "productID" : "seeds.small", "referenceName" : "Small", "type" : "Consumable" },
                        { "displayPrice" : "2.99", "productID" : "seeds.large", "referenceName" : "Large", "type" : "Consumable" }
                      ],
                      "subscriptionGroups" : [
                        { "id" : "G1", "name" : "Garden Club", "subscriptions" : [
                          { "displayPrice" : "4.99", "productID" : "club.monthly", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Club", "type" : "RecurringSubscription" }
                        ] }
                      ],
                      "version" : { "major" : 3, "minor" : 0 }
                    }
                    """),
            ]),
            // A shared modifier elsewhere shows it.
            RuleExample(files: [
                ("Upgrade.swift", "struct Upgrade: View { var body: some View { SubscriptionStoreView(groupID: g).storeChrome() } }"),
                ("Chrome.swift", "extension View { func storeChrome() -> some View { storeButton(.visible, for: .restorePurchases) } }"),
            ]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        // Helpers (functions, modifiers) anywhere that make the button visible.
        var helpers = Set<String>()
        for file in project.swiftFiles {
            for call in file.calls(named: StoreButtons.name) where StoreButtons.shows("restorePurchases", call, in: file, project: project) {
                if let function = file.enclosingFunction(of: call.name), file.declarations[function].kind == .function {
                    helpers.insert(file.declarations[function].name)
                }
            }
        }
        if SoldProducts.onlyConsumables(in: project) {
            result.notApplicable("The app sells only consumables: there is nothing to restore.")
            return
        }
        var views = 0
        // StoreKit's store screens (not `ProductView`, a single product's tile).
        for (site, call) in PurchaseSurface.of(project).storeViews where !site.file.tokenIs(site.index, "ProductView") {
            let file = site.file
            views += 1
            // The view's own modifier chain, then containers around it in the same declaration.
            var scopes: [Range<Int>] = [call.end..<(file.modifierChain(after: call.end).last?.end ?? call.end)]
            var open = file.enclosingBracket(of: call.name)
            while let bracket = open {
                if file.isKind(bracket, .leftBrace), file.declaration(openedBy: bracket).map({ file.declarations[$0].kind }) != .closure { break }
                if let close = file.matchingBracket(of: bracket), close > 0 { scopes.append(close..<(file.modifierChain(after: close).last?.end ?? close)) }
                open = file.enclosingBracket(of: bracket)
            }
            let shows = scopes.contains { range in
                file.calls(named: StoreButtons.name).contains { range.contains($0.name) && StoreButtons.shows("restorePurchases", $0, in: file, project: project) }
                    || range.contains { file.isKind($0, .identifier) && helpers.contains(file.text($0)) }
            }
            if shows {
                result.evidence(in: file, at: call.name, "\(file.text(call.name)) in \(scopeDescription(of: call.name, in: file)) shows Restore Purchases")
            } else if let ids = call.arguments.first(where: { $0.label == "ids" }),
                      case let sold = SoldProducts.kinds(of: ids.valueRange, in: file, project: project), sold.onlyConsumables {
                result.evidence(in: file, at: call.name, "\(file.text(call.name)) in \(scopeDescription(of: call.name, in: file)) sells only consumables (\(sold.ids.joined(separator: ", "))): nothing to restore")
            } else {
                result.report(in: file, at: call.name, "\(file.text(call.name)) does not show StoreKit's Restore Purchases button.")
            }
        }
        if views == 0 {
            result.notApplicable("The app uses no SubscriptionStoreView or StoreView.")
        }
    }
}
