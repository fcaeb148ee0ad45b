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
                try file.data.withUnsafeBytes { try writeFile($0, to: temporary) }
            }
        } catch {
            for file in pending { try? FileManager.default.removeItem(at: file.temporary) }
            throw error
        }
        try renameIntoPlace(pending)
    }

    /// Writes `bytes` to a new file at `url` (replacing one there), with open, write and close
    /// and nothing more. Foundation's `Data.write(to:)` also calls fsync, which waits for the
    /// disk: 84 waits of about 0.4 ms each when the real benchmark corpus's 27 apps write three
    /// reports each, a tenth of the run, none of it on a CPU. A report is made again by running
    /// the audit again; what the rename guarantees, that no reader sees a half-written report,
    /// does not need the data on the disk first.
    static func writeFile(_ bytes: UnsafeRawBufferPointer, to url: URL) throws {
        let path = url.path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path, errno) }
        var written = 0
        while written < bytes.count {
            // The C library's write(2): this enum has a `write` of its own.
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            #else
            let count = Darwin.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            #endif
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                close(descriptor)
                throw failure(path, code)
            }
            written += count
        }
        // close reports errors a write left for later (on some file systems, a full disk).
        if close(descriptor) != 0 { throw failure(path, errno) }
    }

    private static func failure(_ path: String, _ code: Int32) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [
            NSFilePathErrorKey: path,
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
        ])
    }

    /// Renames each written temporary file to its destination, in order; when one cannot be,
    /// the temporary files not yet renamed are removed.
    static func renameIntoPlace(_ files: [(temporary: URL, url: URL)]) throws {
        var pending = files[...]
        while let file = pending.first {
            if !replaceByExchange(file.temporary.path, file.url.path) {
                // rename(2) replaces the destination atomically.
                if rename(file.temporary.path, file.url.path) != 0 {
                    let code = errno
                    for file in pending { try? FileManager.default.removeItem(at: file.temporary) }
                    throw failure(file.url.path, code)
                }
            }
            pending.removeFirst()
        }
    }

    /// Puts `temporary` in place of the regular file `destination` by exchanging the two names
    /// in one step (the new report appears whole, as with a rename), then removes the previous
    /// report, now at the temporary name. False, with nothing changed, where the destination is
    /// not a regular file or the system or file system cannot exchange: the caller renames.
    ///
    /// Why not a rename: on ext4, a rename that replaces a file first allocates the new file's
    /// blocks and starts writing it to the disk (`auto_da_alloc`), in the renaming thread. The
    /// real benchmark corpus's 27 apps, writing over the reports of the run before, spent
    /// 17-39 ms renaming 81 reports (3-6 ms into a new folder); an exchange does not do it.
    static func replaceByExchange(_ temporary: String, _ destination: String) -> Bool {
        var status = stat()
        guard lstat(destination, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        guard let exchange = Exchange.function, exchange(AT_FDCWD, temporary, AT_FDCWD, destination, Exchange.flag) == 0 else { return false }
        unlink(temporary)
        return true
    }

    /// glibc's `renameat2`, which Swift's Glibc module does not declare, looked up by name
    /// (a C target for it brought DWARF 5 debug information that valgrind cannot read); nil
    /// where the C library has none.
    private enum Exchange {
        typealias Function = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
        /// `RENAME_EXCHANGE` in <linux/fs.h>.
        static let flag: UInt32 = 1 << 1
        static let function: Function? = {
            #if os(Linux)
            guard let symbol = dlsym(nil, "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: Function.self)
            #else
            return nil
            #endif
        }()
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
