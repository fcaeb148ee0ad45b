import StoreKit

// SwiftPM build folder: checkout of a dependency.
public enum Offers {
    public static let winBackID = "com.vendor.storehelpers.winback"
    public static let winBackText = "Come back for 50% off"
}
