import Foundation
import Synchronization

/// Transparent huge pages for the audit's memory, on Linux.
///
/// An audit touches several times its input in fresh memory (the files, their token columns
/// and brackets, the reports), and with 4 KB pages the kernel takes a page fault for each
/// 4 KB: about a tenth of the CPU time of a 20 MB audit. glibc's malloc asks for 2 MB pages
/// with the tunable `glibc.malloc.hugetlb=1`, which is read from the environment only when a
/// process starts. So when the kernel gives huge pages to memory that asks for them (the
/// `madvise` mode, Debian's and Ubuntu's default), the audit command starts itself once more
/// with the tunable added: the exec costs about 3 ms and a 20 MB audit spends about 20 ms
/// less wall time and 30-40 ms less CPU time (runs with and without `IAP_AUDIT_NO_HUGEPAGES`
/// alternated). Nothing else changes: the first process has done nothing yet, and the
/// second restores the environment before it reads it, so the programs it runs (`git`) see
/// the user's. `IAP_AUDIT_NO_HUGEPAGES=1` turns it off.
///
/// glibc advises huge pages for a worker thread's arena only when the arena's first heap is
/// made writable at least 2 MB at once; by default it starts at 132 KB and grows a page at a
/// time (one `mprotect` each), so with `--jobs 2` half the audit's memory still took a fault
/// per 4 KB (about 11,000 more than with one job on the 20 MB corpus). The second tunable,
/// `glibc.malloc.top_pad` of 64 MB (a heap's largest size), makes each new heap writable whole
/// and advised at once; memory is still only used as it is touched. With it, those faults go
/// (1,000 instead of 11,700) and a 2-job 20 MB audit takes about 20 ms less CPU and 10 ms less
/// wall time (21 alternated runs each way).
enum HugePages {
    /// Set for the second process only.
    static let restartedVariable = "IAP_AUDIT_HUGEPAGES_RESTART"
    /// The user's `GLIBC_TUNABLES`, when there was one, for the second process to put back.
    static let savedVariable = "IAP_AUDIT_SAVED_GLIBC_TUNABLES"
    static let optOutVariable = "IAP_AUDIT_NO_HUGEPAGES"
    static let tunable = "glibc.malloc.hugetlb=1"
    /// Added with `tunable`, unless the user set it.
    static let heapTunable = "glibc.malloc.top_pad=67108864"

    /// In the second process, the `GLIBC_TUNABLES` its malloc started with (`--verbose` says
    /// so); nil in a process that was not restarted.
    static let activeTunables = Mutex<String?>(nil)

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
    /// `heapTunable` unless the user chose a top pad.
    static func tunables(adding existing: String?) -> String {
        var added = [tunable]
        if existing?.contains("glibc.malloc.top_pad") != true { added.append(heapTunable) }
        return ([existing ?? ""].filter { !$0.isEmpty } + added).joined(separator: ":")
    }
}
