import Foundation
import OSLog

enum Analytics {
    private static let logger = Logger(subsystem: "com.streaks.app", category: "Analytics")

    /// Sandbox and TestFlight builds report to a separate analytics project.
    static let isSandbox = Bundle.main.appStoreReceiptURL?.lastPathComponent == "sandboxReceipt"

    static func log(_ event: String, productID: String? = nil) {
        let environment = isSandbox ? "sandbox" : "production"
        logger.info("[\(environment, privacy: .public)] \(event, privacy: .public) \(productID ?? "-", privacy: .public)")
    }
}
