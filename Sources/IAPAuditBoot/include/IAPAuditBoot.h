#ifndef IAP_AUDIT_BOOT_H
#define IAP_AUDIT_BOOT_H

/// 1 when the process was started again by `iap_audit_restart_with_huge_pages` (see
/// HugePagesBoot.c), 0 otherwise. Swift's `HugePages.settle()` asks it, which also keeps this
/// object, and its constructor, in the executable.
int iap_audit_boot_is_restart(void);

/// glibc's `mallopt(M_TOP_PAD, bytes)`, which Swift's Glibc module does not declare: the free
/// memory malloc keeps at the top of each heap, and adds to each heap it makes (from then on).
/// 1 on success; 0 where there is no glibc malloc.
int iap_audit_set_top_pad(int bytes);

#endif
