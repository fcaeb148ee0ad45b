import Foundation

/// Writes through temporary files in the destination folders and renames them into place, so
/// a reader never sees a half-written report and a failed run leaves the old ones intact.
enum AtomicFile {
    /// The temporary file a report is written to before it is renamed to `url`.
    static func temporary(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    }

    /// Removes the temporary files (`.report.md.PID.tmp`, for the file names `names`) of runs
    /// that are gone: killed before renaming them, they would be left there for ever. A live
    /// run's files, and any other file, are left alone.
    static func removeStale(in folder: URL, names: [String]) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let own = ProcessInfo.processInfo.processIdentifier
        for entry in entries where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            let middle = entry.dropFirst().dropLast(4)
            guard let dot = middle.lastIndex(of: "."), names.contains(String(middle[..<dot])),
                  let pid = Int32(middle[middle.index(after: dot)...]), pid > 0, pid != own else { continue }
            // ESRCH: no such process. EPERM means one runs, under another user.
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
            }
        }
    }

    static func write(_ data: Data, to url: URL) throws {
        try write([(data: data, url: url)])
    }

    /// Writes every file before renaming any: when one cannot be written (a full disk, a
    /// read-only folder), no destination changes and no temporary file is left behind.
    static func write(_ files: [(data: Data, url: URL)]) throws {
        var pending: [(temporary: URL, url: URL)] = []
        do {
            for file in files {
                let temporary = temporary(for: file.url)
                pending.append((temporary, file.url))
                try file.data.write(to: temporary)
            }
        } catch {
            for file in pending { try? FileManager.default.removeItem(at: file.temporary) }
            throw error
        }
        try renameIntoPlace(pending)
    }

    /// Renames each written temporary file to its destination, in order; when one cannot be,
    /// the temporary files not yet renamed are removed.
    static func renameIntoPlace(_ files: [(temporary: URL, url: URL)]) throws {
        var pending = files[...]
        while let file = pending.first {
            // rename(2) replaces the destination atomically.
            if rename(file.temporary.path, file.url.path) != 0 {
                let code = errno
                for file in pending { try? FileManager.default.removeItem(at: file.temporary) }
                throw CocoaError(.fileWriteUnknown, userInfo: [
                    NSFilePathErrorKey: file.url.path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
                ])
            }
            pending.removeFirst()
        }
    }

    /// What went wrong, in the system's words when it said ("No space left on device").
    static func reason(_ error: Error) -> String {
        // On Linux the underlying error is a POSIXError value, not an NSError.
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? Error,
           (underlying as NSError).domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32((underlying as NSError).code)))
        }
        if (error as NSError).domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32((error as NSError).code)))
        }
        return error.localizedDescription
    }
}
