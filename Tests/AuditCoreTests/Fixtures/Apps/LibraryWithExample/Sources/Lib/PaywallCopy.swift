import Foundation

public enum PaywallCopy {
    public static var headline: String {
        String(localized: "paywall.headline", defaultValue: "Unlock everything", bundle: .module)
    }

    public static var cancelAnytime: String {
        String(localized: "paywall.cancel_anytime", defaultValue: "Cancel anytime in Settings.", bundle: .module)
    }

    public static func trialLine(days: Int) -> String {
        let format = String(localized: "paywall.trial_days", defaultValue: "Free for %d days", bundle: .module)
        return String(format: format, days)
    }
}
