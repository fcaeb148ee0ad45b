#ifndef IAP_AUDIT_FILE_EXCHANGE_H
#define IAP_AUDIT_FILE_EXCHANGE_H

/// Swaps the directory entries `first` and `second` (both must exist) in one step, as
/// `renameat2(..., RENAME_EXCHANGE)` does on Linux. Returns 0, or -1 with errno set (ENOSYS
/// where the system has no such call, EINVAL where the file system does not support it).
int iap_audit_exchange_paths(const char *first, const char *second);

#endif
