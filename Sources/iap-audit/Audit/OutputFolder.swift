import Foundation

/// Why a folder cannot be created or written to, said in the user's terms before anything is
/// written: "blocker is a file, not a folder", "no permission to write in /usr/share".
enum OutputFolder {
    static func problem(creating folder: URL, cwd: URL) -> String? {
        let fileManager = FileManager.default
        var existing = folder.standardizedFileURL
        var isFolder: ObjCBool = false
        while !fileManager.fileExists(atPath: existing.path, isDirectory: &isFolder) {
            let parent = existing.deletingLastPathComponent().standardizedFileURL
            if parent.path == existing.path { return nil }
            existing = parent
        }
        let shown = CommandLineTool.displayPath(existing, cwd: cwd)
        if !isFolder.boolValue { return "\(shown) is a file, not a folder" }
        if access(existing.path, W_OK | X_OK) != 0 {
            return existing.path == folder.standardizedFileURL.path ? "no permission to write in \(shown)" : "no permission to create a folder in \(shown)"
        }
        return nil
    }
}

/// An exclusive lock on an output folder, held while a run renames its reports into place:
/// `flock(2)` on the folder itself, so nothing is added to it, and the system releases it when
/// the process ends, however it ends. Where the folder cannot be locked (a file system
/// without locks), the run goes on unlocked.
final class OutputFolderLock {
    private var descriptor: Int32

    /// Takes the lock, waiting while another process holds it; `waiting` is called first then.
    init(folder: URL, waiting: () -> Void) {
        descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        func lock(_ operation: Int32) -> Int32 {
            while true {
                if flock(descriptor, operation) == 0 { return 0 }
                if errno != EINTR { return errno }
            }
        }
        let busy = lock(LOCK_EX | LOCK_NB)
        if busy == 0 { return }
        if busy == EWOULDBLOCK {
            waiting()
            if lock(LOCK_EX) == 0 { return }
        }
        release()
    }

    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit { release() }
}
