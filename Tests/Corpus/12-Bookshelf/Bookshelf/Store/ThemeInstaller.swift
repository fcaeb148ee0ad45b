import Foundation
import StoreKit

/// Downloads a purchased theme's assets. Shared by the store's tasks, so it holds
/// nothing mutable.
final class ThemeInstaller: Sendable {
    private let baseURL = URL(string: "https://cdn.bookshelf.example.com/themes/")!
    private let directory = URL.applicationSupportDirectory.appending(path: "Themes", directoryHint: .isDirectory)

    func install(_ transaction: Transaction) async {
        let archive = baseURL.appending(path: "\(transaction.productID).zip")
        do {
            let (file, _) = try await URLSession.shared.download(from: archive)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let destination = directory.appending(path: transaction.productID)
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: file, to: destination)
            await transaction.finish()
        } catch {
            // Not finished: StoreKit hands the transaction back on the next launch.
        }
    }

    func isInstalled(_ productID: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appending(path: productID).path())
    }
}
