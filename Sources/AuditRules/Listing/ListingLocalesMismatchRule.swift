import AuditCore

/// The listing's languages against the app's and the products': a language the app ships with
/// no listing, a listing in a language the app does not ship, a listing language the products
/// have no names in.
public struct ListingLocalesMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "listing_locales_mismatch",
        title: "The App Store listing's languages match the app's and the products'",
        severity: .note,
        scope: .listing,
        rationale: """
            Customers read the listing in their language, then the app and its purchase sheet: \
            an app that ships German with no German listing shows German speakers the English \
            description and its English subscription terms; a listing in Japanese for an app \
            with no Japanese promises what the app does not give; and a listing language the \
            in-app purchases have no localization for shows their names in another language on \
            the product page and the purchase sheet. Languages are compared, not regions \
            (`en-US` serves `en`; `en-GB` and `en-US` are both English). The app's languages are \
            the shipped locales (`--locales`, the configuration, the Xcode project's known \
            regions, the string catalogs and `.lproj` folders); the products' are the StoreKit \
            configurations' localizations. A language the App Store has no listing in (Persian, \
            Irish, Icelandic, …) is not asked for, and Norwegian is `no` in the App Store and \
            `nb` in Xcode.
            """,
        fix: "Add the missing listing localization (`fastlane/metadata/<locale>/`), or the app's and the products' translations for the listing's language.",
        reference: "App Store Connect Help: localize app information; monetisation seed: localisations complete",
        changeScope: .lineOrAnyFile([.storeListing, .storeKitConfiguration, .stringCatalog, .strings]),
        triggeringExamples: [
            // The app ships de: the listing has only English.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "↓Plan meals.\n"),
                ("de.lproj/Localizable.strings", "\"title\" = \"Mahlzeiten\";\n"),
                ("en.lproj/Localizable.strings", "\"title\" = \"Meals\";\n"),
            ]),
            // A Japanese listing for an app in English whose products have no Japanese either.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/ja/description.txt", "↓↓献立を計画。\n"),
                ("en.lproj/Localizable.strings", "\"title\" = \"Meals\";\n"),
                ListingExamples.subscriptions,
            ]),
            // A platform folder, with the languages from `--locales`.
            RuleExample(files: [
                ("fastlane/metadata/appleTV/en-US/description.txt", "↓Plan meals on the big screen.\n"),
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/fr-FR/description.txt", "Planifiez vos repas.\n"),
            ], locales: ["en", "fr"]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/de-DE/description.txt", "Mahlzeiten planen.\n"),
                ("de.lproj/Localizable.strings", "\"title\" = \"Mahlzeiten\";\n"),
                ("en.lproj/Localizable.strings", "\"title\" = \"Meals\";\n"),
            ]),
            // Regions of one language serve each other.
            RuleExample(files: [
                ("fastlane/metadata/en-GB/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ListingExamples.subscriptions,
            ]),
            // `--locales` names what the app ships.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/fr-FR/description.txt", "Planifiez vos repas.\n"),
            ], locales: ["en", "fr"]),
            // Nothing says what the app ships: nothing to compare.
            RuleExample(files: [("fastlane/metadata/ko/description.txt", "식단을 계획하세요.\n")]),
            // A `default` folder is not a language.
            RuleExample(files: [
                ("fastlane/metadata/default/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/en-US/name.txt", "Meal Planner\n"),
                ListingExamples.subscriptions,
            ]),
        ]
    )

    /// The languages of the App Store's listing localizations (App Store Connect's 39 locales:
    /// `ar-SA` … `zh-Hant`); an app may ship others (Persian, Irish) that no listing can have.
    static let appStoreLanguages: Set<String> = [
        "ar", "ca", "cs", "da", "de", "el", "en", "es", "fi", "fr", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "ms",
        "nl", "no", "pl", "pt", "ro", "ru", "sk", "sv", "th", "tr", "uk", "vi", "zh",
    ]

    /// The language of a locale, with Norwegian written one way: the App Store's `no` is
    /// Xcode's `nb` (Bokmål) or `nn`.
    static func language(of locale: String) -> String {
        let language = LocaleMatching.language(of: locale)
        return language == "nb" || language == "nn" ? "no" : language
    }

    public func check(_ project: Project, into result: inout RuleResult) {
        let listings = StoreListing.of(project)
        guard !listings.isEmpty else {
            result.needsManualCheck(StoreListing.absentReason)
            return
        }
        let shipped = Set(project.shippedLocales.map(Self.language(of:)).filter { $0 != "base" })
        let productLanguages = Set(project.storeKitConfigurations.flatMap(\.locales).map(Self.language(of:)))
        guard !shipped.isEmpty || !productLanguages.isEmpty else {
            result.notApplicable("Neither the app's languages nor the products' localizations are known.")
            return
        }
        var compared = 0
        for listing in listings {
            let locales = listing.locales.filter { $0.language != nil }
            guard let first = locales.first else { continue }
            let listed = Set(locales.compactMap { $0.language.map(Self.language(of:)) })
            compared += locales.count
            // Only a language the App Store has listings in can be asked for.
            let unlisted = shipped.subtracting(listed).filter { Self.appStoreLanguages.contains($0) }.sorted()
            if !unlisted.isEmpty {
                result.report(
                    at: first.site,
                    "The app ships \(unlisted.joined(separator: ", ")) (from \(project.localeSource)) but the App Store listing in \(listing.folder) has no localization for \(unlisted.count == 1 ? "it" : "them"): those customers read the \(first.name) listing.")
            }
            for locale in locales {
                guard let language = locale.language.map(Self.language(of:)) else { continue }
                if !shipped.isEmpty, !shipped.contains(language) {
                    result.report(at: locale.site, "The App Store listing has a \(locale.name) localization, but the app does not ship \(language) (it ships \(shipped.sorted().joined(separator: ", "))).")
                }
                if !productLanguages.isEmpty, !productLanguages.contains(language) {
                    result.report(at: locale.site, "The App Store listing has a \(locale.name) localization, but no product in the StoreKit configuration is localized for \(language): the purchase sheet shows their names in another language.")
                }
            }
        }
        if compared == 0 {
            result.notApplicable("The App Store listing has only a default folder: no language to compare.")
        } else if result.findings.isEmpty {
            result.evidence(at: listings.first?.locales.first?.site, "The App Store listing's \(ConfigurationWording.count(compared, "localization")) match the languages the app ships and the products are localized for.")
        }
    }
}
