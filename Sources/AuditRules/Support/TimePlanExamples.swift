/// The files of an app in IVPN's shape, for the examples of the rules that ask subscription
/// paywalls for renewal terms and policy links: a UIKit screen selling time plans that the
/// configuration types as non-renewing subscriptions, beside an auto-renewable group the code
/// never names. With `alsoAsksForAutoRenewable`, the app asks for that group's plan too, in an
/// array written over several lines, and the screen (marked) may sell a subscription that renews.
enum TimePlanExamples {
    static func files(alsoAsksForAutoRenewable: Bool) -> [(String, String)] {
        let ids = alsoAsksForAutoRenewable
            ? """
                static let monthly = "com.example.vpn.auto.1month"
                static let all: [String] = [
                    week, year, threeYears,
                    monthly,
                ]
            """
            : "    static var all: Set<String> { [week, year, threeYears] }"
        let request = alsoAsksForAutoRenewable ? "Set(PlanID.all)" : "PlanID.all"
        let marker = alsoAsksForAutoRenewable ? "↓" : ""
        return [
            ("PlansViewController.swift", """
                import StoreKit
                import UIKit

                enum PlanID {
                    static let week = "com.example.vpn.time.1week"
                    static let year = "com.example.vpn.time.1year"
                    static let threeYears = "com.example.vpn.time.3year"
                \(ids)
                }

                final class PlanStore {
                    private(set) var products: [Product] = []
                    func load() async throws { products = try await Product.products(for: \(request)) }
                    func buy(_ product: Product) async throws -> Product.PurchaseResult { try await product.purchase() }
                }

                final class \(marker)PlansViewController: UIViewController {
                    let store = PlanStore()
                    let titleLabel = UILabel()
                    @objc func buyTapped(_ sender: UIButton) {
                        titleLabel.text = "Choose your subscription plan"
                        Task {
                            guard let product = store.products.first else { return }
                            switch try await store.buy(product) {
                            case .success, .userCancelled: break
                            case .pending: titleLabel.text = "Waiting for approval"
                            @unknown default: break
                            }
                        }
                    }
                }
                """),
            ("Store.storekit", """
                {
                  "nonRenewingSubscriptions" : [
                    { "displayPrice" : "1.99", "productID" : "com.example.vpn.time.1week", "referenceName" : "Week", "type" : "NonRenewingSubscription" },
                    { "displayPrice" : "59.99", "productID" : "com.example.vpn.time.1year", "referenceName" : "Year", "type" : "NonRenewingSubscription" },
                    { "displayPrice" : "149.99", "productID" : "com.example.vpn.time.3year", "referenceName" : "Three years", "type" : "NonRenewingSubscription" }
                  ],
                  "products" : [ ],
                  "subscriptionGroups" : [
                    { "id" : "G1", "name" : "Legacy", "subscriptions" : [
                      { "displayPrice" : "5.99", "productID" : "com.example.vpn.auto.1month", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Monthly", "type" : "RecurringSubscription" }
                    ] }
                  ],
                  "version" : { "major" : 3, "minor" : 0 }
                }
                """),
        ]
    }
}
