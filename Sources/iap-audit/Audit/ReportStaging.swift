import AuditReport
import Foundation

/// Reports written to temporary files beside their destinations as they are rendered, from
/// any thread, then renamed into place together: `AtomicFile.write` in two steps.
final class ReportStaging: @unchecked Sendable {
    private let folder: URL
    private let lock = NSLock()
    private var staged: [String: URL] = [:]
    private var failure: Error?

    init(folder: URL) {
        self.folder = folder
    }

    func stage(_ name: String, _ contents: RenderedText) {
        let temporary = AtomicFile.temporary(for: folder.appendingPathComponent(name))
        do {
            // From the text's own bytes: a report of tens of megabytes is not copied first.
            try contents.withUTF8 { bytes in try AtomicFile.writeFile(bytes, to: temporary) }
            lock.withLock { staged[name] = temporary }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            lock.withLock { failure = failure ?? error }
        }
    }

    /// Renames the reports `names` into place, in order; on any failure, none is and no
    /// temporary file is left.
    func commit(_ names: [String]) throws {
        let (staged, failure) = lock.withLock { (self.staged, self.failure) }
        func removeStaged() {
            for temporary in staged.values { try? FileManager.default.removeItem(at: temporary) }
        }
        if let failure {
            removeStaged()
            throw failure
        }
        try AtomicFile.renameIntoPlace(names.compactMap { name in staged[name].map { (temporary: $0, url: folder.appendingPathComponent(name)) } })
    }
}
