public enum SyncStatus: Sendable {
    case idle
    case syncing(progress: Double)
    case failed(message: String)
}
