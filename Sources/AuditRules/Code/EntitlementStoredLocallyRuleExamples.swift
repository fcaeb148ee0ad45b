import AuditCore

/// The examples of `EntitlementStoredLocallyRule` (its description), kept beside the rule for length.
extension EntitlementStoredLocallyRule {
    static let triggeringExamples: [RuleExample] = [
        // A static property over UserDefaults whose key is a constant of the same type.
        RuleExample(files: [
            ("Access.swift", """
                import Foundation
                enum Access {
                    private static let storageKey = "app.pro.enabled"
                    static var isPro: Bool {
                        get { UserDefaults.standard.bool(forKey: storageKey) }
                        set { UserDefaults.standard.↓set(newValue, forKey: storageKey) }
                    }
                }
                """),
            ("Buyer.swift", """
                import StoreKit
                enum Buyer {
                    static func buy(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        Access.isPro = true
                        await transaction.finish()
                    }
                }
                """),
        ]),
        // The app's own UserDefaults property wrapper.
        RuleExample(files: [
            ("UserDefault.swift", """
                import Foundation
                @propertyWrapper struct UserDefault<Value> {
                    let key: String
                    let defaultValue: Value
                    var wrappedValue: Value {
                        get { UserDefaults.standard.object(forKey: key) as? Value ?? defaultValue }
                        set { UserDefaults.standard.set(newValue, forKey: key) }
                    }
                }
                """),
            ("Settings.swift", """
                enum Settings {
                    ↓@UserDefault(key: "isPremium", defaultValue: false) static var isPremium: Bool
                }
                """),
            ("Store.swift", """
                import StoreKit
                final class Store {
                    func buy(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        Settings.isPremium = true
                        await transaction.finish()
                    }
                }
                """),
        ]),
        // The purchase sets an @AppStorage flag; the views read it; nothing ever clears it.
        RuleExample(files: [
            ("App/ProStore.swift", """
                import StoreKit
                import SwiftUI

                @MainActor final class ProStore: ObservableObject {
                    ↓@AppStorage("isPro") var isPro = false

                    func buy(_ product: Product) async throws {
                        if case .success(.verified(let transaction)) = try await product.purchase() {
                            isPro = true
                            await transaction.finish()
                        }
                    }
                }
                """),
            ("App/SettingsView.swift", """
                import SwiftUI
                struct SettingsView: View {
                    @EnvironmentObject var store: ProStore
                    var body: some View { Text(store.isPro ? "Pro" : "Free") }
                }
                """),
        ]),
        // UserDefaults written from the updates loop (only ever to true) and read at launch.
        RuleExample("""
            import StoreKit

            final class Entitlements {
                static let shared = Entitlements()
                var premium: Bool

                init() {
                    premium = UserDefaults.standard.bool(forKey: "premiumUnlocked")
                }

                func listen() -> Task<Void, Never> {
                    Task {
                        for await update in Transaction.updates {
                            guard case .verified(let transaction) = update else { continue }
                            UserDefaults.standard.↓set(true, forKey: "premiumUnlocked")
                            premium = true
                            await transaction.finish()
                        }
                    }
                }
            }
            """),
        // A Keychain wrapper; currentEntitlements is read for the restore screen, but the
        // stored flag is never rewritten from it.
        RuleExample(files: [
            ("Store/Keys.swift", """
                enum Keys {
                    static let isSubscribed = "is_subscribed"
                }
                """),
            ("Store/SubscriptionManager.swift", """
                import StoreKit

                final class SubscriptionManager {
                    let keychain = KeychainStore(service: "app")
                    var isSubscribed: Bool { keychain.bool(forKey: Keys.isSubscribed) ?? false }

                    func subscribe(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        keychain.↓set(true, forKey: Keys.isSubscribed)
                        await transaction.finish()
                    }

                    func ownedProductIDs() async -> [String] {
                        var ids: [String] = []
                        for await case .verified(let transaction) in Transaction.currentEntitlements { ids.append(transaction.productID) }
                        return ids
                    }
                }
                """),
        ]),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The wrapper-backed flag is only a cache: the entitlements re-derive it at launch.
        RuleExample(files: [
            ("UserDefault.swift", """
                import Foundation
                @propertyWrapper struct UserDefault<Value> {
                    let key: String
                    let defaultValue: Value
                    var wrappedValue: Value {
                        get { UserDefaults.standard.object(forKey: key) as? Value ?? defaultValue }
                        set { UserDefaults.standard.set(newValue, forKey: key) }
                    }
                }
                """),
            ("Store.swift", """
                import StoreKit
                @MainActor final class Store {
                    @UserDefault(key: "isPremium", defaultValue: false) var isPremium: Bool
                    func refresh() async {
                        var owned = false
                        for await result in Transaction.currentEntitlements {
                            if case .verified(let transaction) = result, transaction.revocationDate == nil { owned = true }
                        }
                        isPremium = owned
                    }
                }
                """),
        ]),
        // The flag is an @AppStorage cache that the entitlement refresh rewrites from
        // currentEntitlements, which runs at launch.
        RuleExample(files: [
            ("Shared/EntitlementManager.swift", """
                import SwiftUI
                final class EntitlementManager: ObservableObject {
                    static let defaults = UserDefaults(suiteName: "group.com.example.app")!
                    @AppStorage("hasPro", store: defaults) var hasPro: Bool = false
                }
                """),
            ("Shared/PurchaseManager.swift", """
                import StoreKit
                @MainActor final class PurchaseManager: ObservableObject {
                    let entitlementManager: EntitlementManager
                    private(set) var purchasedProductIDs = Set<String>()
                    init(entitlementManager: EntitlementManager) { self.entitlementManager = entitlementManager }

                    func updatePurchasedProducts() async {
                        for await result in Transaction.currentEntitlements {
                            guard case .verified(let transaction) = result else { continue }
                            if transaction.revocationDate == nil { purchasedProductIDs.insert(transaction.productID) }
                        }
                        entitlementManager.hasPro = !purchasedProductIDs.isEmpty
                    }

                    func buy(_ product: Product) async throws {
                        if case .success(.verified(let transaction)) = try await product.purchase() {
                            await transaction.finish()
                            await updatePurchasedProducts()
                        }
                    }
                }
                """),
        ]),
        // Cached for an offline start, then reconciled through a helper the refresh calls.
        RuleExample("""
            import StoreKit

            @MainActor final class Store: ObservableObject {
                @Published private(set) var isPremium = UserDefaults.standard.bool(forKey: "isPremium")

                func refresh() async {
                    var owned = false
                    for await case .verified(let transaction) in Transaction.currentEntitlements where transaction.revocationDate == nil {
                        owned = true
                    }
                    save(owned)
                }

                private func save(_ owned: Bool) {
                    isPremium = owned
                    UserDefaults.standard.set(owned, forKey: "isPremium")
                }
            }
            """),
        // An SDK's customer info decides, and the stored value follows it.
        RuleExample("""
            import RevenueCat

            final class ProAccess {
                var isPro: Bool { UserDefaults.standard.bool(forKey: "isProUser") }

                func sync() {
                    Purchases.shared.getCustomerInfo { info, _ in
                        let active = info?.entitlements["pro"]?.isActive == true
                        UserDefaults.standard.set(active, forKey: "isProUser")
                    }
                }

                func buy(_ package: Package) {
                    Purchases.shared.purchase(package: package) { _, _, _, _ in }
                }
            }
            """),
        // Stored flags about the paywall, not about a purchase.
        RuleExample("""
            import StoreKit
            import SwiftUI

            struct PaywallGate: View {
                @AppStorage("hasSeenProPaywall") private var hasSeenProPaywall = false
                @AppStorage("showPremiumBadge") private var showPremiumBadge = true
                let product: Product

                var body: some View {
                    Button("Subscribe") { Task { _ = try? await product.purchase() } }
                        .onAppear { hasSeenProPaywall = true }
                }
            }
            """),
        // The subscription status decides; the stored value is only written from it.
        RuleExample("""
            import StoreKit

            actor SubscriptionCache {
                private let defaults = UserDefaults.standard

                var cachedSubscribed: Bool { defaults.bool(forKey: "subscribedCache") }

                func update(groupID: String) async throws {
                    let statuses = try await Product.SubscriptionInfo.status(for: groupID)
                    let subscribed = statuses.contains { $0.state == .subscribed || $0.state == .inGracePeriod }
                    defaults.set(subscribed, forKey: "subscribedCache")
                }
            }
            """),
        // Written once for analytics and never read back.
        RuleExample("""
            import StoreKit

            func buy(_ product: Product) async throws {
                guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                UserDefaults.standard.set(true, forKey: "purchasedOnce")
                await transaction.finish()
            }
            """),
        // An app that sells nothing: a flag named "pro" is a setting.
        RuleExample("""
            import SwiftUI

            struct EditorSettings: View {
                @AppStorage("proMode") private var proMode = false
                var body: some View { Toggle("Pro mode", isOn: $proMode) }
            }
            """),
    ]
}
