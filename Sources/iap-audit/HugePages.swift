import Foundation
import IAPAuditBoot
import Synchronization

/// Transparent huge pages for the audit's memory, on Linux.
///
/// glibc's malloc asks for 2 MB pages with `glibc.malloc.hugetlb=1`, read from the environment
/// only when a process starts. So when the kernel gives huge pages to memory that asks for them
/// (the `madvise` mode), the program starts itself once more with that tunable,
/// `glibc.malloc.top_pad` of 64 MB (so that a worker thread's heap is advised whole) and as
/// many malloc arenas as cores (`glibc.malloc.arena_max`) added. The restart is decided in C
/// (`Sources/IAPAuditBoot/HugePagesBoot.c`), as the executable's first constructor, before the
/// Swift runtime and Foundation start; the second process restores the environment here
/// (`settle`) before it reads it, so the programs it runs (`git`) see the user's.
/// `IAP_AUDIT_NO_HUGEPAGES=1` turns it off. Why, and what it saves (measured):
/// Docs/Architecture.md, "Memory: huge pages".
enum HugePages {
    /// Set for the second process only.
    static let restartedVariable = "IAP_AUDIT_HUGEPAGES_RESTART"
    /// The user's `GLIBC_TUNABLES`, when there was one, for the second process to put back.
    static let savedVariable = "IAP_AUDIT_SAVED_GLIBC_TUNABLES"
    static let optOutVariable = "IAP_AUDIT_NO_HUGEPAGES"
    /// As `HugePagesBoot.c` adds it unless the user set it: as many malloc arenas as cores. A
    /// thread started for a large file's passes (its index, the second half of its
    /// declarations) otherwise got an arena of its own, whose freed memory stayed resident and
    /// no other thread reused: the 50 MB file's peak RSS was 275-283 MB without it and 243-256
    /// MB with it (alternating runs).
    static var arenaTunable: String { "glibc.malloc.arena_max=\(arenaCount)" }
    static var arenaCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// In the second process, the `GLIBC_TUNABLES` its malloc started with (`--verbose` says
    /// so); nil in a process that was not restarted.
    static let activeTunables = Mutex<String?>(nil)
    /// Whether the top pad was lowered once the heaps were made (`topPadOnceStarted`).
    static let loweredTopPad = Mutex(false)

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

    /// In the process `HugePagesBoot.c` started again (with the tunables), before anything
    /// reads the environment: records the tunables malloc started with (for `--verbose`) and
    /// puts the user's environment back, so the programs the audit runs (`git`) see it. In any
    /// other process it does nothing.
    static func settle() {
        #if os(Linux)
        guard iap_audit_boot_is_restart() != 0 else { return }
        let active = getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? ""
        activeTunables.withLock { $0 = active }
        unsetenv(restartedVariable)
        if let saved = getenv(savedVariable) {
            setenv("GLIBC_TUNABLES", saved, 1)
            unsetenv(savedVariable)
        } else {
            unsetenv("GLIBC_TUNABLES")
        }
        if active.contains(arenaTunable) {
            givePoolThreadItsArena()
            // With two cores, both arenas there will be are made now, each heap whole. On more
            // cores, more workers' arenas are made later, when the pool needs them: their heaps
            // too must be made whole, so the pad stays. So does a pad or a number of arenas the
            // user chose.
            if arenaCount <= 2, active.contains(topPadTunable), iap_audit_set_top_pad(Int32(topPadOnceStarted)) == 1 {
                loweredTopPad.withLock { $0 = true }
            }
        }
        #endif
    }

    /// As `HugePagesBoot.c` adds it unless the user set it: heaps made 64 MB at once.
    static let topPadTunable = "glibc.malloc.top_pad=67108864"

    /// The top pad once every arena's heap is made (the workers' arena whole, and advised for
    /// huge pages at once, as the 64 MB pad is for): one 2 MB page. With 64 MB of free memory
    /// at the top of each heap for the whole audit, malloc cut even large blocks from it (from
    /// 128 KB, blocks it otherwise maps apart and unmaps when they are freed), and what they
    /// held stayed in the heap once freed: peak RSS, alternated runs (8 of each, medians),
    /// 50 MB file 241 -> 224 MB (at most 251 -> 228), 60,000 findings 256-274 -> 233-240 MB,
    /// monorepo 222 -> 208 MB, real corpus 75 -> 73 MB; the times moved within this machine's
    /// noise. The main arena still grows in 2 MB pages advised for huge pages.
    static let topPadOnceStarted = 2 << 20
}
