#ifndef IAP_AUDIT_BOOT_H
#define IAP_AUDIT_BOOT_H

/// 1 when the process was started again by `iap_audit_restart_with_huge_pages` (see
/// HugePagesBoot.c), 0 otherwise. Swift's `HugePages.settle()` asks it, which also keeps this
/// object, and its constructor, in the executable.
int iap_audit_boot_is_restart(void);

#endif
