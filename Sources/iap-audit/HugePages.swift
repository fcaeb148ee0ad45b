import Foundation
import Synchronization

/// Transparent huge pages for the audit's memory, on Linux.
///
/// glibc's malloc asks for 2 MB pages with `glibc.malloc.hugetlb=1`, read from the environment
/// only when a process starts. So when the kernel gives huge pages to memory that asks for them
/// (the `madvise` mode), the audit command starts itself once more with that tunable and
/// `glibc.malloc.top_pad` of 64 MB added (so that a worker thread's heap is advised whole) and
/// as many malloc arenas as cores (`glibc.malloc.arena_max`), and the second process restores
/// the environment before it reads it, so the programs it runs (`git`) see the user's.
/// `IAP_AUDIT_NO_HUGEPAGES=1` turns it off. Why, and what it saves (measured):
/// Docs/Architecture.md, "Memory: huge pages".
enum HugePages {
    /// Set for the second process only.
    static let restartedVariable = "IAP_AUDIT_HUGEPAGES_RESTART"
    /// The user's `GLIBC_TUNABLES`, when there was one, for the second process to put back.
    static let savedVariable = "IAP_AUDIT_SAVED_GLIBC_TUNABLES"
    static let optOutVariable = "IAP_AUDIT_NO_HUGEPAGES"
    static let tunable = "glibc.malloc.hugetlb=1"
    /// Added with `tunable`, unless the user set it.
    static let heapTunable = "glibc.malloc.top_pad=67108864"
    /// Also added unless the user set it: as many malloc arenas as cores. A thread started for
    /// a large file's passes (its index, the second half of its declarations) otherwise got an
    /// arena of its own, whose freed memory stayed resident and no other thread reused: the
    /// 50 MB file's peak RSS was 275-283 MB without it and 243-256 MB with it (alternating runs).
    static var arenaTunable: String { "glibc.malloc.arena_max=\(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))" }

    /// In the second process, the `GLIBC_TUNABLES` its malloc started with (`--verbose` says
    /// so); nil in a process that was not restarted.
    static let activeTunables = Mutex<String?>(nil)

    /// With as many malloc arenas as cores, a thread gets an arena of its own only while there
    /// are fewer than that; later threads share one, the main thread's more often than not. The
    /// audit's first thread besides the main one parsed the built-in templates and ended within
    /// milliseconds; when the workers' pool thread first allocated while it still ran, the pool
    /// thread shared the main thread's arena for the whole audit and the two workers queued on
    /// one malloc lock: in 6 of 16 runs of the real benchmark corpus, 2,500-4,000 context
    /// switches instead of 100-400, and a fifth more CPU time. The pool's thread now starts
    /// first and allocates, so that the arena it makes is its own.
    static func givePoolThreadItsArena() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            free(malloc(64))
            done.signal()
        }
        done.wait()
    }

    /// Runs the program again with the tunable when that helps; returns when it does not (or
    /// in the second process, after restoring the environment).
    static func restartIfUseful() {
        #if os(Linux)
        if getenv(restartedVariable) != nil {
            let active = getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? ""
            activeTunables.withLock { $0 = active }
            unsetenv(restartedVariable)
            if let saved = getenv(savedVariable) {
                setenv("GLIBC_TUNABLES", saved, 1)
                unsetenv(savedVariable)
            } else {
                unsetenv("GLIBC_TUNABLES")
            }
            if active.contains(arenaTunable) { givePoolThreadItsArena() }
            return
        }
        if let optOut = getenv(optOutVariable), String(cString: optOut) != "0" { return }
        // Under valgrind the audit must stay the process being measured.
        if let preload = getenv("LD_PRELOAD"), String(cString: preload).contains("vgpreload") { return }
        // The binary itself, by the path the kernel (or an emulator) gives for it.
        var pathBuffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &pathBuffer, Int(PATH_MAX))
        guard length > 0 else { return }
        let executable = String(decoding: pathBuffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let existing = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
        // The user's own choice of the tunable stands.
        if existing?.contains("glibc.malloc.hugetlb") == true { return }
        guard let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              mode.contains("[madvise]") else { return }
        if let existing { setenv(savedVariable, existing, 1) }
        setenv("GLIBC_TUNABLES", tunables(adding: existing), 1)
        setenv(restartedVariable, "1", 1)
        execv(executable, CommandLine.unsafeArgv)
        // Still here: the exec failed (no /proc, say). Go on as we were.
        unsetenv(restartedVariable)
        if let existing {
            setenv("GLIBC_TUNABLES", existing, 1)
            unsetenv(savedVariable)
        } else {
            unsetenv("GLIBC_TUNABLES")
        }
        #endif
    }

    /// `GLIBC_TUNABLES` for the second process: the user's, then `tunable`, then
    /// `heapTunable` unless the user chose a top pad, then `arenaTunable` unless the user
    /// chose a number of arenas.
    static func tunables(adding existing: String?) -> String {
        var added = [tunable]
        if existing?.contains("glibc.malloc.top_pad") != true { added.append(heapTunable) }
        if existing?.contains("glibc.malloc.arena_max") != true { added.append(arenaTunable) }
        return ([existing ?? ""].filter { !$0.isEmpty } + added).joined(separator: ":")
    }
}
