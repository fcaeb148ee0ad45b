import CoreImage
import UIKit

struct PhotoFilter: Hashable {
    let name: String
    let ciName: String
    let productIdentifier: String?

    static let all: [PhotoFilter] = [
        PhotoFilter(name: "Mono", ciName: "CIPhotoEffectMono", productIdentifier: nil),
        PhotoFilter(name: "Fade", ciName: "CIPhotoEffectFade", productIdentifier: nil),
        PhotoFilter(name: "Instant", ciName: "CIPhotoEffectInstant", productIdentifier: ProductIdentifiers.vintagePack),
        PhotoFilter(name: "Transfer", ciName: "CIPhotoEffectTransfer", productIdentifier: ProductIdentifiers.vintagePack),
        PhotoFilter(name: "Chrome", ciName: "CIPhotoEffectChrome", productIdentifier: ProductIdentifiers.clubMonthly),
    ]
}

final class FilterGalleryViewController: UICollectionViewController {
    init() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 120)
        super.init(collectionViewLayout: layout)
        title = NSLocalizedString("Filters", comment: "")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "filter")
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(openStore)),
            UIBarButtonItem(image: UIImage(systemName: "gear"), style: .plain, target: self, action: #selector(openSettings)),
        ]
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        PhotoFilter.all.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "filter", for: indexPath)
        let filter = PhotoFilter.all[indexPath.item]
        var content = UIListContentConfiguration.cell()
        content.text = filter.name
        let locked = filter.productIdentifier.map { !IAPHelper.shared.isPurchased($0) } ?? false
        content.image = UIImage(systemName: locked ? "lock.fill" : "camera.filters")
        cell.contentConfiguration = content
        return cell
    }

    @objc private func openStore() {
        navigationController?.pushViewController(StoreViewController(style: .insetGrouped), animated: true)
    }

    @objc private func openSettings() {
        navigationController?.pushViewController(SettingsViewController(style: .insetGrouped), animated: true)
    }
}
