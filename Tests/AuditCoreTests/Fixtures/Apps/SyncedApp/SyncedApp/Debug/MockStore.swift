import Foundation

// Excluded from the SyncedApp target (membership exception in project.pbxproj).
// Kept for SwiftUI previews in a scratch target that no longer exists.
enum MockStore {
    static let fakeProductID = "com.example.synced.debug.free"
    static let fakePrice = "$0.00"
}
