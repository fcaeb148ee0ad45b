// StoreKit code in the shapes of the seeds (the StoreKit 2 guidance and its review
// checklist): stores with a Transaction.updates listener, purchase flows that switch over the
// result, entitlement and subscription-status checks, StoreKit views and custom paywalls,
// consumables, App Transaction checks, offers, and the legacy StoreKit 1 code and mistakes
// that real apps still carry. Placeholders as in `AppCodeTemplates`.

enum StoreKitTemplates {
    /// One feature module's store: the seeds' ObservableObject store with its listener in init.
    static let store = #"""
        import Foundation
        import StoreKit

        /// Sells {{Word}} Plus and answers "is this person a member?" for the {{word}} module.
        @MainActor
        final class Store{{M}}: ObservableObject {
            enum PurchaseState: Equatable { case idle, purchasing, awaitingApproval, failed(String) }

            @Published private(set) var products: [Product] = []
            @Published private(set) var purchasedIDs: Set<String> = []
            @Published private(set) var isInGracePeriod = false
            @Published var state: PurchaseState = .idle
            private var updates: Task<Void, Never>?

            var isPlus: Bool { !purchasedIDs.isEmpty }

            init() {
                updates = Task { [weak self] in
                    for await result in Transaction.updates {
                        await self?.handle(update: result)
                    }
                }
                Task { [weak self] in
                    await self?.finishUnfinished()
                    await self?.refreshEntitlements()
                }
            }

            deinit { updates?.cancel() }

            func loadProducts() async {
                do {
                    products = try await Product.products(for: ProductID{{M}}.all).sorted { $0.price < $1.price }
                } catch {
                    state = .failed(error.localizedDescription)
                }
            }

            func purchase(_ product: Product) async {
                state = .purchasing
                do {
                    let result = try await product.purchase()
                    switch result {
                    case .success(let verification):
                        let transaction = try checkVerified(verification)
                        await transaction.finish()
                        await refreshEntitlements()
                        state = .idle
                    case .pending:
                        state = .awaitingApproval
                    case .userCancelled:
                        state = .idle
                    @unknown default:
                        state = .idle
                    }
                } catch {
                    state = .failed(error.localizedDescription)
                }
            }

            func restore() async {
                do {
                    try await AppStore.sync()
                    await refreshEntitlements()
                } catch {
                    state = .failed(error.localizedDescription)
                }
            }

            func refreshEntitlements() async {
                var owned: Set<String> = []
                for await result in Transaction.currentEntitlements {
                    guard case .verified(let transaction) = result, transaction.revocationDate == nil else { continue }
                    owned.insert(transaction.productID)
                }
                purchasedIDs = owned
                await refreshRenewalState()
            }

            private func refreshRenewalState() async {
                guard let subscription = products.first(where: { $0.type == .autoRenewable })?.subscription,
                      let statuses = try? await subscription.status else { return }
                var inGrace = false
                for status in statuses {
                    guard case .verified = status.transaction else { continue }
                    switch status.state {
                    case .subscribed, .inGracePeriod:
                        inGrace = inGrace || status.state == .inGracePeriod
                    case .inBillingRetryPeriod:
                        continue
                    default:
                        continue
                    }
                }
                isInGracePeriod = inGrace
            }

            private func handle(update result: VerificationResult<Transaction>) async {
                guard case .verified(let transaction) = result else { return }
                await transaction.finish()
                await refreshEntitlements()
            }

            private func finishUnfinished() async {
                for await result in Transaction.unfinished {
                    guard case .verified(let transaction) = result else { continue }
                    await transaction.finish()
                }
            }

