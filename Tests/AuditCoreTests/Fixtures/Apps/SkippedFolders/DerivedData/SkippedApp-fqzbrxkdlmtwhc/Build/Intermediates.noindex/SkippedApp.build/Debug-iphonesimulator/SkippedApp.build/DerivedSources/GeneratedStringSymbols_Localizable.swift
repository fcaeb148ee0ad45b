import Foundation

// Xcode-generated string symbols from a past build.
extension LocalizedStringResource {
    static var premiumHeadline: LocalizedStringResource {
        LocalizedStringResource("Premium", defaultValue: "Premium")
    }

    static var derivedDataOffer: LocalizedStringResource {
        LocalizedStringResource("Just $0.49 for the first week", defaultValue: "Just $0.49 for the first week")
    }
}
