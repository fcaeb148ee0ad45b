import MapKit
import UIKit

final class RadarViewController: UIViewController {
    private let entitlements: EntitlementStore
    private let mapView = MKMapView()
    private var observer: NSObjectProtocol?

    init(entitlements: EntitlementStore) {
        self.entitlements = entitlements
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = String(localized: "Radar")
        mapView.frame = view.bounds
        mapView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(mapView)
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "gear"),
            primaryAction: UIAction { [weak self] _ in self?.showSettings() }
        )
        observer = NotificationCenter.default.addObserver(forName: .entitlementsDidChange, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.updateProBadge() }
        }
        updateProBadge()
    }

    private func updateProBadge() {
        navigationItem.rightBarButtonItem = entitlements.hasPro
            ? nil
            : UIBarButtonItem(title: String(localized: "Go Pro"), primaryAction: UIAction { [weak self] _ in self?.showPaywall() })
    }

    private func showPaywall() {
        let paywall = PaywallViewController(entitlements: entitlements)
        present(UINavigationController(rootViewController: paywall), animated: true)
    }

    private func showSettings() {
        navigationController?.pushViewController(SettingsViewController(entitlements: entitlements), animated: true)
    }
}
