import StoreKit
import UIKit

final class PaywallViewController: UIViewController {
    private let entitlements: EntitlementStore
    private var products: [Product] = []

    private let titleLabel = UILabel()
    private let featuresLabel = UILabel()
    private let plansStack = UIStackView()
    private let renewalLabel = UILabel()
    private let restoreButton = UIButton(type: .system)
    private let termsButton = UIButton(type: .system)
    private let privacyButton = UIButton(type: .system)
    private let spinner = UIActivityIndicatorView(style: .medium)

    init(entitlements: EntitlementStore) {
        self.entitlements = entitlements
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = String(localized: "Radar Weather Pro")

        titleLabel.text = String(localized: "Go Pro")
        titleLabel.font = .preferredFont(forTextStyle: .largeTitle)
        featuresLabel.text = String(localized: "Minute-by-minute rain alerts, 7-day radar history and lightning maps.")
        featuresLabel.numberOfLines = 0
        renewalLabel.text = String(localized: "Subscriptions renew automatically unless cancelled at least 24 hours before the end of the current period. Manage them in Settings.")
        renewalLabel.numberOfLines = 0
        renewalLabel.font = .preferredFont(forTextStyle: .caption1)

        plansStack.axis = .vertical
        plansStack.spacing = 12

        restoreButton.setTitle(String(localized: "Restore Purchases"), for: .normal)
        restoreButton.addAction(UIAction { [weak self] _ in self?.restore() }, for: .touchUpInside)
        termsButton.setTitle(String(localized: "Terms of Use"), for: .normal)
        termsButton.addAction(UIAction { _ in UIApplication.shared.open(LegalLinks.terms) }, for: .touchUpInside)
        privacyButton.setTitle(String(localized: "Privacy Policy"), for: .normal)
        privacyButton.addAction(UIAction { _ in UIApplication.shared.open(LegalLinks.privacy) }, for: .touchUpInside)

        let legal = UIStackView(arrangedSubviews: [termsButton, privacyButton])
        legal.distribution = .fillEqually
        let content = UIStackView(arrangedSubviews: [titleLabel, featuresLabel, plansStack, spinner, renewalLabel, restoreButton, legal])
        content.axis = .vertical
        content.spacing = 16
        content.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(content)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            content.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])

        Task { await loadProducts() }
    }

    private func loadProducts() async {
        spinner.startAnimating()
        defer { spinner.stopAnimating() }
        do {
            products = try await Product.products(for: ProductIdentifier.all).sorted { $0.price < $1.price }
        } catch {
            showMessage(title: String(localized: "Store Unavailable"), message: error.localizedDescription)
            return
        }
        plansStack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for product in products {
            plansStack.addArrangedSubview(makePlanButton(for: product))
        }
        if products.count == 2 {
            let badge = UILabel()
            badge.text = String(localized: "Save 25% with yearly")
            badge.font = .preferredFont(forTextStyle: .footnote)
            plansStack.addArrangedSubview(badge)
        }
    }

    private func makePlanButton(for product: Product) -> UIButton {
        var configuration = UIButton.Configuration.filled()
        configuration.title = product.displayName
        if let period = product.subscription?.subscriptionPeriod {
            configuration.subtitle = "\(product.displayPrice) / \(period.unit.localizedDescription)"
        }
        let button = UIButton(configuration: configuration)
        button.addAction(UIAction { [weak self] _ in
            Task { await self?.purchase(product) }
        }, for: .touchUpInside)
        return button
    }

    private func purchase(_ product: Product) async {
        do {
            let result: Product.PurchaseResult
            if #available(iOS 18.2, *), let scene = view.window?.windowScene {
                result = try await product.purchase(confirmIn: scene)
            } else {
                result = try await product.purchase()
            }
            switch result {
            case .success(let verification):
                let transaction = try verification.payloadValue
                await transaction.finish()
                await entitlements.refresh()
                dismiss(animated: true)
            case .pending:
                showMessage(
                    title: String(localized: "Waiting for Approval"),
                    message: String(localized: "Pro unlocks as soon as the purchase is approved.")
                )
            case .userCancelled:
                break
            @unknown default:
                break
            }
        } catch {
            showMessage(title: String(localized: "Purchase Failed"), message: error.localizedDescription)
        }
    }

    private func restore() {
        restoreButton.isEnabled = false
        Task {
            defer { restoreButton.isEnabled = true }
            do {
                try await AppStore.sync()
                await entitlements.refresh()
                if entitlements.hasPro { dismiss(animated: true) }
            } catch {
                showMessage(title: String(localized: "Restore Failed"), message: error.localizedDescription)
            }
        }
    }

    private func showMessage(title: String, message: String) {
        let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: String(localized: "OK"), style: .default))
        present(alert, animated: true)
    }
}
