import Foundation
import OSLog
import UIKit

struct Constellation: Identifiable, Hashable, Sendable {
    var id: String { name }
    let name: String
    let bestMonth: String
    let brightStars: Int
}

enum ConstellationCatalog {
    static let all: [Constellation] = [
        Constellation(name: "Orion", bestMonth: "January", brightStars: 7),
        Constellation(name: "Cassiopeia", bestMonth: "November", brightStars: 5),
        Constellation(name: "Scorpius", bestMonth: "July", brightStars: 9),
    ]
}

/// Caches star-chart images in memory. Used from the main thread only.
final class StarChartCache {
    private let cache = NSCache<NSString, UIImage>()
    private let log = Logger(subsystem: "com.stargazer.app", category: "Cache")

    func image(named name: String) -> UIImage? {
        if let cached = cache.object(forKey: name as NSString) { return cached }
        guard let image = UIImage(named: "chart-\(name.lowercased())") else {
            log.notice("No chart for \(name, privacy: .public)")
            return nil
        }
        cache.setObject(image, forKey: name as NSString)
        return image
    }
}
