import StoreKit
import UIKit

final class SettingsViewController: UITableViewController {
    private let rows = [
        NSLocalizedString("Manage Filters Club", comment: "Opens subscription management"),
        NSLocalizedString("Rate Photo Filters", comment: ""),
        NSLocalizedString("Restore Purchases", comment: ""),
    ]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch indexPath.row {
        case 0:
            // Apple's subscription management page, from before showManageSubscriptions existed.
            UIApplication.shared.open(URL(string: "https://apps.apple.com/account/subscriptions")!)
        case 1:
            if let scene = view.window?.windowScene {
                SKStoreReviewController.requestReview(in: scene)
            }
        default:
            IAPHelper.shared.restorePurchases()
        }
    }
}
