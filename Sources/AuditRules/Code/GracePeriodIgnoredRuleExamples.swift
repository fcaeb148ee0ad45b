import AuditCore

/// The examples of `GracePeriodIgnoredRule` (its description), kept beside the rule for length.
extension GracePeriodIgnoredRule {
    static let triggeringExamples: [RuleExample] = [
        // The entitled states kept in a list that leaves the grace period out.
        RuleExample("""
            import StoreKit

            enum Membership {
                static func isEntitled(group: String) async -> Bool {
                    guard let statuses = try? await Product.SubscriptionInfo.status(for: group) else { return false }
                    let activeStates: [Product.SubscriptionInfo.RenewalState] = [.↓subscribed]
                    return statuses.contains { activeStates.contains($0.state) }
                }
            }
            """),
        // Verified first, then `.subscribed` alone, in the status task's closure.
        RuleExample("""
            import StoreKit
            import SwiftUI

            struct Root: View {
                @State private var isPremium = false
                var body: some View {
                    Text(isPremium ? "Premium" : "Free")
                        .subscriptionStatusTask(for: "21452440") { task in
                            if let statuses = task.value {
                                isPremium = statuses.contains { status in
                                    guard case .verified = status.transaction else { return false }
                                    return status.state == .↓subscribed
                                }
                            }
                        }
                }
            }
            """),
        // Only `.subscribed` counts as active.
        RuleExample("""
            import StoreKit

            func isSubscriber(groupID: String) async throws -> Bool {
                let statuses = try await Product.SubscriptionInfo.status(for: groupID)
                for status in statuses {
                    guard case .verified = status.transaction else { continue }
                    return status.state == .↓subscribed
                }
                return false
            }
            """),
        // A switch that lets the grace period fall into `default`.
        RuleExample("""
            import StoreKit

            @MainActor final class SubscriptionModel: ObservableObject {
                @Published var isPremium = false

                func update(_ status: Product.SubscriptionInfo.Status) {
                    switch status.state {
                    case .↓subscribed:
                        isPremium = true
                    default:
                        isPremium = false
                    }
                }
            }
            """),
        // A one-line check inside a closure, from SwiftUI's status task.
        RuleExample("""
            import StoreKit
            import SwiftUI

            struct ContentView: View {
                @State private var isPro = false
                var body: some View {
                    Text(isPro ? "Pro" : "Free")
                        .subscriptionStatusTask(for: "21482736") { taskState in
                            if let statuses = taskState.value {
                                isPro = statuses.contains { $0.state == .↓subscribed }
                            }
                        }
                }
            }
            """),
        // Locking whenever the state is not `.subscribed`.
        RuleExample("""
            import StoreKit

            actor AccessController {
                private(set) var hasAccess = true

                func apply(_ state: Product.SubscriptionInfo.RenewalState) {
                    if state != .↓subscribed {
                        hasAccess = false
                    }
                }
            }
            """),
        // The grace period listed, but locked out like billing retry.
        RuleExample("""
            import StoreKit

            final class Entitlement {
                var hasFullAccess = false
                var showsBillingBanner = false

                func apply(_ renewalState: Product.SubscriptionInfo.RenewalState) {
                    switch renewalState {
                    case .subscribed:
                        hasFullAccess = true
                    case .↓inGracePeriod, .inBillingRetryPeriod:
                        hasFullAccess = false
                        showsBillingBanner = true
                    default:
                        hasFullAccess = false
                    }
                }
            }
            """),
        // A guard that sends everyone else to the paywall.
        RuleExample("""
            import StoreKit

            struct Gate {
                func canOpenPremium(_ status: Product.SubscriptionInfo.Status) -> Bool {
                    guard status.state == Product.SubscriptionInfo.RenewalState.↓subscribed else { return false }
                    return true
                }
            }
            """),
        // A filter in the status task that decides who is premium.
        RuleExample("""
            import StoreKit
            import SwiftUI

            struct RootView: View {
                @EnvironmentObject private var manager: AppManager
                var body: some View {
                    ContentView()
                        .subscriptionStatusTask(for: "21582431") { taskState in
                            if let result = taskState.value {
                                let premiumUser = result.filter({ $0.state == .↓subscribed }).isEmpty == false
                                manager.isPremiumUser = premiumUser
                            }
                        }
                }
            }
            """),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The entitled states' list keeps the grace period.
        RuleExample("""
            import StoreKit

            enum Membership {
                static func isEntitled(group: String) async -> Bool {
                    guard let statuses = try? await Product.SubscriptionInfo.status(for: group) else { return false }
                    let activeStates: [Product.SubscriptionInfo.RenewalState] = [.subscribed, .inGracePeriod]
                    return statuses.contains { activeStates.contains($0.state) }
                }
            }
            """),
        // The StoreKit seed's check.
        RuleExample("""
            import StoreKit

            func checkSubscriptionActive(groupID: String) async throws -> Bool {
                let statuses = try await Product.SubscriptionInfo.Status.status(for: groupID)
                for status in statuses {
                    guard case .verified = status.renewalInfo,
                          case .verified = status.transaction else { continue }
                    if status.state == .subscribed || status.state == .inGracePeriod {
                        return true
                    }
                }
                return false
            }
            """),
        // The monetisation seed's summary, with billing retry reported separately.
        RuleExample("""
            import StoreKit

            struct SubscriptionStatus {
                let isActive: Bool
                let isInBillingRetry: Bool
            }

            func subscriptionStatus(for product: Product) async -> SubscriptionStatus? {
                guard let subscription = product.subscription,
                      let statusArray = try? await subscription.status else { return nil }
                for status in statusArray {
                    guard case .verified = status.renewalInfo,
                          case .verified = status.transaction else { continue }
                    let isActive = status.state == .subscribed || status.state == .inGracePeriod
                    return SubscriptionStatus(
                        isActive: isActive,
                        isInBillingRetry: status.state == .inBillingRetryPeriod
                    )
                }
                return nil
            }
            """),
        // Grace period grouped with subscribed; billing retry only drives a banner or locks.
        RuleExample("""
            import StoreKit

            @MainActor @Observable final class Store {
                var isPro = false
                var showsPaymentProblem = false

                func apply(_ status: Product.SubscriptionInfo.Status) {
                    switch status.state {
                    case .subscribed, .inGracePeriod:
                        isPro = true
                        showsPaymentProblem = status.state == .inGracePeriod
                    case .inBillingRetryPeriod:
                        isPro = false
                        showsPaymentProblem = true
                    default:
                        isPro = false
                    }
                }
            }
            """),
        // A separate grace-period case that keeps access.
        RuleExample("""
            import StoreKit

            func hasAccess(_ state: Product.SubscriptionInfo.RenewalState) -> Bool {
                switch state {
                case .subscribed:
                    return true
                case .inGracePeriod:
                    // Apple is retrying the payment; keep the subscriber in.
                    return true
                default:
                    return false
                }
            }
            """),
        // `.subscribed` only decides which date to show.
        RuleExample("""
            import StoreKit
            import SwiftUI

            struct RenewalLine: View {
                let status: Product.SubscriptionInfo.Status
                let expiration: Date
                var body: some View {
                    if status.state == .subscribed {
                        Text("Renews on \\(expiration.formatted(date: .abbreviated, time: .omitted))")
                    } else {
                        Text("Ends on \\(expiration.formatted(date: .abbreviated, time: .omitted))")
                    }
                }
            }
            """),
        // Both states in one array.
        RuleExample("""
            import StoreKit

            extension Product.SubscriptionInfo.Status {
                var grantsAccess: Bool { [.subscribed, .inGracePeriod].contains(state) }
            }
            """),
        // Only the lapsed states are listed; the grace period keeps access through `default`.
        RuleExample("""
            import StoreKit

            @MainActor final class AccessModel: ObservableObject {
                @Published private(set) var hasPro = false

                func apply(_ status: Product.SubscriptionInfo.Status) {
                    switch status.state {
                    case .subscribed:
                        hasPro = true
                    case .expired, .revoked:
                        hasPro = false
                    default:
                        // Grace period and billing retry: keep the subscriber in while Apple retries.
                        hasPro = true
                    }
                }
            }
            """),
        // `.subscribed` only decides what to display, or whether a trial is running.
        RuleExample("""
            import StoreKit

            @MainActor final class SubscriptionPresenter {
                var status: Product.SubscriptionInfo.Status?

                var canDisplayRenewalDate: Bool {
                    status?.state == .subscribed
                }

                var isInFreeTrial: Bool {
                    guard let status, case .verified(let renewalInfo) = status.renewalInfo else { return false }
                    return renewalInfo.willAutoRenew && status.state == .subscribed
                }
            }
            """),
        // A socket's subscription state in a file that never reads subscription statuses.
        RuleExample("""
            import StoreKit

            final class PriceFeed {
                enum State { case idle, subscribed }
                var state = State.idle
                var isSubscribed: Bool { state == .subscribed }
                func buy(_ product: Product) async throws { _ = try await product.purchase() }
            }
            """),
        // An enum of the app's own with a `subscribed` case is not StoreKit's renewal state.
        RuleExample("""
            import StoreKit

            enum Membership { case subscribed, trial, free }

            struct Account {
                var membership: Membership
                var isMember: Bool { membership == .subscribed }
            }
            """),
    ]
}
