import StoreKit
import UIKit

final class StoreViewController: UITableViewController {
    private var products: [SKProduct] { IAPHelper.shared.products }
    private var observers: [NSObjectProtocol] = []

    private lazy var priceFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Filter Store", comment: "Store screen title")
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: NSLocalizedString("Restore", comment: "Restore purchases button"),
            style: .plain, target: self, action: #selector(restoreTapped)
        )
        tableView.tableFooterView = makeLegalFooter()

        let center = NotificationCenter.default
        for name in [Notification.Name.iapProductsLoaded, .iapPurchasesChanged] {
            observers.append(center.addObserver(forName: name, object: nil, queue: .main) { [weak self] _ in
                self?.tableView.reloadData()
            })
        }
        observers.append(center.addObserver(forName: .iapPurchaseDeferred, object: nil, queue: .main) { [weak self] _ in
            self?.showAlert(NSLocalizedString("Your purchase is waiting for approval from a family organizer.", comment: "Ask to Buy"))
        })
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        products.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let product = products[indexPath.row]
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = product.localizedTitle
        priceFormatter.locale = product.priceLocale
        let price = priceFormatter.string(from: product.price) ?? ""
        if product.productIdentifier == ProductIdentifiers.clubMonthly {
            cell.detailTextLabel?.text = String(format: NSLocalizedString("%@ per month, renews automatically", comment: "Subscription price"), price)
        } else {
            cell.detailTextLabel?.text = price
        }
        cell.accessoryType = IAPHelper.shared.isPurchased(product.productIdentifier) ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let product = products[indexPath.row]
        guard !IAPHelper.shared.isPurchased(product.productIdentifier) else { return }
        IAPHelper.shared.buy(product)
    }

    @objc private func restoreTapped() {
        IAPHelper.shared.restorePurchases()
    }

    private func makeLegalFooter() -> UIView {
        let terms = UIButton(type: .system)
        terms.setTitle(NSLocalizedString("Terms of Use", comment: ""), for: .normal)
        terms.addTarget(self, action: #selector(openTerms), for: .touchUpInside)
        let privacy = UIButton(type: .system)
        privacy.setTitle(NSLocalizedString("Privacy Policy", comment: ""), for: .normal)
        privacy.addTarget(self, action: #selector(openPrivacy), for: .touchUpInside)
        let stack = UIStackView(arrangedSubviews: [terms, privacy])
        stack.distribution = .fillEqually
        stack.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        return stack
    }

    @objc private func openTerms() {
        UIApplication.shared.open(URL(string: "https://photofilters.example.com/terms")!)
    }

    @objc private func openPrivacy() {
        UIApplication.shared.open(URL(string: "https://photofilters.example.com/privacy")!)
    }

    private func showAlert(_ message: String) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: NSLocalizedString("OK", comment: ""), style: .default))
        present(alert, animated: true)
    }
}
