import StoreKit
import UIKit

final class SettingsViewController: UITableViewController {
    private enum Row: Int, CaseIterable {
        case manageSubscription
        case rateApp
        case terms
        case privacy
    }

    private let entitlements: EntitlementStore

    init(entitlements: EntitlementStore) {
        self.entitlements = entitlements
        super.init(style: .insetGrouped)
        title = String(localized: "Settings")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Row.allCases.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        switch Row(rawValue: indexPath.row) {
        case .manageSubscription: content.text = String(localized: "Manage Subscription")
        case .rateApp: content.text = String(localized: "Rate Radar Weather")
        case .terms: content.text = String(localized: "Terms of Use")
        case .privacy: content.text = String(localized: "Privacy Policy")
        case nil: break
        }
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let scene = view.window?.windowScene else { return }
        switch Row(rawValue: indexPath.row) {
        case .manageSubscription:
            Task { try? await AppStore.showManageSubscriptions(in: scene) }
        case .rateApp:
            // Replaces SKStoreReviewController.requestReview(), deprecated in iOS 18.
            AppStore.requestReview(in: scene)
        case .terms:
            UIApplication.shared.open(LegalLinks.terms)
        case .privacy:
            UIApplication.shared.open(LegalLinks.privacy)
        case nil:
            break
        }
    }
}