            private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
                switch result {
                case .verified(let value): return value
                case .unverified(_, let error): throw error
                }
            }
        }

        """#

    static let productIDs = #"""
        /// Product identifiers of the {{word}} module, as in the .storekit file.
        enum ProductID{{M}} {
            static let monthly = "com.example.app.m{{M}}.plus.monthly"
            static let yearly = "com.example.app.m{{M}}.plus.yearly"
            static let lifetime = "com.example.app.m{{M}}.lifetime"
            static let coins = "com.example.app.m{{M}}.coins100"
            static let all: [String] = [monthly, yearly, lifetime, coins]
        }

        """#

    /// StoreKit's own subscription view, configured the way the guidance recommends.
    static let subscriptionStoreView = #"""
        import StoreKit
        import SwiftUI

        struct SubscriptionPaywall{{I}}: View {
            @Environment(\.dismiss) private var dismiss

            var body: some View {
                SubscriptionStoreView(productIDs: [ProductID{{M}}.monthly, ProductID{{M}}.yearly]) {
                    VStack(spacing: 8) {
                        Image(systemName: "sparkles").font(.largeTitle)
                        Text("{{Word}} Plus").font(.title.bold())
                        Text("{{sentence}}").multilineTextAlignment(.center)
                    }
                }
                .subscriptionStoreControlStyle(.prominentPicker)
                .storeButton(.visible, for: .restorePurchases)
                .subscriptionStorePolicyDestination(url: URL(string: "https://example.com/terms")!, for: .termsOfService)
                .subscriptionStorePolicyDestination(url: URL(string: "https://example.com/privacy")!, for: .privacyPolicy)
                .onInAppPurchaseCompletion { _, result in
                    if case .success(.success) = result { dismiss() }
                }
            }
        }

        """#

    /// A custom paywall: prices from the products, restore, legal links; plus a manage sheet.
    static let customPaywall = #"""
        import StoreKit
        import SwiftUI

        struct PaywallView{{I}}: View {
            @EnvironmentObject private var store: Store{{M}}
            @Environment(\.dismiss) private var dismiss
            @State private var selectedID = ProductID{{M}}.yearly
            @State private var showsManage = false
            @State private var eligibleForTrial = false

            var body: some View {
                NavigationStack {
                    ScrollView {
                        VStack(spacing: 16) {
                            Text("{{Word}} Plus").font(.largeTitle.bold())
                            ForEach(store.products) { product in
                                Button {
                                    selectedID = product.id
                                } label: {
                                    HStack {
                                        Text(product.displayName)
                                        Spacer()
                                        Text(product.displayPrice).bold()
                                    }
                                    .padding()
                                    .background(product.id == selectedID ? Color.accentColor.opacity(0.15) : .clear, in: .rect(cornerRadius: 12))
                                }
                            }
                            if eligibleForTrial { Text("Free for one week, then billed at the price shown.") }
                            Button("Continue") {
                                Task {
                                    guard let product = store.products.first(where: { $0.id == selectedID }) else { return }
                                    await store.purchase(product)
                                }
                            }
                            .buttonStyle(.borderedProminent)
                            Button("Restore Purchases") { Task { await store.restore() } }
                            Button("Manage Subscription") { showsManage = true }
                            Text("Plus renews automatically at the price shown until you cancel, at least 24 hours before the period ends.")
                                .font(.caption)
                            HStack {
                                Link("Terms of Use", destination: URL(string: "https://example.com/terms")!)
                                Link("Privacy Policy", destination: URL(string: "https://example.com/privacy")!)
                            }
                        }
                        .padding()
                    }
                    .manageSubscriptionsSheet(isPresented: $showsManage)
                    .task {
                        await store.loadProducts()
                        if let subscription = store.products.first?.subscription {
                            eligibleForTrial = await subscription.isEligibleForIntroOffer
                        }
                    }
                }
            }
        }

        """#

    /// Consumables: the ledger credits each transaction once, keyed by its id.
    static let consumables = #"""
        import StoreKit

        @MainActor
        final class CoinLedger{{I}}: ObservableObject {
            @Published private(set) var balance = 0
            private var credited: Set<UInt64> = []

            func buyCoins(_ product: Product) async throws {
                let result = try await product.purchase()
                guard case .success(let verification) = result, case .verified(let transaction) = verification else { return }
                credit(transaction)
                await transaction.finish()
            }

            func credit(_ transaction: Transaction) {
                guard transaction.productType == .consumable, credited.insert(transaction.id).inserted else { return }
                balance += 100 * transaction.purchasedQuantity
            }
        }

        """#

    /// App Transaction: who bought the app, checked and verified.
    static let appTransaction = #"""
        import StoreKit

        enum Purchaser{{I}} {
            static func originalVersion() async -> String? {
                do {
                    let shared = try await AppTransaction.shared
                    guard case .verified(let transaction) = shared else { return nil }
                    return transaction.originalAppVersion
                } catch {
                    return nil
                }
            }
        }

        """#

    /// Offers: offer code redemption from a settings row.
    static let offers = #"""
        import StoreKit
        import SwiftUI

        struct RedeemRow{{I}}: View {
            @State private var redeeming = false
            var body: some View {
                Button("Redeem Code") { redeeming = true }
                    .offerCodeRedemption(isPresented: $redeeming) { result in
                        if case .failure(let error) = result { print("redeem failed: \(error)") }
                    }
            }
        }

        """#

    /// The legacy API and the mistakes the audit exists to catch, as real apps keep them.
    static let legacyHelper = #"""
        import StoreKit

        /// The iOS 14 purchase path, kept "for now". {{sentence}}
        final class LegacyStoreHelper{{I}}: NSObject, SKProductsRequestDelegate {
            private var request: SKProductsRequest?

            func start() {
                request = SKProductsRequest(productIdentifiers: [ProductID{{M}}.lifetime])
                request?.delegate = self
                request?.start()
            }

            func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                guard let product = response.products.first else { return }
                SKPaymentQueue.default().add(SKPayment(product: product))
            }

            func receiptData() -> Data? {
                guard let url = Bundle.main.appStoreReceiptURL else { return nil }
                return try? Data(contentsOf: url)
            }
        }

        """#

    /// A quick upsell written in a hurry: hard-coded price, purchase without handling pending.
    static let flawedUpsell = #"""
        import StoreKit
        import SwiftUI

        struct UpsellBanner{{I}}: View {
            let product: Product?

            var body: some View {
                VStack {
                    Text("Unlock everything for $4.99")
                    Button("Buy") {
                        Task {
                            guard let product else { return }
                            if case .success(let verification) = try await product.purchase(),
                               case .verified(let transaction) = verification {
                                await transaction.finish()
                            }
                        }
                    }
                }
            }
        }

        """#

    static let all: [String] = [
        subscriptionStoreView, customPaywall, consumables, appTransaction, offers, legacyHelper, flawedUpsell,
    ]
}
