import AuditCore
