// Transparent huge pages for the audit's memory, decided before anything else runs.
//
// glibc's malloc asks for 2 MB pages with the tunable glibc.malloc.hugetlb=1, which it reads
// from the environment only when a process starts. So when the kernel gives huge pages to
// memory that asks for them (the "madvise" mode), the program starts itself once more with the
// tunable added, and Swift's `HugePages.settle()` in the second process puts the environment
// back before anything reads it. Why, and what it saves: Docs/Architecture.md, "Memory: huge
// pages".
//
// This runs as the executable's first constructor: before the Swift runtime registers the
// binary's metadata and Foundation initializes, which the first process did for nothing when
// Swift decided (the exec came a median 6.0 ms after the start then, 4.1 ms from here).
// Arguments are not parsed yet: every command restarts except `--help`, `-h` and `--version`
// (which print and exit), and the restart does nothing a command can see.

#include "IAPAuditBoot.h"

#if defined(__linux__)
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <malloc.h>

static const char *const restartedVariable = "IAP_AUDIT_HUGEPAGES_RESTART";
static const char *const savedVariable = "IAP_AUDIT_SAVED_GLIBC_TUNABLES";
static const char *const optOutVariable = "IAP_AUDIT_NO_HUGEPAGES";

int iap_audit_boot_is_restart(void) { return getenv(restartedVariable) != NULL; }

/// --help, -h or --version before any "--": the command prints and exits.
static int printsAndExits(int argc, char **argv) {
    for (int i = 1; i < argc && argv[i] != NULL; i++) {
        if (strcmp(argv[i], "--") == 0) return 0;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--version") == 0) return 1;
    }
    return 0;
}

/// Whether the kernel gives huge pages to memory advised to take them: "[madvise]" selected.
static int kernelGivesHugePagesOnRequest(void) {
    int fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char mode[256];
    ssize_t length = read(fd, mode, sizeof mode - 1);
    close(fd);
    if (length <= 0) return 0;
    mode[length] = 0;
    return strstr(mode, "[madvise]") != NULL;
}

__attribute__((constructor(101)))
static void iap_audit_restart_with_huge_pages(int argc, char **argv, char **envp) {
    (void)envp;
    if (getenv(restartedVariable) != NULL) return;
    const char *optOut = getenv(optOutVariable);
    if (optOut != NULL && strcmp(optOut, "0") != 0) return;
    // Under valgrind the program must stay the process being measured.
    const char *preload = getenv("LD_PRELOAD");
    if (preload != NULL && strstr(preload, "vgpreload") != NULL) return;
    if (argc < 1 || argv == NULL || printsAndExits(argc, argv)) return;
    const char *userTunables = getenv("GLIBC_TUNABLES");
    // The user's own choice of the tunable stands.
    if (userTunables != NULL && strstr(userTunables, "glibc.malloc.hugetlb") != NULL) return;
    if (!kernelGivesHugePagesOnRequest()) return;
    // The binary itself, by the path the kernel (or an emulator) gives for it.
    char executable[PATH_MAX + 1];
    ssize_t length = readlink("/proc/self/exe", executable, PATH_MAX);
    if (length <= 0) return;
    executable[length] = 0;

    // The user's tunables, then huge pages, then heaps made writable (and advised) whole
    // unless the user chose a top pad, then an arena a core unless the user chose a number.
    char *existing = userTunables != NULL ? strdup(userTunables) : NULL;
    if (userTunables != NULL && existing == NULL) return;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1) cores = 1;
    size_t capacity = (existing != NULL ? strlen(existing) : 0) + 160;
    char *tunables = malloc(capacity);
    if (tunables == NULL) {
        free(existing);
        return;
    }
    tunables[0] = 0;
    if (existing != NULL && existing[0] != 0) {
        strcat(tunables, existing);
        strcat(tunables, ":");
    }
    strcat(tunables, "glibc.malloc.hugetlb=1");
    if (existing == NULL || strstr(existing, "glibc.malloc.top_pad") == NULL) strcat(tunables, ":glibc.malloc.top_pad=67108864");
    if (existing == NULL || strstr(existing, "glibc.malloc.arena_max") == NULL) {
        char arenas[64];
        snprintf(arenas, sizeof arenas, ":glibc.malloc.arena_max=%ld", cores);
        strcat(tunables, arenas);
    }
    if (existing != NULL) setenv(savedVariable, existing, 1);
    setenv("GLIBC_TUNABLES", tunables, 1);
    setenv(restartedVariable, "1", 1);
    execv(executable, argv);
    // Still here: the exec failed (no /proc, say). Go on as we were.
    unsetenv(restartedVariable);
    if (existing != NULL) {
        setenv("GLIBC_TUNABLES", existing, 1);
        unsetenv(savedVariable);
    } else {
        unsetenv("GLIBC_TUNABLES");
    }
    free(tunables);
    free(existing);
}

// The free memory malloc keeps at the top of a heap (and adds to each heap it makes).
int iap_audit_set_top_pad(int bytes) { return mallopt(M_TOP_PAD, bytes); }
#else
int iap_audit_boot_is_restart(void) { return 0; }
int iap_audit_set_top_pad(int bytes) { (void)bytes; return 0; }
#endif
